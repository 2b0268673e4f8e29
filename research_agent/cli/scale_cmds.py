"""`research db upgrade`, `submit`, `batch` and `worker`: many tasks on PostgreSQL (docs/scale.md).

Each needs a PostgreSQL store (`--db postgresql://…` or RESEARCH_DATABASE_URL);
Procrastinate and psycopg are imported inside the commands, so `--help` and the
SQLite commands never load them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from ._app import EXIT_EPILOG, ConfigOpt, DbOpt, app
from ._common import BadInput, bad_input, config, preflight

if TYPE_CHECKING:
    from ..config import ResearchConfig

__all__ = ["batch", "db_upgrade", "submit", "worker"]

db_app = typer.Typer(help="The database: create or migrate its schema.", no_args_is_help=True)
app.add_typer(db_app, name="db")

_NEEDS_PG = ("needs a PostgreSQL database: pass --db postgresql://USER@HOST/DB or set RESEARCH_DATABASE_URL "
             "(docs/scale.md)")


def _pg_config(command: str, config_file: Path | None, overrides: dict[str, Any]) -> "ResearchConfig":
    cfg = config(config_file, overrides)
    if not cfg.database_url:
        raise BadInput(f"research {command} {_NEEDS_PG}")
    return cfg


def _open(cfg: "ResearchConfig") -> tuple[Any, Any]:
    """The store and the Procrastinate app, sharing the store's connection pool."""
    from ..store.pg import PgStore
    from ..scale.queue import app_on, queue_schema_ready

    store = PgStore(cfg.database_url or "")
    with store.database.connection() as conn:
        if not queue_schema_ready(conn):
            store.close()
            raise BadInput(f"{store.path} has no queue schema yet; run `research db upgrade --db URL` first")
    return store, app_on(store.database.pool)


@db_app.command("upgrade", epilog=EXIT_EPILOG)
def db_upgrade(db: DbOpt = None, config_file: ConfigOpt = None) -> None:
    """Create or migrate the store's schema and the queue's (Procrastinate's) schema."""
    with bad_input():
        cfg = _pg_config("db upgrade", config_file, {"db": db})
        from ..store.pg import PgStore
        from ..store.pg_migrations import PG_LATEST_VERSION
        from ..scale.queue import app_on, queue_schema_ready

        store = PgStore(cfg.database_url or "")
        try:
            with store.database.connection() as conn:
                created = not queue_schema_ready(conn)
            if created:
                app_on(store.database.pool).schema_manager.apply_schema()
        finally:
            store.close()
    print(f"{store.path}: store schema at version {PG_LATEST_VERSION}; queue schema "
          + ("created" if created else "already present"))


_RUN_OPTIONS = {"model", "max_steps", "max_time", "max_tokens", "max_cost", "corpus", "search_backend", "searxng_url"}


