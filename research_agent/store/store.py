"""The durable store: one SQLite file (WAL) holding every task, run and step.

Design
------
* **One file, many processes.**  Every connection gets `journal_mode=WAL`,
  `synchronous=NORMAL`, `foreign_keys=ON` and a 5 s busy timeout, so a running
  research process and `research cancel`/`list`/`show` in other processes can
  read and write at the same time.  Write transactions start with
  `BEGIN IMMEDIATE` (they take the write lock up front and wait for it within
  the busy timeout, instead of failing when a deferred read turns into a
  write); read transactions use a plain `BEGIN` for a consistent snapshot.
  Transactions are short: a checkpoint serialises the state *before* it
  takes the write lock and then holds it only for its upserts (milliseconds;
  see `bench/resume.py`); a cancel request is one `UPDATE`.
* **One transaction per step.**  `checkpoint` writes the state JSON and its
  projection into `cells`/`sources`/`findings`/`actions` together, so a
  process killed at any moment leaves the last committed checkpoint intact,
  and writing the same state twice changes nothing (upserts by primary key).
  `state.state_json` is authoritative for resume; the other tables exist so a
  person (or `research show`/`trace`) can query a run with SQL.
* **Ours or hands off.**  Before anything is written (even the WAL pragma,
  which changes the file header) the file is opened read-only and checked: it
  must be a SQLite database that is empty or carries our `schema_migrations`
  table at a version this code knows.  Anything else is a `StoreError` whose
  one-line message names the file and the fix.
* **No secrets.**  Config keys that look like credentials are dropped before
  `config_json` is written; values under such keys inside a state are replaced
  by `[redacted]` in the stored JSON.
* **Usage per run.**  `checkpoint`/`finish` take what *this run* has used so
  far (`RunUsage`); the store keeps it on the run row and writes the sum over
  all runs of the task to `tasks.usage_json`, so writing the same checkpoint
  twice never counts anything twice.  `runs.steps` is the state's step minus
  the step the run started at (`runs.start_step`).

Errors::

    StoreError            the database cannot be used as asked (message = fix)
    └── UnknownTask       no task with that id
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import Engine, create_engine, event, func
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, select

from engine.stop_reason import StopReason

from ..contract import TaskContract
from ..endings import STATUS_LABEL, EndKind
from ..state import ResearchState, new_state
from . import migrations
from .models import ActionRow, CellRow, FindingRow, ReportRow, RunRow, SourceRow, StateRow, TaskRow

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

RunKind = Literal["first", "resume"]
ReportFormat = Literal["md", "json"]

_SECRET_KEY = re.compile(
    r"(?:^|[_\-.])(?:api[_\-]?key|secret(?:[_\-]?key)?|token|authorization|password|passwd|bearer|cookie)$",
    re.IGNORECASE,
)
# A cheap scan of the JSON text for a key *ending* like one of those names: a
# superset of `_SECRET_KEY` (a hit only means the exact walk runs), so the
# common case, no such key anywhere in the state, skips the Python walk.
_SECRET_KEY_ENDINGS = tuple(
    f'{name}":'
    for name in (
        "apikey", "api_key", "api-key", "secret", "secretkey", "secret_key", "secret-key",
        "token", "authorization", "password", "passwd", "bearer", "cookie",
    )
)
REDACTED = "[redacted]"
_DAMAGED_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


class StoreError(Exception):
    """The research database cannot be used as asked; the message says how to fix it."""


class UnknownTask(StoreError):
    """No task with that id."""

    def __init__(self, task_id: str) -> None:
        super().__init__(f"no task {task_id}; `research list` shows the known ids")
        self.task_id = task_id


def default_db_path() -> Path:
    """`$RESEARCH_HOME/research.db`, `RESEARCH_HOME` defaulting to `~/.research`."""
    home = os.environ.get("RESEARCH_HOME") or "~/.research"
    return Path(home).expanduser() / "research.db"


def status_for(end_kind: EndKind) -> str:
    """The `tasks.status` of a finished task: completed | partial | aborted | failed."""
    return {"Complete": "completed", "Partial": "partial", "Aborted": "aborted", "Failed": "failed"}[
        STATUS_LABEL[end_kind]
    ]


class RunUsage(BaseModel):
    """What a run (or, summed, a task) has used."""

    model_config = ConfigDict(extra="forbid")

    steps: int = 0
    """Steps executed."""
    tool_calls: int = 0
    """Tool calls that ran (refused and skipped ones excluded)."""
    tokens: int = 0
    """Model tokens, prompt + completion."""
    cost: float = 0.0
    """Model cost in US dollars, when known."""
    elapsed_seconds: float = 0.0
    """Wall-clock time."""

    def __add__(self, other: "RunUsage") -> "RunUsage":
        return RunUsage(
            steps=self.steps + other.steps,
            tool_calls=self.tool_calls + other.tool_calls,
            tokens=self.tokens + other.tokens,
            cost=self.cost + other.cost,
            elapsed_seconds=self.elapsed_seconds + other.elapsed_seconds,
        )


@dataclass(frozen=True)
class TaskRecord:
    id: str
    question: str
    contract: dict[str, Any]
    contract_version: str
    config: dict[str, Any]
    tools: list[str]
    status: str
    """created | running | completed | partial | aborted | failed."""
    end_kind: EndKind | None
    stop_reason: str | None
    stop_detail: str | None
    budget: dict[str, Any]
    usage: RunUsage
    """Summed over all runs."""
    cancel_requested: bool
    created_at: str
    updated_at: str

    @property
    def task_contract(self) -> TaskContract:
        return TaskContract.model_validate(self.contract)


@dataclass(frozen=True)
class RunRecord:
    id: str
    task_id: str
    number: int
    kind: RunKind
    started_at: str
    ended_at: str | None
    end_kind: EndKind | None
    stop_reason: str | None
    stop_detail: str | None
    steps: int
    """Steps this run executed."""
    start_step: int
    """The state's step when the run started (0 for a first run)."""
    pid: int | None
    usage: RunUsage
    """What this run used."""


