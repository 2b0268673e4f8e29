"""What `research list` shows, read without the research stack.

`summaries(path, status, limit)` reads the listed columns of the newest tasks
and of each one's last run with plain `sqlite3` through `Database` (so the
file is checked the same way: ours or hands off).  It imports neither the
pydantic models of tasks and contracts nor the state: building those was most
of `research list`'s start-up (`bench/startup.py`).  It returns None whenever
the full `Store` has something to do or say first: no file yet (the store
creates it), a schema that is not `LATEST_VERSION` (it migrates or refuses
it), or any error (it reports it in its own words).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .db import Database
from .errors import StoreError
from .migrations import LATEST_VERSION, current_version

__all__ = ["TaskSummary", "summaries"]


@dataclass(frozen=True)
class TaskSummary:
    """One task as `research list` shows it, with its last run's process."""

    id: str
    question: str
    status: str
    end_kind: str | None
    steps: int
    updated_at: str
    runs: int
    last_pid: int | None
    last_ended: bool


_SQL = """
SELECT t.id, t.question, t.status, t.end_kind, t.usage_json, t.updated_at,
       (SELECT count(*) FROM runs AS r WHERE r.task_id = t.id),
       (SELECT r.pid FROM runs AS r WHERE r.task_id = t.id ORDER BY r.number DESC LIMIT 1),
       (SELECT r.ended_at IS NOT NULL FROM runs AS r WHERE r.task_id = t.id ORDER BY r.number DESC LIMIT 1)
FROM tasks AS t {where}
ORDER BY t.updated_at DESC, t.id
LIMIT ?
"""


def summaries(path: Path, status: str | None, limit: int) -> list[TaskSummary] | None:
    """The newest `limit` tasks (`status`: a status or an end kind), or None (see the module docstring)."""
    path = Path(path).expanduser()
    if not path.is_file() or path.stat().st_size == 0:
        return None
    try:
        db = Database(path)
    except StoreError:
        return None
    try:
        if current_version(db.conn) != LATEST_VERSION:
            return None
        where, args = ("WHERE t.status = ? OR t.end_kind = ?", [status, status]) if status else ("", [])
        with db.transaction(write=False) as conn:
            rows = conn.execute(_SQL.format(where=where), (*args, limit)).fetchall()
        return [
            TaskSummary(id=r[0], question=r[1], status=r[2], end_kind=r[3] or None,
                        steps=int(json.loads(r[4] or "{}").get("steps", 0)), updated_at=r[5], runs=int(r[6]),
                        last_pid=r[7], last_ended=bool(r[8]))
            for r in rows
        ]
    except (sqlite3.Error, UnicodeDecodeError, ValueError, TypeError, AttributeError, StoreError):
        return None
    finally:
        db.close()