@app.command(epilog=EXIT_EPILOG)
def submit(
    question: Annotated[Optional[str], typer.Argument(help="The question, as for `research run`.")] = None,
    contract: Annotated[Optional[Path], typer.Option("--contract", help="Task contract TOML.")] = None,
    corpus: Annotated[Optional[Path], typer.Option("--corpus", help="Local corpus folder (the same path on every worker).")] = None,
    search: Annotated[Optional[str], typer.Option("--search", help="Search backend: local | searxng | tavily | brave.")] = None,
    model: Annotated[Optional[str], typer.Option("--model", help="offline | rules | openai:<name> | scripted:<path.jsonl>.")] = None,
    max_steps: Annotated[Optional[int], typer.Option("--max-steps", min=1, help="Step budget.")] = None,
    max_time: Annotated[Optional[float], typer.Option("--max-time", min=0.001, help="Wall-time budget in seconds.")] = None,
    task_id: Annotated[Optional[str], typer.Option("--task-id", help="Use this task id instead of a generated one.")] = None,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Enqueue one research task for the workers and print its id."""
    from .contract_input import build_contract

    with bad_input():
        cfg = _pg_config("submit", config_file, {"db": db, "corpus": corpus, "search_backend": search, "model": model,
                                                  "max_steps": max_steps, "max_time": max_time})
        task_contract = build_contract(question, contract_file=contract, objects=[], dimensions=[], min_sources=None,
                                       cfg=cfg)
        preflight(cfg)
        from .. import compose
        from ..scale.submit import submit as submit_one

        tid = task_id or compose.new_task_id()
        store, queue = _open(cfg)
        try:
            what, job = submit_one(store, queue, cfg, task_contract, tid)
        finally:
            store.close()
    print(tid)
    print(f"task {tid}: {what.value}" + (f" (job {job})" if job else ""), file=sys.stderr)


@app.command(epilog=EXIT_EPILOG)
def batch(
    file: Annotated[Path, typer.Argument(help="One question a line (.txt), or rows with id and question (.jsonl, .csv).")],
    corpus: Annotated[Optional[Path], typer.Option("--corpus", help="Local corpus folder (the same path on every worker).")] = None,
    search: Annotated[Optional[str], typer.Option("--search", help="Search backend: local | searxng | tavily | brave.")] = None,
    model: Annotated[Optional[str], typer.Option("--model", help="The model every row uses unless the row names one.")] = None,
    max_steps: Annotated[Optional[int], typer.Option("--max-steps", min=1, help="Step budget of each task.")] = None,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Enqueue one task per row; a rerun enqueues only the tasks missing or ended resumable."""
    from collections import Counter

    from ..contract import parse_question
    from ..scale.submit import BatchError, read_batch, submit_many

    with bad_input():
        try:
            rows = read_batch(file)
        except BatchError as exc:
            raise BadInput(str(exc)) from exc
        base = {"db": db, "corpus": corpus, "search_backend": search, "model": model, "max_steps": max_steps}
        cfg = _pg_config("batch", config_file, base)
        preflight(cfg)
        store, queue = _open(cfg)
        try:
            items = [(cfg if not row.options else config(config_file, {**base, **row.options}),
                      parse_question(row.question), row.id) for row in rows]
            counts = Counter(what.value for what in submit_many(store, queue, items))
        finally:
            store.close()
    print(f"{len(rows)} rows: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


@app.command(epilog=EXIT_EPILOG)
def worker(
    concurrency: Annotated[int, typer.Option("--concurrency", "-c", min=1, max=64, help="Tasks run at once.")] = 1,
    until_idle: Annotated[bool, typer.Option("--until-idle", help="Exit 0 once nothing is queued or running (stalled tasks are taken over first).")] = False,
    heartbeat: Annotated[float, typer.Option("--heartbeat", min=0.05, help="Seconds between heartbeats.")] = 0.5,
    stalled: Annotated[float, typer.Option("--stalled", min=0.2, help="A worker silent this long is presumed dead; its tasks are taken over.")] = 2.0,
    model_rate: Annotated[Optional[str], typer.Option("--model-rate", help="Shared limit per model endpoint: N/SECONDS (e.g. 10/2).")] = None,
    model_tpm: Annotated[Optional[int], typer.Option("--model-tpm", min=1, help="Shared tokens per minute per model endpoint.")] = None,
    search_rate: Annotated[Optional[str], typer.Option("--search-rate", help="Shared limit per web search backend: N/SECONDS.")] = None,
    traces: Annotated[Optional[Path], typer.Option("--traces", help="Trace folder (default: $RESEARCH_HOME/traces).")] = None,
    page_latency: Annotated[Optional[float], typer.Option("--page-latency", hidden=True, min=0.001, help="Testing aid: serve every local corpus page this many seconds late.")] = None,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Run queued research tasks (SIGTERM: finish the step in flight, checkpoint, let go, exit)."""
    from ..scale.worker import WorkerOptions, run_worker

    with bad_input():
        if stalled <= heartbeat * 2:
            raise BadInput(f"--stalled {stalled:g} must exceed twice --heartbeat {heartbeat:g}")
        cfg = _pg_config("worker", config_file, {"db": db, "traces": traces})
        limits = _limits(model_rate, model_tpm, search_rate)
    code = run_worker(WorkerOptions(url=cfg.database_url or "", concurrency=concurrency, until_idle=until_idle,
                                    heartbeat=heartbeat, stalled=stalled, traces=cfg.traces, config_file=config_file,
                                    limits=limits, page_latency=page_latency))
    raise typer.Exit(code)


def _rate(flag: str, value: str) -> tuple[int, float]:
    n, sep, per = value.partition("/")
    try:
        requests, period = int(n), float(per) if sep else 60.0
    except ValueError:
        raise BadInput(f"{flag} {value!r}: use REQUESTS/SECONDS, e.g. 10/2") from None
    if requests < 1 or period <= 0:
        raise BadInput(f"{flag} {value!r}: both numbers must be positive")
    return requests, period


def _limits(model_rate: str | None, model_tpm: int | None, search_rate: str | None) -> dict[str, Any]:
    from ..scale.ratelimit import Limit

    limits: dict[str, Any] = {}
    if model_rate or model_tpm:
        requests, period = _rate("--model-rate", model_rate) if model_rate else (None, 60.0)
        limits["model"] = Limit(requests, period, model_tpm)
    if search_rate:
        requests, period = _rate("--search-rate", search_rate)
        limits["search"] = Limit(requests, period)
    return limits


def eval_on_queue(paths: list[Path], *, submit: bool, db: str | None, model: str, baselines: bool, as_json: bool,
                  json_out: Path | None) -> int:
    """`research eval --submit` (queue the cases) and `research eval collect RUN` (print the tables)."""
    import json as jsonlib
    import tempfile

    from ..config import default_eval_paths
    from ..scale.evals import collect, submit_eval

    with bad_input():
        cfg = _pg_config("eval --submit" if submit else "eval collect", None, {"db": db})
        if not submit and len(paths) != 2:
            raise BadInput("use `research eval collect RUN` with the run id `research eval --submit` printed")
        store, queue = _open(cfg)
    try:
        if submit:
            chosen = paths or default_eval_paths()
            with bad_input():
                for p in chosen:
                    if not p.exists():
                        raise BadInput(f"{p} does not exist; pass a case folder, a case.toml or a folder of cases")
            run_id = submit_eval(store, queue, chosen, model=model, baselines=baselines)
            print(run_id)
            print(f"queued {run_id}; `research eval collect {run_id}` prints the tables once the workers are done",
                  file=sys.stderr)
            return 0
        with tempfile.TemporaryDirectory() as tmp:
            target = json_out or (Path(tmp) / "metrics.json" if as_json else None)
            code = collect(store, str(paths[1]), json_path=target, out=sys.stderr if as_json else None)
            if code is None:
                print(f"error: no evaluation run {paths[1]} in {store.path}", file=sys.stderr)
                return 2
            if as_json and target is not None and target.exists():
                sys.stdout.write(jsonlib.dumps(jsonlib.loads(target.read_text(encoding="utf-8")), indent=2) + "\n")
            return code
    finally:
        store.close()


def requeue(store: Any, task: Any, add: dict[str, float | None]) -> int:
    """`research resume ID` on PostgreSQL: a job for the workers, never a second runner beside one."""
    from ..endings import RESUMABLE, EndKind
    from ..scale.lease import Leases
    from ..scale.queue import app_on, enqueue, settings

    with bad_input():
        if task.status in ("created", "running"):
            if Leases(store.database, settings.stalled_seconds).holder(task.id) is not None:
                raise BadInput(f"task {task.id} is running on a worker; `research cancel {task.id}` stops it")
            resume = False
        elif task.end_kind is not None and EndKind(task.end_kind) in RESUMABLE:
            resume = True
        else:
            raise BadInput(f"task {task.id} ended {task.end_kind}; a resume cannot change it")
        job = enqueue(app_on(store.database.pool), task.id, resume=resume,
                      add={k: v for k, v in add.items() if v is not None})
    print(f"task {task.id} queued for the workers" + (f" (job {job})" if job else " (a job was already queued)"),
          file=sys.stderr)
    return 0
