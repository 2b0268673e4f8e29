"""Typed errors of the research tools, classified once, at the boundary.

A tool error is an *observation* for the agent: it tells the agent whether the
same call may succeed later (``transient``) or never will as-is (permanent).
The classification is made where the library error or HTTP status is first
seen (``map_httpx_error``, ``classify_status``); callers branch on the class,
never on a message string::

    ToolError                      (attrs: url, status; class attr: transient)
    ├── TransientToolError         transient = True: retry with backoff
    │   ├── ToolTimeout            connect/read/write/pool timeout, HTTP 408
    │   ├── ConnectionReset        peer closed or reset the connection mid-exchange
    │   ├── RateLimited            HTTP 429; attr retry_after (seconds or None)
    │   └── ServerError            HTTP 5xx; attr status
    └── PermanentToolError         transient = False: never retried as-is
        ├── NotFound               HTTP 404 / 410
        ├── AccessDenied           HTTP 401 / 403
        ├── BadRequest             bad parameters, malformed URL, any other 4xx
        ├── UnsupportedContent     content type not text, binary body, unparseable JSON
        ├── TooLarge               body larger than the visitor's byte cap
        ├── BlockedByPolicy        private/loopback/link-local address, internal
        │                          name, non-http(s) scheme, denied domain; attr reason
        ├── TooManyRedirects       more redirect hops than allowed
        ├── EmptyContent           the page had no extractable text
        └── Unreachable            host does not resolve or refuses the connection

``Unreachable`` is permanent on purpose: within one research run a host that
does not resolve (or that the local web does not serve) will not start to.
A connect *timeout* is a ``ToolTimeout`` and therefore transient.

Messages never carry secrets: callers build them from the URL and status only.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import Mapping
from typing import ClassVar

import httpx

__all__ = [
    "AccessDenied",
    "BadRequest",
    "BlockedByPolicy",
    "ConnectionReset",
    "EmptyContent",
    "NotFound",
    "PermanentToolError",
    "RateLimited",
    "ServerError",
    "ToolError",
    "ToolTimeout",
    "TooLarge",
    "TooManyRedirects",
    "TransientToolError",
    "Unreachable",
    "UnsupportedContent",
    "classify_status",
    "map_httpx_error",
    "parse_retry_after",
]


class ToolError(Exception):
    """Base of every error a research tool raises on purpose."""

    transient: ClassVar[bool] = False

    def __init__(self, message: str = "", *, url: str | None = None, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.url = url
        self.status = status

    def __str__(self) -> str:
        return self.message or type(self).__name__

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, url={self.url!r}, status={self.status!r})"


class TransientToolError(ToolError):
    """The same call may succeed later: retry with backoff within a failure budget."""

    transient: ClassVar[bool] = True


class PermanentToolError(ToolError):
    """The same call will fail again: change the call instead of retrying it."""

    transient: ClassVar[bool] = False


class ToolTimeout(TransientToolError):
    """Connecting, reading or writing took longer than the timeout."""


class ConnectionReset(TransientToolError):
    """The peer closed or reset the connection before a full response arrived."""


class RateLimited(TransientToolError):
    """HTTP 429. ``retry_after`` is the server's requested wait in seconds, if it gave one."""

    def __init__(
        self,
        message: str = "",
        *,
        url: str | None = None,
        status: int | None = 429,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, url=url, status=status)
        self.retry_after = retry_after


class ServerError(TransientToolError):
    """HTTP 5xx from the server."""


class NotFound(PermanentToolError):
    """HTTP 404 or 410."""


class AccessDenied(PermanentToolError):
    """HTTP 401 or 403 (missing or refused credentials, forbidden resource)."""


class BadRequest(PermanentToolError):
    """Bad parameters (empty query, malformed URL) or a 4xx not classified otherwise."""


class UnsupportedContent(PermanentToolError):
    """The body is not text the tools can read (content type, binary bytes, bad JSON)."""


class TooLarge(PermanentToolError):
    """The body exceeded the byte cap."""