@dataclass(frozen=True)
class ActionRecord:
    step: int
    seq: int
    tool: str
    key: str
    args: dict[str, Any]
    status: str
    cell: str | None
    new_evidence: bool
    error_type: str | None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _strip_secrets(value: Any) -> Any:
    """A copy of `value` without credential-looking keys (for config)."""
    if isinstance(value, Mapping):
        return {k: _strip_secrets(v) for k, v in value.items() if not _SECRET_KEY.search(str(k))}
    if isinstance(value, list):
        return [_strip_secrets(v) for v in value]
    return value


def _redact_secrets(value: Any) -> Any:
    """A copy of `value` where credential-looking keys keep their key but lose their value."""
    if isinstance(value, dict):
        return {
            k: (REDACTED if v not in (None, "") and _SECRET_KEY.search(str(k)) else _redact_secrets(v))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_redact_secrets(v) for v in value]
    return value


def _state_json(state: ResearchState) -> tuple[dict[str, Any], str]:
    """The state as plain data and as JSON text, secret-looking values redacted."""
    data = state.to_dict()
    text = json.dumps(data)
    lowered = text.lower()
    if any(ending in lowered for ending in _SECRET_KEY_ENDINGS):
        data = _redact_secrets(data)
        text = json.dumps(data)
    return data, text


def _usage(value: RunUsage | Mapping[str, Any] | None) -> RunUsage:
    if value is None:
        return RunUsage()
    if isinstance(value, RunUsage):
        return value
    try:
        return RunUsage.model_validate(dict(value))
    except ValidationError as exc:
        raise StoreError(f"bad usage figures {dict(value)!r}: {exc.errors()[0]['msg']}") from exc


def _reason(value: StopReason | str | None) -> str | None:
    if value is None:
        return None
    return value.value if isinstance(value, StopReason) else str(value)


