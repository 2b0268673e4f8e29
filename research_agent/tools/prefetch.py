"""Prefetch: fetch the leads the agent will probably open next, concurrently, and serve each later
``visit`` step from what was fetched.

The agent still makes one ``visit`` tool call per step (checkpointed on its own, traced after its
checkpoint); only the waiting for the network overlaps:

* ``prefetch(urls)`` queues URLs the agent's guard already accepted as visits (a lead of an open cell:
  provenance, contract domains and the risk screen are checked before a URL gets here).  At most
  ``workers`` fetches run at once and at most ``per_host`` to one host; at most ``workers`` outcomes
  are held (queued, running or fetched and not yet visited) — further URLs are ignored until a visit
  takes one.  ``live`` names every URL a later step may still visit (every usable lead): a held
  outcome for any other URL is dropped (a finished one at once, a running one once it finishes), so
  pages the run no longer needs do not hold the pool;
* each fetch is ``Visitor.visit`` itself: the same address policy (every hop re-checked, private
  addresses refused), pinning, deadline, size cap and extraction;
* ``visit(url)`` takes the outcome for exactly that URL string: a fetched ``Page``, or the
  ``ToolError`` the fetch raised, is returned or raised as if the visit had made that request itself —
  so the server sees the same requests per URL as one visit at a time, and a failed prefetch is retried
  by the engine's normal retry path, as a normal visit.  A URL still running is waited for; one still
  queued (its host busy) is visited in place once the host has a free slot.  A URL never prefetched is
  visited in place under the same per-host bound;
* an outcome the agent never visits is dropped by ``close`` (or when the same URL is visited in a
  later run: nothing is persisted) — it never reaches the research state.

A ``ToolTimeout`` is served like any other tool error: a prefetch that ran out of time *is* an attempt
(issue 24), so a server that drips its headers costs at most ``attempts × timeout`` plus the backoff
per URL, as one visit at a time does, and never one deadline more in the background.  (When
concurrent fetches stretch the wall-time deadline on a loaded machine, the engine's retry path still
has the URL's remaining attempts.)  One outcome is not served; the visit runs again in place, as
itself: an unexpected exception (not a ``ToolError``), which is no answer from the server.  ``stats``
counts what happened, for benches and tests.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from research_agent.tools.canonical import domain_of
from research_agent.tools.errors import ToolError
from research_agent.tools.visit import Page

__all__ = ["PrefetchStats", "Prefetcher"]


@dataclass
class PrefetchStats:
    started: int = 0
    """Fetches started ahead of their visit."""
    served: int = 0
    """Visits answered by a fetch started ahead (page or tool error)."""
    in_place: int = 0
    """Visits fetched at their own step (never prefetched, still queued, or broke ahead without a tool error)."""
    discarded: int = 0
    """Outcomes dropped unvisited when the prefetcher closed (fetched, running or queued)."""


class Prefetcher:
    """Bounded, per-host-polite prefetching in front of one ``visit`` function (see module docstring)."""

    def __init__(self, visit: Callable[[str], Page], *, workers: int = 4, per_host: int = 2) -> None:
        if workers < 1 or per_host < 1:
            raise ValueError("a prefetcher needs at least one worker and one connection per host")
        self._visit = visit
        self.workers, self.per_host = workers, per_host
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="prefetch")
        self._cond = threading.Condition()
        self._queued: dict[str, str] = {}  # url -> host, in order
        self._futures: dict[str, Future[Page]] = {}  # started (running or done), not yet visited
        self._busy: dict[str, int] = {}  # host -> requests in flight (prefetches and in-place visits)
        self._closed = False
        self.stats = PrefetchStats()

    # ------------------------------------------------------------------ API
    def prefetch(self, urls: Iterable[str], live: Collection[str] | None = None) -> None:
        """Queue ``urls`` (in order) for fetching ahead, up to the number of outcomes held; first drop
        held outcomes whose URL is not in ``live`` (None: keep them all)."""
        with self._cond:
            if self._closed:
                return
            if live is not None:
                self._drop_all_but(set(live))
            for url in urls:
                if url in self._queued or url in self._futures:
                    continue
                if len(self._queued) + len(self._futures) >= self.workers:
                    break
                self._queued[url] = domain_of(url)
            self._pump()

    def visit(self, url: str) -> Page:
        """The page at ``url``: from its prefetch when there is one, else fetched now."""
        with self._cond:
            future = self._futures.pop(url, None)
            host = self._queued.pop(url, None) or domain_of(url)
            if future is None:
                self._wait_for_slot(host)
                self._busy[host] = self._busy.get(host, 0) + 1
        if future is not None:
            try:
                page = future.result()
            except ToolError:  # a timeout too: the prefetch was this URL's attempt
                self.stats.served += 1
                raise
            except Exception:  # noqa: BLE001 - a broken fetch is not an outcome: visit in place
                pass
            else:
                self.stats.served += 1
                return page
            with self._cond:
                self._wait_for_slot(host)
                self._busy[host] = self._busy.get(host, 0) + 1
        self.stats.in_place += 1
        try:
            return self._visit(url)
        finally:
            with self._cond:
                self._release(host)

    def close(self) -> None:
        """Drop every outcome not visited; fetches in flight end on their own deadline."""
        with self._cond:
            self._closed = True
            self.stats.discarded += len(self._queued) + len(self._futures)
            self._queued.clear()
            for future in self._futures.values():
                future.cancel()
            self._futures.clear()
            self._cond.notify_all()
        self._pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------- internals
    def _drop_all_but(self, live: set[str]) -> None:
        for url in [u for u in self._queued if u not in live]:
            del self._queued[url]
            self.stats.discarded += 1
        for url in [u for u, f in self._futures.items() if u not in live and f.done()]:
            del self._futures[url]
            self.stats.discarded += 1

    def _wait_for_slot(self, host: str) -> None:
        while self._busy.get(host, 0) >= self.per_host and not self._closed:
            self._cond.wait()

    def _release(self, host: str) -> None:
        left = self._busy.get(host, 1) - 1
        if left > 0:
            self._busy[host] = left
        else:
            self._busy.pop(host, None)
        self._pump()
        self._cond.notify_all()

    def _pump(self) -> None:
        """Start queued fetches whose host has a free slot (called with the lock held)."""
        if self._closed:
            return
        for url, host in list(self._queued.items()):  # held outcomes <= workers: a worker is always free
            if self._busy.get(host, 0) >= self.per_host:
                continue
            del self._queued[url]
            self._busy[host] = self._busy.get(host, 0) + 1
            self.stats.started += 1
            self._futures[url] = self._pool.submit(self._fetch, url, host)

    def _fetch(self, url: str, host: str) -> Page:
        try:
            return self._visit(url)
        finally:
            with self._cond:
                self._release(host)
