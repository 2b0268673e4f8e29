"""A rate limit shared by every worker, kept in PostgreSQL (docs/scale.md, *Rate limits*).

Per key — `model:<base url>` for each model endpoint, `search:<backend>` for
each search backend — a `Limit` of requests per period and, for models,
tokens per minute.  Every request takes a *grant* first, in one short
transaction that locks the key's row in `rate_keys` (so workers on any
machine queue on it) and reads the live grants in `rate_grants`:

* A grant counts against the request limit from the moment it is taken
  until `period` seconds after its request *finished*.  The server sees a
  request somewhere between those two instants, so no window of `period`
  seconds at the server can hold more than `requests` of them, whatever the
  latency (the last request of such a window was granted while all the
  others still counted).  A grant whose worker died holds on for `period`
  plus the request timeout, then lapses.
* Tokens per minute: the grant reserves an estimate (the request body's
  characters / 4 plus its `max_tokens`); when the answer reports its usage
  the grant is corrected to it.
* A 429 pauses the key until its Retry-After (seconds, an HTTP date, or
  `retry-after-ms`; `default_pause` when it gives none): every worker waits,
  and the client's own retry then takes a grant like any request.

Times come from the database's clock (`clock_timestamp()`), so machines whose
clocks disagree still share one window.  Waiting is polling at most every
`poll` seconds; at the rates these limits are for (a few requests a second)
a transaction per grant and per release is cheap (`bench/scale.py` measures it).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import httpx

from ..store.pg import StoreUnavailable

if TYPE_CHECKING:
    from ..store.pg import PgDatabase

__all__ = ["Limit", "LimitedTransport", "SharedLimiter"]


@dataclass(frozen=True)
class Limit:
    requests: int | None = None
    """At most this many requests in any `period` seconds (None: no request limit)."""
    period: float = 60.0
    tokens_per_minute: int | None = None
    """Model tokens (prompt + completion) in any 60 s (None: no token limit)."""


_NOW = "extract(epoch from clock_timestamp())::float8"
_TAKE = f"""
WITH now AS (SELECT {_NOW} AS t),
live AS (SELECT count(*) FILTER (WHERE g.held_until > now.t) AS n,
                coalesce(sum(g.tokens) FILTER (WHERE g.granted_at > now.t - 60), 0) AS tokens,
                min(g.held_until) FILTER (WHERE g.held_until > now.t) AS frees,
                min(g.granted_at) FILTER (WHERE g.granted_at > now.t - 60) AS oldest
           FROM now LEFT JOIN rate_grants AS g ON g.key = %(key)s GROUP BY now.t)
SELECT now.t, k.paused_until, live.n, live.tokens, live.frees, live.oldest
  FROM now, live, rate_keys AS k WHERE k.key = %(key)s