class BlockedByPolicy(PermanentToolError):
    """The address policy refused the URL before any request was sent.

    ``reason`` is the human-readable reason (also the message); ``via`` is the
    redirect chain that led to the refused URL (empty when it was asked for directly).
    """

    def __init__(self, reason: str, *, url: str | None = None, via: tuple[str, ...] = ()) -> None:
        super().__init__(reason, url=url)
        self.reason = reason
        self.via = via


class TooManyRedirects(PermanentToolError):
    """More redirect hops than the visitor allows (a loop, usually)."""


class EmptyContent(PermanentToolError):
    """The response was fine but held no extractable text."""


class Unreachable(PermanentToolError):
    """The host does not resolve, or the connection was refused / not routed."""


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` value: delta-seconds or an HTTP date.

    Returns None when the header is absent or unparseable; never negative.
    """
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when is None:
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)


def classify_status(status: int, headers: Mapping[str, str] | None, url: str | None) -> ToolError | None:
    """The error an HTTP status means, or None for 1xx/2xx/3xx.

    429 → RateLimited (Retry-After parsed), 408 → ToolTimeout, other 5xx →
    ServerError, 404/410 → NotFound, 401/403 → AccessDenied, other 4xx →
    BadRequest. The caller raises the returned error (``raise err``).
    """
    if status < 400:
        return None
    headers = headers or {}
    where = f" for {url}" if url else ""
    if status == 429:
        retry_after = parse_retry_after(_header(headers, "retry-after"))
        return RateLimited(f"HTTP 429 rate limited{where}", url=url, retry_after=retry_after)
    if status == 408:
        return ToolTimeout(f"HTTP 408 request timeout{where}", url=url, status=status)
    if status >= 500:
        return ServerError(f"HTTP {status} server error{where}", url=url, status=status)
    if status in (404, 410):
        return NotFound(f"HTTP {status} not found{where}", url=url, status=status)
    if status in (401, 403):
        return AccessDenied(f"HTTP {status} access denied{where}", url=url, status=status)
    return BadRequest(f"HTTP {status} client error{where}", url=url, status=status)


def _header(headers: Mapping[str, str], name: str) -> str | None:
    # httpx.Headers is case-insensitive; a plain dict may not be.
    value = headers.get(name)
    if value is not None:
        return value
    for key, val in headers.items():
        if key.lower() == name:
            return val
    return None


def map_httpx_error(exc: httpx.HTTPError | httpx.InvalidURL, url: str | None) -> ToolError:
    """Classify an httpx exception by its type. Use as ``raise map_httpx_error(e, url) from e``."""
    where = f" for {url}" if url else ""
    if isinstance(exc, httpx.TimeoutException):
        return ToolTimeout(f"timed out{where}", url=url)
    if isinstance(exc, httpx.ConnectError):
        return Unreachable(f"could not connect{where}", url=url)
    if isinstance(exc, httpx.LocalProtocolError):
        return BadRequest(f"invalid request{where}", url=url)
    if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError, httpx.CloseError)):
        return ConnectionReset(f"connection closed or reset by peer{where}", url=url)
    if isinstance(exc, (httpx.UnsupportedProtocol, httpx.InvalidURL)):
        return BadRequest(f"unsupported or invalid URL{where}", url=url)
    if isinstance(exc, httpx.DecodingError):
        return UnsupportedContent(f"could not decode the response body{where}", url=url)
    if isinstance(exc, httpx.TooManyRedirects):
        return TooManyRedirects(f"too many redirects{where}", url=url)
    if isinstance(exc, httpx.ProxyError):
        return Unreachable(f"proxy refused the connection{where}", url=url)
    if isinstance(exc, httpx.TransportError):
        return ConnectionReset(f"transport error{where}", url=url)
    if isinstance(exc, httpx.HTTPStatusError):
        response = exc.response
        classified = classify_status(response.status_code, response.headers, url)
        if classified is not None:
            return classified
    return BadRequest(f"HTTP error{where}", url=url)
