"""Running one claimed task inside a worker process (`research.run_task`).

`WorkerRuntime.run(task_id, job_id, worker_id)`:

1. claims the task's lease (`lease.py`); a task held by a live worker, or
   finished, is left alone: the job was a duplicate or stale;
2. holds the lease in the store (every commit checks its epoch) and runs the
   task through the composition root — a first run, or a resume from the last
   checkpoint of a task another worker started — with `RunSeams`: the lease
   gate before every tool and model call, the shared rate limit on every
   outgoing HTTP client, and a hook that lets go at the next step when the
   worker is draining (SIGTERM);
3. releases the lease.

A worker that finds its lease taken over was presumed dead by the others (its
heartbeat stopped for longer than the stalled threshold: paused, frozen, cut
off) and every task it held now belongs to another worker; it exits at once
with `EXIT_PRESUMED_DEAD`, making no further call and no commit, and leaving
the queue's rows to the workers that took over.
"""

from __future__ import annotations

import logging
import os
import threading
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import EngineHook

from ..calls import RunSeams
from ..endings import RESUMABLE
from ..store.errors import LeaseLost
from .lease import Claim, LeaseGate, Leases, LetGo, Released

if TYPE_CHECKING:
    from ..store.pg import PgStore
    from .ratelimit import SharedLimiter

__all__ = ["EXIT_PRESUMED_DEAD", "JobOutcome", "WorkerRuntime", "current", "install"]

EXIT_PRESUMED_DEAD = 75
log = logging.getLogger("research.worker")


class JobOutcome(str, Enum):
    RAN = "ran"
    FINISHED = "finished"
    HELD = "held"
    UNKNOWN = "unknown"
    REFUSED = "refused"


class _WorkerHook(EngineHook):
    """Let go at the start of the next step once the worker drains (the last step is committed), and
    keep each step's trace line in the store, so `research trace` reads it from any machine."""

    def __init__(self, draining: threading.Event, store: "PgStore", task_id: str) -> None:
        self.draining, self.store, self.task_id = draining, store, task_id
        self.run_id: str | None = None

    def on_run_start(self, engine: Any, state: Any, task: Any) -> None:
        self.run_id = self.store.runs(self.task_id)[-1].id

    def on_before_step(self, state: Any, step: int) -> None:
        if self.draining.is_set():
            raise LetGo(f"the worker is shutting down; step {step} is left to the next worker")

    def on_after_step(self, state: Any, record: Any) -> None:
        from engine.trace import StepLine

        if self.run_id is not None:
            line = StepLine.of(record, self.run_id, self.task_id)
            self.store.add_step_line(self.task_id, self.run_id, record.step, line.model_dump_json())


class WorkerRuntime:
    """What the jobs of one worker process share: the store, leases, limits and settings."""

    def __init__(self, store: "PgStore", *, stalled_seconds: float, traces: Path,
                 limiter: "SharedLimiter | None" = None, config_file: Path | None = None,
                 page_latency: float | None = None) -> None:
        self.store, self.limiter, self.traces, self.config_file = store, limiter, traces, config_file
        self.page_latency = page_latency
        """Testing aid (`research worker --page-latency`): every corpus page is served this much later."""
        self.leases = Leases(store.database, stalled_seconds)
        self.draining = threading.Event()
        self._running: set[str] = set()
        self._lock = threading.Lock()
        self.exit = os._exit  # the seam a test replaces to see the exit instead of dying

    def run(self, task_id: str, *, job_id: int, worker_id: int, resume: bool = False,
            add: dict[str, float] | None = None) -> JobOutcome:
        with self._lock:
            if task_id in self._running:
                log.info("job %s: task %s held (by this worker); nothing to do", job_id, task_id)
                return JobOutcome.HELD
            self._running.add(task_id)
        try:
            claim, lease = self.leases.claim(task_id, worker_id, job_id, resume=resume,
                                             resumable=tuple(k.value for k in RESUMABLE))
            if claim is not Claim.CLAIMED or lease is None:
                log.info("job %s: task %s %s; nothing to do", job_id, task_id, claim.value)
                return JobOutcome(claim.value)
            return self._run_claimed(task_id, lease, job_id, add or {})
        finally:
            with self._lock:
                self._running.discard(task_id)

    def _run_claimed(self, task_id: str, lease: Any, job_id: int, add: dict[str, float]) -> JobOutcome:
        from ..compose import ResumeError

        self.store.hold_lease(task_id, lease.epoch)
        seams = RunSeams(gate=LeaseGate(self.leases, lease, self.draining),
                         transport=self.limiter.wrap if self.limiter is not None else None,
                         hooks=[_WorkerHook(self.draining, self.store, task_id)])
        try:
            outcome = self._execute(task_id, seams, add)
            log.info("job %s: task %s ended %s", job_id, task_id, outcome.end_kind.value)
            return JobOutcome.RAN
        except LetGo:
            self.leases.release(lease)
            raise Released(f"task {task_id} let go at a step boundary (worker shutting down)") from None
        except LeaseLost as exc:
            log.error("%s; worker %s was presumed dead, exiting without touching anything", exc, lease.worker)
            self.exit(EXIT_PRESUMED_DEAD)
            raise
        except ResumeError as exc:
            log.warning("job %s: task %s cannot be resumed: %s", job_id, task_id, exc)
            return JobOutcome.REFUSED
        finally:
            self.store.hold_lease(task_id, None)
            if not self.draining.is_set():
                self.leases.release(lease)

    def _execute(self, task_id: str, seams: RunSeams, add: dict[str, float]) -> Any:
        from .. import compose

        task = self.store.load_task(task_id)
        cfg = self.config_for(task)
        faults = self._slow_pages(cfg)
        if self.store.runs(task_id):  # started before (by a worker that died or let go): from its checkpoint
            return compose.resume(self.store, task_id, cfg, add=add, seams=seams, faults=faults)
        return compose.execute(self.store, cfg, task.task_contract, task_id, budget=compose.budget_from(cfg),
                               seams=seams, faults=faults)

    def _slow_pages(self, cfg: Any) -> list[Any] | None:
        if not self.page_latency:
            return None
        from ..tools.faults import Fault
        from ..tools.localweb import iter_corpus

        return [Fault(url=f.url, kind="slow", seconds=self.page_latency) for f in iter_corpus(cfg.corpus_path())]

    def config_for(self, task: Any) -> Any:
        """The task's stored settings, with this worker's database, traces and credentials."""
        from ..config import ResearchConfig, load_config

        stored = {k: v for k, v in task.config.items() if k in ResearchConfig.model_fields and v is not None}
        for local in ("db", "traces", "record_script", "llm_capabilities_file"):
            stored.pop(local, None)
        stored.update(database_url=self.store.url, traces=str(self.traces))
        return load_config(self.config_file, stored)


_CURRENT: WorkerRuntime | None = None


def install(runtime: WorkerRuntime) -> None:
    global _CURRENT
    _CURRENT = runtime


def current() -> WorkerRuntime:
    if _CURRENT is None:
        raise RuntimeError("research.run_task runs only inside `research worker`")
    return _CURRENT
