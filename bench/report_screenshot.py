"""Render the demo run's HTML report and screenshot it with headless Chromium → docs/report.png.

Runs the README's main job into a tmp RESEARCH_HOME, writes the HTML report
(`research report <id> --format html`) and has Debian's `chromium` take a
full-width screenshot.  Prints the report's size and the time each part took;
the picture is for the docs and is not asserted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"


def research(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, RESEARCH_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "research_agent", *args], env=env, capture_output=True, text=True, cwd=ROOT)


def main() -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("chromium is not installed (apt-get install -y chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        home, page = Path(tmp) / "home", Path(tmp) / "report.html"
        t0 = time.monotonic()
        run = research(home, "run", QUESTION, "--task-id", "demo", "--quiet")
        t1 = time.monotonic()
        research(home, "report", "demo", "--format", "html", "--output", str(page))
        t2 = time.monotonic()
        target = ROOT / "docs" / "report.png"
        subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={Path(tmp) / 'chr'}",
             "--hide-scrollbars", "--window-size=1200,1500", f"--screenshot={target}", page.as_uri()],
            capture_output=True, timeout=120, check=True,
        )
        t3 = time.monotonic()
        print(f"run exit {run.returncode} in {t1 - t0:.2f} s; HTML report {page.stat().st_size / 1024:.1f} KiB "
              f"in {t2 - t1:.2f} s; screenshot {target.relative_to(ROOT)} "
              f"({target.stat().st_size / 1024:.0f} KiB) in {t3 - t2:.2f} s")


if __name__ == "__main__":
    main()
