"""Cooperative cancellation.

A `CancelToken` is a flag the engine polls before each step starts and before
each action is dispatched; once it is set, no new tool call starts, the
remaining actions of the step are recorded as `skipped`, the reducer still
runs on what finished, and the run ends `user_cancelled`.  A tool already
running is not interrupted (the kernel cannot stop arbitrary code safely).

`cancel()` only assigns a bool: that is atomic under the GIL and takes no
lock, so it is safe from another thread and from a signal handler (a lock
taken in a handler can deadlock against the interrupted main thread).
Subclass and override `is_cancelled` to poll an outside source (a database
row, a file).
"""

from __future__ import annotations


class CancelToken:
    """A cancellation flag shared between the engine and whoever may cancel it."""

    _cancelled: bool = False  # class default: a subclass that skips __init__ still works

    def __init__(self) -> None:
        self._cancelled = False

    def cancel(self) -> None:
        """Request cancellation; safe from any thread or a signal handler."""
        self._cancelled = True

    def is_cancelled(self) -> bool:
        """True once cancellation has been requested (and not reset)."""
        return self._cancelled

    def reset(self) -> None:
        """Clear the flag; the engine calls it when a run ends so a cancel never leaks into the next run."""
        self._cancelled = False
