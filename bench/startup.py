"""Start-up time: `import research_agent.cli`, `research --help`, `research list`.

Each figure is the median wall time of fresh interpreter processes (the
interpreter's own start-up included, as a user meets it), next to a bare
`python -c pass` for reference, and the median CPU time of those processes
(steadier than wall time on a shared machine).  `research list` runs against
an empty database in a temporary RESEARCH_HOME (created by one run before the
timed ones: the first `list` creates the file).  Also lists the heavy libraries that
`import research_agent.cli` pulls in (a command that does not need them
should not pay for them).

Usage: python bench/startup.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HEAVY = ("sqlalchemy", "sqlmodel", "datasketch", "scipy", "numpy", "trafilatura", "lxml", "httpx", "asyncio")


def timed(cmd: list[str], env: dict[str, str], repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of the child process."""
    times, cpu = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(times), statistics.median(cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="research-startup-") as home:
        env = dict(os.environ, RESEARCH_HOME=home)
        rows = [
            ("python -c pass", [py, "-c", "pass"]),
            ("import research_agent.cli", [py, "-c", "import research_agent.cli"]),
            ("research --help", [py, "-m", "research_agent", "--help"]),
            ("research list", [py, "-m", "research_agent", "list"]),
        ]
        subprocess.run(rows[-1][1], env=env, capture_output=True, check=True)  # the empty database exists
        for label, cmd in rows:
            wall, cpu = timed(cmd, env, args.repeat)
            print(f"{label:28} {wall * 1000:7.0f} ms  (CPU {cpu * 1000:4.0f} ms; medians of {args.repeat})")
        probe = (
            "import sys, research_agent.cli\n"
            f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules) or '(none)')"
        )
        heavy = subprocess.run([py, "-c", probe], env=env, capture_output=True, text=True, check=True).stdout.strip()
    print(f"heavy libraries imported by research_agent.cli: {heavy}")


if __name__ == "__main__":
    main()
