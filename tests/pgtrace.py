"""Round trips to PostgreSQL, counted from libpq's own trace of the protocol (`RoundTrips`).

A round trip is a wait: the client has sent what it had and must read the
server's answer before it goes on.  In libpq's trace (`PQtrace`) that is each
place where a run of frontend (`F`) messages is followed by a backend (`B`)
one — however many statements the run held (pipeline mode sends many before
one `Sync` or `Flush`).  The count does not depend on the machine's load,
which the milliseconds do.

Use: `tracer = RoundTrips(dir)`; open the pool with `configure=tracer.configure`
(`research_agent.store.pg.open_pool`); `with tracer.counting(): …` traces the
connections the pool made (and any it makes meanwhile) for the block;
`tracer.round_trips` and `tracer.statements` (SQL statements the server ran) are the totals over the `tracer.blocks` blocks so far
(`per_block()`).  One connection at a time: the lines of connections used at once would interleave.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["RoundTrips"]


class RoundTrips:
    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / "libpq-trace.txt"
        self.conns: list[Any] = []
        self.round_trips = 0
        self.statements = 0
        self.blocks = 0
        self._on = False

    def configure(self, conn: Any) -> None:
        """The pool's `configure` hook: remember the connection (traced while counting)."""
        self.conns.append(conn)
        if self._on:
            self._trace(conn)

    def _trace(self, conn: Any) -> None:
        from psycopg import pq

        conn.pgconn.trace(self._fd)
        conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)

    @contextmanager
    def counting(self) -> Iterator[None]:
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        live = [c for c in self.conns if not c.closed]
        self._on = True
        for conn in live:
            self._trace(conn)
        try:
            yield
        finally:
            self._on = False
            for conn in self.conns:
                if not conn.closed:
                    conn.pgconn.untrace()  # flushes libpq's buffered trace
            os.close(self._fd)
            self.blocks += 1
            self._count(self.path.read_text(errors="replace"))

    def per_block(self) -> tuple[float, float]:
        """(round trips, statements) per counted block."""
        n = max(1, self.blocks)
        return self.round_trips / n, self.statements / n

    def _count(self, text: str) -> None:
        last = ""
        for line in text.splitlines():
            side, _, rest = line.partition("\t")
            if side == "B" and last == "F":
                self.round_trips += 1
            if side == "B" and rest.split("\t")[1:2] == ["CommandComplete"]:
                self.statements += 1  # one per statement run, whichever protocol carried it
            if side in ("F", "B"):
                last = side
