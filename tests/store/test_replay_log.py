"""The replay log (migration 8) rebuilds the state after every step, whatever the steps did.

A run's checkpoints go through every kind of change the row writer knows — new and changed sources,
refused leads, removed keys, an item moved in its container, a shorter lead list, a second process
taking the task over (a full write), the end of a run — and after each one the state rebuilt from the
log alone equals the state the store loads (what replay needs of it: everything but the cluster index's
members, the bounded step log and the fingerprints).  The store tests run over SQLite and PostgreSQL
(the log's SQL is written once for both dialects)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from _store_kit import add_finding, add_source, add_step, base_state, new_task, open_store

from research_agent.endings import EndKind
from research_agent.replay import NotReplayable, Recording, ReplaySettings, replay
from research_agent.state import Lead, ResearchState
from research_agent.store import Store
from research_agent.store.replay_log import StepFacts
from research_agent.tools.fingerprint import ClusterIndex


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """A SQLite file, or a fresh PostgreSQL database's URL: the test runs against both stores."""
    return tmp_path / "r.db" if request.param == "sqlite" else request.getfixturevalue("pg_url")


def _comparable(state: ResearchState) -> dict[str, Any]:
    data = state.to_dict()
    for name in ("clusters", "step_log"):
        data.pop(name)
    for source in data["sources"].values():
        source.pop("fingerprint")
    for name in ("cells", "sources", "findings"):  # in order: it is the order reports list them in
        data[name] = list(data[name].items())
    return data


def _rebuilt(store: Store) -> ResearchState:
    *_, (_, state) = Recording.load(store, "t1").states()
    return state


def _step(state: ResearchState, step: int, rng: random.Random, index: ClusterIndex) -> None:
    add_step(state, step)
    src = add_source(state, step, rng, opened=step % 3 != 0)
    src.cluster_id = index.add(src.id, src.fingerprint or [])
    state.clusters = index.to_dict()
    add_finding(state, step)
    for k in range(2):
        url = f"https://lead{step}.example/{k}"
        state.leads.append(Lead(url, url, f"Lead {step}.{k}", "snippet", "Alpha/license", "q", k + 1, step))
    if step > 2:
        state.leads[step].refused = "duplicate"
        state.sources["S1"].title = f"retitled at {step}"
    if step == 4:
        del state.sources["S2"], state.findings["F2"]
    if step == 5:  # an item moved: the table is written again
        state.sources = {"S3": state.sources.pop("S3"), **state.sources}
    if step == 6:
        del state.leads[-3:]
    state.progress.unchanged_steps = step % 3
    state.notice = f"step {step}"


def test_the_log_rebuilds_every_checkpointed_state(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    run = store.start_run("t1", "first")
    state, rng, index = base_state(), random.Random(3), ClusterIndex()
    for step in range(1, 10):
        _step(state, step, rng, index)
        if step == 7:  # another process takes the task over: its first write is a full one
            store.close()
            store = open_store(db)
            run = store.start_run("t1", "resume")
        facts = StepFacts(run_step=step, elapsed=0.1 * step, tokens=10 * step, cost=0.0, hard_only=step == 9)
        store.checkpoint("t1", run, state, {"steps": step}, facts)
        with open_store(db) as reader:
            assert _comparable(_rebuilt(reader)) == _comparable(reader.load_state("t1")), step
    state.notice = "the run's end"
    store.finish("t1", run, end_kind=EndKind.BUDGET_EXHAUSTED, stop_reason="budget_steps", stop_detail="9/9 steps",
                 usage={"steps": 9}, report_md="", report_json={}, state=state)
    with open_store(db) as reader:
        rebuilt = _rebuilt(reader)
        assert _comparable(rebuilt) == _comparable(reader.load_state("t1"))
        assert rebuilt.notice == "the run's end"
        # the run's end is a second write at step 9: it keeps the figures the step's stop check read
        steps, _, _ = reader.replay_log("t1")
        assert [s.step for s in steps] == list(range(1, 10))
        assert steps[-1].facts == facts and steps[-1].core["notice"] == "the run's end"
        assert steps[-1].run_id == run
    store.close()


def test_each_step_logs_what_it_changed_not_the_whole_state(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    store = Store(db)
    new_task(store)
    run = store.start_run("t1", "first")
    state, rng, index = base_state(), random.Random(3), ClusterIndex()
    for step in range(1, 31):
        _step(state, step, rng, index)
        store.checkpoint("t1", run, state, {"steps": step})
    rows = store._db.conn.execute("SELECT step, count(*) FROM replay_rows GROUP BY step").fetchall()
    store.close()
    per_step = dict(rows)
    # a late step logs its action, its source, its finding, its leads and the few rows it touched,
    # however many the run holds by then
    assert per_step[30] <= per_step[10] + 2 < len(state.sources) + len(state.leads)


def test_a_task_that_ended_before_its_first_step_has_nothing_to_replay(db: Path | str) -> None:
    with open_store(db) as store:
        new_task(store)
        run = store.start_run("t1", "first")
        store.finish("t1", run, end_kind=EndKind.USER_CANCELLED, stop_reason="user_cancelled", stop_detail="before step 1",
                     usage={}, report_md="", report_json={}, state=base_state())
        with pytest.raises(NotReplayable, match="ended before its first step"):
            replay(Recording.load(store, "t1"), ReplaySettings())
