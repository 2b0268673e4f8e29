"""`research eval` workers never outlive it: neither a SIGKILL of the parent
(no cleanup runs) nor a Ctrl-C (SIGINT to the whole process group) leaves a
worker process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from research_agent.config import REPO_ROOT

DEADLINE = 30.0

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads children from /proc (Linux)")


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except FileNotFoundError:
            continue
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def _wait_for(condition, what: str):
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)  # polling a condition against a deadline, not hiding a race
    raise AssertionError(f"timed out waiting for {what}")


def _start_eval() -> tuple[subprocess.Popen[bytes], set[int]]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "research_agent", "eval", str(REPO_ROOT / "evalsets"), "--workers", "2"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    workers = _wait_for(lambda: (lambda c: c if len(c) >= 2 else None)(_children(proc.pid)), "two eval workers")
    return proc, workers


@pytest.mark.parametrize("how", ["sigkill", "ctrl-c"])
def test_workers_die_with_their_parent(how: str) -> None:
    proc, workers = _start_eval()
    try:
        if how == "sigkill":
            os.kill(proc.pid, signal.SIGKILL)
        else:
            os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C sends
        proc.wait(timeout=DEADLINE)
        _wait_for(lambda: not any(_alive(w) for w in workers), f"workers {sorted(workers)} to exit")
    finally:
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
