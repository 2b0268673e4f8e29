"""Numbered schema migrations, applied in order when the store opens.

In the style of simonw/llm's `migrations.py`: `MIGRATIONS` is an ordered list
of small functions, each taking a `sqlite3.Connection` (autocommit mode,
`isolation_level=None`) that is already inside a `BEGIN IMMEDIATE` transaction.  Migration *n* (1-based position in the list) runs once;
its number, function name and time are recorded in `schema_migrations` in the
same transaction, so a crash mid-migration leaves the database at the previous
version, never half-migrated (SQLite DDL is transactional; `migrate` issues
its own `BEGIN IMMEDIATE`).  Two processes opening a
blank database at once are safe: each migration re-reads the version after
taking the write lock.

Never edit a migration that has shipped; append a new one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timezone

import sqlite3

__all__ = ["LATEST_VERSION", "MIGRATIONS", "current_version", "migrate"]

Connection = sqlite3.Connection
Migration = Callable[[Connection], None]
MIGRATIONS: list[Migration] = []


def migration(fn: Migration) -> Migration:
    MIGRATIONS.append(fn)
    return fn


def _run(conn: Connection, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


@migration
def m001_initial(conn: Connection) -> None:
    _run(
        conn,
        """
        CREATE TABLE tasks (
            id TEXT PRIMARY KEY,
            question TEXT NOT NULL,
            contract_json TEXT NOT NULL,
            contract_version TEXT NOT NULL,
            config_json TEXT NOT NULL DEFAULT '{}',
            tools_json TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL DEFAULT 'created',
            end_kind TEXT,
            stop_reason TEXT,
            stop_detail TEXT,
            budget_json TEXT NOT NULL DEFAULT '{}',
            usage_json TEXT NOT NULL DEFAULT '{}',
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX tasks_status ON tasks (status, updated_at);
        CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('first', 'resume')),
            started_at TEXT NOT NULL,
            ended_at TEXT,
            end_kind TEXT,
            stop_reason TEXT,
            stop_detail TEXT,
            steps INTEGER NOT NULL DEFAULT 0,
            pid INTEGER,
            UNIQUE (task_id, number)
        );
        CREATE TABLE state (
            task_id TEXT PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            state_json TEXT NOT NULL,
            signature TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE cells (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            object TEXT NOT NULL,
            dimension TEXT NOT NULL,
            status TEXT NOT NULL,
            value TEXT,
            conclusion TEXT,
            conflict INTEGER NOT NULL DEFAULT 0,
            source_ids_json TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (task_id, key)
        );
        CREATE TABLE sources (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            url TEXT NOT NULL,
            canonical_url TEXT NOT NULL,
            domain TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            source_type TEXT NOT NULL DEFAULT 'unknown',
            opened INTEGER NOT NULL DEFAULT 0,
            cluster_id TEXT,
            date TEXT,
            PRIMARY KEY (task_id, id)
        );
        CREATE INDEX sources_canonical ON sources (task_id, canonical_url);
        CREATE TABLE findings (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            cell TEXT NOT NULL,
            value TEXT NOT NULL,
            quote TEXT NOT NULL,
            source_id TEXT NOT NULL,
            url TEXT NOT NULL,
            date TEXT,
            source_type TEXT NOT NULL,
            step INTEGER NOT NULL,
            PRIMARY KEY (task_id, id)
        );
        CREATE TABLE actions (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            tool TEXT NOT NULL,
            key TEXT NOT NULL,
            args_json TEXT NOT NULL,
            status TEXT NOT NULL,
            cell TEXT,
            new_evidence INTEGER NOT NULL DEFAULT 0,
            error_type TEXT,
            PRIMARY KEY (task_id, step, seq)
        );
        CREATE INDEX actions_key ON actions (task_id, key);
        CREATE TABLE reports (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('md', 'json')),
            body TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (task_id, run_id, format)
        )
        """,
    )


@migration
def m002_run_usage(conn: Connection) -> None:
    # Each run records what it alone used; tasks.usage_json is their sum, so
    # re-checkpointing a run replaces its figure instead of adding it twice.
    conn.execute("ALTER TABLE runs ADD COLUMN usage_json TEXT NOT NULL DEFAULT '{}'")


@migration
def m003_run_start_step(conn: Connection) -> None:
    # The state's step when a run started, so `runs.steps` counts the steps the
    # run itself executed even though the state's step counter spans all runs.
    conn.execute("ALTER TABLE runs ADD COLUMN start_step INTEGER NOT NULL DEFAULT 0")


@migration
def m004_incremental_state(conn: Connection) -> None:
    # Layout 2 (see `snapshot.py`): `state.state_json` keeps only the small
    # part of the state; every cell, source, finding, action, lead and
    # fingerprint is a row with its full JSON, written when it changes.  Rows
    # of layout 1 (everything in `state_json`) stay readable: a migrated task
    # loads as before and is rewritten in layout 2 at its next checkpoint.
    _run(
        conn,
        """
        ALTER TABLE state ADD COLUMN layout INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE state ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE cells ADD COLUMN data_json TEXT;
        ALTER TABLE sources ADD COLUMN data_json TEXT;
        ALTER TABLE findings ADD COLUMN data_json TEXT;
        ALTER TABLE actions ADD COLUMN data_json TEXT;
        CREATE TABLE leads (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            canonical_url TEXT NOT NULL,
            cell TEXT NOT NULL,
            data_json TEXT NOT NULL,
            PRIMARY KEY (task_id, seq)
        );
        CREATE TABLE fingerprints (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            source_id TEXT NOT NULL,
            cluster_id TEXT NOT NULL,
            hashvalues BLOB NOT NULL,
            PRIMARY KEY (task_id, seq)
        )
        """,
    )


# Migration 5's view of the string-keyed counters (frozen with it: never edit).
_PROGRESS_INTS = frozenset({
    "tool_calls", "invalid_actions", "refused_duplicates", "consecutive_duplicates", "refused_copies", "refused_other",
    "duplicate_sources", "rejected_findings", "rejected_reported", "unchanged_steps", "last_change_step",
})
_PROGRESS_MAPS = (("consecutive_failures:", "consecutive_failures"), ("failures:", "failures"), ("attempts:", "attempts"))
_MODEL_REJECTED = frozenset({"rejected_outputs"})


def progress_from_counters(state: dict) -> dict:
    """A saved state (whole or its `state_json` part) with the reducer's string-keyed counters moved
    from `counters` into `progress` (`ProgressCounters`); the model's tallies stay in `counters`."""
    if "progress" in state:
        return state
    progress: dict = {"rejected_by": {}, "failures": {}, "consecutive_failures": {}, "attempts": {}}
    rest: dict = {}
    for key, n in (state.get("counters") or {}).items():
        prefixed = next(((field, key[len(p):]) for p, field in _PROGRESS_MAPS if key.startswith(p)), None)
        if key in _PROGRESS_INTS:
            progress[key] = n
        elif prefixed is not None:
            progress[prefixed[0]][prefixed[1]] = n
        elif key.startswith("rejected_") and key not in _MODEL_REJECTED:
            progress["rejected_by"][key.removeprefix("rejected_")] = n
        else:
            rest[key] = n
    return {**state, "counters": rest, "progress": progress}


