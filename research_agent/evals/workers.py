"""Worker processes that never outlive the `research eval` that started them.

`worker_pool(n)` is a `multiprocessing.Pool` whose workers
* ignore SIGINT: a Ctrl-C reaches the whole process group, and only the parent
  decides what happens (its `KeyboardInterrupt` leaves the `with` block, whose
  exit calls `Pool.terminate()`, so the workers die at once instead of
  finishing the queued cases);
* die with the parent even when it is SIGKILLed and runs no cleanup: on Linux
  the kernel sends them SIGKILL when the parent dies
  (`prctl(PR_SET_PDEATHSIG)`); elsewhere a daemon thread polls the parent's pid
  and exits the worker when it changes.  A parent that died before the worker
  armed either is caught by comparing `os.getppid()` with the pid recorded
  when the pool was made.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import threading
import time

__all__ = ["worker_pool"]

_PR_SET_PDEATHSIG = 1
_WATCH_SECONDS = 0.5


def _arm_parent_death_signal() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


def _init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not _arm_parent_death_signal():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)


def worker_pool(processes: int) -> multiprocessing.pool.Pool:
    """A pool of `processes` workers bound to this process's lifetime (see the module docstring)."""
    return multiprocessing.get_context().Pool(processes, initializer=_init_worker, initargs=(os.getpid(),))
