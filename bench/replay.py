"""What replay costs: recording every step, replaying a 1,000-step task, a 3×3 grid over a recorded evalset.

(a) Recording: the 1,000-step run of `bench/resume.py` (1,000 sources, 500 findings and 1,000 leads to
    start, each step adding two actions and a lead, a finding every 2nd step, a source every 5th) is
    checkpointed with the figures replay needs (`StepFacts`), as a run does.  Printed: the checkpoint's
    median per step and the replay log's size per step (the JSON it holds, and the pages its two tables
    take in the file, from SQLite's `dbstat`).
(b) Replaying that 1,000-step task (open the store, read the log, rebuild the state after every step,
    run every stop criterion at every step): as recorded, and with `min_sources = 1` (every step's 16
    cells ruled again and the state signature recounted).  Median of `--repeat` runs; goal ≤ 1 s.
(c) A 3×3 grid (min_sources=1,2,3 × stagnation=2,3,5) over a recorded evalset: `research eval`
    (offline, 2 workers) records `evalsets/` and the demo first, unless `--eval DIR` names a
    recording; then `research eval --replay` re-judges it, in-process and as the command (wall time
    with the interpreter's start).  Goal ≤ 10 s on 2 cores.

Usage: python bench/replay.py [--steps 1000] [--repeat 3] [--eval DIR] [--skip-grid]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "store"))
sys.path.insert(0, str(ROOT / "bench"))

from _store_kit import new_task  # noqa: E402
from resume import big_state, grow  # noqa: E402

from research_agent.replay import Recording, ReplaySettings, replay  # noqa: E402
from research_agent.stop_rules import StopSettings  # noqa: E402
from research_agent.store import Store  # noqa: E402
from research_agent.store.replay_log import StepFacts  # noqa: E402


def record(db: Path, steps: int) -> list[float]:
    rng = random.Random(11)
    store = Store(db)
    new_task(store)
    run = store.start_run("t1", "first")
    store.record_stop_settings(run, StopSettings(min_sources=2, max_steps=steps + 10).model_dump())
    state, index = big_state(rng)
    times = []
    for step in range(1, steps + 1):
        grow(state, index, step, rng)
        for f in list(state.findings.values())[-1:]:
            if f.source_id not in state.sources:  # the generator's ids can run past the sources; a run's never do
                f.source_id = "S0"
        facts = StepFacts(run_step=step, elapsed=step * 0.5, tokens=0, cost=0.0)
        t0 = time.perf_counter()
        store.checkpoint("t1", run, state, {"steps": step, "tool_calls": 2 * step}, facts)
        times.append(time.perf_counter() - t0)
    store.close()
    return times


def log_size(db: Path) -> tuple[int, int, int, int]:
    """(JSON bytes in the log, of it the first step's, bytes of pages its tables and index take, logged steps)."""
    conn = sqlite3.connect(db)
    try:
        data = conn.execute("SELECT coalesce(sum(length(data_json)), 0) FROM replay_rows").fetchone()[0]
        data += conn.execute("SELECT coalesce(sum(length(core_json)), 0) FROM replay_steps").fetchone()[0]
        first = conn.execute("SELECT coalesce(sum(length(data_json)), 0) FROM replay_rows WHERE step = 1").fetchone()[0]
        pages = conn.execute(
            "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name IN ('replay_rows', 'replay_steps', "
            "'replay_rows_task', 'sqlite_autoindex_replay_steps_1')").fetchone()[0]
        steps = conn.execute("SELECT count(*) FROM replay_steps").fetchone()[0]
    finally:
        conn.close()
    return data, first, pages, steps


def time_replay(db: Path, asked: ReplaySettings, repeat: int) -> tuple[float, float, int]:
    """(median wall seconds, median CPU seconds, the step it ends at)."""
    times, cpu, step = [], [], 0
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        with Store(db) as store:
            result = replay(Recording.load(store, "t1"), asked)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        step = result.step
    return statistics.median(times), statistics.median(cpu), step


def grid(eval_dir: Path | None, home: Path) -> None:
    env = {**os.environ, "RESEARCH_HOME": str(home)}
    research = [sys.executable, "-m", "research_agent"]
    if eval_dir is None:
        t0 = time.perf_counter()
        proc = subprocess.run([*research, "eval", "--workers", "2"], env=env, capture_output=True, text=True, check=False)
        print(f"  recorded evalsets/ + demo with `research eval` in {time.perf_counter() - t0:.1f}s (exit {proc.returncode})")
        eval_dir = max((home / "evals").iterdir(), key=lambda p: p.stat().st_mtime)
    from research_agent.replay.grid import run_grid

    spec = ["min_sources=1,2,3", "stagnation=2,3,5"]
    t0 = time.perf_counter()
    run_grid(str(eval_dir), spec, out=io.StringIO())
    inner = time.perf_counter() - t0
    t0 = time.perf_counter()
    proc = subprocess.run([*research, "eval", "--replay", str(eval_dir), "--grid", *spec], env=env,
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    print(f"(c) 3×3 grid over {eval_dir.name}: {inner:.2f} s in-process; the command {wall:.2f} s wall "
          f"(exit {proc.returncode}); goal ≤ 10 s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--eval", type=Path, default=None, help="a recorded eval's folder (default: record one)")
    ap.add_argument("--skip-grid", action="store_true")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the start")
    with tempfile.TemporaryDirectory(prefix="research-bench-") as tmp:
        db = Path(tmp) / "replay.db"
        times = record(db, args.steps)
        data, first, pages, steps = log_size(db)
        print(f"(a) checkpoint with the replay log, {args.steps} steps: median {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {sorted(times)[int(0.95 * len(times)) - 1] * 1000:.2f} ms")
        print(f"    replay log: {(data - first) / (steps - 1) / 1024:.2f} KiB of JSON per step after the first "
              f"(which holds the whole starting state, {first / 1024 / 1024:.1f} MiB); {pages / 1024 / 1024:.1f} MiB "
              f"of pages in all ({pages / steps / 1024:.1f} KiB a step)")
        for label, asked in (("as recorded", ReplaySettings()), ("min_sources=1", ReplaySettings(min_sources=1))):
            median, cpu, step = time_replay(db, asked, args.repeat)
            print(f"(b) replay of the {args.steps}-step task, {label}: median {median:.3f} s wall, {cpu:.3f} s CPU "
                  f"over {args.repeat} (ends at step {step}); goal ≤ 1 s")
        if not args.skip_grid:
            grid(args.eval, Path(tmp) / "home")


if __name__ == "__main__":
    main()
