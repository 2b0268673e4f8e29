"""The SQLite file behind the store: checking it is ours, opening it, transactions.

Plain `sqlite3` (standard library): the CLI opens the store for every
command, and SQLAlchemy's import alone cost more than the whole start-up
budget (`bench/startup.py`).

* **Ours or hands off.**  Before anything is written (even the WAL pragma,
  which changes the file header) the file is opened read-only and checked: it
  must be a SQLite database that is empty or carries our `schema_migrations`
  table.  Anything else is a `StoreError` whose one-line message names the
  file and the fix.
* Every connection gets `journal_mode=WAL`, `synchronous=NORMAL`,
  `foreign_keys=ON` and a 5 s busy timeout.  NORMAL: a commit survives the
  process dying (SIGKILL included); a power loss may take back the last
  commits, never corrupt the file; FULL's fsync per commit would cost ≈20 ms
  a step (docs/decisions.md, *Durability*).  The connection is in autocommit
  mode (`isolation_level=None`) and `Database.transaction` issues the BEGIN:
  `BEGIN IMMEDIATE` for writes (the write lock is taken up front and waited
  for within the busy timeout, instead of failing when a deferred read turns
  into a write), a plain `BEGIN` for a consistent read snapshot.
* Errors are mapped at this boundary: busy / full / read-only → "try again";
  a corrupt page, a file that is not a database, or stored text that is not
  UTF-8 → "damaged".  Other `sqlite3` errors (an integrity violation, a bug)
  propagate unchanged.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import StoreError

__all__ = ["Database"]

_DAMAGED_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


class Database:
    """One connection to the research database at `path`, shared by threads under a lock."""

    sends_together = False
    """Each statement runs as it is issued (in-process): reading before writing costs no round trip, so
    a checkpoint always reads what it depends on (`readahead.py`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._check_file()
        try:
            self.conn = sqlite3.connect(str(path), timeout=5.0, isolation_level=None, check_same_thread=False)
            for pragma in ("busy_timeout = 5000", "journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON"):
                self.conn.execute(f"PRAGMA {pragma}")
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise self.error(exc) from exc
        self._lock = threading.RLock()

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self, write: bool) -> Iterator[sqlite3.Connection]:
        """A transaction (committed on success, rolled back on any exception)."""
        with self._lock:
            try:
                self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield self.conn
                except BaseException:
                    if self.conn.in_transaction:
                        self.conn.execute("ROLLBACK")
                    raise
                self.conn.execute("COMMIT")
            except (sqlite3.OperationalError, sqlite3.DatabaseError, UnicodeDecodeError) as exc:
                mapped = self.mapped(exc)
                if mapped is None:
                    raise
                raise mapped from exc

    # ------------------------------------------------------------ errors
    def not_null_column(self, exc: BaseException) -> str | None:
        """The `table.column` whose NOT NULL constraint `exc` reports: the checks `readahead.expect_saved`
        sends, which this dialect never sends (`sends_together`)."""
        return None

    def mapped(self, exc: BaseException) -> StoreError | None:
        """The `StoreError` for a database failure; None for one that is not the file's fault."""
        if isinstance(exc, UnicodeDecodeError):
            return self.error(exc)
        if isinstance(exc, sqlite3.OperationalError):
            if getattr(exc, "sqlite_errorcode", None) is None:
                # pysqlite's own failure to decode a stored value carries no SQLite code
                return StoreError(f"{self.path} is damaged or not a research database (a stored value is not "
                                  "UTF-8 text); pass --db to use another file")
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            # locked past the busy timeout, disk full, read-only file…: rolled back, nothing half-written
            return StoreError(f"{self.path}: {reason}; nothing was written, try again (or pass --db to use another file)")
        if isinstance(exc, sqlite3.DatabaseError) and type(exc) is sqlite3.DatabaseError:
            if getattr(exc, "sqlite_errorcode", None) in _DAMAGED_CODES:
                return self.error(exc)
        return None

    def error(self, exc: BaseException) -> StoreError:
        """The one-line `StoreError` for a file that cannot be opened or read."""
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
            raise self.error(exc) from exc
        try:
            names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except (sqlite3.Error, UnicodeDecodeError) as exc:  # scrambled bytes can decode as neither
            raise self.error(exc) from exc
        finally:
            raw.close()
        names = {n for n in names if not n.startswith("sqlite_")}
        if names and "schema_migrations" not in names:
            shown = ", ".join(sorted(names)[:3]) + (", …" if len(names) > 3 else "")
            raise StoreError(
                f"{self.path} is not a research database (it holds other tables: {shown}); "
                "pass --db to use another file"
            )
