"""The search interface every backend implements: a query in, ranked results out.

A backend (``LocalSearch``, ``SearxngSearch``, ``TavilySearch``, ``BraveSearch``)
has a ``name`` and ``search(query, limit=10)``. Results keep the backend's order
(``rank`` starts at 1); ``score`` is the backend's own relevance number when it
gives one (higher is better) and is not comparable across backends. A result is
only a pointer: its snippet is never evidence until the page is visited.

Failures are raised as ``ToolError`` subclasses (``errors.py``): an empty or
unusable query is ``BadRequest``; HTTP and transport failures are classified
as for ``visit``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

__all__ = ["EXHAUSTIVE_BACKENDS", "SEARCH_LIMIT", "SearchBackend", "SearchResult"]

SEARCH_LIMIT = 10
"""Results a run asks each search for."""
EXHAUSTIVE_BACKENDS = frozenset({"local"})
"""Backends that rank every page holding *any* word of the query (``search_local``: FTS5 ``OR``): when one
returns fewer results than it was asked for, those are every indexed page holding any of the words."""


class SearchResult(BaseModel):
    """One ranked hit of a search backend."""

    url: str
    """Where the hit points (as the backend gave it; canonicalise before comparing)."""
    title: str
    """Title of the hit (may be empty)."""
    snippet: str
    """Short excerpt shown by the backend; plain text."""
    rank: int = Field(ge=1)
    """1-based position in the backend's answer."""
    score: float | None = None
    """The backend's relevance score (higher is better), if it gives one."""
    source: str
    """Name of the backend that returned it (``local``, ``searxng``, ``tavily``, ``brave``)."""


@runtime_checkable
class SearchBackend(Protocol):
    """Anything that answers a text query with ranked results."""

    name: str

    def search(self, query: str, limit: int = 10) -> list[SearchResult]:
        """Up to ``limit`` results for ``query``, best first."""
        ...
