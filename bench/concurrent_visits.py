"""k open leads visited concurrently: the speedup of prefetching over one visit at a time, on loopback
pages that each take 200 ms to answer (the local web's `slow` fault with `seconds=0.2`).

Two measurements, each the median of `--repeat` rounds:

* **tool layer** — k pages on k hosts: `Visitor.visit` on each in turn, against `Prefetcher.prefetch`
  of all k then `Prefetcher.visit` of each in the same order (what the agent's visit steps do).  The
  loopback server runs in its own process (as a web server would: its CPU is not the agent's) and, as
  in the agent and the tests, in the agent's process (its request handling then shares the agent's
  interpreter lock with the concurrent visits).  Also k pages on one host, where the per-host bound
  (2) caps the gain at about 2x.
* **agent run** — a whole research run (real composition root: loopback web, local index, SQLite
  store, checkpoints, traces): one search finds k leads and the contract asks for k independent
  sources, so the run visits all k and ends `completed`.  `prefetch = 0` against `prefetch = k`: the
  visit phase (end of the search step to end of the last visit step) and the whole run, and the two
  runs must have the same steps, table and ending (checked; the script fails otherwise).  One search
  yields at most 5 leads, so the agent run is measured for k = 2 and 4.

The goal (issue 14) is speedup / k >= 0.8.  Usage: python bench/concurrent_visits.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from research_agent import compose  # noqa: E402
from research_agent.config import ResearchConfig  # noqa: E402
from research_agent.contract import parse_question  # noqa: E402
from research_agent.store import Store  # noqa: E402
from research_agent.tools import AddressPolicy, Fault, LocalWeb, Visitor  # noqa: E402
from research_agent.tools.localweb import _LoopbackTransport  # noqa: E402
from research_agent.tools.prefetch import Prefetcher  # noqa: E402

from _serve import served_apart  # noqa: E402  (bench/ is on sys.path when a script runs)

DELAY = 0.2
PER_HOST = 2
TOPICS = [
    ("harbour logistics", "container cranes, berth schedules and the night shift at the port"),
    ("school kitchens", "menus, allergy labels and the supplier who delivers at six"),
    ("river surveys", "sediment samples, flow gauges and a boat that leaks a little"),
    ("library lending", "returns, overdue notices and the self-service desk on the first floor"),
    ("bicycle repair", "spoke tension, chain wear and a workshop that opens on Saturdays"),
    ("orchard pruning", "winter cuts, grafting tape and the ladder that wobbles"),
    ("radio archives", "tape transfers, metadata sheets and a basement full of reels"),
    ("bakery rotas", "sourdough feeding, oven slots and the early delivery van"),
]


def _page(host: str, i: int) -> str:
    topic, detail = TOPICS[i % len(TOPICS)]
    return (
        f"<html><head><title>Zorblat for {topic}: notes from {host}</title>"
        f'<meta name="date" content="2025-0{1 + i % 9}-1{i % 9}"></head><body><article>'
        f"<h1>Zorblat for {topic}</h1>"
        f"<p>Our team at {host} looked at Zorblat while working on {detail}.</p>"
        f"<p>Zorblat is released under the MIT License, so we could adapt it to {topic} freely.</p>"
        f"<p>Setting it up for {topic} took an afternoon; the {detail.split(',')[0]} part needed the most care.</p>"
        "</article></body></html>"
    )


def write_corpus(root: Path, k: int, *, one_host: bool = False) -> list[str]:
    urls = []
    for i in range(k):
        host = "notes.example" if one_host else f"site{i}.example"
        path = f"zorblat-{i}.html"
        target = root / "pages" / host / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_page(host, i), encoding="utf-8")
        urls.append(f"https://{host}/{path}")
    return urls


def slow(urls: list[str]) -> list[Fault]:
    return [Fault(url=u, kind="slow", seconds=DELAY) for u in urls]


# ------------------------------------------------------------------ tool layer


@contextlib.contextmanager
def served_here(root: Path, faults: list[Fault]) -> Iterator[LocalWeb]:
    with LocalWeb(root, faults) as web:
        yield web


def tool_layer(k: int, repeat: int, *, one_host: bool = False, apart: bool = True) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        urls = write_corpus(Path(tmp), k, one_host=one_host)
        serve = served_apart if apart else served_here
        with serve(Path(tmp), slow(urls)) as web, httpx.Client(
            transport=_LoopbackTransport(web), timeout=5.0, follow_redirects=False  # type: ignore[arg-type]
        ) as client:
            visitor = Visitor(client, AddressPolicy(allow_hosts=web.hosts), timeout=5.0)
            visitor.visit(urls[0])  # warm the connection pool and the extractor
            one, ahead = [], []
            for _ in range(repeat):
                t0 = time.perf_counter()
                plain = [visitor.visit(u) for u in urls]
                one.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                prefetcher = Prefetcher(visitor.visit, workers=k, per_host=PER_HOST)
                prefetcher.prefetch(urls)
                served = [prefetcher.visit(u) for u in urls]
                ahead.append(time.perf_counter() - t0)
                prefetcher.close()
                assert [p.text for p in served] == [p.text for p in plain]
    return statistics.median(one), statistics.median(ahead)


# ------------------------------------------------------------------ agent run


def agent_run(k: int, prefetch: int, tmp: Path, corpus: Path, urls: list[str], task: str):
    cfg = ResearchConfig(db=tmp / "research.db", traces=tmp / "traces", corpus=corpus, max_steps=3 * k + 5,
                         http_timeout=5.0, prefetch=prefetch, prefetch_per_host=PER_HOST)
    marks: list[tuple[str, float]] = []

    def on_step(state, record, _totals) -> None:
        tools = [a.name for a in record.decision.actions] if record.decision else []
        marks.append((tools[0] if tools else "wait", time.perf_counter()))

    contract = parse_question("What is the license of Zorblat?", min_sources=k)
    t0 = time.perf_counter()
    with Store(cfg.db_path()) as store:
        outcome = compose.start(store, cfg, contract, task_id=task, index_path=tmp / "index.db",
                                faults=slow(urls), on_step=on_step)
    total = time.perf_counter() - t0
    first_search = next(t for tool, t in marks if tool == "search")
    last_visit = [t for tool, t in marks if tool == "visit"][-1]
    return outcome, last_visit - first_search, total


def _same(a, b) -> bool:
    table = lambda o: {key: (c.status, c.value) for key, c in o.state.cells.items()}  # noqa: E731
    steps = lambda o: [(x.step, x.key, x.status) for x in o.state.actions]  # noqa: E731
    return a.end_kind == b.end_kind and table(a) == table(b) and steps(a) == steps(b)


def agent_layer(k: int, repeat: int) -> tuple[float, float, float, float, str, int]:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        corpus = tmp / "corpus"
        urls = write_corpus(corpus, k)
        rows = []
        for r in range(repeat):
            plain = agent_run(k, 0, tmp, corpus, urls, f"plain-{r}")
            ahead = agent_run(k, k, tmp, corpus, urls, f"ahead-{r}")
            if not _same(plain[0], ahead[0]):
                raise SystemExit(f"k={k}: the run with prefetch differs from the one at a time")
            rows.append((plain[1], ahead[1], plain[2], ahead[2]))
        visits = sum(1 for a in ahead[0].state.actions if a.tool == "visit" and a.status == "ok")
        med = [statistics.median(col) for col in zip(*rows)]
        return med[0], med[1], med[2], med[3], str(ahead[0].end_kind.value), visits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"pages answer after {DELAY * 1000:.0f} ms; at most {PER_HOST} requests per host; median of {args.repeat}")
    print("\ntool layer: k leads, one visit at a time vs prefetched")
    print(f"{'k':>3} {'hosts':>6} {'server':>8} {'one at a time':>14} {'prefetched':>11} {'speedup':>8} {'speedup/k':>10}")
    worst = None
    for apart in (True, False):
        for k in (2, 4, 8):
            one, ahead = tool_layer(k, args.repeat, apart=apart)
            ratio = one / ahead / k
            if apart:
                worst = ratio if worst is None else min(worst, ratio)
            where = "apart" if apart else "in-proc"
            print(f"{k:>3} {k:>6} {where:>8} {one:>13.3f}s {ahead:>10.3f}s {one / ahead:>7.2f}x {ratio:>10.2f}")
    for k in (4, 8):
        one, ahead = tool_layer(k, args.repeat, one_host=True)
        print(f"{k:>3} {1:>6} {'apart':>8} {one:>13.3f}s {ahead:>10.3f}s {one / ahead:>7.2f}x {one / ahead / k:>10.2f}"
              f"  (one host: bounded by {PER_HOST} at once)")
    print("\nagent run: one search, k leads, min_sources = k (same steps, table and ending checked)")
    print(f"{'k':>3} {'visits':>6} {'end':>10} {'visit phase 1-at-a-time':>24} {'prefetched':>11} {'speedup/k':>10}"
          f" {'whole run':>10} {'prefetched':>11}")
    for k in (2, 4):
        v_one, v_ahead, r_one, r_ahead, end, visits = agent_layer(k, args.repeat)
        print(f"{k:>3} {visits:>6} {end:>10} {v_one:>23.3f}s {v_ahead:>10.3f}s {v_one / v_ahead / k:>10.2f}"
              f" {r_one:>9.3f}s {r_ahead:>10.3f}s")
    verdict = "meets" if worst is not None and worst >= 0.8 else "misses"
    print(f"\ntool layer, server apart: worst speedup/k over k = 2, 4, 8 (k hosts) is {worst:.2f}: {verdict} the goal of 0.8")


if __name__ == "__main__":
    main()
