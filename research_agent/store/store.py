"""The durable store: one SQLite file (WAL) holding every task, run and step.

Design
------
* **One file, many processes.**  See `db.py`: WAL, a 5 s busy timeout,
  `BEGIN IMMEDIATE` for writes, plain `BEGIN` for reads, so a running research
  process and `research cancel`/`list`/`show` in other processes can read and
  write at the same time.  Transactions are short: a checkpoint holds the
  write lock only for the rows that changed.
* **One transaction per step, writing what changed.**  `checkpoint` writes
  the small part of the state to `state.state_json` and the cells, sources,
  findings, actions, leads and fingerprints that changed since this process's
  last checkpoint of the task to their tables, together (`snapshot.py`), so a
  process killed at any moment leaves the last committed checkpoint intact,
  writing the same state twice changes nothing, and a checkpoint costs what
  the step changed, not what the run holds.  `state.signature` is the
  reducer's `last_signature` (the state's own `signature()` for a state no
  reducer has seen): the store no longer hashes the state a second time.
  Durability: WAL with `synchronous=NORMAL` (see `db.py` and
  docs/decisions.md, *Durability*).  The rows are authoritative for
  resume (`load_state`) and queryable with SQL.  A task written by a version
  before migration 4 (whole state in `state_json`, `state.layout = 1`) loads
  as it was saved and is rewritten in the row layout at its next checkpoint.
* **No secrets.**  Config keys that look like credentials are dropped before
  `config_json` is written; values under such keys inside a state are replaced
  by `[redacted]` in the stored JSON.
* **Usage per run.**  `checkpoint`/`finish` take what *this run* has used so
  far (`RunUsage`); the store keeps it on the run row and writes the sum over
  all runs of the task to `tasks.usage_json`, so writing the same checkpoint
  twice never counts anything twice.  `runs.steps` is the state's step minus
  the step the run started at (`runs.start_step`).

Errors (`errors.py`)::

    StoreError            the database cannot be used as asked (message = fix)
    └── UnknownTask       no task with that id
"""

from __future__ import annotations

import gc
import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.stop_reason import StopReason

from ..contract import TaskContract
from ..endings import EndKind
from ..state import ResearchState, new_state
from . import migrations
from .db import Database
from .secrets import may_hold_secret, redact_secrets, strip_secrets
from .errors import LeaseLost, StoreError, UnknownTask
from .readahead import LEASE_COLUMN, STATE_COLUMN, Expected, Saved, Stale, ask_saved, expect_saved, send_fence
from .readahead import usage_of as _usage
from .records import (
    ActionRecord,
    ReportFormat,
    RunKind,
    RunRecord,
    RunUsage,
    TaskRecord,
    default_db_path,
    status_for,
)
from .replay_log import LoggedChange, LoggedStep, StepFacts, core_changes, has_recording, read_log, record_step
from .replay_log import record_stop_settings, stop_settings
from .snapshot import LAYOUT, RowWriter, Written, core_of, load_rows, redact_json

