"""The lease fence (docs/scale.md, *Exactly once*): once a worker's claim has been taken over, none of its
commits about the task gets through — the run's start, its stop settings (kept for replay), a checkpoint
with its replay log, the trace line, the end.  Over both dialects."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from _store_kit import base_state, count, new_task, open_store

from research_agent.endings import EndKind
from research_agent.store.errors import LeaseLost
from research_agent.store.replay_log import StepFacts


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    return tmp_path / "research.db" if request.param == "sqlite" else request.getfixturevalue("pg_url")


def _set_epoch(db: Path | str, epoch: int) -> None:
    """Another worker claims the task (what `scale/lease.py`'s claim does to the row)."""
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db, autocommit=True) as pg:
            pg.execute("UPDATE tasks SET lease_epoch = %s WHERE id = 't1'", (epoch,))
        return
    conn = sqlite3.connect(db)
    conn.execute("UPDATE tasks SET lease_epoch = ? WHERE id = 't1'", (epoch,))
    conn.commit()
    conn.close()


def test_a_taken_over_lease_drops_every_commit_about_the_task(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    _set_epoch(db, 1)
    store.hold_lease("t1", 1)
    run = store.start_run("t1", "first")
    store.record_stop_settings(run, {"min_sources": 2})
    state = base_state()
    state.current_step = 1
    store.checkpoint("t1", run, state, {"steps": 1}, StepFacts(run_step=1, elapsed=0.1, tokens=0, cost=0.0))
    assert count(db, "replay_steps", "t1") == 1
    _set_epoch(db, 2)  # taken over
    state.current_step = 2
    with pytest.raises(LeaseLost):
        store.record_stop_settings(run, {"min_sources": 1})
    with pytest.raises(LeaseLost):
        store.checkpoint("t1", run, state, {"steps": 2}, StepFacts(run_step=2, elapsed=0.2, tokens=0, cost=0.0))
    with pytest.raises(LeaseLost):
        store.add_step_line("t1", run, 2, "{}")
    with pytest.raises(LeaseLost):
        store.finish("t1", run, end_kind=EndKind.USER_CANCELLED, stop_reason="user_cancelled", stop_detail="x",
                     usage={}, report_md="", report_json={}, state=state)
    with pytest.raises(LeaseLost):
        store.start_run("t1", "resume")
    assert count(db, "replay_steps", "t1") == 1 and count(db, "replay_rows", "t1") > 0
    assert count(db, "step_lines", "t1") == 0 and count(db, "runs", "t1") == 1
    steps, _, settings = store.replay_log("t1")
    assert [s.step for s in steps] == [1] and settings == {run: {"min_sources": 2}}
    store.close()
