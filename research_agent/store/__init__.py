"""Durable runs: the SQLite (WAL) store behind `research run/resume/cancel/list`.

`Store` opens (and migrates) the database; see `store.py` for the design,
`snapshot.py` for how a state is written step by step, `db.py` for the file
and its transactions and `migrations.py` for the schema.  Default location:
`default_db_path()`, i.e. `$RESEARCH_HOME/research.db` with `RESEARCH_HOME`
defaulting to `~/.research`.  Nothing here imports SQLAlchemy: `models.py`
(the SQLModel mapping of the tables, for SQL users) is imported only by whoever
asks for it.
"""

from .errors import StoreError, UnknownTask
from .migrations import LATEST_VERSION
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
