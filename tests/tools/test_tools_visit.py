"""visit(url) end to end over real loopback HTTP: pages, sources, clusters, faults and the policy."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest
from _tools_corpus import (
    ARTICLE_TITLE,
    BATTERY_URL,
    ORIGINAL_URL,
    OTHER_URL,
    SYNDICATED_URL,
)
from conftest import SHORT_TIMEOUT

from research_agent.tools import (
    AccessDenied,
    AddressPolicy,
    BlockedByPolicy,
    ClusterIndex,
    ConnectionReset,
    EmptyContent,
    Fault,
    LocalWeb,
    NotFound,
    Page,
    RateLimited,
    ServerError,
    ToolError,
    ToolTimeout,
    TooLarge,
    TooManyRedirects,
    Unreachable,
    UnsupportedContent,
    Visitor,
    make_client,
)


def test_visit_returns_a_page_with_text_title_date_and_fingerprint(visitor: Visitor) -> None:
    page = visitor.visit(ORIGINAL_URL)
    assert page.status_code == 200
    assert page.content_type == "text/html"
    assert page.title == ARTICLE_TITLE
    assert page.date == "2024-03-12"
    assert page.domain == "riverside-gazette.test"
    assert "The decision follows two years of rising heating bills." in page.text
    assert "All rights reserved" not in page.text
    assert len(page.fingerprint) == 128
    assert page.bytes > len(page.text)
    assert Page.model_validate_json(page.model_dump_json()) == page


def test_tracking_param_and_fragment_variants_are_one_source(visitor: Visitor) -> None:
    variants = [
        ORIGINAL_URL,
        ORIGINAL_URL + "?utm_source=newsletter&utm_medium=email#comments",
        ORIGINAL_URL + "?fbclid=IwAR2xyz",
        ORIGINAL_URL.replace("https://riverside-gazette.test", "HTTPS://Riverside-Gazette.TEST:443") + "#top",
    ]
    pages = [visitor.visit(url) for url in variants]
    assert {p.canonical_url for p in pages} == {ORIGINAL_URL}
    assert [p.url for p in pages] == variants
    assert len({tuple(p.fingerprint) for p in pages}) == 1


def test_syndicated_copy_joins_the_original_cluster_and_other_article_does_not(visitor: Visitor) -> None:
    clusters = ClusterIndex()
    ids = {}
    for url in (ORIGINAL_URL, OTHER_URL, SYNDICATED_URL):
        page = visitor.visit(url)
        ids[url] = clusters.add(page.canonical_url, page.fingerprint)
    assert ids[ORIGINAL_URL] == ORIGINAL_URL
    assert ids[SYNDICATED_URL] == ORIGINAL_URL  # one independent source, not two
    assert ids[OTHER_URL] == OTHER_URL


def test_markdown_page_and_directory_redirect(visitor: Visitor, web: LocalWeb) -> None:
    md = visitor.visit(BATTERY_URL)
    assert md.content_type == "text/markdown"
    assert md.title == "Community battery approved for the harbour estate"
    no_slash = SYNDICATED_URL.rstrip("/")
    page = visitor.visit(no_slash)
    assert page.final_url == SYNDICATED_URL
    assert page.redirects == [no_slash]
    assert page.url == no_slash


FAULT_CASES: list[tuple[str, type[ToolError]]] = [
    ("timeout", ToolTimeout),
    ("reset", ConnectionReset),
    ("http_429", RateLimited),
    ("http_500", ServerError),
    ("http_404", NotFound),
    ("http_403", AccessDenied),
    ("binary", UnsupportedContent),
    ("huge", TooLarge),
    ("redirect_loop", TooManyRedirects),
    ("empty", EmptyContent),
]


@pytest.mark.parametrize(("kind", "expected"), FAULT_CASES)
def test_each_fault_maps_to_its_error_class(
    faulty_web: Callable[[list[Fault]], LocalWeb], kind: str, expected: type[ToolError]
) -> None:
    web = faulty_web([Fault(url=ORIGINAL_URL, kind=kind)])
    with make_client(web, timeout=SHORT_TIMEOUT) as client:
        visitor = Visitor(client, AddressPolicy(allow_hosts=web.hosts), timeout=SHORT_TIMEOUT)
        with pytest.raises(ToolError) as caught:
            visitor.visit(ORIGINAL_URL + "?utm_source=x")  # faults match by canonical URL
    assert type(caught.value) is expected
    assert caught.value.transient is (kind in {"timeout", "reset", "http_429", "http_500"})
    # Other pages of the same site are unaffected.
    with make_client(web, timeout=SHORT_TIMEOUT) as client:
        Visitor(client, AddressPolicy(allow_hosts=web.hosts)).visit(OTHER_URL)


def test_rate_limit_carries_retry_after(faulty_web: Callable[[list[Fault]], LocalWeb]) -> None:
    web = faulty_web([Fault(url=ORIGINAL_URL, kind="http_429", retry_after=2.5)])
    with make_client(web, timeout=SHORT_TIMEOUT) as client:
        with pytest.raises(RateLimited) as caught:
            Visitor(client, AddressPolicy(allow_hosts=web.hosts)).visit(ORIGINAL_URL)
    assert caught.value.retry_after == 2.5
    assert caught.value.status == 429


def test_redirect_loop_stops_after_max_redirects(faulty_web: Callable[[list[Fault]], LocalWeb]) -> None:
    web = faulty_web([Fault(url=ORIGINAL_URL, kind="redirect_loop")])
    with make_client(web, timeout=SHORT_TIMEOUT) as client:
        with pytest.raises(TooManyRedirects):
            Visitor(client, AddressPolicy(allow_hosts=web.hosts), max_redirects=3).visit(ORIGINAL_URL)
    assert len(web.requests) == 4  # the first request plus three followed hops


def test_transient_fault_with_times_recovers(faulty_web: Callable[[list[Fault]], LocalWeb]) -> None:
    web = faulty_web([Fault(url=ORIGINAL_URL, kind="http_500", times=2), Fault(url=OTHER_URL, kind="slow")])
    with make_client(web, timeout=2.0) as client:
        visitor = Visitor(client, AddressPolicy(allow_hosts=web.hosts))
        for _ in range(2):
            with pytest.raises(ServerError):
                visitor.visit(ORIGINAL_URL)
        assert visitor.visit(ORIGINAL_URL).title == ARTICLE_TITLE
        assert visitor.visit(OTHER_URL).status_code == 200  # slow, but within the timeout


def test_policy_is_checked_before_any_request(web: LocalWeb, client: httpx.Client) -> None:
    # Without allow_hosts the corpus host must be resolved; here it "resolves" to loopback.
    policy = AddressPolicy(resolver=lambda host: ["127.0.0.1"])
    with pytest.raises(BlockedByPolicy):
        Visitor(client, policy).visit(ORIGINAL_URL)
    assert web.requests == []


def test_host_the_local_web_does_not_serve_is_unreachable(web: LocalWeb, client: httpx.Client) -> None:
    policy = AddressPolicy(allow_hosts=web.hosts, resolver=lambda host: ["93.184.216.34"])
    with pytest.raises(Unreachable):
        Visitor(client, policy).visit("https://elsewhere.example.com/page")
    assert web.requests == []


def test_redirect_to_private_address_is_refused_at_the_hop(stub_server) -> None:
    targets = iter(
        [
            "http://169.254.169.254/latest/meta-data/iam/",
            "https://internal-wiki.example.com/admin",
        ]
    )

    def respond(request: dict):
        return 302, {"Location": next(targets)}, b""

    server = stub_server(respond)
    resolver_calls: list[str] = []

    def resolver(host: str) -> list[str]:
        resolver_calls.append(host)
        return {"internal-wiki.example.com": ["10.1.2.3"]}[host]

    policy = AddressPolicy(allow_hosts=frozenset({"127.0.0.1"}), resolver=resolver)
    with httpx.Client(timeout=SHORT_TIMEOUT, trust_env=False) as client:
        visitor = Visitor(client, policy)
        with pytest.raises(BlockedByPolicy) as literal:
            visitor.visit(server.base_url + "/start")
        with pytest.raises(BlockedByPolicy) as resolved:
            visitor.visit(server.base_url + "/again")
    assert literal.value.url == "http://169.254.169.254/latest/meta-data/iam/"
    assert resolved.value.url == "https://internal-wiki.example.com/admin"
    assert "10.1.2.3" in resolved.value.reason
    assert resolver_calls == ["internal-wiki.example.com"]
    assert [r["path"] for r in server.requests] == ["/start", "/again"]


def _mock_visitor(handler: Callable[[httpx.Request], httpx.Response], **kwargs) -> Visitor:
    client = httpx.Client(transport=httpx.MockTransport(handler))
    return Visitor(client, AddressPolicy(allow_hosts=frozenset({"mock.test"})), **kwargs)


def test_declared_content_length_over_cap_is_refused_before_reading() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"Content-Type": "text/html", "Content-Length": "5000000"}, content=b"")

    with pytest.raises(TooLarge):
        _mock_visitor(handler).visit("https://mock.test/big")


def test_nul_bytes_in_declared_html_are_binary() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"Content-Type": "text/html"}, content=b"PK\x03\x04\x00\x00 zip")

    with pytest.raises(UnsupportedContent):
        _mock_visitor(handler).visit("https://mock.test/archive")


def test_pdf_is_unsupported_and_missing_content_type_is_sniffed() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/doc.pdf":
            return httpx.Response(200, headers={"Content-Type": "application/pdf"}, content=b"%PDF-1.7")
        return httpx.Response(200, content=b"Plain notes.\nThe tide turns at noon on Sunday.")

    visitor = _mock_visitor(handler)
    with pytest.raises(UnsupportedContent):
        visitor.visit("https://mock.test/doc.pdf")
    page = visitor.visit("https://mock.test/notes")
    assert page.content_type == "text/plain"
    assert page.title == "Plain notes."


def test_request_carries_user_agent_and_timeout() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, headers={"Content-Type": "text/plain"}, content=b"Hello there.")

    _mock_visitor(handler, timeout=1.5).visit("https://mock.test/")
    assert seen[0].headers["user-agent"].startswith("research-agent/")
    assert seen[0].extensions["timeout"]["read"] == 1.5
    assert json.loads(json.dumps(seen[0].extensions["timeout"]))  # plain numbers
