"""`research submit` and `research batch`: task rows plus queue jobs, idempotently.

A batch file is read into `BatchRow`s: a text file holds one question a line
(blank lines and `#` comments skipped; the task id is `q-` and the first 12
hex digits of the question's SHA-256, so the same line is the same task on
every rerun); JSONL and CSV rows carry an `id`, a `question` and optional
per-row options (`ROW_OPTIONS`).  Each row then gets one of:

* `created`  — no such task yet: the row is written and a job enqueued;
* `requeued` — the task ended resumable (`endings.RESUMABLE`): a job to resume it;
* `queued` / `running` — it is queued or running: nothing (never a second copy);
* `done`     — it ended and a resume cannot change it: nothing.
"""

from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import procrastinate

    from ..config import ResearchConfig
    from ..contract import TaskContract
    from ..store.pg import PgStore

__all__ = ["BatchError", "BatchRow", "Submitted", "read_batch", "submit", "submit_many"]

ROW_OPTIONS = {"model": "model", "max_steps": "max_steps", "max_time": "max_time", "max_tokens": "max_tokens",
               "max_cost": "max_cost", "corpus": "corpus", "search": "search_backend", "search_url": "searxng_url"}
"""Per-row options of a JSONL/CSV batch → config settings."""


class BatchError(ValueError):
    """The batch file cannot be read as asked (the message names the line)."""


class Submitted(str, Enum):
    CREATED = "created"
    REQUEUED = "requeued"
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"


@dataclass(frozen=True)
class BatchRow:
    id: str
    question: str
    options: dict[str, Any] = field(default_factory=dict)


def question_id(question: str) -> str:
    return "q-" + hashlib.sha256(" ".join(question.split()).encode()).hexdigest()[:12]


def read_batch(path: Path) -> list[BatchRow]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BatchError(f"cannot read {path} ({exc})") from exc
    suffix = path.suffix.lower()
    rows = _jsonl(path, text) if suffix == ".jsonl" else _csv(path, text) if suffix == ".csv" else _lines(text)
    seen: set[str] = set()
    return [r for r in rows if not (r.id in seen or seen.add(r.id))]  # type: ignore[func-returns-value]


def _lines(text: str) -> list[BatchRow]:
    out = []
    for raw in text.splitlines():
        q = " ".join(raw.split())
        if q and not q.startswith("#"):
            out.append(BatchRow(question_id(q), q))
    return out


def _row(path: Path, n: int, data: dict[str, Any]) -> BatchRow:
    question = " ".join(str(data.get("question") or "").split())
    if not question:
        raise BatchError(f"{path}:{n}: no question")
    tid = str(data.get("id") or "").strip() or question_id(question)
    unknown = set(data) - {"id", "question"} - set(ROW_OPTIONS)
    if unknown:
        raise BatchError(f"{path}:{n}: unknown field(s) {', '.join(sorted(unknown))}; use {', '.join(ROW_OPTIONS)}")
    options = {ROW_OPTIONS[k]: v for k, v in data.items() if k in ROW_OPTIONS and v not in (None, "")}
    return BatchRow(tid, question, options)


def _jsonl(path: Path, text: str) -> list[BatchRow]:
    out = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise BatchError(f"{path}:{n}: not JSON ({exc.msg})") from exc
        if not isinstance(data, dict):
            raise BatchError(f"{path}:{n}: a line must be a JSON object with id and question")
        out.append(_row(path, n, data))
    return out


def _csv(path: Path, text: str) -> list[BatchRow]:
    reader = csv.DictReader(text.splitlines())
    if not reader.fieldnames or "question" not in reader.fieldnames:
        raise BatchError(f"{path}: the first line must name the columns, with at least `question` (and `id`)")
    return [_row(path, n, dict(r)) for n, r in enumerate(reader, start=2)]


def submit(store: "PgStore", app: "procrastinate.App", cfg: "ResearchConfig", contract: "TaskContract",
           task_id: str) -> tuple[Submitted, int | None]:
    """Make sure `task_id` is queued, created or done (see the module docstring); returns what happened and the job."""
    from .. import compose
    from ..endings import RESUMABLE, EndKind
    from ..store import UnknownTask
    from .queue import enqueue

    try:
        task = store.load_task(task_id)
    except UnknownTask:
        compose.record_task(store, cfg, contract, task_id)
        return Submitted.CREATED, enqueue(app, task_id)
    if task.status in ("created", "running"):
        return (Submitted.RUNNING if task.status == "running" else Submitted.QUEUED), None
    if task.end_kind is not None and EndKind(task.end_kind) in RESUMABLE:
        return Submitted.REQUEUED, enqueue(app, task_id, resume=True)
    return Submitted.DONE, None


_INSERT = ("INSERT INTO tasks (id, question, contract_json, contract_version, config_json, tools_json, budget_json, "
           "usage_json, created_at, updated_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)")


def _task_row(cfg: "ResearchConfig", contract: "TaskContract", task_id: str) -> tuple:
    """The row `Store.create_task` writes for `compose.record_task`, for a bulk insert."""
    from .. import compose
    from ..store.records import RunUsage
    from ..store.secrets import strip_secrets
    from ..store.store import _now

    budget = compose.budget_from(cfg)
    limits = {"max_steps": budget.max_steps, "max_time": budget.max_runtime_seconds,
              "max_tokens": budget.max_tokens, "max_cost": budget.max_cost}
    now = _now()
    return (task_id, contract.question, json.dumps(contract.model_dump(mode="json")), contract.version(),
            json.dumps(strip_secrets(cfg.public_dump()), default=str),
            json.dumps([f"search:{cfg.search_backend}", "visit"]), json.dumps(limits), RunUsage().model_dump_json(),
            now, now)


def submit_many(store: "PgStore", app: "procrastinate.App",
                items: "list[tuple[ResearchConfig, TaskContract, str]]") -> list[Submitted]:
    """`submit` for many tasks in a few transactions: the new rows in one, their jobs in one query
    (`batch_defer_jobs`), the links in one; tasks that ended resumable get a job each."""
    from procrastinate.jobs import Job

    from ..endings import RESUMABLE, EndKind
    from .queue import RUN_TASK, enqueue

    ids = [tid for _, _, tid in items]
    with store.database.connection() as conn:
        known = {r[0]: (r[1], r[2]) for r in conn.execute(
            "SELECT id, status, end_kind FROM tasks WHERE id = ANY(%s)", (ids,)).fetchall()}
    fresh = [(cfg, contract, tid) for cfg, contract, tid in items if tid not in known]
    if fresh:
        with store.database.connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.executemany(_INSERT, [_task_row(cfg, contract, tid) for cfg, contract, tid in fresh])
        jobs = app.job_manager.batch_defer_jobs([
            Job(queue="default", lock=tid, queueing_lock=tid, task_name=RUN_TASK, task_kwargs={"task_id": tid})
            for _, _, tid in fresh])
        with store.database.connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.executemany("UPDATE tasks SET job_id = %s WHERE id = %s",
                            [(job.id, tid) for job, (_, _, tid) in zip(jobs, fresh)])
    out = []
    for tid in ids:
        status, end_kind = known.get(tid, ("new", None))
        if status == "new":
            out.append(Submitted.CREATED)
        elif status in ("created", "running"):
            out.append(Submitted.RUNNING if status == "running" else Submitted.QUEUED)
        elif end_kind is not None and EndKind(end_kind) in RESUMABLE:
            enqueue(app, tid, resume=True)
            out.append(Submitted.REQUEUED)
        else:
            out.append(Submitted.DONE)
    return out
