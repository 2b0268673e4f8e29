"""Ctrl-C latency: how long after the current exchange's deadline a cancelled run exits.

A real `research run` process visits pages that never answer (`--fault '*=timeout'`)
with `http_timeout = 2` s; SIGINT arrives while a visit is in flight, so the run can
only stop once that exchange times out.  Prints, per trial, the seconds from the
exchange's deadline (visit start + http_timeout) to the process exit; the goal is
≤ 1 s.  Needs nothing but this checkout (a tmp corpus, a tmp RESEARCH_HOME).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from conftest import write_mini_corpus  # noqa: E402

TIMEOUT = 2.0


def trial(home: Path, corpus: Path, n: int) -> float:
    env = dict(os.environ, RESEARCH_HOME=str(home), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "research_agent", "run", "Compare Larkspur and Tidewell on license", "--corpus",
         str(corpus), "--task-id", f"c{n}", "--fault", "*=timeout"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )
    step1 = threading.Event()

    def read() -> None:
        for line in proc.stderr:
            if line.startswith("step 1 "):
                step1.set()

    threading.Thread(target=read, daemon=True).start()
    step1.wait(120)
    visit_started = time.monotonic()  # step 2 (a visit) starts right after step 1's line
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    proc.wait(60)
    return time.monotonic() - (visit_started + TIMEOUT)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home, corpus = Path(tmp) / "home", write_mini_corpus(Path(tmp) / "corpus")
        home.mkdir()
        (home / "config.toml").write_text(f"http_timeout = {TIMEOUT}\n", encoding="utf-8")
        late = [trial(home, corpus, n) for n in range(3)]
    print(f"exit after the exchange's deadline (http_timeout {TIMEOUT:g} s): "
          + ", ".join(f"{x:+.2f} s" for x in late) + f"; worst {max(late):+.2f} s (goal ≤ +1.00 s)")


if __name__ == "__main__":
    main()
