"""`run_eval` called from a thread of its own, so its worker pool forks from a shallow stack.

A `multiprocessing` fork child keeps the parent's Python call stack.  Under
pytest-xdist that stack is some frames deeper than under plain pytest, and on
CPython 3.11 a hot call that sits on the edge of a 16 KiB frame-stack chunk
maps and unmaps that chunk on every call: measured on the real-data subset
run, 586k `mmap`s of 16 KiB per eval worker, 11 s of system time instead of
1 s (14 s wall against 18 s on one xdist worker).  A new thread starts with
an empty frame stack, so the workers run the same whatever runs the tests.
The eval itself is the same call; its return value and exceptions come back
to the test unchanged.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from research_agent.evals.runner import run_eval


def run_eval_on_a_fresh_stack(*args: Any, **kwargs: Any) -> int:
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="eval") as executor:
        return executor.submit(run_eval, *args, **kwargs).result()
