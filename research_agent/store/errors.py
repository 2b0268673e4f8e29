"""The store's error tree (no database import: the CLI catches these cheaply).

    StoreError            the database cannot be used as asked (message = fix)
    └── UnknownTask       no task with that id
    LeaseLost             (a BaseException) this process no longer holds the task: another
                          worker claimed it (docs/scale.md); nothing more may be written or called
"""

from __future__ import annotations

__all__ = ["LeaseLost", "StoreError", "UnknownTask"]


class StoreError(Exception):
    """The research database cannot be used as asked; the message says how to fix it."""


class UnknownTask(StoreError):
    """No task with that id."""

    def __init__(self, task_id: str) -> None:
        super().__init__(f"no task {task_id}; `research list` shows the known ids")
        self.task_id = task_id


class LeaseLost(BaseException):
    """The task's lease moved on: a worker that was paused (or cut off) past its lease finds another
    worker holds the task now.  It must make no further tool or model call and no commit.

    A `BaseException`, like `KeyboardInterrupt`: the engine's step-error recovery, a tool's error
    observation and every `except Exception` on the way must not turn it into a step that goes on."""

    def __init__(self, task_id: str, detail: str) -> None:
        super().__init__(f"task {task_id}: {detail}")
        self.task_id = task_id
