"""Durable runs: the SQLite (WAL) store behind `research run/resume/cancel/list`.

`Store` opens (and migrates) the database; see `store.py` for the design,
`snapshot.py` for how a state is written step by step, `db.py` for the file
and its transactions and `migrations.py` for the schema.  Default location:
`default_db_path()`, i.e. `$RESEARCH_HOME/research.db` with `RESEARCH_HOME`
defaulting to `~/.research`.  Nothing here imports SQLAlchemy: `models.py`
(the SQLModel mapping of the tables, for SQL users) is imported only by whoever
asks for it.  `Store` and the records (pydantic models over the contract and
the state) are imported on first use, so `listing.py` (what `research list`
reads) starts without them.
"""

from typing import TYPE_CHECKING, Any

from .errors import StoreError, UnknownTask
from .migrations import LATEST_VERSION

if TYPE_CHECKING:
    from .records import ActionRecord, RunRecord, RunUsage, TaskRecord, default_db_path, status_for
    from .store import Store

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

_LAZY = {"Store": "store", "ActionRecord": "records", "RunRecord": "records", "RunUsage": "records",
         "TaskRecord": "records", "default_db_path": "records", "status_for": "records"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