class Store:
    """The research database at `path` (created with its parent directories)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path).expanduser()
        self._check_file()
        self._engine = self._make_engine()
        self._reader = self._engine.execution_options(sqlite_begin="DEFERRED")
        try:
            with self._reader.connect() as conn:
                version = migrations.current_version(conn)
            if version > migrations.LATEST_VERSION:
                raise StoreError(
                    f"{self.path} was written by a newer version of research (schema {version}, this one knows "
                    f"{migrations.LATEST_VERSION}); upgrade research or pass --db to use another file"
                )
            migrations.migrate(self._engine)
        except sa_exc.DBAPIError as exc:
            self._engine.dispose()
            raise self._open_error(exc.orig or exc) from exc
        except BaseException:
            self._engine.dispose()
            raise

    # ------------------------------------------------------------ opening
    def _open_error(self, exc: BaseException) -> StoreError:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if isinstance(exc, UnicodeDecodeError):
            return StoreError(f"{self.path} is damaged or not a research database (text that is not UTF-8 at byte "
                              f"{exc.start} of a stored value); pass --db to use another file")
        if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
            return StoreError(f"{self.path} is not a research database ({reason}); pass --db to use another file")
        return StoreError(f"cannot open {self.path} ({reason}); check the path and its permissions, or pass --db")

    def _check_file(self) -> None:
        """Refuse a file that is not ours before writing anything into it."""
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a directory, not a research database; pass --db FILE")
        if not self.path.exists() or self.path.stat().st_size == 0:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create {self.path.parent} ({exc.strerror}); pass --db to use another file") from exc
            return
        try:
            raw = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise self._open_error(exc) from exc
        try:
            names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except (sqlite3.Error, UnicodeDecodeError) as exc:  # scrambled bytes can decode as neither
            raise self._open_error(exc) from exc
        finally:
            raw.close()
        names = {n for n in names if not n.startswith("sqlite_")}
        if names and "schema_migrations" not in names:
            shown = ", ".join(sorted(names)[:3]) + (", …" if len(names) > 3 else "")
            raise StoreError(
                f"{self.path} is not a research database (it holds other tables: {shown}); "
                "pass --db to use another file"
            )

    def _make_engine(self) -> Engine:
        engine = create_engine(f"sqlite:///{self.path}", connect_args={"timeout": 5.0})

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn: sqlite3.Connection, _record: Any) -> None:
            # Let SQLAlchemy's "begin" event below emit BEGIN itself (pysqlite's
            # implicit transactions defer BEGIN and break transactional DDL).
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA busy_timeout = 5000")
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
            cur.execute("PRAGMA foreign_keys = ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Any) -> None:
            mode = conn.get_execution_options().get("sqlite_begin", "IMMEDIATE")
            conn.exec_driver_sql(f"BEGIN {mode}")

        return engine

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ sessions
    @contextmanager
    def _write(self) -> Iterator[Session]:
        try:
            with Session(self._engine) as session, session.begin():
                yield session
        except sa_exc.OperationalError as exc:
            raise self._operational_error(exc) from exc
        except sa_exc.DatabaseError as exc:
            if getattr(exc.orig, "sqlite_errorcode", None) not in _DAMAGED_CODES:
                raise
            raise self._damaged_error(exc) from exc
        except UnicodeDecodeError as exc:
            raise self._damaged_error(exc) from exc

    @contextmanager
    def _read(self) -> Iterator[Session]:
        try:
            with Session(self._reader) as session, session.begin():
                yield session
        except sa_exc.OperationalError as exc:
            raise self._operational_error(exc) from exc
        except sa_exc.DatabaseError as exc:
            if getattr(exc.orig, "sqlite_errorcode", None) not in _DAMAGED_CODES:
                raise
            raise self._damaged_error(exc) from exc
        except UnicodeDecodeError as exc:
            raise self._damaged_error(exc) from exc

    def _operational_error(self, exc: sa_exc.OperationalError) -> StoreError:
        # SQLite's own errors carry their result code (busy, full, read-only…);
        # pysqlite's failure to decode a stored value as UTF-8 carries none.
        if exc.orig is not None and getattr(exc.orig, "sqlite_errorcode", None) is None:
            return StoreError(f"{self.path} is damaged or not a research database (a stored value is not UTF-8 "
                              "text); pass --db to use another file")
        return self._busy_error(exc)

    def _damaged_error(self, exc: sa_exc.DatabaseError | UnicodeDecodeError) -> StoreError:
        # A page or a value that SQLite (or UTF-8) cannot read: the file is
        # damaged; the transaction was rolled back and nothing was written.
        if isinstance(exc, sa_exc.DatabaseError):
            exc = exc.orig if exc.orig is not None else exc  # type: ignore[assignment]
        return self._open_error(exc)

    def _busy_error(self, exc: sa_exc.OperationalError) -> StoreError:
        # Locked past the busy timeout, disk full, read-only file…: the
        # transaction was rolled back, nothing was half-written.
        reason = str(exc.orig).splitlines()[0] if exc.orig is not None else type(exc).__name__
        return StoreError(f"{self.path}: {reason}; nothing was written, try again (or pass --db to use another file)")

    @staticmethod
    def _task(session: Session, task_id: str) -> TaskRow:
        row = session.get(TaskRow, task_id)
        if row is None:
            raise UnknownTask(task_id)
        return row

    @staticmethod
    def _run(session: Session, task_id: str, run_id: str) -> RunRow:
        run = session.get(RunRow, run_id)
        if run is None or run.task_id != task_id:
            raise StoreError(f"no run {run_id} for task {task_id}; start one with Store.start_run")
        return run

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
        with self._write() as s:
            if s.get(TaskRow, task_id) is not None:
                raise StoreError(f"task {task_id} already exists; `research resume {task_id}` continues it")
            s.add(
                TaskRow(
                    id=task_id,
                    question=question,
                    contract_json=json.dumps(contract_json),
                    contract_version=contract_version,
                    config_json=json.dumps(_strip_secrets(dict(config)), default=str),
                    tools_json=json.dumps(list(tools)),
                    budget_json=json.dumps(dict(budget)),
                    usage_json=RunUsage().model_dump_json(),
                    created_at=now,
                    updated_at=now,
                )
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
        with self._write() as s:
            task = self._task(s, task_id)
            last = s.exec(select(func.max(RunRow.number)).where(RunRow.task_id == task_id)).one()
            number = (last or 0) + 1
            run_id = f"{task_id}-r{number}"
            saved = s.get(StateRow, task_id)
            start = saved.step if saved is not None else 0
            s.add(
                RunRow(id=run_id, task_id=task_id, number=number, kind=kind, started_at=_now(), pid=pid, start_step=start)
            )
            task.status = "running"
            if kind == "resume":
                task.cancel_requested = False
            task.updated_at = _now()
            s.add(task)
        return run_id

    def checkpoint(
        self, task_id: str, run_id: str, state: ResearchState, usage: RunUsage | Mapping[str, Any] | None = None
    ) -> None:
        """Persist `state` after a step, in one transaction (see module docstring).

        `usage` is what this run has used so far (replacing the figure of the
        previous checkpoint); None leaves the stored figure as it is.
        """
        run_usage = _usage(usage) if usage is not None else None
        data = _state_json(state)
        with self._write() as s:
            self._write_state(s, task_id, run_id, state, data, run_usage)
            self._task(s, task_id).status = "running"

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
        data = _state_json(state) if state is not None else None
        now = _now()
        with self._write() as s:
            task = self._task(s, task_id)
            if state is not None and data is not None:
                self._write_state(s, task_id, run_id, state, data, run_usage)
            run = self._run(s, task_id, run_id)
            run.ended_at = now
            run.end_kind = end_kind.value
            run.stop_reason = _reason(stop_reason)
            run.stop_detail = stop_detail
            if run_usage is not None:
                run.usage_json = run_usage.model_dump_json()
            s.add(run)
            task.status = status_for(end_kind)
            task.end_kind = end_kind.value
            task.stop_reason = _reason(stop_reason)
            task.stop_detail = stop_detail
            task.cancel_requested = False
            task.usage_json = self._task_usage(s, task_id).model_dump_json()
            task.updated_at = now
            s.add(task)
            for fmt, body in (("md", report_md), ("json", json.dumps(report_json, indent=2, default=str))):
                s.execute(
                    sqlite_insert(ReportRow)
                    .values(task_id=task_id, run_id=run_id, format=fmt, body=body, created_at=now)
                    .on_conflict_do_update(
                        index_elements=["task_id", "run_id", "format"], set_={"body": body, "created_at": now}
                    )
                )

    @staticmethod
    def _task_usage(s: Session, task_id: str) -> RunUsage:
        # The session autoflushes, so the current run's new figure is included.
        total = RunUsage()
        for run in s.exec(select(RunRow).where(RunRow.task_id == task_id)).all():
            total = total + _usage(json.loads(run.usage_json))
        return total

    def _write_state(
        self,
        s: Session,
        task_id: str,
        run_id: str,
        state: ResearchState,
        data: tuple[dict[str, Any], str],
        usage: RunUsage | None,
    ) -> None:
        now = _now()
        task = self._task(s, task_id)
        run = self._run(s, task_id, run_id)
        data, state_json = data
        row = {"step": int(state.current_step), "state_json": state_json, "signature": state.signature(), "updated_at": now}
        s.execute(
            sqlite_insert(StateRow)
            .values(task_id=task_id, **row)
            .on_conflict_do_update(index_elements=["task_id"], set_=row)
        )
        cells = [
            {
                "task_id": task_id,
                "key": key,
                "object": c["object"],
                "dimension": c["dimension"],
                "status": c["status"],
                "value": c["value"],
                "conclusion": c["conclusion"],
                "conflict": bool(c["conflict"]),
                "source_ids_json": json.dumps(c["source_ids"]),
            }
            for key, c in data["cells"].items()
        ]
        if cells:
            ins = sqlite_insert(CellRow)
            s.execute(
                ins.on_conflict_do_update(
                    index_elements=["task_id", "key"],
                    set_={col: ins.excluded[col] for col in cells[0] if col not in ("task_id", "key")},
                ),
                cells,
            )
        sources = [
            {
                "task_id": task_id,
                "id": src["id"],
                "url": src["url"],
                "canonical_url": src["canonical_url"],
                "domain": src["domain"],
                "title": src["title"],
                "source_type": src["source_type"],
                "opened": bool(src["opened"]),
                "cluster_id": src["cluster_id"],
                "date": src["date"],
            }
            for src in data["sources"].values()
        ]
        if sources:
            ins = sqlite_insert(SourceRow)
            s.execute(
                ins.on_conflict_do_update(
                    index_elements=["task_id", "id"],
                    set_={col: ins.excluded[col] for col in ("opened", "cluster_id", "title", "source_type", "date")},
                ),
                sources,
            )
        findings = [
            {
                "task_id": task_id,
                "id": f["id"],
                "cell": f["cell"],
                "value": f["value"],
                "quote": f["quote"],
                "source_id": f["source_id"],
                "url": f["url"],
                "date": f["date"],
                "source_type": f["source_type"],
                "step": f["step"],
            }
            for f in data["findings"].values()
        ]
        if findings:
            s.execute(sqlite_insert(FindingRow).on_conflict_do_nothing(), findings)
        # Actions are appended step by step, so only the steps from the last
        # stored one on can be new: keeps a checkpoint O(new actions), not
        # O(all actions), on a long run.  Insert-or-ignore makes the overlap safe.
        last_step = s.exec(select(func.max(ActionRow.step)).where(ActionRow.task_id == task_id)).one()
        actions: list[dict[str, Any]] = []
        seq_by_step: dict[int, int] = {}
        for a in data["actions"]:
            seq = seq_by_step.get(a["step"], 0)
            seq_by_step[a["step"]] = seq + 1
            if last_step is not None and a["step"] < last_step:
                continue
            actions.append(
                {
                    "task_id": task_id,
                    "step": a["step"],
                    "seq": seq,
                    "tool": a["tool"],
                    "key": a["key"],
                    "args_json": json.dumps(a["args"], default=str),
                    "status": a["status"],
                    "cell": a["cell"],
                    "new_evidence": bool(a["new_evidence"]),
                    "error_type": a["error_type"],
                }
            )
        if actions:
            s.execute(sqlite_insert(ActionRow).on_conflict_do_nothing(), actions)
        run.steps = max(0, int(state.current_step) - run.start_step)
        if usage is not None:
            run.usage_json = usage.model_dump_json()
        s.add(run)
        task.usage_json = self._task_usage(s, task_id).model_dump_json()
        task.updated_at = now
        s.add(task)

    # ------------------------------------------------------------ reading
    def load_task(self, task_id: str) -> TaskRecord:
        with self._read() as s:
            return self._record(self._task(s, task_id))

    def list_tasks(self, status: str | None = None, limit: int = 50) -> list[TaskRecord]:
        """Most recently updated first. `status` matches the status
        (`running`, `partial`…) or the end kind (`budget_exhausted`…)."""
        query = select(TaskRow)
        if status:
            query = query.where((TaskRow.status == status) | (TaskRow.end_kind == status))
        query = query.order_by(TaskRow.updated_at.desc(), TaskRow.id).limit(limit)
        with self._read() as s:
            return [self._record(row) for row in s.exec(query).all()]

    def load_state(self, task_id: str) -> ResearchState:
        """The last checkpointed state; a task that never finished a step
        gets its initial state (`new_state` of its contract)."""
        with self._read() as s:
            task = self._task(s, task_id)
            row = s.get(StateRow, task_id)
            raw_state = row.state_json if row is not None else None
            contract = task.contract_json
        if raw_state is None:
            return new_state(TaskContract.model_validate(json.loads(contract)))
        try:
            return ResearchState.from_dict(json.loads(raw_state))
        except (ValueError, TypeError, KeyError) as exc:
            raise StoreError(
                f"the saved state of task {task_id} in {self.path} cannot be read ({type(exc).__name__}: {exc}); "
                f"start the question again as a new task"
            ) from exc

    def runs(self, task_id: str) -> list[RunRecord]:
        with self._read() as s:
            self._task(s, task_id)
            rows = s.exec(select(RunRow).where(RunRow.task_id == task_id).order_by(RunRow.number)).all()
            return [
                RunRecord(
                    id=r.id,
                    task_id=r.task_id,
                    number=r.number,
                    kind=r.kind,  # type: ignore[arg-type]  (CHECK constraint in the schema)
                    started_at=r.started_at,
                    ended_at=r.ended_at,
                    end_kind=EndKind(r.end_kind) if r.end_kind else None,
                    stop_reason=r.stop_reason,
                    stop_detail=r.stop_detail,
                    steps=r.steps,
                    start_step=r.start_step,
                    pid=r.pid,
                    usage=_usage(json.loads(r.usage_json)),
                )
                for r in rows
            ]

    def actions(self, task_id: str) -> list[ActionRecord]:
        with self._read() as s:
            self._task(s, task_id)
            rows = s.exec(
                select(ActionRow).where(ActionRow.task_id == task_id).order_by(ActionRow.step, ActionRow.seq)
            ).all()
            return [
                ActionRecord(
                    step=r.step,
                    seq=r.seq,
                    tool=r.tool,
                    key=r.key,
                    args=json.loads(r.args_json),
                    status=r.status,
                    cell=r.cell,
                    new_evidence=bool(r.new_evidence),
                    error_type=r.error_type,
                )
                for r in rows
            ]

    def report(self, task_id: str, fmt: ReportFormat = "md") -> str | None:
        """The report of the task's latest finished run in `fmt`, if any."""
        if fmt not in ("md", "json"):
            raise StoreError(f"unknown report format {fmt!r}; use md or json")
        with self._read() as s:
            self._task(s, task_id)
            row = s.exec(
                select(ReportRow.body)
                .join(RunRow, RunRow.id == ReportRow.run_id)
                .where(ReportRow.task_id == task_id, ReportRow.format == fmt)
                .order_by(RunRow.number.desc())
                .limit(1)
            ).first()
            return row

    # ------------------------------------------------------------ cancel
    def request_cancel(self, task_id: str) -> None:
        """Ask the process running the task to stop (seen by `cancel_requested`)."""
        with self._write() as s:
            task = self._task(s, task_id)
            task.cancel_requested = True
            task.updated_at = _now()
            s.add(task)

    def cancel_requested(self, task_id: str) -> bool:
        """Cheap poll for a cooperative cancel token (one indexed read)."""
        try:
            with self._reader.connect() as conn:
                value = conn.execute(select(TaskRow.cancel_requested).where(TaskRow.id == task_id)).scalar_one_or_none()
        except sa_exc.OperationalError as exc:
            raise self._operational_error(exc) from exc
        if value is None:
            raise UnknownTask(task_id)
        return bool(value)

    def clear_cancel(self, task_id: str) -> None:
        with self._write() as s:
            task = self._task(s, task_id)
            task.cancel_requested = False
            s.add(task)

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _record(row: TaskRow) -> TaskRecord:
        return TaskRecord(
            id=row.id,
            question=row.question,
            contract=json.loads(row.contract_json),
            contract_version=row.contract_version,
            config=json.loads(row.config_json),
            tools=json.loads(row.tools_json),
            status=row.status,
            end_kind=EndKind(row.end_kind) if row.end_kind else None,
            stop_reason=row.stop_reason,
            stop_detail=row.stop_detail,
            budget=json.loads(row.budget_json),
            usage=_usage(json.loads(row.usage_json)),
            cancel_requested=bool(row.cancel_requested),
            created_at=row.created_at,
            updated_at=row.updated_at,
        )
