"""What writing a state depends on, read ahead of the writes (`Saved`, `ask_saved`).

A checkpoint reads a few rows before it writes: the run (its start step) and the state's layout and
generation (whether this process's cache of the rows still holds), the replay log's entry for the
step (a run's end merges into it), and the usage of the task's runs (the task's total).  `ask_saved`
sends the three reads at once and returns the call that waits for the answers, so on PostgreSQL
(statements held back and sent together, `pg_batch.py`) they and the lease fence share one round
trip, and everything after is writes, which share the commit's.  On SQLite nothing changes but the order of the statements.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .errors import StoreError
from .records import RunUsage

__all__ = ["Saved", "ask_saved", "usage_of"]


def usage_of(value: RunUsage | Mapping[str, Any] | None) -> RunUsage:
    if value is None:
        return RunUsage()
    if isinstance(value, RunUsage):
        return value
    try:
        return RunUsage.model_validate(dict(value))
    except ValidationError as exc:
        raise StoreError(f"bad usage figures {dict(value)!r}: {exc.errors()[0]['msg']}") from exc


@dataclass
class Saved:
    """What writing a state depends on, read before any of it is written."""

    run: Any
    """(task id, start step, state layout, state generation) of the run, None for no such run."""
    step_core: str | None
    """The replay log's `core_json` already written at this step (a run's end after its last checkpoint)."""
    usages: list[tuple[str, str]]
    """(run id, usage JSON) of the task's runs."""

    def task_usage(self, run_id: str, usage: RunUsage | None) -> RunUsage:
        """The task's usage once this run's is `usage` (None: as stored): the sum over its runs."""
        total = RunUsage()
        for rid, text in self.usages:
            total = total + (usage if usage is not None and rid == run_id else usage_of(json.loads(text)))
        return total


def ask_saved(conn: Any, task_id: str, run_id: str, step: int) -> Callable[[], Saved]:
    """Send the reads of `Saved`; the returned call waits for their answers (together, on PostgreSQL)."""
    # one indexed read for the run, its task (a run's task exists: foreign key) and the saved rows' generation
    run = conn.execute("SELECT runs.task_id, runs.start_step, state.layout, state.generation FROM runs "
                       "LEFT JOIN state ON state.task_id = runs.task_id WHERE runs.id = ?", (run_id,))
    core = conn.execute("SELECT core_json FROM replay_steps WHERE task_id = ? AND step = ?", (task_id, step))
    usages = conn.execute("SELECT id, usage_json FROM runs WHERE task_id = ?", (task_id,))

    def answers() -> Saved:
        step_core = core.fetchone()
        return Saved(run.fetchone(), step_core[0] if step_core is not None else None, list(usages.fetchall()))

    return answers
