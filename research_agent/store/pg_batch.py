"""The store's PostgreSQL connection inside a transaction: statements held back and sent together.

The store's SQL is written once for both dialects (`?` placeholders); `Batch.execute` binds a
statement's parameters on the client (`_Literals`: the server's quoting rules) and holds it back.  Held statements go out as one multi-statement query —
one message, one round trip, one wake-up of the server — at the first read of any of their results
(`fetchone`, `fetchall`, iteration) and at the commit.  So a transaction costs one round trip per
point where the store needs an answer before it can go on, not one system call and one server
wake-up per statement: a checkpoint sends its checks and writes with the `COMMIT` in one message
(the first of a run in a process its reads in one before, `readahead.py`).  psycopg's pipeline mode, used before,
also shared round trips but sent each statement on its own (a send and a poll each, the server
woken per statement), which cost a checkpoint three to four times the client CPU.

The statements of one message run in order; a failing one stops the rest and fails the transaction
(`pg.PgDatabase.transaction` then rolls back).  An `INSERT … VALUES (one row)` given many rows
(`executemany`) is one statement of many rows, split under the protocol's parameter limit
(`MAX_PARAMS`) so one statement stays a reasonable size.

Binding is most of a checkpoint's client CPU after its diff, so it is done here, not by psycopg's
`ClientCursor.mogrify`, which parses every statement's text for placeholders (again for each new
number of rows) and goes through its adapters for every value: a statement's text is split at its
`?` once (`_parts`), and the values a checkpoint writes — text, integers, NULL — are written as the
server reads them with `standard_conforming_strings` on (the default since PostgreSQL 9.1, checked
per connection): text in single quotes with quotes doubled, nothing else escaped.  Every other value
(floats, `bytea`, text holding a NUL, which psycopg refuses) goes through psycopg's own adapter
(`Transformer.as_literal`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
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


class _Literals:
    """Values as SQL literals for one connection (see the module docstring)."""

    def __init__(self, conn: Any) -> None:
        from psycopg.adapt import Transformer

        self._adapted = Transformer(conn).as_literal
        self._encoding = conn.info.encoding
        self._plain = conn.info.parameter_status("standard_conforming_strings") == "on"

    def __call__(self, value: Any) -> str:
        kind = type(value)
        if kind is str and self._plain and "\x00" not in value:
            return "'" + value.replace("'", "''") + "'"
        if kind is int:
            return str(value) if value >= 0 else f" {value}"  # a space: `x - -1` must not read as a comment
        if value is None:
            return "NULL"
        return str(self._adapted(value).decode(self._encoding))


class Batch:
    """A psycopg connection that takes the store's `?` placeholders and holds statements back."""

    _parts: dict[str, list[str]] = {}
    _groups: dict[str, tuple[str, list[str], str]] = {}

    def __init__(self, conn: Any) -> None:
        self.raw = conn
        self._literal = _Literals(conn)
        self._held: list[tuple[str, _Held]] = []

    @classmethod
    def _split(cls, sql: str) -> list[str]:
        """The statement's text around its `?` placeholders."""
        found = cls._parts.get(sql)
        if found is None:
            found = cls._parts[sql] = sql.split("?")
        return found

    def _bind(self, parts: list[str], params: Sequence[Any]) -> str:
        if len(params) != len(parts) - 1:
            raise TypeError(f"the statement takes {len(parts) - 1} parameters, {len(params)} given: {'?'.join(parts)[:80]}")
        literal = self._literal
        out = [parts[0]]
        for value, part in zip(params, parts[1:]):
            out.append(literal(value))
            out.append(part)
        return "".join(out)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Held:
        return self._hold(self._bind(self._split(sql), params))

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
            self._hold(head + ", ".join([self._bind(values, row) for row in rows[at:at + per]]) + tail)

    @classmethod
    def _row_group(cls, sql: str) -> tuple[str, list[str], str]:
        """An INSERT's SQL split around its one `VALUES (?, …, ?)` group (the group split at its
        placeholders); ("", [], "") for any other statement."""
        found = cls._groups.get(sql)
        if found is None:
            match = re.search(r"\bVALUES\s*(\((?:\s*\?\s*,)*\s*\?\s*\))", sql)
            found = ("", [], "")
            head, tail = (sql[:match.start(1)], sql[match.end(1):]) if match else ("", "")
            if match and sql.lstrip().upper().startswith("INSERT") and "?" not in head + tail:
                found = (head, match.group(1).split("?"), tail)
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
