"""Scale-out on one PostgreSQL (docs/scale.md): worker throughput, checkpoint cost, submit rate.

Starts its own PostgreSQL cluster (`tests/pgcluster.py`, server defaults: fsync on) and measures:

(a) k = 1, 2, 4 `research worker` processes over I/O-bound tasks: the demo question on the demo
    corpus with every page served 200 ms late (the worker's `--page-latency`) and prefetching
    off, so a task waits on pages most of its time; 3·k tasks per round; throughput = tasks /
    (last task ended − first task started), from the runs' own timestamps.  Goal: ≥ 0.8·k× the
    throughput of one worker.
(b) the checkpoint: `Store.checkpoint` of each step of the demo run, on PostgreSQL over loopback
    and on SQLite, median and 90th percentile, wall and CPU; and the store alone, 100 steps of a
    growing state (`tests/store/_store_kit`: a search, a visit, a source with its fingerprint and
    findings per step) checkpointed in a loop, under a lease (the fence a worker's commits carry).
    Goal: ≤ 5 ms median on PostgreSQL.  The demo runs once more with every commit waiting for the
    server's WAL flush (the store's sessions do not wait: docs/scale.md, *Durability*), to show what
    that durability would cost.  Beside the milliseconds, the round trips to the server and
    the statements per checkpoint, counted from libpq's trace (`tests/pgtrace.py`): figures that
    do not depend on the machine's load.
(c) `research batch` of 1,000 questions (a new task row and a queue job each), wall time of the
    command, start-up included.  Goal: ≤ 5 s.
(d) the shared rate limit: one grant and its release (two transactions), median.

Usage: python bench/scale.py [--parts a,b,c,d] [--rounds 1,2,4] [--tasks-per-worker 3]
(`--parts b`: the checkpoint only, about a minute.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from pgcluster import PgCluster  # noqa: E402
from pgtrace import RoundTrips  # noqa: E402

from research_agent import compose  # noqa: E402
from research_agent.config import DEMO_CORPUS, ResearchConfig  # noqa: E402
from research_agent.contract import parse_question  # noqa: E402

RESEARCH = str(Path(sys.executable).parent / "research")
QUESTION = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"


def _research(*args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([RESEARCH, *args], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"research {' '.join(args)} failed: {done.stderr[-2000:]}")
    return done


def _database(cluster: PgCluster, name: str) -> str:
    url = cluster.create_database(name)
    _research("db", "upgrade", "--db", url)
    return url


def throughput(cluster: PgCluster, k: int, per_worker: int, tmp: Path) -> float:
    from research_agent.scale.queue import app_on, enqueue
    from research_agent.store.pg import PgStore

    url = _database(cluster, f"tp{k}")
    store = PgStore(url)
    app = app_on(store.database.pool)
    cfg = ResearchConfig(corpus=DEMO_CORPUS, prefetch=0, database_url=url)
    for i in range(per_worker * k):
        compose.record_task(store, cfg, parse_question(QUESTION), f"k{k}-{i}")
        enqueue(app, f"k{k}-{i}")
    env = {**os.environ, "RESEARCH_HOME": str(tmp / f"home{k}")}
    procs = [subprocess.Popen([RESEARCH, "worker", "--until-idle", "--db", url, "--page-latency", "0.2"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(k)]
    for p in procs:
        p.wait(600)
    with store.database.connection() as conn:
        rows = conn.execute("SELECT min(started_at), max(ended_at), count(ended_at) FROM runs").fetchone()
    store.close()
    span = datetime.fromisoformat(rows[1]).timestamp() - datetime.fromisoformat(rows[0]).timestamp()
    assert rows[2] == per_worker * k, f"{rows[2]} of {per_worker * k} tasks ended"
    return rows[2] / span


def _server_ns(conns: list) -> int:
    """CPU nanoseconds the server processes behind `conns` have run (Linux `/proc/<pid>/schedstat`):
    the server's share of a checkpoint, which the machine's load does not inflate as it does the wall."""
    total = 0
    for conn in conns:
        try:
            with open(f"/proc/{conn.info.backend_pid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError):
            pass  # a closed connection, or not Linux
    return total


def checkpoint_times(store, tmp: Path, runs: int = 5, tracer: RoundTrips | None = None) -> tuple[list[float], ...]:
    """Wall, client CPU and (with `tracer`, whose connections are the store's) server CPU milliseconds
    of each checkpoint of `runs` demo runs (prefetching off: no background thread competes for the
    interpreter lock while the store waits on the server); with `tracer`, one more run whose
    checkpoints are traced (round trips counted), not timed."""
    times: list[float] = []
    cpu: list[float] = []
    server: list[float] = []
    inner = store.checkpoint
    traced = [False]

    def timed(*args, **kw):
        if tracer is not None and traced[0]:
            with tracer.counting():
                return inner(*args, **kw)
        conns = [c for c in tracer.conns if not c.closed] if tracer is not None else []
        s0 = _server_ns(conns)
        t0, c0 = time.perf_counter(), time.thread_time()
        inner(*args, **kw)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        if conns:
            server.append((_server_ns(conns) - s0) / 1e6)

    store.checkpoint = timed
    cfg = ResearchConfig(corpus=DEMO_CORPUS, traces=tmp / "traces", prefetch=0)
    for i in range(runs + (tracer is not None)):
        traced[0] = i == runs
        compose.start(store, cfg, parse_question(QUESTION), task_id=f"ckpt-{i}-{os.urandom(2).hex()}",
                      index_path=tmp / "index.db")
    return times, cpu, server


def store_alone(url: str, tmp: Path, steps: int = 100, traced: int = 10) -> tuple[float, float, float, RoundTrips]:
    """Median wall, p90 wall and median CPU milliseconds of checkpointing a state that grows a step at a
    time under a lease, and the round trips of `traced` more steps (traced, not timed)."""
    sys.path.insert(0, str(ROOT / "tests" / "store"))
    from _store_kit import add_step, base_state, new_task

    from research_agent.store.pg import PgStore, open_pool

    tracer = RoundTrips(tmp)
    pool = open_pool(url, configure=tracer.configure)
    store = PgStore(url, pool=pool)
    new_task(store)
    with store.database.connection() as conn:
        conn.execute("UPDATE tasks SET lease_epoch = 1 WHERE id = 't1'")
    store.hold_lease("t1", 1)
    run = store.start_run("t1", "first")
    state = base_state()
    wall, cpu = [], []
    for step in range(1, steps + traced + 1):
        add_step(state, step)
        if step > steps:
            with tracer.counting():
                store.checkpoint("t1", run, state, {"steps": step})
            continue
        t0, c0 = time.perf_counter(), time.thread_time()
        store.checkpoint("t1", run, state, {"steps": step})
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    store.close()
    pool.close()
    return statistics.median(wall), _pct(wall, 0.9), statistics.median(cpu), tracer


def limiter_cost(url: str, n: int = 200) -> float:
    from research_agent.scale.ratelimit import Limit, SharedLimiter
    from research_agent.store.pg import PgDatabase

    db = PgDatabase(url)
    limiter = SharedLimiter(db, {"model": Limit(requests=10_000, period=1.0, tokens_per_minute=10**9)})
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        grant = limiter.acquire("model:bench", 100)
        limiter.release("model:bench", grant, 90)
        times.append((time.perf_counter() - t0) * 1000)
    db.close()
    return statistics.median(times)


def _pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parts", default="a,b,c,d", help="which measurements (a: throughput, b: checkpoint, "
                                                      "c: batch submit, d: rate limit)")
    ap.add_argument("--rounds", default="1,2,4")
    ap.add_argument("--tasks-per-worker", type=int, default=3)
    args = ap.parse_args()
    parts = set(args.parts.split(","))
    cluster = PgCluster(fast=False).start()
    try:
        with tempfile.TemporaryDirectory(prefix="research-scale-") as tmp_name:
            tmp = Path(tmp_name)
            if "c" in parts or "d" in parts:
                submit_and_limit(cluster, tmp, parts)
            if "b" in parts:
                checkpoint(cluster, tmp)
            if "a" in parts:
                rounds(cluster, tmp, [int(k) for k in args.rounds.split(",")], args.tasks_per_worker)
    finally:
        cluster.stop()


def submit_and_limit(cluster: PgCluster, tmp: Path, parts: set[str]) -> None:
    url = _database(cluster, "bench")
    if "c" in parts:
        batch = tmp / "questions.txt"
        batch.write_text("".join(f"Compare Vendor{i}a and Vendor{i}b on license and pricing\n" for i in range(1000)))
        t0 = time.perf_counter()
        out = _research("batch", str(batch), "--db", url).stdout.strip()
        print(f"(c) research batch of 1,000 questions: {time.perf_counter() - t0:.2f} s ({out}); goal ≤ 5 s")
    if "d" in parts:
        print(f"(d) shared rate limit, one grant + release: {limiter_cost(url):.2f} ms median")


def checkpoint(cluster: PgCluster, tmp: Path) -> None:
    from research_agent.store import Store
    from research_agent.store.pg import PgStore, open_pool

    url = _database(cluster, "ckpt")
    tracer = RoundTrips(tmp)
    pool = open_pool(url, configure=tracer.configure)
    pg, pg_cpu, pg_server = checkpoint_times(PgStore(url, pool=pool), tmp, tracer=tracer)
    pool.close()
    lite, lite_cpu, _ = checkpoint_times(Store(tmp / "ckpt.db"), tmp)
    trips, statements = tracer.per_block()
    print(f"(b) checkpoint per step, {len(pg)} steps: PostgreSQL median {statistics.median(pg):.2f} ms wall "
          f"(p90 {_pct(pg, 0.9):.2f}), {statistics.median(pg_cpu):.2f} ms CPU + {statistics.median(pg_server):.2f} ms "
          f"the server's CPU, {trips:.2f} round trips and "
          f"{statements:.1f} statements per checkpoint ({tracer.blocks} traced); SQLite median "
          f"{statistics.median(lite):.2f} ms wall (p90 {_pct(lite, 0.9):.2f}), {statistics.median(lite_cpu):.2f} ms CPU; "
          f"goal ≤ 5 ms median on PostgreSQL (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    flushed = open_pool(url, configure=lambda conn: conn.execute("SET synchronous_commit = on"))
    waits, waits_cpu, _ = checkpoint_times(PgStore(url, pool=flushed), tmp)
    flushed.close()
    print(f"(b) the same with every commit waiting for the server's WAL flush (synchronous_commit=on, not the "
          f"store's setting): median {statistics.median(waits):.2f} ms wall (p90 {_pct(waits, 0.9):.2f}), "
          f"{statistics.median(waits_cpu):.2f} ms CPU (load average {os.getloadavg()[0]:.1f})")
    wall, p90, cpu, alone = store_alone(_database(cluster, "alone"), tmp)
    trips, statements = alone.per_block()
    print(f"(b) the PostgreSQL store alone, 100 growing steps under a lease: median {wall:.2f} ms wall "
          f"(p90 {p90:.2f}), {cpu:.2f} ms CPU; {trips:.2f} round trips and {statements:.1f} statements per "
          f"checkpoint ({alone.blocks} traced)")


def rounds(cluster: PgCluster, tmp: Path, ks: list[int], per_worker: int) -> None:
    base = None
    for k in ks:
        rate = throughput(cluster, k, per_worker, tmp)
        base = base if base is not None else rate / k
        print(f"(a) {k} worker(s), {per_worker * k} tasks: {rate:.2f} tasks/s = {rate / base:.2f}× one worker "
              f"(goal ≥ {0.8 * k:.1f}×)")


if __name__ == "__main__":
    main()
