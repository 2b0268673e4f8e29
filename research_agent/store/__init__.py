"""Durable runs: the SQLite (WAL) store behind `research run/resume/cancel/list`.

`Store` opens (and migrates) the database; see `store.py` for the design and
`migrations.py` for the schema.  Default location: `default_db_path()`, i.e.
`$RESEARCH_HOME/research.db` with `RESEARCH_HOME` defaulting to `~/.research`.
"""

from .migrations import LATEST_VERSION
from .store import (
    ActionRecord,
    RunRecord,
    RunUsage,
    Store,
    StoreError,
    TaskRecord,
    UnknownTask,
    default_db_path,
    status_for,
)

__all__ = [
    "LATEST_VERSION",
    "ActionRecord",
    "RunRecord",
    "RunUsage",
    "Store",
    "StoreError",
    "TaskRecord",
    "UnknownTask",
    "default_db_path",
    "status_for",
]
