"""The PostgreSQL store: the same `Store`, over psycopg 3 and a connection pool.

`PgStore(url)` is `Store` with another `Database`: the store's SQL is written
once, with `?` placeholders and `ON CONFLICT … excluded`/`RETURNING`, which
both dialects speak; `PgDatabase` hands the store a connection (`pg_batch.Batch`)
that binds `?` on the client and holds statements back until an answer is
needed, so a checkpoint is one round trip (its checks, writes and commit; the
first of a run in a process reads first: two, `readahead.py`).  The schema comes from
`pg_migrations.py` (the same numbers as SQLite's).  This module is imported
only for a `postgresql://` URL (`construct.open_store`), so the SQLite path
never loads psycopg.

* **One pool.**  `PgDatabase` takes connections from a `psycopg_pool.ConnectionPool`
  (autocommit connections; the transaction is ours): a write is a plain
  `BEGIN` (READ COMMITTED: each task is written by the one worker holding its
  lease, and the lease fence's `UPDATE` holds the task row until commit); a
  read is `BEGIN … REPEATABLE READ READ ONLY`, one snapshot, like SQLite's
  deferred `BEGIN`.  Commits do not wait for the server's disk flush
  (`_SESSION`): the durability of SQLite's `synchronous=NORMAL`.  The pool is handed to Procrastinate
  too (`scale/queue.py`).  A connection is handed out without asking the server whether it is alive
  unless its idle socket shows the server said something (`quiet_or_checked`).
* **An outage is waited out.**  A connection that fails (the server restarted,
  the network blinked) is a `StoreUnavailable`; `checkpoint` and `finish` —
  both idempotent — are retried for up to `outage_seconds`, so a worker rides
  out a Postgres restart mid-task and loses nothing; a cancel poll that cannot
  reach the server answers "not cancelled" and asks again at the next poll.
"""

from __future__ import annotations

import logging
import select
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

from .errors import StoreError
from .pg_batch import Batch
from .pg_url import is_pg_url, safe_url
from .pg_migrations import PG_LATEST_VERSION, current_version, migrate
from .store import Store

# The pool logs each failed connection attempt; a command says what went wrong in one line of its own
# (a worker's logging configuration still shows them: they propagate to its root handler).
logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())

__all__ = ["PgDatabase", "PgStore", "StoreUnavailable", "is_pg_url", "safe_url"]

_SESSION = "-c synchronous_commit=off"
"""The store's commits do not wait for the server's WAL flush: a commit survives the worker dying (the
server has it); a crash of the *server* may take back its last commits (a fraction of a second), never
corrupt anything — the durability SQLite's `synchronous=NORMAL` gives the embedded store (docs/decisions.md,
*Durability*), at a fraction of a flush per checkpoint (bench/scale.py)."""


class StoreUnavailable(StoreError):
    """The database server cannot be reached right now; nothing was written."""


def quiet_or_checked(conn: Any) -> None:
    """The pool's check of a connection it hands out, without a round trip when there is nothing to ask.

    An idle autocommit connection has nothing to receive: when its socket is readable, the server has
    said something — almost always goodbye (a restart, a killed backend, an idle timeout), whose FATAL
    message and end of stream wait there — and psycopg_pool's own check (an empty query) settles it,
    raising for a dead connection, which the pool then replaces.  A quiet socket costs no round trip,
    where the empty query cost one per transaction (a sixth of a checkpoint's)."""
    import psycopg
    import psycopg_pool

    if conn.closed:
        raise psycopg.OperationalError("the connection is closed")
    if _readable(conn.pgconn.socket):
        psycopg_pool.ConnectionPool.check_connection(conn)


def _readable(fd: int) -> bool:
    """Whether the socket has something to read, without waiting (poll: no FD_SETSIZE limit)."""
    if not hasattr(select, "poll"):
        return bool(select.select([fd], [], [], 0)[0])
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLPRI)
    return bool(poller.poll(0))


def open_pool(url: str, *, max_size: int = 4, open_now: bool = True, configure: Callable[[Any], None] | None = None) -> Any:
    """The store's connection pool on `url`: autocommit connections (the store issues its own BEGIN),
    commits that do not wait for the server's flush (`_SESSION`), each checked as it is handed out
    (`quiet_or_checked`); `configure` runs on every new connection (a benchmark traces them)."""
    import psycopg_pool

    return psycopg_pool.ConnectionPool(
        url, min_size=1, max_size=max_size, open=open_now, kwargs={"autocommit": True, "options": _SESSION},
        check=quiet_or_checked, configure=configure, name="research-store",
    )


