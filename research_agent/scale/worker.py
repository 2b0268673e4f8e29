"""`research worker`: a Procrastinate worker running research tasks (docs/scale.md).

* `concurrency` jobs at once, each a research task in its own thread (the
  engine is synchronous); one PostgreSQL store (psycopg's thread-safe pool)
  for all of them.  Procrastinate's worker needs an asyncio pool of its own:
  a worker process holds the two (the CLI's other commands share one pool
  between the store and Procrastinate).
* Heartbeat every `heartbeat` seconds; a worker whose heartbeat is older than
  `stalled` is presumed dead by the others (its jobs are retried by the
  periodic sweep, its leases may be claimed).
* SIGTERM (or Ctrl-C): no new job starts; each running task finishes the step
  in flight (its checkpoint commits), lets go of its lease and goes back to
  the queue for another worker; then the worker exits 0.
* `until_idle`: exit 0 once no research job is queued or running anywhere —
  including jobs of a stalled worker, which the sweep hands back first.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["WorkerOptions", "run_worker"]

log = logging.getLogger("research.worker")

_IDLE = """
SELECT NOT EXISTS (SELECT 1 FROM procrastinate_jobs WHERE task_name = %s AND status IN ('todo', 'doing'))
"""


@dataclass
class WorkerOptions:
    url: str
    concurrency: int = 1
    until_idle: bool = False
    heartbeat: float = 0.5
    stalled: float = 2.0
    traces: Path = Path("traces")
    config_file: Path | None = None
    limits: dict[str, Any] = field(default_factory=dict)
    idle_poll: float = 0.5


def run_worker(opts: WorkerOptions) -> int:
    """Run until SIGTERM/SIGINT (or idle, with `until_idle`); the exit code."""
    from ..store.pg import PgStore
    from .queue import queue_schema_ready, settings
    from .ratelimit import SharedLimiter
    from .runtime import WorkerRuntime, install

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    log.setLevel(logging.INFO)
    logging.getLogger("research.queue").setLevel(logging.INFO)
    settings.heartbeat_seconds, settings.stalled_seconds = opts.heartbeat, opts.stalled
    store = PgStore(opts.url)
    try:
        with store.database.connection() as conn:
            if not queue_schema_ready(conn):
                print(f"error: {store.path} has no queue schema; run `research db upgrade --db URL` first",
                      file=sys.stderr)
                return 2
        limiter = SharedLimiter(store.database, opts.limits) if opts.limits else None
        runtime = WorkerRuntime(store, stalled_seconds=opts.stalled, traces=opts.traces, limiter=limiter,
                                config_file=opts.config_file)
        install(runtime)
        return asyncio.run(_main(opts, runtime))
    finally:
        store.close()


async def _main(opts: WorkerOptions, runtime: Any) -> int:
    import psycopg_pool

    from .queue import APP, RUN_TASK

    pool = psycopg_pool.AsyncConnectionPool(opts.url, min_size=1, max_size=opts.concurrency + 4, open=False,
                                            check=psycopg_pool.AsyncConnectionPool.check_connection,
                                            name="research-queue")
    await pool.open(wait=True, timeout=10.0)
    try:
        async with APP.open_async(pool):
            worker = asyncio.create_task(APP.run_worker_async(
                concurrency=opts.concurrency, wait=True, install_signal_handlers=False,
                update_heartbeat_interval=opts.heartbeat, stalled_worker_timeout=opts.stalled,
                fetch_job_polling_interval=0.5, delete_jobs="successful", name="research"))
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()

            def drain() -> None:
                runtime.draining.set()
                stop.set()

            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, drain)
            watchers = [asyncio.create_task(stop.wait())]
            if opts.until_idle:
                watchers.append(asyncio.create_task(_until_idle(runtime, RUN_TASK, opts.idle_poll)))
            done, _ = await asyncio.wait([worker, *watchers], return_when=asyncio.FIRST_COMPLETED)
            for w in watchers:
                w.cancel()
            if worker not in done:
                worker.cancel()  # Procrastinate stops fetching and waits for the running jobs
            try:
                await worker
            except asyncio.CancelledError:
                pass
    finally:
        await pool.close()
    return 0


async def _until_idle(runtime: Any, task_name: str, poll: float) -> None:
    def idle() -> bool:
        with runtime.store.database.connection() as conn:
            return bool(conn.execute(_IDLE, (task_name,)).fetchone()[0])

    seen = 0
    while True:
        await asyncio.sleep(poll)
        try:
            seen = seen + 1 if await asyncio.to_thread(idle) else 0
        except Exception:  # noqa: BLE001 - the database is away: not idle, ask again
            seen = 0
        if seen >= 2:  # twice in a row: a job between its defer and its link is not missed
            return
