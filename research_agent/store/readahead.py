"""What writing a state depends on: read ahead of the writes (`Saved`, `ask_saved`), or known ahead
and checked by the writes' own transaction (`Expected`, `expect_saved`).

A checkpoint reads a few rows before it writes: the run (its start step) and the state's layout and
generation (whether this process's cache of the rows still holds), the replay log's entry for the
step (a run's end merges into it), and the usage of the task's runs (the task's total).  `ask_saved`
sends the three reads at once and returns the call that waits for the answers, so on PostgreSQL
(statements held back and sent together, `pg_batch.py`) they and the lease fence share one round
trip, and everything after is writes, which share the commit's.  On SQLite nothing changes but the
order of the statements.

**Known ahead.**  After a checkpoint commits, the process knows what the next checkpoint of the same
run would read, as long as nobody else writes the task meanwhile: the run's start step (fixed), the
state's generation (the one it just wrote), no replay entry at a later step, and the usage of the
task's runs (the others' do not move while this run runs; its own is the one it wrote).  On a
database that sends statements together, that checkpoint reads nothing: `send_fence` and
`expect_saved` put two statements first in its one message that *fail* — rolling the whole transaction back — when the
prediction or the lease no longer holds, so the reads' round trip is gone and the check is not:

* the lease fence sets `tasks.lease_epoch` to NULL when the epoch moved, and the column's NOT NULL
  constraint fails the statement (the same `UPDATE` as the read form: it holds the task row until
  commit, so a claim waits for this commit or wins before it); every checkpoint and trace line
  sends it in this form on such a database, so a step's trace line is one round trip too;
* the state guard sets `state.generation` to NULL when the layout or generation moved; the store then
  starts the checkpoint again with the reads (`Store.checkpoint`), which is what every checkpoint did
  before.  Every write of the replay log moves the generation in the same transaction, so an unmoved
  generation also means no replay entry past the step this process last wrote (`Expected.step`; a
  second write at that step takes the reads, which merge into its entry).

Which constraint failed is read from the error's fields (`PgDatabase.not_null_column`), never its text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .errors import StoreError
from .records import RunUsage

__all__ = ["LEASE_COLUMN", "STATE_COLUMN", "Expected", "Saved", "Stale", "ask_saved", "expect_saved", "send_fence",
           "usage_of"]

LEASE_COLUMN = "tasks.lease_epoch"
"""The NOT NULL column whose failure means the lease moved on."""
STATE_COLUMN = "state.generation"
"""The NOT NULL column whose failure means the prediction no longer holds."""


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

    def after(self, run_id: str, usage: RunUsage | None, layout: int, generation: int) -> "Saved":
        """What the next checkpoint of `run_id` reads once this one commits with `usage` at `generation`."""
        usages = self.usages if usage is None else [
            (rid, usage.model_dump_json() if rid == run_id else text) for rid, text in self.usages]
        return Saved((*self.run[:2], layout, generation), None, usages)


class Stale(Exception):
    """A checkpoint's prediction of what it would read no longer held (`Expected`): read it instead."""


@dataclass
class Expected:
    """What the next checkpoint of one run will find if nobody else writes the task (`Saved.after`)."""

    run_id: str
    step: int
    """The step this process last wrote: a later one has no replay entry yet."""
    saved: Saved

    def holds_for(self, run_id: str, step: int) -> bool:
        return run_id == self.run_id and step > self.step


def send_fence(conn: Any, task_id: str, epoch: int | None) -> None:
    """Send the lease fence (when `epoch` is given) in the form that fails its transaction, not the one
    whose answer must be read (see the module docstring)."""
    if epoch is not None:
        conn.execute("UPDATE tasks SET lease_epoch = CASE WHEN lease_epoch = ? THEN lease_epoch END WHERE id = ?",
                     (epoch, task_id))


def expect_saved(conn: Any, task_id: str, expected: Expected) -> Saved:
    """Send the guard that fails the transaction unless `expected` still holds (see the module
    docstring); returns what the writes may assume."""
    layout, generation = expected.saved.run[2:4]
    conn.execute("UPDATE state SET generation = CASE WHEN layout = ? AND generation = ? THEN generation END "
                 "WHERE task_id = ?", (layout, generation, task_id))
    return expected.saved


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
