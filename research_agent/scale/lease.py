"""Leases: which worker may run a task, and for how long (docs/scale.md, *Exactly once*).

A worker claims a task by bumping `tasks.lease_epoch` and writing its queue
worker id into `tasks.lease_worker`, in one conditional `UPDATE`.  The lease
is live while the epoch is still the one claimed **and** the worker's
heartbeat row in Procrastinate's `procrastinate_workers` is fresher than the
stalled threshold: the very signal by which Procrastinate calls a job stalled,
so "the job may be retried elsewhere" and "the lease has run out" are one
fact, decided by the database's clock.  A claim succeeds only when the task
is unleased, leased by this worker, or leased by a worker whose heartbeat is
stale or gone.

* Every commit about the task checks the epoch (`Store.hold_lease`: a
  conditional `UPDATE` that holds the row until commit, so a claim waits for
  it or wins before it).
* Before every tool or model call the worker asks `LeaseGate.before_call`;
  a lease whose epoch moved on raises `LeaseLost`.  A lease whose epoch is
  ours but whose heartbeat is stale (the worker was paused, or the database
  was away) waits up to `stalled_seconds` for the heartbeat to come back —
  counting its pauses between questions, not the time an answer took (a wait
  for the database is one the heartbeat shared):
  either it does (nobody took over: go on) or the epoch moves (stop).  While
  the database cannot be reached at all the gate waits (up to 30 s): nobody
  can take the task over meanwhile.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ..calls import CallKind
from ..store.errors import LeaseLost
from ..store.pg import StoreUnavailable

if TYPE_CHECKING:
    from ..store.pg import PgDatabase

__all__ = ["Claim", "Lease", "LeaseGate", "Leases", "LetGo", "Released"]


class LetGo(BaseException):
    """The worker is shutting down (SIGTERM): stop at the start of the next step; the last
    checkpoint stands and the task goes back to the queue."""


class Claim(str, Enum):
    CLAIMED = "claimed"
    FINISHED = "finished"
    """The task has ended (and the job did not ask to resume it): nothing to do."""
    HELD = "held"
    """Another live worker holds it: this job is a duplicate."""
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Lease:
    task_id: str
    epoch: int
    worker: int


_CLAIM = """
UPDATE tasks AS t SET lease_epoch = t.lease_epoch + 1, lease_worker = %(worker)s,
       job_id = coalesce(%(job)s, t.job_id)
 WHERE t.id = %(task)s
   AND (t.status IN ('created', 'running') OR (%(resume)s AND t.end_kind = ANY(%(resumable)s)))
   AND (t.lease_worker IS NULL OR t.lease_worker = %(worker)s OR NOT EXISTS (
        SELECT 1 FROM procrastinate_workers AS w
         WHERE w.id = t.lease_worker AND w.last_heartbeat > now() - make_interval(secs => %(stale)s)))
RETURNING t.lease_epoch
"""

_LIVE = """
SELECT t.lease_epoch = %(epoch)s,
       EXISTS (SELECT 1 FROM procrastinate_workers AS w
                WHERE w.id = %(worker)s AND w.last_heartbeat > now() - make_interval(secs => %(stale)s))
  FROM tasks AS t WHERE t.id = %(task)s
"""


class Leases:
    """Claim, check and release task leases in the PostgreSQL store's database."""

    def __init__(self, db: "PgDatabase", stalled_seconds: float) -> None:
        self.db, self.stalled_seconds = db, stalled_seconds

    def claim(self, task_id: str, worker: int, job_id: int | None, *, resume: bool = False,
              resumable: tuple[str, ...] = ()) -> tuple[Claim, Lease | None]:
        args = {"task": task_id, "worker": worker, "job": job_id, "resume": resume, "resumable": list(resumable),
                "stale": self.stalled_seconds}
        with self.db.connection() as conn, conn.transaction():
            row = conn.execute(_CLAIM, args).fetchone()
            if row is not None:
                return Claim.CLAIMED, Lease(task_id, int(row[0]), worker)
            found = conn.execute("SELECT status FROM tasks WHERE id = %s", (task_id,)).fetchone()
        if found is None:
            return Claim.UNKNOWN, None
        return (Claim.HELD if found[0] in ("created", "running") else Claim.FINISHED), None

    def state(self, lease: Lease) -> tuple[bool, bool]:
        """(the epoch is still ours, our heartbeat is fresh)."""
        args = {"task": lease.task_id, "epoch": lease.epoch, "worker": lease.worker, "stale": self.stalled_seconds}
        with self.db.connection() as conn:
            row = conn.execute(_LIVE, args).fetchone()
        return (False, False) if row is None else (bool(row[0]), bool(row[1]))

    def holder(self, task_id: str) -> int | None:
        """The live worker holding the task, if any."""
        sql = ("SELECT t.lease_worker FROM tasks AS t JOIN procrastinate_workers AS w ON w.id = t.lease_worker "
               "WHERE t.id = %s AND w.last_heartbeat > now() - make_interval(secs => %s)")
        with self.db.connection() as conn:
            row = conn.execute(sql, (task_id, self.stalled_seconds)).fetchone()
        return None if row is None else int(row[0])

    def release(self, lease: Lease) -> None:
        """Let go of the task (it stays as its last commit left it); a lease already taken over is left alone."""
        with self.db.connection() as conn:
            conn.execute("UPDATE tasks SET lease_worker = NULL WHERE id = %s AND lease_epoch = %s",
                         (lease.task_id, lease.epoch))


class LeaseGate:
    """The worker's `CallGate`: the lease must be live before any tool or model call."""

    def __init__(self, leases: Leases, lease: Lease, draining: threading.Event | None = None) -> None:
        self.leases, self.lease, self.draining = leases, lease, draining
        self.checks = 0
        self.outage_seconds = 30.0
        self._outage_since: float | None = None

    def _outage_ends(self) -> float:
        if self._outage_since is None:
            self._outage_since = time.monotonic()
        return self._outage_since + self.outage_seconds

    def before_call(self, kind: CallKind, name: str) -> None:
        """Return when the lease is ours and its heartbeat fresh; raise `LeaseLost` when it was taken over,
        or when the heartbeat stayed stale over `stalled_seconds` of this gate's own waiting.

        Only the pauses between answers count towards the stale wait, not the time an answer took: a
        question that waited for the database (an outage that shows as a wait for a pool connection, not
        as an error) is time in which the heartbeat could not beat either, and the heartbeat's first
        write after it may be queued behind this very question."""
        self.checks += 1
        waited = 0.0
        while True:
            try:
                ours, fresh = self.leases.state(self.lease)
            except StoreUnavailable:
                if time.monotonic() >= self._outage_ends():
                    raise
                time.sleep(0.25)  # the database is away: nobody can take the task over meanwhile
                waited = 0.0
                continue
            self._outage_since = None
            if not ours:
                raise LeaseLost(self.lease.task_id, f"its lease {self.lease.epoch} was taken over before a {kind.value} "
                                                    f"call ({name}); this worker makes no further call")
            if fresh:
                return
            if waited >= self.leases.stalled_seconds:
                raise LeaseLost(self.lease.task_id, f"worker {self.lease.worker}'s heartbeat stayed stale for "
                                                    f"{self.leases.stalled_seconds:g} s before a {kind.value} call")
            waited += _pause(0.1)


def _pause(seconds: float) -> float:
    """Sleep `seconds`; the time that actually passed (more on a loaded machine)."""
    start = time.monotonic()
    time.sleep(seconds)
    return time.monotonic() - start


class Released(Exception):
    """A job let go of its task (its worker is shutting down): Procrastinate puts it back to `todo`."""