@migration
def m005_progress_counters(conn: Connection) -> None:
    # The counters the reducer writes and the stop criteria read became a typed
    # `ProgressCounters` (`state.progress`); the saved states move them there, so
    # a resumed task keeps its counts (duplicate and failure streaks, retry attempts).
    rows = conn.execute("SELECT task_id, state_json FROM state").fetchall()
    for task_id, text in rows:
        data = json.loads(text)
        upgraded = progress_from_counters(data)
        if upgraded is not data:
            conn.execute("UPDATE state SET state_json = ? WHERE task_id = ?", (json.dumps(upgraded), task_id))


@migration
def m006_fingerprint_version(conn: Connection) -> None:
    # Fingerprints got a version (`tools/fingerprint.py`): version 2 hashes shingles differently, so its
    # values cannot be compared with the ones saved so far. Each saved cluster index says it holds
    # version 1; a resumed task keeps fingerprinting its pages that way (from their text) and still
    # recognises copies of the pages it read before the upgrade. Layout 1 and 2 keep the index's
    # parameters under `clusters` in `state_json` (layout 2 without its members).
    rows = conn.execute("SELECT task_id, state_json FROM state").fetchall()
    for task_id, text in rows:
        data = json.loads(text)
        clusters = data.get("clusters")
        if isinstance(clusters, dict) and clusters and "version" not in clusters:
            data["clusters"] = {**clusters, "version": 1}
            conn.execute("UPDATE state SET state_json = ? WHERE task_id = ?", (json.dumps(data), task_id))


