"""How long a checkpoint and a resume take in the SQLite store.

(a) Checkpoint one step of a realistic run: a 4×4 table, 40 sources with
    128-int MinHash fingerprints, 60 findings, two actions per step and a
    growing action log.  Each checkpoint is one WAL transaction with
    `synchronous=NORMAL`, as in a real run.
(b) Resume a 1,000-step run: the state is built with the real dataclasses,
    checkpointed after every one of its 1,000 steps (2,000 actions), and then
    `Store.load_state` (open the database, read and parse the state JSON,
    rebuild the dataclasses) is timed from a fresh `Store`.

Usage: python bench/resume.py [--steps 1000] [--repeat 5] [--dir DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "store"))

from _store_kit import add_step, new_task, realistic_state  # noqa: E402

from research_agent.store import Store  # noqa: E402


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def bench_checkpoint(root: Path, steps: int) -> list[float]:
    store = Store(root / "checkpoint.db")
    new_task(store)
    run = store.start_run("t1", "first")
    state = realistic_state(steps=0)
    times = []
    for step in range(1, steps + 1):
        add_step(state, step)
        t0 = time.perf_counter()
        store.checkpoint("t1", run, state, {"steps": step, "tool_calls": 2 * step})
        times.append(time.perf_counter() - t0)
    store.close()
    return times


def bench_resume(root: Path, steps: int, repeat: int) -> tuple[float, list[float], list[float], int]:
    db = root / "resume.db"
    store = Store(db)
    new_task(store)
    run = store.start_run("t1", "first")
    state = realistic_state(steps=0)
    t0 = time.perf_counter()
    last: list[float] = []
    for step in range(1, steps + 1):
        add_step(state, step)
        t1 = time.perf_counter()
        store.checkpoint("t1", run, state, {"steps": step, "tool_calls": 2 * step})
        if step > steps - 20:
            last.append(time.perf_counter() - t1)
    build = time.perf_counter() - t0
    store.close()
    loads = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fresh = Store(db)
        loaded = fresh.load_state("t1")
        loads.append(time.perf_counter() - t0)
        fresh.close()
        assert loaded.current_step == steps and len(loaded.actions) == len(state.actions)
    return build, last, loads, len(state.actions)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--checkpoint-steps", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="research-bench-", dir=args.dir) as tmp:
        root = Path(tmp)
        times = bench_checkpoint(root, args.checkpoint_steps)
        print(f"checkpoint one step (4x4 cells, 40 sources x 128-int fingerprints, 60 findings, "
              f"2 actions/step, {args.checkpoint_steps} steps):")
        print(f"  mean {_ms(statistics.mean(times))}  median {_ms(statistics.median(times))}  "
              f"p95 {_ms(sorted(times)[int(0.95 * len(times)) - 1])}  "
              f"first {_ms(times[0])}  last {_ms(times[-1])}")
        build, last, loads, n_actions = bench_resume(root, args.steps, args.repeat)
        big = realistic_state(steps=args.steps)
        t0 = time.perf_counter()
        for _ in range(5):
            data = big.to_dict()
        to_dict = (time.perf_counter() - t0) / 5
        size = len(json.dumps(data))
        print(f"resume a {args.steps}-step run ({n_actions} actions, state JSON {size / 1024:.0f} KiB; built by "
              f"{args.steps} checkpoints in {build:.1f} s):")
        print(f"  checkpoint at steps {args.steps - 19}-{args.steps}: median {_ms(statistics.median(last))}, "
              f"of which ResearchState.to_dict alone {_ms(to_dict)}")
        print(f"  open store + load_state: median {_ms(statistics.median(loads))}  "
              f"min {_ms(min(loads))}  max {_ms(max(loads))}  ({args.repeat} runs)")


if __name__ == "__main__":
    main()
