"""Prefetcher: pages fetched ahead over the real loopback web are the pages a visit gets, failures are
served as the first attempt, the pool and per-host bounds hold, unvisited pages are dropped."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import wait
from collections.abc import Callable

import httpx
import pytest

from research_agent.tools import AddressPolicy, BlockedByPolicy, Fault, LocalWeb, ServerError, Visitor, make_client
from research_agent.tools.errors import ToolTimeout
from research_agent.tools.prefetch import Prefetcher
from research_agent.tools.visit import Page

SHORT_TIMEOUT = 0.5


def _visitor(web: LocalWeb) -> tuple[Visitor, httpx.Client]:
    client = make_client(web, timeout=SHORT_TIMEOUT)
    return Visitor(client, AddressPolicy(allow_hosts=web.hosts), timeout=SHORT_TIMEOUT), client


def _same_page(a: Page, b: Page) -> bool:
    keep = ("url", "final_url", "canonical_url", "title", "text", "date", "fingerprint", "redirects")
    return all(getattr(a, k) == getattr(b, k) for k in keep)


def test_prefetched_pages_are_the_pages_a_visit_gets_and_each_is_requested_once(web: LocalWeb) -> None:
    visitor, client = _visitor(web)
    with client:
        urls = web.urls[:4]
        direct = [visitor.visit(u) for u in urls]
        before = len(web.requests)
        ahead = Prefetcher(visitor.visit, workers=4, per_host=2)
        ahead.prefetch(urls)
        served = [ahead.visit(u) for u in urls]
        ahead.close()
    assert all(_same_page(a, b) for a, b in zip(direct, served))
    assert Counter(web.requests[before:]) == Counter(urls)  # one request per page, nothing extra
    assert (ahead.stats.started, ahead.stats.served, ahead.stats.in_place) == (4, 4, 0)


def test_a_failed_prefetch_is_the_first_attempt_and_the_retry_is_a_normal_visit(
    faulty_web: Callable[[list[Fault]], LocalWeb], web: LocalWeb
) -> None:
    url = web.urls[0]
    served = faulty_web([Fault(url=url, kind="http_500", times=1)])
    visitor, client = _visitor(served)
    with client:
        ahead = Prefetcher(visitor.visit)
        ahead.prefetch([url])
        with pytest.raises(ServerError):
            ahead.visit(url)
        page = ahead.visit(url)  # the engine's retry: fetched now, and the fault has recovered
        ahead.close()
    assert page.canonical_url == url
    assert served.requests == [url, url]  # what one visit at a time sends: the 500, then the retry
    assert (ahead.stats.served, ahead.stats.in_place) == (1, 1)


def test_a_prefetch_that_ran_out_of_time_is_served_as_the_urls_attempt(
    faulty_web: Callable[[list[Fault]], LocalWeb], web: LocalWeb
) -> None:
    url = web.urls[0]
    served = faulty_web([Fault(url=url, kind="timeout", times=1)])
    visitor, client = _visitor(served)
    with client:
        ahead = Prefetcher(visitor.visit)
        ahead.prefetch([url])
        with pytest.raises(ToolTimeout):
            ahead.visit(url)  # the timed-out prefetch was the attempt: no second request behind it
        assert served.requests == [url]
        page = ahead.visit(url)  # the engine's retry
        ahead.close()
    assert page.canonical_url == url
    assert served.requests == [url, url]
    assert (ahead.stats.served, ahead.stats.in_place) == (1, 1)


def test_a_redirect_into_a_private_address_is_refused_at_the_hop_when_prefetched(
    faulty_web: Callable[[list[Fault]], LocalWeb], web: LocalWeb
) -> None:
    url = web.urls[0]
    served = faulty_web([Fault(url=url, kind="redirect_private")])
    visitor, client = _visitor(served)
    with client:
        ahead = Prefetcher(visitor.visit)
        ahead.prefetch([url])
        with pytest.raises(BlockedByPolicy) as refused:
            ahead.visit(url)
        ahead.close()
    assert refused.value.via == (url, "http://169.254.169.254/latest/meta-data/iam/")


def test_pages_never_visited_are_dropped_when_it_closes(web: LocalWeb) -> None:
    visitor, client = _visitor(web)
    with client:
        ahead = Prefetcher(visitor.visit, workers=3)
        ahead.prefetch(web.urls[:3])
        ahead.visit(web.urls[0])
        ahead.close()
        ahead.prefetch(web.urls[3:5])  # closed: nothing more starts
    assert ahead.stats.discarded == 2
    assert ahead.stats.started == 3


class _Gate:
    """A visit function that blocks until released and records how many run at once, per host."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.now: Counter[str] = Counter()
        self.most: Counter[str] = Counter()
        self.started: list[str] = []
        self.arrived = threading.Semaphore(0)

    def __call__(self, url: str) -> Page:
        host = httpx.URL(url).host
        with self.lock:
            self.now[host] += 1
            self.now["*"] += 1
            self.most[host] = max(self.most[host], self.now[host])
            self.most["*"] = max(self.most["*"], self.now["*"])
            self.started.append(url)
        self.arrived.release()
        self.release.wait(5)
        with self.lock:
            self.now[host] -= 1
            self.now["*"] -= 1
        return Page(url=url, final_url=url, canonical_url=url, domain=host, status_code=200, content_type="text/html",
                    title=None, text="x", fingerprint=[], fetched_at="2026-01-01T00:00:00Z", bytes=1)


