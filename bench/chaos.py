"""Kill a run with SIGKILL at random points, resume it, and count repeated tool calls.

Each trial runs the demo question on the demo corpus (the quick-start job) in
a forked child process (the real composition root: loopback web, local
index, SQLite store, traces), SIGKILLs it after a random delay drawn between
0 and the length of an uninterrupted run, then resumes the task in a second
child and lets it finish.  A tool call is *repeated* when a step line of the
resumed run (its `steps.jsonl`) holds a call — same tool, same arguments —
that a step line of the killed run already holds: the killed run traced it,
so the resume ran it again.  Trials where the kill came before the first step
or after the run ended are counted apart ("not mid-run").

Usage: python bench/chaos.py [--trials 100] [--seed 1] [--dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from research_agent import compose  # noqa: E402
from research_agent.config import DEMO_CORPUS, ResearchConfig  # noqa: E402
from research_agent.contract import parse_question  # noqa: E402
from research_agent.store import Store  # noqa: E402

QUESTION = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"
TASK = "chaos"


def _cfg(root: Path) -> ResearchConfig:
    return ResearchConfig(db=root / "research.db", traces=root / "traces", corpus=DEMO_CORPUS, http_timeout=2.0)


def _child(fn) -> int:
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            fn()
            code = 0
        finally:
            os._exit(code)
    return pid


def _first(root: Path) -> None:
    cfg = _cfg(root)
    with Store(cfg.db_path()) as store:
        compose.start(store, cfg, parse_question(QUESTION), task_id=TASK, index_path=root / "index.db")


def _resume(root: Path) -> None:
    cfg = _cfg(root)
    with Store(cfg.db_path()) as store:
        compose.resume(store, TASK, cfg, add={"steps": 50}, index_path=root / "index.db")


def _calls(run_dir: Path) -> list[str]:
    path = run_dir / "steps.jsonl"
    if not path.exists():
        return []
    last: dict[int, dict] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            last[row["step"]] = row  # readers keep the last line per step
    calls = []
    for row in last.values():
        actions = (row.get("decision") or {}).get("actions") or []
        for action, result in zip(actions, row.get("action_results", [])):
            if result.get("status") in ("ok", "error"):  # executed, not refused or skipped
                args = {k: v for k, v in action.get("args", {}).items() if k != "cell"}
                calls.append(f"{action['name']}:{json.dumps(args, sort_keys=True)}")
    return calls


def _wait(pid: int) -> int:
    return os.waitpid(pid, 0)[1]


def trial(root: Path, delay: float) -> tuple[str, int]:
    """One kill-and-resume; returns (outcome, repeated calls)."""
    pid = _child(lambda: _first(root))
    time.sleep(delay)  # the kill point: this bench draws it at random on purpose
    os.kill(pid, signal.SIGKILL)
    status = _wait(pid)
    if not os.WIFSIGNALED(status):
        return "ended before the kill", 0
    with Store(root / "research.db") as store:
        try:
            steps = store.load_state(TASK).current_step
        except Exception:  # noqa: BLE001 — killed before the task row was written
            return "killed before the task existed", 0
    _wait(_child(lambda: _resume(root)))
    first = set(_calls(root / "traces" / f"{TASK}-r1"))
    resumed = _calls(root / "traces" / f"{TASK}-r2")
    outcome = "mid-run" if steps > 0 or first else "killed before step 1"
    return outcome, sum(1 for c in resumed if c in first)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="research-chaos-", dir=args.dir) as tmp:
        base = Path(tmp)
        t0 = time.perf_counter()
        _wait(_child(lambda: _first(base / "calibrate")))
        full = time.perf_counter() - t0
        outcomes: dict[str, int] = {}
        repeated = 0
        started = time.perf_counter()
        for i in range(args.trials):
            outcome, n = trial(base / f"t{i}", rng.uniform(0.0, full))
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            repeated += n
        took = time.perf_counter() - started
    print(f"{args.trials} SIGKILL trials at random points of a {full:.2f} s run (demo question), in {took:.0f} s:")
    for outcome, n in sorted(outcomes.items()):
        print(f"  {outcome:32} {n}")
    print(f"repeated tool calls after resume: {repeated}")


if __name__ == "__main__":
    main()
