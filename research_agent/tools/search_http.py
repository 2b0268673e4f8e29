"""Web search backends over HTTP: SearXNG (JSON API), Tavily and Brave.

Each takes the caller's ``httpx.Client`` and a ``base_url`` (so tests point it at
a loopback server that speaks the provider's format):

* ``SearxngSearch``: ``GET {base}/search?q=…&format=json`` → ``results[]`` with
  ``url``/``title``/``content`` (and ``score``). The instance must enable the
  JSON format (``search.formats`` in its settings), else it answers 403.
* ``TavilySearch``: ``POST {base}/search`` with JSON ``{"query", "max_results"}``
  and ``Authorization: Bearer <key>`` (the current API's authentication; the
  key is not repeated in the body) → ``results[]`` with ``url``/``title``/
  ``content``/``score``.
* ``BraveSearch``: ``GET {base}/res/v1/web/search?q=…&count=…`` with
  ``X-Subscription-Token: <key>`` → ``web.results[]`` with ``url``/``title``/
  ``description`` (HTML highlight tags stripped). ``count`` is capped at 20.

Errors are classified at this boundary: 429 → ``RateLimited`` with
``Retry-After`` (Brave's ``X-RateLimit-Reset`` when there is no Retry-After),
5xx → ``ServerError``, 401/403 → ``AccessDenied``, other 4xx → ``BadRequest``,
timeouts → ``ToolTimeout``, resets → ``ConnectionReset``, a body that is not
the expected JSON → ``UnsupportedContent``.

Secrets: API keys live in a private attribute, are redacted from ``repr`` and
are never put in an error message (messages name the backend, the endpoint
path and the status only).

With ``offline_guard=True`` (the config setting ``offline_guard``, env
``RESEARCH_OFFLINE_GUARD=1``, which the test suite turns on) a backend refuses
any base URL whose host is not loopback (``127.0.0.1``, ``localhost``,
``::1``) with ``BlockedByPolicy`` — checked when it is built and again on every
search, so no test can reach a real provider.
"""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import urlsplit

import httpx

from research_agent.tools.errors import (
    AccessDenied,
    BadRequest,
    BlockedByPolicy,
    RateLimited,
    ToolError,
    UnsupportedContent,
    classify_status,
    map_httpx_error,
    parse_retry_after,
)
from research_agent.tools.search import SearchResult

__all__ = ["BraveSearch", "SearxngSearch", "TavilySearch", "loopback_guard"]

_LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
_TAGS = re.compile(r"<[^>]+>")
BRAVE_MAX_COUNT = 20


def loopback_guard(base_url: str, enabled: bool) -> None:
    """Raise ``BlockedByPolicy`` when the offline guard is on and ``base_url`` is not loopback."""
    host = (urlsplit(base_url).hostname or "").lower()
    if enabled and host not in _LOOPBACK_HOSTS:
        raise BlockedByPolicy("the offline guard is on: real search providers are disabled", url=base_url)


def _plain(text: object) -> str:
    if not isinstance(text, str):
        return ""
    return " ".join(html.unescape(_TAGS.sub("", text)).split())


