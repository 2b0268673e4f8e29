"""The Procrastinate app: the task that runs a research task, the periodic sweep, and enqueueing.

* `research.run_task(task_id, resume)` runs one task in a worker (`runtime.py`).
  Jobs are deferred with `queueing_lock = lock = task id`: Procrastinate
  refuses a second queued job for a task (`AlreadyEnqueued`) and never runs
  two jobs of one task at once.  A job is only a reason to look at a task:
  the task row and its lease decide whether anything runs, so a duplicate or
  stale job finds the task held or finished and does nothing.
* `research.sweep`, every `SWEEP_CRON` (one second), is Procrastinate's
  documented periodic `retry_stalled_jobs` — jobs of workers whose heartbeat
  is older than the stalled threshold go back to `todo` — plus ours: a queued
  task whose job vanished (deleted, or ended while the task did not) and whose
  lease is not live gets a new job, up to `MAX_RUNS` runs per task.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import procrastinate
from procrastinate import exceptions as pexc
from procrastinate.jobs import Job
from procrastinate.retry import RetryStrategy

from .lease import Released

if TYPE_CHECKING:
    from procrastinate.job_context import JobContext

__all__ = ["APP", "Released", "app_on", "enqueue", "queue_schema_ready", "settings"]

log = logging.getLogger("research.queue")

RUN_TASK = "research.run_task"
SWEEP = "research.sweep"
SWEEP_CRON = "* * * * * *"  # the sixth field is seconds: every second
MAX_RUNS = 8


@dataclass
class QueueSettings:
    heartbeat_seconds: float = 0.5
    """How often a worker writes its heartbeat."""
    stalled_seconds: float = 2.0
    """A worker whose heartbeat is older than this is presumed dead: its jobs are retried and its
    leases may be claimed."""


settings = QueueSettings()


APP = procrastinate.App(connector=procrastinate.PsycopgConnector(), import_paths=[__name__, f"{__package__}.evals"])


@APP.task(name=RUN_TASK, pass_context=True, retry=RetryStrategy(retry_exceptions={Released}, max_attempts=1000))
def run_task(context: "JobContext", task_id: str, resume: bool = False, add: dict[str, float] | None = None) -> str:
    from .runtime import current

    job = context.job
    assert job.id is not None and job.worker_id is not None
    return current().run(task_id, job_id=job.id, worker_id=job.worker_id, resume=resume, add=add).value


_VANISHED: Any = """
SELECT t.id AS id FROM tasks AS t
 WHERE t.job_id IS NOT NULL AND t.status IN ('created', 'running')
   AND NOT EXISTS (SELECT 1 FROM procrastinate_jobs AS j WHERE j.id = t.job_id AND j.status IN ('todo', 'doing'))
   AND NOT EXISTS (SELECT 1 FROM procrastinate_workers AS w WHERE w.id = t.lease_worker
                    AND w.last_heartbeat > now() - make_interval(secs => %(stale)s))
   AND (SELECT count(*) FROM runs AS r WHERE r.task_id = t.id) < %(max_runs)s
 LIMIT 100
"""


@APP.periodic(cron=SWEEP_CRON, periodic_id="sweep")
@APP.task(name=SWEEP, queueing_lock=SWEEP, pass_context=True)
async def sweep(context: "JobContext", timestamp: int) -> None:
    mine = context.job.worker_id
    manager = context.app.job_manager
    for job in await manager.get_stalled_jobs(seconds_since_heartbeat=settings.stalled_seconds):
        if job.worker_id is not None and job.worker_id == mine:
            continue  # this worker is alive (it runs this sweep): its heartbeat is only late
        try:
            await manager.retry_job(job)
            log.info("retried stalled job %s (%s)", job.id, job.task_kwargs)
        except pexc.ConnectorException:
            pass  # another sweep retried it first
    rows = await context.app.connector.execute_query_all_async(
        _VANISHED, stale=settings.stalled_seconds, max_runs=MAX_RUNS)
    for row in rows:
        await _requeue(context.app, row["id"])


async def _requeue(app: procrastinate.App, task_id: str) -> None:
    try:
        job_id = await app.configure_task(RUN_TASK, queueing_lock=task_id, lock=task_id).defer_async(task_id=task_id)
    except pexc.AlreadyEnqueued:
        return
    await app.connector.execute_query_async(_LINK_JOB, job=job_id, task=task_id)
    log.info("re-enqueued task %s (its job had vanished) as job %s", task_id, job_id)


_LINK_JOB: Any = "UPDATE tasks SET job_id = %(job)s WHERE id = %(task)s"


def enqueue(app: procrastinate.App, task_id: str, *, resume: bool = False, add: dict[str, float] | None = None) -> int | None:
    """Defer a job for `task_id` (`resume`: a task that ended resumable, with `add` more budget) and
    link it to the task; None when one is already queued."""
    kwargs: dict[str, Any] = {"task_id": task_id}
    if resume:
        kwargs.update(resume=True, add=add or {})
    job = Job(queue="default", lock=task_id, queueing_lock=task_id, task_name=RUN_TASK, task_kwargs=kwargs)
    try:  # the job manager of `app` itself (a task's own `defer` goes through the app it was declared on)
        job_id = app.job_manager.defer_job(job).id
    except pexc.AlreadyEnqueued:
        return None
    app.connector.get_sync_connector().execute_query(_LINK_JOB, job=job_id, task=task_id)
    return job_id


def app_on(pool: Any) -> procrastinate.App:
    """The app, opened on the store's own (synchronous) pool: one pool for the store and the queue."""
    app = APP.with_connector(procrastinate.PsycopgConnector())
    app.open(pool)
    return app


def queue_schema_ready(conn: Any) -> bool:
    return conn.execute("SELECT to_regclass('procrastinate_jobs')").fetchone()[0] is not None