class PgDatabase:
    """The store's connections: a pool (its own, or one handed in) and typed transactions."""

    sends_together = True
    """Statements are held back and sent together (`pg_batch.py`): a checkpoint that knows what it would
    read sends checks that fail its transaction instead of reads (`readahead.py`)."""

    def __init__(self, url: str, *, pool: Any = None, max_size: int = 4) -> None:
        import psycopg
        import psycopg_pool

        self.url, self.where = url, safe_url(url)
        self._psycopg = psycopg
        self.own_pool = pool is None
        if pool is None:
            try:  # one direct attempt first: a wrong URL or a server that is down is one clear line, at once
                psycopg.connect(url, connect_timeout=5).close()
            except psycopg.Error as exc:
                reason = " ".join(str(exc).split())[:300] or type(exc).__name__
                raise StoreError(f"cannot connect to {self.where} ({reason}); check the URL and that the server "
                                 "is running, or pass --db to use another database") from exc
            pool = open_pool(url, max_size=max_size, open_now=False)
            try:
                pool.open(wait=True, timeout=10.0)
            except psycopg_pool.PoolTimeout as exc:
                pool.close()
                raise StoreError(f"cannot connect to {self.where} within 10 s; check the URL and that the "
                                 "server is running (pass --db to use another database)") from exc
        self.pool = pool

    def close(self) -> None:
        if self.own_pool:
            self.pool.close()

    @contextmanager
    def connection(self) -> Iterator[Any]:
        """A raw autocommit connection from the pool (for migrations and the queue's own SQL)."""
        try:
            with self.pool.connection() as conn:
                yield conn
        except self._psycopg.OperationalError as exc:
            raise self.unavailable(exc) from exc

    @contextmanager
    def transaction(self, write: bool) -> Iterator[Batch]:
        """A transaction (committed on success, rolled back on any exception); its statements are
        held back and sent together when a result is read and at the commit (`pg_batch.py`)."""
        with self.connection() as conn:
            try:
                batch = Batch(conn)
                batch.execute("BEGIN" if write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                yield batch
                batch.execute("COMMIT")
                batch.flush()
            except BaseException:
                if not conn.closed and conn.info.transaction_status != self._psycopg.pq.TransactionStatus.IDLE:
                    conn.execute("ROLLBACK")
                raise

    def not_null_column(self, exc: BaseException) -> str | None:
        """The `table.column` whose NOT NULL constraint `exc` reports, from the server's error fields."""
        if isinstance(exc, self._psycopg.errors.NotNullViolation):
            return f"{exc.diag.table_name}.{exc.diag.column_name}"
        return None

    def unavailable(self, exc: BaseException) -> StoreUnavailable:
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        return StoreUnavailable(f"{self.where} is unreachable ({reason}); nothing was written, try again")


class PgStore(Store):
    """The research store in PostgreSQL at `url` (see the module docstring)."""

    outage_seconds = 30.0

    def __init__(self, url: str, *, pool: Any = None, migrate_schema: bool = True) -> None:
        self.url = url
        database = PgDatabase(url, pool=pool)
        self._db = cast(Any, database)
        self.path = cast(Any, database.where)
        self._written = {}
        self._leases = {}
        self._expected = {}
        try:
            with database.connection() as conn:
                version = current_version(conn)
                if version > PG_LATEST_VERSION:
                    raise StoreError(
                        f"{self.path} was written by a newer version of research (schema {version}, this one "
                        f"knows {PG_LATEST_VERSION}); upgrade research or pass --db to use another database")
                if migrate_schema:
                    migrate(conn)
        except BaseException:
            database.close()
            raise

    @property
    def database(self) -> PgDatabase:
        return cast(PgDatabase, self._db)

    def _patient(self, call: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        deadline = time.monotonic() + self.outage_seconds
        while True:
            try:
                return call(*args, **kw)
            except StoreUnavailable:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.25)

    def checkpoint(self, task_id: str, run_id: str, state: Any, usage: Any = None, facts: Any = None) -> None:
        self._patient(super().checkpoint, task_id, run_id, state, usage, facts)

    def finish(self, task_id: str, run_id: str, **kw: Any) -> None:  # type: ignore[override]
        self._patient(super().finish, task_id, run_id, **kw)

    def cancel_requested(self, task_id: str) -> bool:
        try:
            return super().cancel_requested(task_id)
        except StoreUnavailable:
            return False  # asked again at the next poll