"""


class SharedLimiter:
    """Grants for `limits` (key prefix `model` or `search` → `Limit`) in the store's database."""

    def __init__(self, db: "PgDatabase", limits: dict[str, Limit], *, hold_seconds: float = 120.0,
                 default_pause: float = 5.0, poll: float = 0.2) -> None:
        self.db, self.limits = db, limits
        self.hold_seconds, self.default_pause, self.poll = hold_seconds, default_pause, poll
        self.waited = 0.0
        """Seconds this process spent waiting for grants (a figure for the bench)."""

    def limit_for(self, key: str) -> Limit | None:
        return self.limits.get(key.split(":", 1)[0])

    def acquire(self, key: str, tokens: int = 0) -> int:
        """Wait for a grant; returns its id (give it back with `release`)."""
        limit = self.limit_for(key) or Limit()
        while True:
            try:
                granted, wait = self._try(key, limit, tokens)
            except StoreUnavailable:
                granted, wait = None, 0.5
            if granted is not None:
                return granted
            pause = min(max(wait, 0.01), self.poll)
            self.waited += pause
            time.sleep(pause)

    def _try(self, key: str, limit: Limit, tokens: int) -> tuple[int | None, float]:
        with self.db.connection() as conn, conn.transaction():
            conn.execute("INSERT INTO rate_keys (key) VALUES (%s) ON CONFLICT (key) DO NOTHING", (key,))
            conn.execute("SELECT 1 FROM rate_keys WHERE key = %s FOR UPDATE", (key,))
            now, paused, n, used, frees, oldest = conn.execute(_TAKE, {"key": key}).fetchone()
            if paused > now:
                return None, paused - now
            if limit.requests is not None and n >= limit.requests:
                return None, (frees or now) - now
            if limit.tokens_per_minute is not None and used and used + tokens > limit.tokens_per_minute:
                return None, (oldest or now) + 60 - now
            row = conn.execute(
                "INSERT INTO rate_grants (key, granted_at, held_until, tokens) VALUES (%s, %s, %s, %s) RETURNING id",
                (key, now, now + limit.period + self.hold_seconds, tokens)).fetchone()
            conn.execute("DELETE FROM rate_grants WHERE key = %s AND held_until < %s AND granted_at < %s",
                         (key, now, now - 60))
        return int(row[0]), 0.0

    def release(self, key: str, grant: int, tokens: int | None = None) -> None:
        """The request finished: its grant counts for `period` more seconds (and `tokens`, when known)."""
        limit = self.limit_for(key) or Limit()
        sql = f"UPDATE rate_grants SET held_until = {_NOW} + %s, tokens = coalesce(%s, tokens) WHERE id = %s"
        try:
            with self.db.connection() as conn:
                conn.execute(sql, (limit.period, tokens, grant))
        except StoreUnavailable:
            pass  # the grant lapses on its own (`hold_seconds` after it was taken)

    def pause(self, key: str, seconds: float) -> None:
        """Every worker waits `seconds` before its next request on `key` (a 429's Retry-After)."""
        sql = (f"INSERT INTO rate_keys (key, paused_until) VALUES (%s, {_NOW} + %s) ON CONFLICT (key) DO UPDATE "
               f"SET paused_until = greatest(rate_keys.paused_until, excluded.paused_until)")
        try:
            with self.db.connection() as conn:
                conn.execute(sql, (key, seconds))
        except StoreUnavailable:
            pass

    def wrap(self, key: str, inner: httpx.BaseTransport) -> httpx.BaseTransport:
        return inner if self.limit_for(key) is None else LimitedTransport(self, key, inner)


def _estimate(request: httpx.Request) -> int:
    body = request.content or b""
    try:
        max_tokens = int(json.loads(body).get("max_tokens") or 0) if body else 0
    except (ValueError, AttributeError, TypeError):
        max_tokens = 0
    return len(body) // 4 + max_tokens


def _used(response: httpx.Response) -> int | None:
    try:
        usage = response.json().get("usage") or {}
        return int(usage["total_tokens"]) if "total_tokens" in usage else None
    except (ValueError, AttributeError, TypeError, KeyError):
        return None


class LimitedTransport(httpx.BaseTransport):
    """An httpx transport that takes a shared grant before each request (see the module docstring)."""

    def __init__(self, limiter: SharedLimiter, key: str, inner: httpx.BaseTransport) -> None:
        self.limiter, self.key, self.inner = limiter, key, inner
        self.model = key.startswith("model:")

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        grant = self.limiter.acquire(self.key, _estimate(request) if self.model else 0)
        try:
            response = self.inner.handle_request(request)
        except BaseException:
            self.limiter.release(self.key, grant)
            raise
        if response.status_code == 429:
            self.limiter.pause(self.key, _retry_after(response) or self.limiter.default_pause)
        used = None
        if self.model and response.status_code < 300:
            response.read()
            used = _used(response)
        self.limiter.release(self.key, grant, used)
        return response

    def close(self) -> None:
        self.inner.close()


def _retry_after(response: httpx.Response) -> float | None:
    from ..llm.openai_model import retry_after_seconds

    return retry_after_seconds(response.headers)