@migration
def m007_leases_and_rate_limits(conn: Connection) -> None:
    # Scale-out (docs/scale.md).  `tasks.lease_epoch` is bumped by every claim of the task by a
    # worker; a checkpoint commits only while the epoch it claimed is still the row's
    # (`Store.hold_lease`).  `lease_worker` is the claiming worker's id (its heartbeat row in
    # the queue), `job_id` the queue job last enqueued for the task.  `rate_grants` and
    # `rate_keys` hold the limits shared by all workers (per model endpoint and search
    # backend: the grants of the current window and a pause until a 429's Retry-After);
    # `step_lines` holds each committed step's trace line, so `research trace` reads a task
    # run on another machine; `eval_results` the cases of `research eval --submit` as workers finish them.  SQLite gets the same tables (one schema, one numbering);
    # only the PostgreSQL store has workers that use them.
    _run(
        conn,
        """
        ALTER TABLE tasks ADD COLUMN lease_epoch INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tasks ADD COLUMN lease_worker INTEGER;
        ALTER TABLE tasks ADD COLUMN job_id INTEGER;
        CREATE TABLE rate_grants (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL,
            granted_at REAL NOT NULL,
            held_until REAL NOT NULL,
            tokens INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX rate_grants_key ON rate_grants (key, held_until);
        CREATE TABLE rate_keys (
            key TEXT PRIMARY KEY,
            paused_until REAL NOT NULL DEFAULT 0
        );
        CREATE TABLE step_lines (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            run_id TEXT NOT NULL,
            step INTEGER NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (run_id, step)
        );
        CREATE TABLE eval_results (
            run_id TEXT NOT NULL,
            case_id TEXT NOT NULL,
            stopper TEXT NOT NULL,
            cases INTEGER NOT NULL,
            result_json TEXT,
            PRIMARY KEY (run_id, case_id, stopper)
        )
        """,
    )


@migration
def m008_replay_steps(conn: Connection) -> None:
    # Replay (`research replay`, `research eval --replay`): what every step changed, kept by the store.
    # `replay_rows` logs each checkpoint's changed rows (the same JSON the state tables get; a process's
    # first write logs every row once), `replay_steps` each step's small state part (the top-level
    # fields that changed) and the figures its stop check read (the run's step, time, tokens, cost;
    # whether only the hard limits were checked).  `runs.stop_settings_json` holds the stop settings
    # a run used.  Numbered 8: migration 7 is the PostgreSQL store's leases (branch `scale`).  A task
    # recorded before this migration has no rows here and cannot be replayed.
    _run(
        conn,
        """
        ALTER TABLE runs ADD COLUMN stop_settings_json TEXT;
        CREATE TABLE replay_steps (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            run_id TEXT,
            run_step INTEGER,
            hard_only INTEGER NOT NULL DEFAULT 0,
            elapsed REAL,
            tokens INTEGER,
            cost REAL,
            stop_reason TEXT,
            stop_detail TEXT,
            core_json TEXT NOT NULL DEFAULT '{}',
            PRIMARY KEY (task_id, step)
        );
        CREATE TABLE replay_rows (
            id INTEGER PRIMARY KEY,
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            kind TEXT NOT NULL,
            op TEXT NOT NULL,
            key TEXT,
            data_json TEXT
        );
        CREATE INDEX replay_rows_task ON replay_rows (task_id, id)
        """,
    )


LATEST_VERSION = len(MIGRATIONS)

_CREATE_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""


def current_version(conn: Connection) -> int:
    """The highest applied migration, 0 for a database without our table."""
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    if not exists:
        return 0
    return int(conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()[0])


def migrate(conn: Connection, upto: int | None = None) -> list[int]:
    """Apply the pending migrations (up to `upto`), each in its own transaction.

    `conn` must be in autocommit mode (`isolation_level=None`): each migration
    runs inside a `BEGIN IMMEDIATE` issued here, so the version read inside the
    transaction cannot go stale.  Returns the versions applied by this call.
    """
    target = LATEST_VERSION if upto is None else upto
    applied: list[int] = []
    for version, fn in enumerate(MIGRATIONS[:target], start=1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if current_version(conn) >= version:
                conn.execute("ROLLBACK")
                continue
            conn.execute(_CREATE_TABLE)
            fn(conn)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (version, fn.__name__, datetime.now(timezone.utc).isoformat()),
            )
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        applied.append(version)
    return applied

