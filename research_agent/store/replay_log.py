"""The replay log: what every step changed, kept by the store so a stop decision can be re-judged later.

Design
------
A checkpoint already writes only the rows a step changed (`snapshot.py`); the same texts go, in the same
transaction, to `replay_rows` (table, op, key, JSON), and the top-level fields of the state's small part
(`core_of`) that changed go to the step's `replay_steps` row, beside the figures the engine's stop check
read at that step (`StepFacts`: the run's step, time, tokens and cost, and whether only the hard limits
were checked).  Reading the log in order rebuilds the state after every step (`replay/recording.py`).

Size: a step costs what it changed — its new action, the sources, findings and leads it added or
touched, the cells that moved, and a few hundred bytes of counters — never a copy of the whole state.
The first write of a process logs every row once (`reset`), as it writes them once.  The contract is
not logged (the task row has it), nor the step log (a bounded summary for traces) or the cluster
index's members (replay needs each source's cluster id, which its row holds).

A task recorded before migration 8 has no rows here: `has_recording` says so and replay refuses it.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from .snapshot import RowChange

__all__ = ["LoggedChange", "LoggedStep", "StepFacts", "core_changes", "has_recording", "read_log", "record_step",
           "record_stop_settings", "stop_settings"]

_NOT_LOGGED = frozenset({"contract", "step_log", "clusters", "clusters_present"})


@dataclass(frozen=True)
class StepFacts:
    """What the engine's stop check read at a step, beside the state (the run's own figures)."""

    run_step: int
    """Steps this run has taken, this one included (`MaxStepsCriteria` counts these)."""
    elapsed: float
    """Seconds since the run started."""
    tokens: int
    """Model tokens this run used so far."""
    cost: float
    """Model cost this run used so far (USD)."""
    hard_only: bool = False
    """Only cancellation and the hard budget were checked (a step the critics asked to retry, or one that
    failed and the recovery policy continued)."""


@dataclass(frozen=True)
class LoggedStep:
    """One `replay_steps` row."""

    step: int
    run_id: str | None
    facts: StepFacts | None
    """None: a write outside a step (the end of a run)."""
    stop_reason: str | None
    stop_detail: str | None
    core: dict[str, Any]
    """The small part's top-level fields that changed at this step."""


@dataclass(frozen=True)
class LoggedChange:
    step: int
    change: RowChange


def core_changes(core: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """The logged fields of `core` that differ from `before` (all of them when there is none)."""
    return {k: v for k, v in core.items() if k not in _NOT_LOGGED and (before is None or k not in before or before[k] != v)}


def record_step(conn: sqlite3.Connection, task_id: str, run_id: str | None, step: int, facts: StepFacts | None,
                core: dict[str, Any], changes: list[RowChange], saved_core: str | None) -> None:
    """Append a checkpoint's changes to the log (inside the checkpoint's transaction); `saved_core` is the
    step's `core_json` already in the log (read by the caller before its writes), if any.  Writes only."""
    conn.executemany(
        "INSERT INTO replay_rows (task_id, step, kind, op, key, data_json) VALUES (?, ?, ?, ?, ?, ?)",
        [(task_id, step, c.kind, c.op, c.key, c.text) for c in changes],
    )
    f = facts
    # a second write at the same step (the end of a run) adds its changed fields to the step's
    merged = {**json.loads(saved_core), **core} if saved_core is not None else core
    conn.execute(
        "INSERT INTO replay_steps (task_id, step, run_id, run_step, hard_only, elapsed, tokens, cost, stop_reason, "
        "stop_detail, core_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (task_id, step) DO UPDATE SET "
        # both dialects: the stored row's columns named by their table (PostgreSQL finds a bare name
        # ambiguous beside `excluded`), and CASE for the larger flag (SQLite's two-argument max() is an
        # aggregate in PostgreSQL, whose GREATEST SQLite lacks)
        "run_id = coalesce(excluded.run_id, replay_steps.run_id), "
        "run_step = coalesce(excluded.run_step, replay_steps.run_step), "
        "hard_only = CASE WHEN excluded.hard_only > replay_steps.hard_only THEN excluded.hard_only "
        "ELSE replay_steps.hard_only END, elapsed = coalesce(excluded.elapsed, replay_steps.elapsed), "
        "tokens = coalesce(excluded.tokens, replay_steps.tokens), cost = coalesce(excluded.cost, replay_steps.cost), "
        "stop_reason = excluded.stop_reason, stop_detail = excluded.stop_detail, core_json = excluded.core_json",
        (task_id, step, run_id, f.run_step if f else None, int(bool(f and f.hard_only)), f.elapsed if f else None,
         f.tokens if f else None, f.cost if f else None, merged.get("stop_reason"), merged.get("stop_detail"),
         json.dumps(merged)),
    )


def has_recording(conn: sqlite3.Connection, task_id: str) -> bool:
    return conn.execute("SELECT 1 FROM replay_steps WHERE task_id = ? AND step <= 1 LIMIT 1", (task_id,)).fetchone() is not None


def read_log(conn: sqlite3.Connection, task_id: str) -> tuple[list[LoggedStep], list[LoggedChange]]:
    """The task's logged steps and row changes, in order."""
    steps = [
        LoggedStep(
            step, run_id,
            None if run_step is None else StepFacts(run_step, elapsed or 0.0, tokens or 0, cost or 0.0, bool(hard)),
            reason, detail, core,
        )
        for (step, run_id, run_step, hard, elapsed, tokens, cost, reason, detail), core in _with_json(conn.execute(
            "SELECT step, run_id, run_step, hard_only, elapsed, tokens, cost, stop_reason, stop_detail, core_json "
            "FROM replay_steps WHERE task_id = ? ORDER BY step", (task_id,)).fetchall())
    ]
    changes = [
        LoggedChange(step, RowChange(kind, op, key, text))
        for step, kind, op, key, text in conn.execute(
            "SELECT step, kind, op, key, data_json FROM replay_rows WHERE task_id = ? ORDER BY id", (task_id,))
    ]
    return steps, changes


def _with_json(rows: list[tuple[Any, ...]]) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    # one parse of the rows' JSON joined as an array (see `snapshot._texts`)
    texts = [r[-1] for r in rows]
    values = json.loads("[" + ",".join(texts) + "]") if texts else []
    return [(r[:-1], v) for r, v in zip(rows, values)]


def record_stop_settings(conn: sqlite3.Connection, run_id: str, settings: dict[str, Any]) -> None:
    conn.execute("UPDATE runs SET stop_settings_json = ? WHERE id = ?", (json.dumps(settings), run_id))


def stop_settings(conn: sqlite3.Connection, task_id: str) -> dict[str, dict[str, Any] | None]:
    """Each run's recorded stop settings (None: a run that recorded none)."""
    return {
        run_id: (json.loads(text) if text else None)
        for run_id, text in conn.execute(
            "SELECT id, stop_settings_json FROM runs WHERE task_id = ? ORDER BY number", (task_id,))
    }
