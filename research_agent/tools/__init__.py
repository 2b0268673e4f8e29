"""Research tools: ``search(query)`` and ``visit(url)`` and what keeps them honest.

Modules (each small, each documented in its own docstring):

* ``errors`` — the tool error tree (transient vs permanent) and HTTP/httpx mapping;
* ``canonical`` — canonical URLs and domains;
* ``netpolicy`` — the address policy that refuses private and internal targets;
* ``fingerprint`` — MinHash fingerprints and near-duplicate source clusters;
* ``extract`` — main text, title, date of HTML / Markdown / plain text;
* ``visit`` — ``Visitor.visit(url) -> Page`` over the caller's ``httpx.Client``;
* ``search`` — ``SearchResult`` and the ``SearchBackend`` protocol;
* ``search_local`` — SQLite FTS5/BM25 index of a local corpus;
* ``search_http`` — SearXNG, Tavily and Brave backends;
* ``localweb`` / ``faults`` — a corpus folder served over loopback HTTP, with injected faults.
"""

from research_agent.tools.canonical import canonical_url, domain_of
from research_agent.tools.errors import (
    AccessDenied,
    BadRequest,
    BlockedByPolicy,
    ConnectionReset,
    EmptyContent,
    NotFound,
    PermanentToolError,
    RateLimited,
    ServerError,
    ToolError,
    ToolTimeout,
    TooLarge,
    TooManyRedirects,
    TransientToolError,
    Unreachable,
    UnsupportedContent,
    classify_status,
    map_httpx_error,
)
from research_agent.tools.extract import ExtractedPage, extract_page
from research_agent.tools.faults import Fault, FaultKind
from research_agent.tools.fingerprint import ClusterIndex, fingerprint, similarity
from research_agent.tools.localweb import LocalWeb, iter_corpus, make_client
from research_agent.tools.netpolicy import AddressPolicy
from research_agent.tools.search import SearchBackend, SearchResult
from research_agent.tools.search_http import BraveSearch, SearxngSearch, TavilySearch
from research_agent.tools.search_local import LocalIndex, LocalSearch
from research_agent.tools.visit import Page, Visitor

__all__ = [
    "AccessDenied",
    "AddressPolicy",
    "BadRequest",
    "BlockedByPolicy",
    "BraveSearch",
    "ClusterIndex",
    "ConnectionReset",
    "EmptyContent",
    "ExtractedPage",
    "Fault",
    "FaultKind",
    "LocalIndex",
    "LocalSearch",
    "LocalWeb",
    "NotFound",
    "Page",
    "PermanentToolError",
    "RateLimited",
    "SearchBackend",
    "SearchResult",
    "SearxngSearch",
    "ServerError",
    "TavilySearch",
    "ToolError",
    "ToolTimeout",
    "TooLarge",
    "TooManyRedirects",
    "TransientToolError",
    "Unreachable",
    "UnsupportedContent",
    "Visitor",
    "canonical_url",
    "classify_status",
    "domain_of",
    "extract_page",
    "fingerprint",
    "iter_corpus",
    "make_client",
    "map_httpx_error",
    "similarity",
]