def test_at_most_workers_fetches_and_per_host_requests_run_at_once() -> None:
    gate = _Gate()
    ahead = Prefetcher(gate, workers=4, per_host=2)
    urls = [f"https://a.example/{i}" for i in range(3)] + [f"https://b.example/{i}" for i in range(3)]
    ahead.prefetch(urls)
    for _ in range(3):
        assert gate.arrived.acquire(timeout=5)
    # four held (a/0, a/1, a/2 queued behind its host's bound, b/0); b/1 and b/2 wait for a visit
    assert sorted(gate.started) == sorted([urls[0], urls[1], urls[3]])
    gate.release.set()
    pages = [ahead.visit(u) for u in urls]
    ahead.close()
    assert [p.url for p in pages] == urls
    assert gate.most["a.example"] == 2 and gate.most["b.example"] <= 2 and gate.most["*"] <= 4
    assert ahead.stats.started + ahead.stats.in_place == len(urls)


def test_a_visit_in_place_waits_for_a_free_slot_on_its_host() -> None:
    gate = _Gate()
    ahead = Prefetcher(gate, workers=2, per_host=2)
    ahead.prefetch(["https://a.example/1", "https://a.example/2"])
    assert gate.arrived.acquire(timeout=5) and gate.arrived.acquire(timeout=5)
    third = threading.Thread(target=ahead.visit, args=("https://a.example/3",))
    third.start()
    assert not gate.arrived.acquire(timeout=0.2)  # host a.example is at its bound: the third waits
    gate.release.set()
    third.join(5)
    ahead.close()
    assert gate.started[-1] == "https://a.example/3" and gate.most["a.example"] == 2


def test_outcomes_for_urls_no_longer_usable_are_dropped_and_free_the_pool() -> None:
    gate = _Gate()
    gate.release.set()
    ahead = Prefetcher(gate, workers=2, per_host=2)
    ahead.prefetch(["https://a.example/1", "https://a.example/2"])
    assert gate.arrived.acquire(timeout=5) and gate.arrived.acquire(timeout=5)
    ahead.prefetch(["https://a.example/3"])  # the pool is full: nothing more starts
    assert ahead.stats.started == 2
    wait(list(ahead._futures.values()), timeout=5)  # noqa: SLF001 - both outcomes fetched
    ahead.prefetch(["https://a.example/3"], live={"https://a.example/2", "https://a.example/3"})
    assert gate.arrived.acquire(timeout=5)
    assert ahead.stats.discarded == 1 and ahead.stats.started == 3
    assert ahead.visit("https://a.example/2").url == "https://a.example/2"
    ahead.visit("https://a.example/1")  # dropped: fetched again, in place
    ahead.close()
    assert gate.started == ["https://a.example/1", "https://a.example/2", "https://a.example/3", "https://a.example/1"]
    assert (ahead.stats.served, ahead.stats.in_place) == (1, 1)
