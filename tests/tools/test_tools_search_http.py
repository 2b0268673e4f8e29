"""SearXNG, Tavily and Brave backends against loopback servers that speak their JSON formats."""

from __future__ import annotations

import json
import threading
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from _tools_stub import json_response

from research_agent.tools import (
    AccessDenied,
    BadRequest,
    BlockedByPolicy,
    BraveSearch,
    ConnectionReset,
    RateLimited,
    SearchBackend,
    SearxngSearch,
    ServerError,
    TavilySearch,
    ToolError,
    ToolTimeout,
    UnsupportedContent,
)

KEY = "tvly-SECRET-0123456789abcdef"


def query_of(request: dict) -> dict[str, list[str]]:
    return parse_qs(urlsplit(request["path"]).query)


@pytest.fixture
def http() -> httpx.Client:
    with httpx.Client(timeout=0.5, trust_env=False) as client:
        yield client


def make_backend(kind: str, client: httpx.Client, base_url: str) -> SearchBackend:
    if kind == "searxng":
        return SearxngSearch(client, base_url)
    if kind == "tavily":
        return TavilySearch(client, KEY, base_url=base_url)
    return BraveSearch(client, KEY, base_url=base_url)


def test_searxng_speaks_its_json_api(stub_server, http: httpx.Client) -> None:
    payload = {
        "query": "heat pumps",
        "results": [
            {"url": "https://a.example/1", "title": "Heat pumps in schools", "content": "Council votes…", "score": 2.5},
            {"url": "https://b.example/2", "title": "Cold &amp; heat", "content": "<b>Explainer</b> on winter"},
            {"title": "no url, skipped"},
            {"url": "https://c.example/3", "title": "Third", "content": ""},
        ],
    }
    server = stub_server(lambda request: json_response(payload))
    backend = SearxngSearch(http, server.base_url + "/")
    results = backend.search("heat pumps", limit=2)
    assert [(r.url, r.rank, r.source) for r in results] == [
        ("https://a.example/1", 1, "searxng"),
        ("https://b.example/2", 2, "searxng"),
    ]
    assert results[0].score == 2.5 and results[1].score is None
    assert results[1].title == "Cold & heat" and results[1].snippet == "Explainer on winter"
    request = server.requests[0]
    assert request["method"] == "GET" and urlsplit(request["path"]).path == "/search"
    assert query_of(request) == {"q": ["heat pumps"], "format": ["json"]}


def test_tavily_speaks_its_json_api(stub_server, http: httpx.Client) -> None:
    payload = {
        "query": "heat pumps",
        "answer": None,
        "results": [
            {"url": "https://a.example/1", "title": "A", "content": "first", "score": 0.91, "raw_content": None},
            {"url": "https://b.example/2", "title": "B", "content": "second", "score": 0.42},
        ],
        "response_time": 1.2,
    }
    server = stub_server(lambda request: json_response(payload))
    results = TavilySearch(http, KEY, base_url=server.base_url).search("heat pumps", limit=5)
    assert [(r.url, r.title, r.snippet, r.score, r.source) for r in results] == [
        ("https://a.example/1", "A", "first", 0.91, "tavily"),
        ("https://b.example/2", "B", "second", 0.42, "tavily"),
    ]
    request = server.requests[0]
    assert (request["method"], request["path"]) == ("POST", "/search")
    assert request["headers"]["authorization"] == f"Bearer {KEY}"
    body = json.loads(request["body"])
    assert body == {"query": "heat pumps", "max_results": 5}  # the key travels in the header only


def test_brave_speaks_its_json_api(stub_server, http: httpx.Client) -> None:
    payload = {
        "type": "search",
        "web": {
            "type": "search",
            "results": [
                {
                    "url": "https://a.example/1",
                    "title": "A <strong>heat</strong> pump",
                    "description": "The <strong>heat pump</strong> plan",
                },
                {"url": "https://b.example/2", "title": "B", "description": "second"},
            ],
        },
    }
    server = stub_server(lambda request: json_response(payload))
    results = BraveSearch(http, KEY, base_url=server.base_url).search("heat pumps", limit=50)
    assert [(r.url, r.title, r.snippet, r.source) for r in results] == [
        ("https://a.example/1", "A heat pump", "The heat pump plan", "brave"),
        ("https://b.example/2", "B", "second", "brave"),
    ]
    request = server.requests[0]
    assert urlsplit(request["path"]).path == "/res/v1/web/search"
    assert query_of(request) == {"q": ["heat pumps"], "count": ["20"]}
    assert request["headers"]["x-subscription-token"] == KEY


def test_brave_without_web_results_is_empty(stub_server, http: httpx.Client) -> None:
    server = stub_server(lambda request: json_response({"type": "search", "query": {"original": "x"}}))
    assert BraveSearch(http, KEY, base_url=server.base_url).search("x") == []