__all__ = [
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

def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Without the cyclic garbage collector: loading a large state makes tens of
    thousands of objects at once, and the passes the collector makes over them
    (none of them garbage) were a third of a resume's time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _reason(value: StopReason | str | None) -> str | None:
    if value is None:
        return None
    return value.value if isinstance(value, StopReason) else str(value)


_TASK_COLUMNS = (
    "id, question, contract_json, contract_version, config_json, tools_json, status, end_kind, stop_reason, "
    "stop_detail, budget_json, usage_json, cancel_requested, created_at, updated_at"
)
_RUN_COLUMNS = "id, task_id, number, kind, started_at, ended_at, end_kind, stop_reason, stop_detail, steps, start_step, pid, usage_json"


@dataclass
class _Plan:
    writer: RowWriter
    cached: Written | None
    written: Written | None
    core_json: str
    signature: str
    core: dict[str, Any]
    """The redacted small part (`core_of`) behind `core_json`: the replay log records what changed."""

    def drop(self) -> None:
        """Stop the change logs of this plan's caches (they are not kept)."""
        for w in (self.cached, self.written):
            if w is not None:
                w.close()


class Store:
    """The research database at `path` (created with its parent directories)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path).expanduser()
        self._db = Database(self.path)
        self._written: dict[str, Written] = {}
        self._leases: dict[str, int] = {}
        self._expected: dict[str, Expected] = {}
        try:
            version = migrations.current_version(self._db.conn)
            if version > migrations.LATEST_VERSION:
                raise StoreError(
                    f"{self.path} was written by a newer version of research (schema {version}, this one knows "
                    f"{migrations.LATEST_VERSION}); upgrade research or pass --db to use another file"
                )
            migrations.migrate(self._db.conn)
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            self._db.close()
            mapped = self._db.mapped(exc)
            raise (mapped or self._db.error(exc)) from exc
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        for written in self._written.values():
            written.close()
        self._written.clear()
        self._db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ helpers
    def _write(self):
        return self._db.transaction(write=True)

    def _read(self):
        return self._db.transaction(write=False)

    # ------------------------------------------------------------ leases (docs/scale.md)
    def hold_lease(self, task_id: str, epoch: int | None) -> None:
        """From now on every commit about `task_id` (start_run, checkpoint, finish, clear_cancel,
        add_step_line, record_stop_settings) first checks that the task's `lease_epoch` is still
        `epoch`, in its own transaction, and raises `LeaseLost` (rolling back) when another worker
        has claimed the task since; None stops checking."""
        if epoch is None:
            self._leases.pop(task_id, None)
        else:
            self._leases[task_id] = epoch

    def _fence(self, conn: Any, task_id: str) -> None:
        self._held(task_id, self._ask_fence(conn, task_id))

    @contextmanager
    def _fenced(self, task_id: str) -> Iterator[Any]:
        """A write transaction about `task_id` that raises `LeaseLost` (rolled back) once the lease moved
        on; on PostgreSQL its fence needs no answer (`readahead.send_fence`): no round trip of its own."""
        try:
            with self._write() as conn:
                if self._db.sends_together:
                    send_fence(conn, task_id, self._leases.get(task_id))
                else:
                    self._fence(conn, task_id)
                yield conn
        except Exception as exc:
            if self._db.not_null_column(exc) == LEASE_COLUMN:
                raise LeaseLost(task_id, f"its lease {self._leases.get(task_id)} was taken over; this commit is "
                                "dropped") from exc
            raise

    def _ask_fence(self, conn: Any, task_id: str) -> Any:
        """Send the lease check (None: no lease held); `_held` reads its answer, so statements sent
        between the two share its round trip on PostgreSQL."""
        epoch = self._leases.get(task_id)
        if epoch is None:
            return None
        # an UPDATE, not a SELECT: it holds the row until commit, so a claim waits for this commit; the
        # RETURNING row is read (not a row count, which a held PostgreSQL statement has only once sent)
        return conn.execute("UPDATE tasks SET lease_epoch = lease_epoch WHERE id = ? AND lease_epoch = ? "
                            "RETURNING lease_epoch", (task_id, epoch))

    def _held(self, task_id: str, asked: Any) -> None:
        if asked is not None and asked.fetchone() is None:
            raise LeaseLost(task_id, f"its lease {self._leases.get(task_id)} was taken over; this commit is dropped")

    @staticmethod
    def _task_row(conn: sqlite3.Connection, task_id: str) -> tuple:
        row = conn.execute(f"SELECT {_TASK_COLUMNS} FROM tasks WHERE id = ?", (task_id,)).fetchone()
        if row is None:
            raise UnknownTask(task_id)
        return row

    @staticmethod
    def _check_run(conn: sqlite3.Connection, task_id: str, run_id: str) -> int:
        row = conn.execute("SELECT task_id, start_step FROM runs WHERE id = ?", (run_id,)).fetchone()
        if row is None or row[0] != task_id:
            raise StoreError(f"no run {run_id} for task {task_id}; start one with Store.start_run")
        return int(row[1])

    # ------------------------------------------------------------ tasks and runs
    def create_task(
        self,
        task_id: str,
        question: str,
        contract_json: dict[str, Any],
        contract_version: str,
        config: Mapping[str, Any],
        tools: list[str],
        budget: Mapping[str, Any],
    ) -> None:
        """Record a new task (status `created`). A duplicate id is a `StoreError`."""
        now = _now()
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM tasks WHERE id = ?", (task_id,)).fetchone() is not None:
                raise StoreError(f"task {task_id} already exists; `research resume {task_id}` continues it")
            conn.execute(
                "INSERT INTO tasks (id, question, contract_json, contract_version, config_json, tools_json, "
                "budget_json, usage_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (task_id, question, json.dumps(contract_json), contract_version,
                 json.dumps(strip_secrets(dict(config)), default=str), json.dumps(list(tools)),
                 json.dumps(dict(budget)), RunUsage().model_dump_json(), now, now),
            )

    def start_run(self, task_id: str, kind: RunKind, pid: int | None = None) -> str:
        """Open run number n+1 of the task; returns its id `<task_id>-r<n+1>`.

        A resume clears a pending cancel request: one aimed at an earlier run (say,
        requested just before that process was killed) must not stop the new one.
        A first run keeps it: `research cancel` on a task that is only `created`
        means this run, and clearing it here would lose it.
        """
        if kind not in ("first", "resume"):
            raise StoreError(f"unknown run kind {kind!r}; use 'first' or 'resume'")
        with self._write() as conn:
            self._task_row(conn, task_id)
            self._fence(conn, task_id)
            last = conn.execute("SELECT max(number) FROM runs WHERE task_id = ?", (task_id,)).fetchone()[0]
            number = (last or 0) + 1
            run_id = f"{task_id}-r{number}"
            saved = conn.execute("SELECT step FROM state WHERE task_id = ?", (task_id,)).fetchone()
            start = saved[0] if saved is not None else 0
            conn.execute(
                "INSERT INTO runs (id, task_id, number, kind, started_at, pid, start_step) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (run_id, task_id, number, kind, _now(), pid, start),
            )
            clear = ", cancel_requested = 0" if kind == "resume" else ""
            conn.execute(f"UPDATE tasks SET status = 'running'{clear}, updated_at = ? WHERE id = ?", (_now(), task_id))
        return run_id

    def checkpoint(
        self, task_id: str, run_id: str, state: ResearchState, usage: RunUsage | Mapping[str, Any] | None = None,
        facts: StepFacts | None = None,
    ) -> None:
        """Persist `state` after a step, in one transaction (see module docstring).

        `usage` is what this run has used so far (replacing the figure of the
        previous checkpoint); None leaves the stored figure as it is.  `facts`
        are the figures the step's stop check read, kept for replay
        (`replay_log.py`) with the rows the step changed.
        """
        run_usage = _usage(usage) if usage is not None else None
        plan = self._plan(task_id, state)
        step = int(state.current_step)
        expected = self._expected.pop(task_id, None)
        if expected is not None and not expected.holds_for(run_id, step):
            expected = None
        try:
            try:
                written, saved = self._commit_state(task_id, run_id, state, run_usage, plan, facts, expected)
            except Stale:  # another writer moved the task: read what it wrote, as without a prediction
                written, saved = self._commit_state(task_id, run_id, state, run_usage, plan, facts, None)
        except BaseException:
            plan.drop()  # not committed: the next checkpoint writes everything
            raise
        self._written[task_id] = written  # only once committed
        if self._db.sends_together:
            self._expected[task_id] = Expected(run_id, step, saved.after(run_id, run_usage, LAYOUT, written.generation))

    def _commit_state(self, task_id: str, run_id: str, state: ResearchState, usage: RunUsage | None, plan: "_Plan",
                      facts: StepFacts | None, expected: Expected | None) -> tuple[Written, Saved]:
        """One checkpoint's transaction: its reads sent before the first answer is waited for, its writes
        after (on PostgreSQL one round trip each), or — `expected` — no reads, the prediction checked by
        the transaction itself (`readahead.py`: one round trip)."""
        step = int(state.current_step)
        try:
            with self._fenced(task_id) as conn:
                saved = expect_saved(conn, task_id, expected) if expected else ask_saved(conn, task_id, run_id, step)()
                written = self._write_state(conn, task_id, run_id, state, usage, plan, saved, running=True, facts=facts)
        except Exception as exc:
            if self._db.not_null_column(exc) == STATE_COLUMN:
                raise Stale() from exc
            raise
        return written, saved

    def finish(
        self,
        task_id: str,
        run_id: str,
        *,
        end_kind: EndKind,
        stop_reason: StopReason | str | None,
        stop_detail: str | None,
        usage: RunUsage | Mapping[str, Any] | None,
        report_md: str,
        report_json: Mapping[str, Any],
        state: ResearchState | None = None,
    ) -> None:
        """End a run in one transaction: end kind, reason, usage, both reports
        and, when given, the final state (so state and ending commit together)."""
        end_kind = EndKind(end_kind)
        run_usage = _usage(usage) if usage is not None else None
        now = _now()
        plan = self._plan(task_id, state) if state is not None else None
        self._expected.pop(task_id, None)
        stale = self._written.pop(task_id, None)  # a finished task is not written again by this process
        if stale is not None:
            stale.close()
        with self._write() as conn:
            self._task_row(conn, task_id)
            self._fence(conn, task_id)
            if state is not None and plan is not None:
                self._write_state(conn, task_id, run_id, state, run_usage, plan,
                                  ask_saved(conn, task_id, run_id, int(state.current_step))())
            self._check_run(conn, task_id, run_id)
            conn.execute(
                "UPDATE runs SET ended_at = ?, end_kind = ?, stop_reason = ?, stop_detail = ? WHERE id = ?",
                (now, end_kind.value, _reason(stop_reason), stop_detail, run_id),
            )
            if run_usage is not None:
                conn.execute("UPDATE runs SET usage_json = ? WHERE id = ?", (run_usage.model_dump_json(), run_id))
            conn.execute(
                "UPDATE tasks SET status = ?, end_kind = ?, stop_reason = ?, stop_detail = ?, cancel_requested = 0, "
                "usage_json = ?, updated_at = ? WHERE id = ?",
                (status_for(end_kind), end_kind.value, _reason(stop_reason), stop_detail,
                 self._task_usage(conn, task_id).model_dump_json(), now, task_id),
            )
            for fmt, body in (("md", report_md), ("json", json.dumps(report_json, indent=2, default=str))):
                conn.execute(
                    "INSERT INTO reports (task_id, run_id, format, body, created_at) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (task_id, run_id, format) DO UPDATE SET body = excluded.body, created_at = excluded.created_at",
                    (task_id, run_id, fmt, body, now),
                )
        if plan is not None:  # not kept: a finished task is not written again by this process
            plan.drop()

    @staticmethod
    def _task_usage(conn: sqlite3.Connection, task_id: str) -> RunUsage:
        total = RunUsage()
        for (text,) in conn.execute("SELECT usage_json FROM runs WHERE task_id = ?", (task_id,)):
            total = total + _usage(json.loads(text))
        return total

    def _plan(self, task_id: str, state: ResearchState) -> "_Plan":
        """The Python half of a checkpoint, done before the write lock is taken."""
        cached = self._written.pop(task_id, None)  # the caller puts the new one back once committed
        writer = RowWriter(task_id, may_hold_secret, redact_secrets)
        generation = cached.generation + 1 if cached is not None else 0
        written = writer.plan(state, cached, generation) if cached is not None else None
        core, core_json = redact_json(core_of(state), may_hold_secret, redact_secrets)
        # the reducer's signature of the step it just reduced: computing it again
        # here cost an O(state) pass per checkpoint (a state never reduced gets its own)
        return _Plan(writer, cached, written, core_json, state.last_signature or state.signature(), core)

    def _write_state(
        self, conn: sqlite3.Connection, task_id: str, run_id: str, state: ResearchState, usage: RunUsage | None,
        plan: "_Plan", saved: Saved, *, running: bool = False, facts: StepFacts | None = None,
    ) -> Written:
        """Write the planned rows and the state row; `running` also marks the task running (a checkpoint).
        Only writes: what they depend on was read before (`saved`)."""
        found = saved.run
        if found is None or found[0] != task_id:
            self._task_row(conn, task_id)  # UnknownTask first, as every method does
            self._check_run(conn, task_id, run_id)
        start_step = int(found[1])
        now = _now()
        rows = found[2:] if found[2] is not None else None
        generation = (rows[1] if rows is not None else 0) + 1
        written = plan.written
        fresh = rows is not None and rows[0] == LAYOUT and plan.cached is not None and plan.cached.generation == rows[1]
        if not fresh or written is None:  # no cache, or another writer moved the rows: write them all
            if written is not None:
                written.close()
            written = plan.writer.plan(state, None, generation)
        written.generation = generation
        plan.writer.apply(conn)
        before = plan.cached.core if plan.cached is not None and written is plan.written else None
        record_step(conn, task_id, run_id, int(state.current_step), facts, core_changes(plan.core, before),
                    plan.writer.changes, saved.step_core)
        written.core = plan.core
        core_json = plan.core_json
        conn.execute(
            "INSERT INTO state (task_id, step, state_json, signature, updated_at, layout, generation) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (task_id) DO UPDATE SET step = excluded.step, "
            "state_json = excluded.state_json, signature = excluded.signature, updated_at = excluded.updated_at, "
            "layout = excluded.layout, generation = excluded.generation",
            (task_id, int(state.current_step), core_json, plan.signature, now, LAYOUT, generation),
        )
        steps = max(0, int(state.current_step) - start_step)
        if usage is not None:
            conn.execute("UPDATE runs SET steps = ?, usage_json = ? WHERE id = ?", (steps, usage.model_dump_json(), run_id))
        else:
            conn.execute("UPDATE runs SET steps = ? WHERE id = ?", (steps, run_id))
        mark = "status = 'running', " if running else ""
        conn.execute(f"UPDATE tasks SET {mark}usage_json = ?, updated_at = ? WHERE id = ?",
                     (saved.task_usage(run_id, usage).model_dump_json(), now, task_id))
        return written

    # ------------------------------------------------------------ reading
    def load_task(self, task_id: str) -> TaskRecord:
        with self._read() as conn:
            return self._record(self._task_row(conn, task_id))

    def list_tasks(self, status: str | None = None, limit: int = 50) -> list[TaskRecord]:
        """Most recently updated first. `status` matches the status
        (`running`, `partial`…) or the end kind (`budget_exhausted`…)."""
        where, args = ("WHERE status = ? OR end_kind = ?", [status, status]) if status else ("", [])
        sql = f"SELECT {_TASK_COLUMNS} FROM tasks {where} ORDER BY updated_at DESC, id LIMIT ?"
        with self._read() as conn:
            return [self._record(row) for row in conn.execute(sql, (*args, limit)).fetchall()]

    def load_state(self, task_id: str) -> ResearchState:
        """The last checkpointed state; a task that never finished a step
        gets its initial state (`new_state` of its contract)."""
        with self._read() as conn:
            task = self._task_row(conn, task_id)
            row = conn.execute("SELECT state_json, layout, generation FROM state WHERE task_id = ?", (task_id,)).fetchone()
            if row is None:
                return new_state(TaskContract.model_validate(json.loads(task[2])))
            try:
                with _collector_paused():
                    data = json.loads(row[0])
                    if row[1] == LAYOUT:
                        data = load_rows(conn, task_id, data)
                    state = ResearchState.from_dict(data)
            except (ValueError, TypeError, KeyError) as exc:
                raise StoreError(
                    f"the saved state of task {task_id} in {self.path} cannot be read ({type(exc).__name__}: {exc}); "
                    f"start the question again as a new task"
                ) from exc
        if row[1] == LAYOUT:
            stale = self._written.pop(task_id, None)
            if stale is not None:
                stale.close()
            self._written[task_id] = Written.of(state, int(row[2]))
        return state

    def runs(self, task_id: str) -> list[RunRecord]:
        with self._read() as conn:
            self._task_row(conn, task_id)
            rows = conn.execute(f"SELECT {_RUN_COLUMNS} FROM runs WHERE task_id = ? ORDER BY number", (task_id,)).fetchall()
        return [
            RunRecord(
                id=r[0], task_id=r[1], number=r[2], kind=r[3], started_at=r[4], ended_at=r[5],
                end_kind=EndKind(r[6]) if r[6] else None, stop_reason=r[7], stop_detail=r[8], steps=r[9],
                start_step=r[10], pid=r[11], usage=_usage(json.loads(r[12])),
            )
            for r in rows
        ]

    def actions(self, task_id: str) -> list[ActionRecord]:
        with self._read() as conn:
            self._task_row(conn, task_id)
            rows = conn.execute(
                "SELECT step, seq, tool, key, args_json, status, cell, new_evidence, error_type FROM actions "
                "WHERE task_id = ? ORDER BY step, seq",
                (task_id,),
            ).fetchall()
        return [
            ActionRecord(step=r[0], seq=r[1], tool=r[2], key=r[3], args=json.loads(r[4]), status=r[5], cell=r[6],
                         new_evidence=bool(r[7]), error_type=r[8])
            for r in rows
        ]

    def report(self, task_id: str, fmt: ReportFormat = "md") -> str | None:
        """The report of the task's latest finished run in `fmt`, if any."""
        if fmt not in ("md", "json"):
            raise StoreError(f"unknown report format {fmt!r}; use md or json")
        with self._read() as conn:
            self._task_row(conn, task_id)
            row = conn.execute(
                "SELECT reports.body FROM reports JOIN runs ON runs.id = reports.run_id "
                "WHERE reports.task_id = ? AND reports.format = ? ORDER BY runs.number DESC LIMIT 1",
                (task_id, fmt),
            ).fetchone()
        return row[0] if row is not None else None

    # ------------------------------------------------------------ trace lines (migration 7)
    def add_step_line(self, task_id: str, run_id: str, step: int, body: str) -> None:
        """Keep a step's trace line with the task (a queue worker's runs: `research trace` on any machine)."""
        with self._fenced(task_id) as conn:
            conn.execute("INSERT INTO step_lines (task_id, run_id, step, body) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (run_id, step) DO UPDATE SET body = excluded.body", (task_id, run_id, step, body))

    def step_lines(self, run_id: str) -> list[str]:
        """The kept trace lines of a run, in step order (none for a run traced only to files)."""
        with self._read() as conn:
            return [r[0] for r in conn.execute("SELECT body FROM step_lines WHERE run_id = ? ORDER BY step", (run_id,))]

    # ------------------------------------------------------------ replay
    def record_stop_settings(self, run_id: str, settings: Mapping[str, Any]) -> None:
        """Keep the stop settings a run uses (what `research replay` starts from); a commit about the
        run's task, so it checks the lease like the others."""
        with self._write() as conn:
            row = conn.execute("SELECT task_id FROM runs WHERE id = ?", (run_id,)).fetchone()
            if row is not None:
                self._fence(conn, row[0])
            record_stop_settings(conn, run_id, dict(settings))

    def replay_log(self, task_id: str) -> tuple[list[LoggedStep], list[LoggedChange], dict[str, dict[str, Any] | None]]:
        """The task's replay log (steps, row changes) and each run's stop settings; empty lists for a task
        recorded before migration 8."""
        with self._read() as conn:
            self._task_row(conn, task_id)
            if not has_recording(conn, task_id):
                return [], [], stop_settings(conn, task_id)
            return (*read_log(conn, task_id), stop_settings(conn, task_id))

    # ------------------------------------------------------------ cancel
    def request_cancel(self, task_id: str) -> None:
        """Ask the process running the task to stop (seen by `cancel_requested`)."""
        with self._write() as conn:
            self._task_row(conn, task_id)
            conn.execute("UPDATE tasks SET cancel_requested = 1, updated_at = ? WHERE id = ?", (_now(), task_id))

    def cancel_requested(self, task_id: str) -> bool:
        """Cheap poll for a cooperative cancel token (one indexed read)."""
        with self._read() as conn:
            row = conn.execute("SELECT cancel_requested FROM tasks WHERE id = ?", (task_id,)).fetchone()
        if row is None:
            raise UnknownTask(task_id)
        return bool(row[0])

    def clear_cancel(self, task_id: str) -> None:
        with self._write() as conn:
            self._task_row(conn, task_id)
            self._fence(conn, task_id)
            conn.execute("UPDATE tasks SET cancel_requested = 0 WHERE id = ?", (task_id,))

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _record(row: tuple) -> TaskRecord:
        return TaskRecord(
            id=row[0],
            question=row[1],
            contract=json.loads(row[2]),
            contract_version=row[3],
            config=json.loads(row[4]),
            tools=json.loads(row[5]),
            status=row[6],
            end_kind=EndKind(row[7]) if row[7] else None,
            stop_reason=row[8],
            stop_detail=row[9],
            budget=json.loads(row[10]),
            usage=_usage(json.loads(row[11])),
            cancel_requested=bool(row[12]),
            created_at=row[13],
            updated_at=row[14],
        )
