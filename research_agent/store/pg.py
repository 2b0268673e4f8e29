"""The PostgreSQL store: the same `Store`, over psycopg 3 and a connection pool.

`PgStore(url)` is `Store` with another `Database`: the store's SQL is written
once, with `?` placeholders and `ON CONFLICT … excluded`/`RETURNING`, which
both dialects speak; `PgDatabase` hands the store a connection whose
`execute` turns `?` into psycopg's `%s`.  The schema comes from
`pg_migrations.py` (the same numbers as SQLite's).  This module is imported
only for a `postgresql://` URL (`construct.open_store`), so the SQLite path
never loads psycopg.

* **One pool.**  `PgDatabase` takes connections from a `psycopg_pool.ConnectionPool`
  (autocommit connections; the transaction is ours): a write is a plain
  `BEGIN` (READ COMMITTED: each task is written by the one worker holding its
  lease, and the lease fence's `UPDATE` holds the task row until commit); a
  read is `BEGIN … REPEATABLE READ READ ONLY`, one snapshot, like SQLite's
  deferred `BEGIN`.  Commits do not wait for the server's disk flush
  (`_SESSION`): the durability of SQLite's `synchronous=NORMAL`.  The pool is handed to Procrastinate too (`scale/queue.py`).
* **An outage is waited out.**  A connection that fails (the server restarted,
  the network blinked) is a `StoreUnavailable`; `checkpoint` and `finish` —
  both idempotent — are retried for up to `outage_seconds`, so a worker rides
  out a Postgres restart mid-task and loses nothing; a cancel poll that cannot
  reach the server answers "not cancelled" and asks again at the next poll.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

from .errors import StoreError
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


class _Conn:
    """A psycopg connection that takes the store's `?` placeholders."""

    _cache: dict[str, str] = {}

    def __init__(self, conn: Any) -> None:
        self.raw = conn

    @classmethod
    def _sql(cls, sql: str) -> str:
        found = cls._cache.get(sql)
        if found is None:
            found = cls._cache[sql] = sql.replace("%", "%%").replace("?", "%s")
        return found

    def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> Any:
        return self.raw.execute(self._sql(sql), params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.raw.cursor() as cur:
            cur.executemany(self._sql(sql), rows)


class PgDatabase:
    """The store's connections: a pool (its own, or one handed in) and typed transactions."""

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
            pool = psycopg_pool.ConnectionPool(
                url, min_size=1, max_size=max_size, open=False, kwargs={"autocommit": True, "options": _SESSION},
                check=psycopg_pool.ConnectionPool.check_connection, name="research-store",
            )
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
    def transaction(self, write: bool) -> Iterator[_Conn]:
        """A transaction (committed on success, rolled back on any exception)."""
        begin = "BEGIN" if write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        with self.connection() as conn:
            try:
                # pipeline mode: statements go out without waiting for each answer; a result that is
                # read (a SELECT, the fence's row count) waits, so a checkpoint's writes share round trips
                with conn.pipeline():
                    conn.execute(begin)
                    yield _Conn(conn)
                    conn.execute("COMMIT")
            except BaseException:
                if not conn.closed and conn.info.transaction_status != self._psycopg.pq.TransactionStatus.IDLE:
                    conn.execute("ROLLBACK")
                raise

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