BACKENDS = ["searxng", "tavily", "brave"]


@pytest.mark.parametrize("kind", BACKENDS)
@pytest.mark.parametrize(
    ("status", "headers", "expected"),
    [
        (429, {"Retry-After": "12"}, RateLimited),
        (500, {}, ServerError),
        (502, {}, ServerError),
        (401, {}, AccessDenied),
        (403, {}, AccessDenied),
        (400, {}, BadRequest),
        (422, {}, BadRequest),
    ],
)
def test_http_errors_are_classified(stub_server, http, kind, status, headers, expected) -> None:
    server = stub_server(lambda request: json_response({"detail": {"error": f"bad key {KEY}"}}, status, headers))
    backend = make_backend(kind, http, server.base_url)
    with pytest.raises(ToolError) as caught:
        backend.search("heat pumps")
    error = caught.value
    assert type(error) is expected
    assert error.status == status
    if expected is RateLimited:
        assert error.retry_after == 12.0
    assert KEY not in str(error) and KEY not in repr(error) and KEY not in (error.url or "")
    assert KEY not in repr(backend)


def test_brave_rate_limit_reset_header_is_a_fallback(stub_server, http: httpx.Client) -> None:
    server = stub_server(lambda request: json_response({}, 429, {"X-RateLimit-Reset": "1, 1419704"}))
    with pytest.raises(RateLimited) as caught:
        BraveSearch(http, KEY, base_url=server.base_url).search("x")
    assert caught.value.retry_after == 1.0


@pytest.mark.parametrize("kind", BACKENDS)
def test_non_json_answer_is_unsupported_content(stub_server, http, kind) -> None:
    server = stub_server(lambda request: (200, {"Content-Type": "text/html"}, b"<html>maintenance</html>"))
    with pytest.raises(UnsupportedContent):
        make_backend(kind, http, server.base_url).search("x")


@pytest.mark.parametrize("kind", BACKENDS)
def test_timeout_is_tool_timeout_without_the_key(stub_server, kind) -> None:
    release = threading.Event()

    def hold(request: dict):
        release.wait(5)  # bounded; released right after the client gives up
        return json_response({"results": []})

    server = stub_server(hold)
    with httpx.Client(timeout=0.3, trust_env=False) as client:
        with pytest.raises(ToolTimeout) as caught:
            make_backend(kind, client, server.base_url).search("slow query")
    release.set()
    assert KEY not in str(caught.value) and KEY not in repr(caught.value)
    assert isinstance(caught.value.__cause__, httpx.TimeoutException)


def test_connection_reset_is_classified() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.RemoteProtocolError("Server disconnected without sending a response.", request=request)

    with httpx.Client(transport=httpx.MockTransport(handler)) as client:
        with pytest.raises(ConnectionReset):
            TavilySearch(client, KEY, base_url="http://127.0.0.1:9").search("x")


@pytest.mark.parametrize("kind", BACKENDS)
def test_bad_parameters_are_refused_before_any_request(stub_server, http, kind) -> None:
    server = stub_server(lambda request: json_response({"results": []}))
    backend = make_backend(kind, http, server.base_url)
    with pytest.raises(BadRequest):
        backend.search("   ")
    with pytest.raises(BadRequest):
        backend.search("x", limit=0)
    assert server.requests == []


@pytest.mark.parametrize(
    "build",
    [
        lambda c: SearxngSearch(c, "https://searx.example.org", offline_guard=True),
        lambda c: TavilySearch(c, KEY, offline_guard=True),
        lambda c: BraveSearch(c, KEY, offline_guard=True),
        lambda c: TavilySearch(c, KEY, base_url="http://10.0.0.8:8080", offline_guard=True),
    ],
)
def test_real_providers_are_refused_with_the_offline_guard(http: httpx.Client, build) -> None:
    with pytest.raises(BlockedByPolicy, match="offline guard is on: real search providers are disabled") as caught:
        build(http)
    assert KEY not in str(caught.value)


@pytest.mark.parametrize("base", ["http://127.0.0.1:1", "http://localhost:1", "http://[::1]:1"])
def test_loopback_base_urls_are_allowed_with_the_offline_guard(http: httpx.Client, base: str) -> None:
    SearxngSearch(http, base, offline_guard=True)


def test_guard_is_an_explicit_setting_and_rechecks_on_search() -> None:
    calls: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(200, json={"results": [{"url": "https://a.example/", "title": "A", "content": "a"}]})

    with httpx.Client(transport=httpx.MockTransport(handler)) as client:  # no network either way
        backend = TavilySearch(client, KEY)  # guard off: allowed
        assert backend.search("x")[0].url == "https://a.example/"
        backend.offline_guard = True
        with pytest.raises(BlockedByPolicy):
            backend.search("x")
        with pytest.raises(BlockedByPolicy):
            TavilySearch(client, KEY, offline_guard=True)
    assert len(calls) == 1
