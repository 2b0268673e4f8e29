"""The store's error tree (no database import: the CLI catches these cheaply).

    StoreError            the database cannot be used as asked (message = fix)
    └── UnknownTask       no task with that id
"""

from __future__ import annotations

__all__ = ["StoreError", "UnknownTask"]


class StoreError(Exception):
    """The research database cannot be used as asked; the message says how to fix it."""


class UnknownTask(StoreError):
    """No task with that id."""

    def __init__(self, task_id: str) -> None:
        super().__init__(f"no task {task_id}; `research list` shows the known ids")
        self.task_id = task_id
