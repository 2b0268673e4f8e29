"""Route each request to the local web (served corpus hosts) or to the real web.

Used when a web search backend and the local corpus run together
(`--search searxng --corpus DIR`): corpus hosts go over loopback to the
`LocalWeb`, every other host through a real `httpx.HTTPTransport`.  The
address policy of the visitor still decides, before any request, which URLs
may be fetched at all.
"""

from __future__ import annotations

import httpx

from research_agent.tools.localweb import LocalWeb
from research_agent.tools.search import SearchBackend, SearchResult

__all__ = ["SplitTransport", "MergedSearch"]


class SplitTransport(httpx.BaseTransport):
    def __init__(self, web: LocalWeb, web_out: httpx.BaseTransport | None = None) -> None:
        self._local = web.transport()
        self._web = web
        self._out = web_out or httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.host in self._web.hosts:
            return self._local.handle_request(request)
        return self._out.handle_request(request)

    def close(self) -> None:
        self._local.close()
        self._out.close()


class MergedSearch:
    """Two backends answering one query: their results interleaved, duplicates dropped, ranks renumbered."""

    def __init__(self, first: SearchBackend, second: SearchBackend) -> None:
        self.first, self.second = first, second
        self.name = f"{first.name}+{second.name}"

    def search(self, query: str, limit: int = 10) -> list[SearchResult]:
        a, b = self.first.search(query, limit), self.second.search(query, limit)
        merged: list[SearchResult] = []
        seen: set[str] = set()
        for pair in zip(a, b):
            merged += pair
        longer = a if len(a) > len(b) else b
        merged += longer[min(len(a), len(b)):]
        out: list[SearchResult] = []
        for r in merged:
            if r.url in seen:
                continue
            seen.add(r.url)
            out.append(r.model_copy(update={"rank": len(out) + 1}))
        return out[:limit]
