"""`research worker`: a Procrastinate worker running research tasks (docs/scale.md).

* `concurrency` jobs at once, each a research task in its own thread (the
  engine is synchronous); one PostgreSQL store (psycopg's thread-safe pool)
  for all of them.  Procrastinate's worker needs an asyncio pool of its own:
  a worker process holds the two (the CLI's other commands share one pool
  between the store and Procrastinate).
* Heartbeat every `heartbeat` seconds; a worker whose heartbeat is older than
  `stalled` is presumed dead by the others (its jobs are retried by the
  periodic sweep, its leases may be claimed).
* SIGTERM (or Ctrl-C, even while it starts up): no new job starts; each running task finishes the step
  in flight (its checkpoint commits), lets go of its lease and goes back to
  the queue for another worker; then the worker exits 0.
* `until_idle`: exit 0 once no research job is queued or running anywhere —
  including jobs of a stalled worker, which the sweep hands back first.
"""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import signal
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["WorkerOptions", "run_worker"]

log = logging.getLogger("research.worker")

_IDLE = """
SELECT NOT EXISTS (SELECT 1 FROM procrastinate_jobs WHERE task_name <> %s AND status IN ('todo', 'doing'))
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
    page_latency: float | None = None


def run_worker(opts: WorkerOptions) -> int:
    """Run until SIGTERM/SIGINT (or idle, with `until_idle`); the exit code."""
    from ..store.pg import PgStore
    from . import evals  # noqa: F401 - registers research.eval_case with the app
    from .queue import queue_schema_ready, settings
    from .ratelimit import SharedLimiter
    from .runtime import WorkerRuntime, install

    # a SIGTERM that comes while the worker starts up drains it as soon as its loop runs, not kills it
    early = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: early.set())
    faulthandler.enable()  # a crash in a C extension prints its Python stack to the worker's log
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
                                config_file=opts.config_file, page_latency=opts.page_latency)
        install(runtime)
        return asyncio.run(_main(opts, runtime, early))
    finally:
        store.close()


class _Heartbeat(threading.Thread):
    """This process's own heartbeat for its queue worker rows, beside Procrastinate's.

    Procrastinate's worker stops itself when the database goes away (its listener or heartbeat
    task fails) and then waits for its running jobs: those tasks ride the outage out in the
    store, and their leases live on this heartbeat, which retries until the database is back."""

    def __init__(self, db: Any, every: float) -> None:
        super().__init__(name="research-heartbeat", daemon=True)
        self.db, self.every = db, every
        self.ids: set[int] = set()
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.wait(self.every):
            ids = sorted(self.ids)
            if not ids:
                continue
            try:
                with self.db.connection() as conn:
                    conn.execute("UPDATE procrastinate_workers SET last_heartbeat = now() WHERE id = ANY(%s)", (ids,))
            except Exception:  # noqa: BLE001 - the database is away: beat again at the next tick
                continue


async def _main(opts: WorkerOptions, runtime: Any, early: threading.Event) -> int:
    import psycopg_pool

    from .queue import APP

    pool = psycopg_pool.AsyncConnectionPool(opts.url, min_size=1, max_size=opts.concurrency + 4, open=False,
                                            check=psycopg_pool.AsyncConnectionPool.check_connection,
                                            name="research-queue")
    await pool.open(wait=True, timeout=10.0)
    beat = _Heartbeat(runtime.store.database, opts.heartbeat)
    beat.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def drain() -> None:
        runtime.draining.set()
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, drain)
    if early.is_set():
        drain()
    try:
        async with APP.open_async(pool):
            while not await _one_worker(APP, opts, runtime, beat, stop):
                log.warning("the queue worker stopped (database unreachable?); starting it again")
                await asyncio.sleep(1.0)
    finally:
        beat.halt.set()
        # joined, not left as a daemon: a thread still inside psycopg while the interpreter
        # finalises can crash the process at exit (seen as a worker exiting -11)
        await asyncio.to_thread(beat.join, opts.heartbeat + 10.0)
        await pool.close()
    return 0


async def _one_worker(app: Any, opts: WorkerOptions, runtime: Any, beat: _Heartbeat, stop: asyncio.Event) -> bool:
    """Run one Procrastinate worker; True when the worker is done (stopped or idle), False to start another."""
    from procrastinate.worker import Worker

    from .queue import SWEEP

    worker = Worker(app, name="research", concurrency=opts.concurrency, wait=True, install_signal_handlers=False,
                    update_heartbeat_interval=opts.heartbeat, stalled_worker_timeout=opts.stalled,
                    fetch_job_polling_interval=0.5, delete_jobs="successful")
    running = asyncio.create_task(worker.run())
    watchers = [asyncio.create_task(stop.wait()), asyncio.create_task(_registered(worker, beat))]
    if opts.until_idle:
        watchers.append(asyncio.create_task(_until_idle(runtime, SWEEP, opts.idle_poll)))
    try:
        done, _ = await asyncio.wait([running, watchers[0], *watchers[2:]], return_when=asyncio.FIRST_COMPLETED)
        finished = running not in done
        if finished:
            running.cancel()  # Procrastinate stops fetching and waits for the running jobs
        try:
            await running
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # noqa: BLE001 - the worker died on a database error: start another
            log.warning("queue worker error: %s", " ".join(str(exc).split())[:200])
        return finished or stop.is_set()
    finally:
        for w in watchers:
            w.cancel()
        if worker.worker_id is not None:
            beat.ids.discard(worker.worker_id)


async def _registered(worker: Any, beat: _Heartbeat) -> None:
    while worker.worker_id is None:
        await asyncio.sleep(0.02)
    beat.ids.add(worker.worker_id)
    await asyncio.Event().wait()


async def _until_idle(runtime: Any, sweep: str, poll: float) -> None:
    def idle() -> bool:  # no job but the sweep's is queued or running
        with runtime.store.database.connection() as conn:
            return bool(conn.execute(_IDLE, (sweep,)).fetchone()[0])

    seen = 0
    while True:
        await asyncio.sleep(poll)
        try:
            seen = seen + 1 if await asyncio.to_thread(idle) else 0
        except Exception:  # noqa: BLE001 - the database is away: not idle, ask again
            seen = 0
        if seen >= 2:  # twice in a row: a job between its defer and its link is not missed
            return
