"""The store's PostgreSQL connection inside a transaction: statements held back and sent together.

The store's SQL is written once for both dialects (`?` placeholders); `Batch.execute` binds a
statement's parameters on the client (psycopg's `ClientCursor.mogrify`: the server's own quoting
rules, `bytea` included) and holds it back.  Held statements go out as one multi-statement query —
one message, one round trip, one wake-up of the server — at the first read of any of their results
(`fetchone`, `fetchall`, iteration) and at the commit.  So a transaction costs one round trip per
point where the store needs an answer before it can go on, not one system call and one server
wake-up per statement: a checkpoint sends its reads (the lease fence's among them) in one message
and its writes with the `COMMIT` in another (`readahead.py`).  psycopg's pipeline mode, used before,
also shared round trips but sent each statement on its own (a send and a poll each, the server
woken per statement), which cost a checkpoint three to four times the client CPU.

The statements of one message run in order; a failing one stops the rest and fails the transaction
(`pg.PgDatabase.transaction` then rolls back).  An `INSERT … VALUES (one row)` given many rows
(`executemany`) is one statement of many rows, split under the protocol's parameter limit
(`MAX_PARAMS`) so one statement stays a reasonable size.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

__all__ = ["Batch", "MAX_PARAMS"]

MAX_PARAMS = 32_000
"""Parameters per multi-row statement: larger batches of rows go in several statements."""


class _Held:
    """The result of a held statement: reading it sends everything held so far."""

    def __init__(self, batch: "Batch") -> None:
        self._batch = batch
        self.rows: list[tuple[Any, ...]] | None = None

    def _ready(self) -> list[tuple[Any, ...]]:
        if self.rows is None:
            self._batch.flush()
        assert self.rows is not None
        return self.rows

    def fetchone(self) -> tuple[Any, ...] | None:
        rows = self._ready()
        return rows.pop(0) if rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        rows, self.rows = self._ready(), []
        return rows

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.fetchall())


class Batch:
    """A psycopg connection that takes the store's `?` placeholders and holds statements back."""

    _cache: dict[str, str] = {}
    _groups: dict[str, tuple[str, str, str]] = {}

    def __init__(self, conn: Any) -> None:
        import psycopg

        self.raw = conn
        self._mogrify = psycopg.ClientCursor(conn).mogrify
        self._held: list[tuple[str, _Held]] = []

    @classmethod
    def _sql(cls, sql: str) -> str:
        found = cls._cache.get(sql)
        if found is None:
            found = cls._cache[sql] = sql.replace("%", "%%").replace("?", "%s")
        return found

    def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> _Held:
        return self._hold(self._mogrify(self._sql(sql), params))

    def _hold(self, text: str) -> _Held:
        held = _Held(self)
        self._held.append((text, held))
        return held

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """`sql` once per row; an `INSERT … VALUES (one row)` is one statement of many rows."""
        head, values, tail = self._row_group(sql)
        if not values:
            for row in rows:
                self.execute(sql, row)
            return
        per = max(1, MAX_PARAMS // max(1, len(rows[0]) if rows else 1))
        for at in range(0, len(rows), per):
            chunk = rows[at:at + per]
            self._hold(self._mogrify(head + ", ".join([values] * len(chunk)) + tail, [v for row in chunk for v in row]))

    @classmethod
    def _row_group(cls, sql: str) -> tuple[str, str, str]:
        """An INSERT's SQL split around its one `VALUES (?, …, ?)` group (placeholders converted);
        ("", "", "") for any other statement."""
        found = cls._groups.get(sql)
        if found is None:
            match = re.search(r"\bVALUES\s*(\((?:\s*\?\s*,)*\s*\?\s*\))", sql)
            found = ("", "", "")
            if match and sql.lstrip().upper().startswith("INSERT"):
                found = (cls._sql(sql[:match.start(1)]), cls._sql(match.group(1)), cls._sql(sql[match.end(1):]))
            cls._groups[sql] = found
        return found

    def flush(self) -> None:
        """Send every held statement in one message and hand each its rows."""
        held, self._held = self._held, []
        if not held:
            return
        with self.raw.cursor() as cur:
            cur.execute(";\n".join(text for text, _ in held))  # no parameters: the simple query protocol
            for n, (_, result) in enumerate(held):
                if n:
                    cur.nextset()
                result.rows = list(cur.fetchall()) if cur.description is not None else []
