"""Two processes on one database: cancel while a run checkpoints; SIGKILL mid-run."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from _store_kit import add_step, count, new_task, realistic_state

from research_agent.store import Store

KIT = str(Path(__file__).parent)


def _python(code: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([KIT, os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


CANCELLER = """
    import sys, time
    from research_agent.store import Store
    store = Store(sys.argv[1])
    while store.load_task("t1").status != "running":
        time.sleep(0.01)
    time.sleep(0.2)  # let a few checkpoints go by
    store.request_cancel("t1")
    print("requested")
"""


def test_another_process_can_cancel_while_a_run_checkpoints(tmp_path: Path) -> None:
    db = tmp_path / "research.db"
    store = Store(db)
    new_task(store)
    proc = _python(CANCELLER, str(db))
    run = store.start_run("t1", "first")
    state = realistic_state(steps=1)
    step = 1
    deadline = time.monotonic() + 30
    while not store.cancel_requested("t1"):
        assert time.monotonic() < deadline, "the cancel request never arrived"
        step += 1
        add_step(state, step)
        store.checkpoint("t1", run, state, {"steps": step})
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert out.strip() == "requested"
    assert step > 2, "the run kept checkpointing while the other process waited"
    assert store.load_state("t1").current_step == step
    # A new run starts clean: a cancel aimed at an earlier run does not stop it.
    store.start_run("t1", "resume")
    assert store.cancel_requested("t1") is False


def test_a_cancel_sent_before_the_first_run_starts_is_kept_for_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "research.db")
    new_task(store)  # status `created`: `research cancel` accepts it
    store.request_cancel("t1")
    store.start_run("t1", "first")
    assert store.cancel_requested("t1") is True


WRITER = """
    import sys
    from _store_kit import add_step, realistic_state
    from research_agent.store import Store
    store = Store(sys.argv[1])
    run = sys.argv[2]
    state = store.load_state("t1")
    step = state.current_step
    while True:
        step += 1
        add_step(state, step, actions_per_step=3)
        store.checkpoint("t1", run, state, {"steps": step})
        print(step, flush=True)
"""


def _check_consistent(db: Path) -> int:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with Store(db) as store:
        state = store.load_state("t1")
        n = state.current_step
        # Every committed step is there, once: 3 actions per step, no duplicates.
        assert len(state.actions) == 3 * n
        assert count(db, "actions", "t1") == 3 * n
        assert [(a.step, a.seq) for a in store.actions("t1")] == [(s, q) for s in range(1, n + 1) for q in range(3)]
        last = store.runs("t1")[-1]
        assert last.start_step + last.steps == n
    return n


def test_a_run_killed_at_any_moment_resumes_with_every_committed_step(tmp_path: Path) -> None:
    db = tmp_path / "research.db"
    with Store(db) as store:
        new_task(store)
    reached = 0
    for attempt, target in enumerate((3, 11, 25)):
        with Store(db) as store:
            run = store.start_run("t1", "first" if attempt == 0 else "resume")
        proc = _python(WRITER, str(db), run)
        assert proc.stdout is not None
        # Kill right after a commit was reported, then at an arbitrary moment.
        for line in proc.stdout:
            if int(line) >= target:
                break
        time.sleep(0.003 * attempt)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        n = _check_consistent(db)
        assert n >= max(target, reached), "a committed step was lost"
        reached = n
    with Store(db) as store:
        assert [r.kind for r in store.runs("t1")] == ["first", "resume", "resume"]
