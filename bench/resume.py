"""How long a checkpoint and a resume take in the SQLite store, on a realistic state.

(a) Checkpoint per step at 1,000 sources / 500 findings / 1,000 leads: the
    state starts with that many (every source opened, fingerprinted with a
    128-value MinHash and placed in a real `ClusterIndex`), then each step adds
    two actions and a lead, every other step a finding, every fifth step a
    source that joins the index, and it refuses an old lead and retitles an
    old source, as a run's steps do.  The
    per-step median is printed around steps 10, 100, 250, 500 and 1,000: flat
    means a step costs what it changed, not what the run holds.  Each
    checkpoint is one WAL transaction with `synchronous=NORMAL`, as in a run.
    The process's CPU time is printed beside the wall time, with the load
    average at the start: on a shared machine the difference is waiting for
    a core.  Between checkpoints the bench does what the reducer does
    outside the checkpoint (the cluster index's `to_dict`, the state
    signature of its no-progress check), untimed.
(b) Resume of that 1,000-step run, from a fresh process state (new `Store`):
    open the store, `load_state`, then what the first resumed step does that
    depends on the run's size — rebuild the cluster index from the state
    (`ClusterIndex.from_dict`, as the reducer does), compute the state
    signature, and checkpoint the step.
(c) Rebuilding the cluster index alone at 1k and 10k fingerprints.

Usage: python bench/resume.py [--steps 1000] [--repeat 5] [--dir DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "store"))

from _store_kit import add_finding, add_source, add_step, base_state, new_task  # noqa: E402

from research_agent.state import Lead, ResearchState  # noqa: E402
from research_agent.store import Store  # noqa: E402
from research_agent.tools.fingerprint import ClusterIndex  # noqa: E402

SOURCES, FINDINGS, LEADS = 1000, 500, 1000
MARKS = (10, 100, 250, 500, 1000)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def big_state(rng: random.Random) -> tuple[ResearchState, ClusterIndex]:
    state, index = base_state(), ClusterIndex()
    for i in range(SOURCES):
        src = add_source(state, i, rng)
        src.cluster_id = index.add(src.id, src.fingerprint or [])
    state.clusters = index.to_dict()
    for i in range(FINDINGS):
        add_finding(state, i)
    for i in range(LEADS):
        url = f"https://lead{i}.example/page"
        state.leads.append(Lead(url, url, f"Lead {i}", "a snippet of the result", list(state.cells)[i % 16], "q", i % 10 + 1, 0))
    return state, index


def grow(state: ResearchState, index: ClusterIndex, step: int, rng: random.Random) -> None:
    add_step(state, step)
    if step % 5 == 0:
        src = add_source(state, SOURCES + step, rng)
        src.cluster_id = index.add(src.id, src.fingerprint or [])
    state.clusters = index.to_dict()  # what the reducer does after every step,
    state.last_signature = state.signature()  # and this (its no-progress check)
    if step % 2 == 0:
        add_finding(state, FINDINGS + step)
    url = f"https://step{step}.example/"
    state.leads.append(Lead(url, url, f"Lead {step}", "snippet", "Alpha/license", "q", 1, step))
    state.leads[step % LEADS].refused = "duplicate"
    state.sources[f"S{step % SOURCES}"].title = f"retitled at step {step}"


def bench_run(db: Path, steps: int) -> tuple[list[float], ResearchState]:
    rng = random.Random(11)
    store = Store(db)
    new_task(store)
    run = store.start_run("t1", "first")
    state, index = big_state(rng)
    times, cpu = [], []
    for step in range(1, steps + 1):
        grow(state, index, step, rng)
        t0, c0 = time.perf_counter(), time.process_time()
        store.checkpoint("t1", run, state, {"steps": step, "tool_calls": 2 * step})
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    store.close()
    return times, cpu, state


def bench_resume(db: Path, steps: int) -> tuple[float, float, float, float]:
    c0, t0 = time.process_time(), time.perf_counter()
    store = Store(db)
    state = store.load_state("t1")
    loaded = time.perf_counter()
    run = store.start_run("t1", "resume")
    t1 = time.perf_counter()
    index = ClusterIndex.from_dict(state.clusters)
    grow(state, index, steps + 1, random.Random(5))
    state.signature()
    store.checkpoint("t1", run, state, {"steps": 1, "tool_calls": 2})
    first_step = time.perf_counter() - t1
    cpu = time.process_time() - c0
    store.close()
    return loaded - t0, first_step, (loaded - t0) + first_step, cpu


def bench_rebuild(n: int) -> float:
    rng = random.Random(2)
    index = ClusterIndex()
    for i in range(n):
        index.add(f"S{i}", [rng.randrange(2**32) for _ in range(128)])
    data = index.to_dict()
    t0 = time.perf_counter()
    ClusterIndex.from_dict(data)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the start")
    with tempfile.TemporaryDirectory(prefix="research-bench-", dir=args.dir) as tmp:
        db = Path(tmp) / "resume.db"
        times, cpu, state = bench_run(db, args.steps)
        print(f"(a) checkpoint per step at {SOURCES} sources / {FINDINGS} findings / {LEADS} leads "
              f"growing by 2 actions + 1 lead per step, a finding every 2nd, a source every 5th; {args.steps} steps):")
        for mark in (m for m in MARKS if m <= args.steps):
            window = times[max(0, mark - 10) : mark]
            print(f"  steps {max(1, mark - 9):>4}-{mark:<4}  median {_ms(statistics.median(window))}  "
                  f"(CPU {_ms(statistics.median(cpu[max(0, mark - 10) : mark]))})")
        print(f"  whole run: median {_ms(statistics.median(times))}  p95 {_ms(sorted(times)[int(0.95 * len(times)) - 1])}  "
              f"first {_ms(times[0])}  (CPU: median {_ms(statistics.median(cpu))}; wall above CPU is waiting for a core "
              f"or the disk, see `uptime`)")
        print(f"(b) resume of the {args.steps}-step run ({len(state.sources)} sources, {len(state.findings)} findings, "
              f"{len(state.leads)} leads, {len(state.actions)} actions), {args.repeat} runs:")
        results = [bench_resume(db, args.steps) for _ in range(args.repeat)]
        for label, i in (("open + load_state", 0), ("first step (index rebuild, signature, checkpoint)", 1), ("total", 2),
                         ("total, CPU time", 3)):
            vals = [r[i] for r in results]
            print(f"  {label:50} median {_ms(statistics.median(vals))}  max {_ms(max(vals))}")
    print("(c) ClusterIndex.from_dict (rebuild on resume):")
    for n in (1000, 10000):
        print(f"  {n:>6} fingerprints  {_ms(min(bench_rebuild(n) for _ in range(3)))}")


if __name__ == "__main__":
    main()