class _HttpSearch:
    """Shared request/response handling; subclasses build the request and parse results."""

    name = "http"

    def __init__(self, client: httpx.Client, base_url: str, api_key: str | None = None, *,
                 offline_guard: bool = False) -> None:
        self.client = client
        self.base_url = base_url.rstrip("/")
        self.__api_key = api_key
        self.offline_guard = offline_guard
        loopback_guard(self.base_url, offline_guard)

    @property
    def _api_key(self) -> str:
        if not self.__api_key:
            raise AccessDenied(f"{self.name}: no API key configured")
        return self.__api_key

    def __repr__(self) -> str:
        key = "<redacted>" if self.__api_key else None
        return f"{type(self).__name__}(base_url={self.base_url!r}, api_key={key!r})"

    def search(self, query: str, limit: int = 10) -> list[SearchResult]:
        """Up to ``limit`` results for ``query``, in the provider's order."""
        if not query.strip():
            raise BadRequest(f"{self.name}: empty query")
        if limit < 1:
            raise BadRequest(f"{self.name}: limit must be at least 1, got {limit}")
        loopback_guard(self.base_url, self.offline_guard)
        request = self._request(query, limit)
        endpoint = f"{self.base_url}{request.url.path}"
        try:
            response = self.client.send(request)
        except httpx.HTTPError as exc:
            raise self._scrub(map_httpx_error(exc, endpoint)) from exc
        error = classify_status(response.status_code, response.headers, endpoint)
        if isinstance(error, RateLimited) and error.retry_after is None:
            error.retry_after = self._fallback_retry_after(response.headers)
        if error is not None:
            raise self._scrub(error)
        try:
            data = response.json()
        except ValueError as exc:
            raise UnsupportedContent(f"{self.name}: response from {endpoint} is not JSON", url=endpoint) from exc
        try:
            items = self._items(data)
        except (KeyError, TypeError, AttributeError) as exc:
            raise UnsupportedContent(f"{self.name}: unexpected JSON shape from {endpoint}", url=endpoint) from exc
        return self._results(items, limit)

    def _scrub(self, error: ToolError) -> ToolError:
        error.message = f"{self.name}: {error.message}"
        if self.__api_key:
            error.message = error.message.replace(self.__api_key, "<redacted>")
            if error.url:
                error.url = error.url.replace(self.__api_key, "<redacted>")
        error.args = (error.message,)
        return error

    def _results(self, items: list[dict[str, Any]], limit: int) -> list[SearchResult]:
        results: list[SearchResult] = []
        for item in items:
            if not isinstance(item, dict):
                continue
            url = item.get("url")
            if not isinstance(url, str) or not url:
                continue
            score = item.get("score")
            results.append(
                SearchResult(
                    url=url,
                    title=_plain(item.get("title")),
                    snippet=_plain(item.get(self._snippet_field)),
                    rank=len(results) + 1,
                    score=float(score) if isinstance(score, int | float) else None,
                    source=self.name,
                )
            )
            if len(results) >= limit:
                break
        return results

    _snippet_field = "content"

    def _request(self, query: str, limit: int) -> httpx.Request:
        raise NotImplementedError

    def _items(self, data: Any) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _fallback_retry_after(self, headers: httpx.Headers) -> float | None:
        return None


class SearxngSearch(_HttpSearch):
    """SearXNG's JSON API (no key)."""

    name = "searxng"

    def __init__(self, client: httpx.Client, base_url: str, *, offline_guard: bool = False) -> None:
        super().__init__(client, base_url, offline_guard=offline_guard)

    def _request(self, query: str, limit: int) -> httpx.Request:
        return self.client.build_request(
            "GET",
            f"{self.base_url}/search",
            params={"q": query, "format": "json"},
            headers={"Accept": "application/json"},
        )

    def _items(self, data: Any) -> list[dict[str, Any]]:
        return list(data["results"])


class TavilySearch(_HttpSearch):
    """Tavily's search API (Bearer key)."""

    name = "tavily"

    def __init__(self, client: httpx.Client, api_key: str, base_url: str = "https://api.tavily.com", *,
                 offline_guard: bool = False) -> None:
        super().__init__(client, base_url, api_key, offline_guard=offline_guard)

    def _request(self, query: str, limit: int) -> httpx.Request:
        return self.client.build_request(
            "POST",
            f"{self.base_url}/search",
            json={"query": query, "max_results": limit},
            headers={"Authorization": f"Bearer {self._api_key}", "Accept": "application/json"},
        )

    def _items(self, data: Any) -> list[dict[str, Any]]:
        return list(data["results"])


class BraveSearch(_HttpSearch):
    """Brave's Web Search API (subscription token header)."""

    name = "brave"
    _snippet_field = "description"

    def __init__(
        self, client: httpx.Client, api_key: str, base_url: str = "https://api.search.brave.com", *,
        offline_guard: bool = False,
    ) -> None:
        super().__init__(client, base_url, api_key, offline_guard=offline_guard)

    def _request(self, query: str, limit: int) -> httpx.Request:
        return self.client.build_request(
            "GET",
            f"{self.base_url}/res/v1/web/search",
            params={"q": query, "count": min(limit, BRAVE_MAX_COUNT)},
            headers={"X-Subscription-Token": self._api_key, "Accept": "application/json"},
        )

    def _items(self, data: Any) -> list[dict[str, Any]]:
        web = data.get("web") or {}
        return list(web.get("results") or [])

    def _fallback_retry_after(self, headers: httpx.Headers) -> float | None:
        # Brave sends "X-RateLimit-Reset: <per-second window>, <per-month window>" in seconds.
        reset = headers.get("x-ratelimit-reset")
        if not reset:
            return None
        return parse_retry_after(reset.split(",", 1)[0])
