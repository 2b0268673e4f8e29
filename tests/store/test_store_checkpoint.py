"""Tasks, runs and checkpoints: idempotent, atomic, secret-free."""

from __future__ import annotations

import copy
import json
import random
import sqlite3
from pathlib import Path

import pytest
from _store_kit import add_source, add_step, base_state, count, new_task, open_store, realistic_state

from engine import StopReason
from research_agent.endings import EndKind
from research_agent.state import ActionLog
from research_agent.store import RunUsage, Store, StoreError, UnknownTask


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Path:
    return tmp_path / "research.db"


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """A SQLite file, or a fresh PostgreSQL database's URL: the test runs against both stores."""
    return tmp_path / "research.db" if request.param == "sqlite" else request.getfixturevalue("pg_url")


def test_checkpointing_the_same_state_twice_duplicates_nothing(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    run = store.start_run("t1", "first", pid=123)
    assert run == "t1-r1"
    state = realistic_state(steps=10)
    store.checkpoint("t1", run, state, {"steps": 10, "tool_calls": 20})
    store.checkpoint("t1", run, state, {"steps": 10, "tool_calls": 20})
    store.close()
    # Count in SQLite directly, with a connection that is not the store's.
    assert count(db, "state") == 1
    assert count(db, "cells", "t1") == 16
    assert count(db, "sources", "t1") == 40
    assert count(db, "findings", "t1") == 60
    assert count(db, "actions", "t1") == 20
    assert count(db, "runs") == 1


def test_the_loaded_state_equals_the_checkpointed_one(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    run = store.start_run("t1", "first")
    state = realistic_state()
    state.stop_reason = StopReason.BUDGET_STEPS
    state.stop_detail = "10/10 steps"
    state.progress.unchanged_steps = 2
    store.checkpoint("t1", run, state, {"steps": 10})
    store.close()
    loaded = open_store(db).load_state("t1")
    assert loaded.to_dict() == state.to_dict()
    assert loaded.stop_reason is StopReason.BUDGET_STEPS
    assert loaded.sources["S1"].fingerprint == state.sources["S1"].fingerprint


def test_a_growing_run_stores_each_action_once_with_its_position_in_the_step(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    run = store.start_run("t1", "first")
    state = base_state()
    for step in range(1, 6):
        add_step(state, step, actions_per_step=3)
        store.checkpoint("t1", run, state, {"steps": step})
    store.checkpoint("t1", run, state, {"steps": 5})  # a repeat of the last step
    actions = store.actions("t1")
    assert [(a.step, a.seq) for a in actions] == [(s, q) for s in range(1, 6) for q in range(3)]
    assert actions[0].tool == "search" and actions[0].args == {"query": f"{list(state.cells)[1]} query 1"}
    assert actions[1].key.startswith("visit:")
    assert count(db, "actions", "t1") == 15
    assert store.load_task("t1").status == "running"
    assert store.runs("t1")[0].steps == 5


def test_mutable_source_columns_follow_the_state(sqlite_db: Path) -> None:
    store = Store(sqlite_db)
    new_task(store)
    run = store.start_run("t1", "first")
    state = base_state()
    src = add_source(state, 3, random.Random(1), opened=False)
    src.cluster_id = None
    store.checkpoint("t1", run, state)
    src.opened = True
    src.cluster_id = "c9"
    src.title = "Read title"
    store.checkpoint("t1", run, state)
    conn = sqlite3.connect(sqlite_db)
    row = conn.execute("SELECT opened, cluster_id, title FROM sources WHERE id = 'S3'").fetchone()
    conn.close()
    assert row == (1, "c9", "Read title")
    assert count(sqlite_db, "sources") == 1


def test_a_write_that_fails_mid_transaction_leaves_the_previous_checkpoint(sqlite_db: Path) -> None:
    store = Store(sqlite_db)
    new_task(store)
    run = store.start_run("t1", "first")
    good = realistic_state(steps=3)
    store.checkpoint("t1", run, good, {"steps": 3})

    bad = copy.deepcopy(good)
    add_step(bad, 4)
    bad.cells[next(iter(bad.cells))].status = "partial"
    # The state row, cells and sources are written first; a NULL in a NOT NULL
    # column of the actions table then fails the transaction half-way.
    bad.actions.append(ActionLog(step=4, tool="visit", args={}, key=None, status="ok"))  # type: ignore[arg-type]
    with pytest.raises(sqlite3.IntegrityError):
        store.checkpoint("t1", run, bad, {"steps": 4})

    assert store.load_state("t1").to_dict() == good.to_dict()
    assert count(sqlite_db, "actions", "t1") == len(good.actions)
    conn = sqlite3.connect(sqlite_db)
    assert conn.execute("SELECT status FROM cells WHERE key = ?", (next(iter(good.cells)),)).fetchone()[0] == "confirmed"
    assert conn.execute("SELECT step FROM state").fetchone()[0] == 3
    conn.close()
    assert store.runs("t1")[0].steps == 3


def test_usage_is_kept_per_run_and_summed_per_task(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    state = realistic_state(steps=2)
    r1 = store.start_run("t1", "first")
    store.checkpoint("t1", r1, state, {"steps": 1, "tokens": 100, "elapsed_seconds": 1.5})
    store.checkpoint("t1", r1, state, RunUsage(steps=2, tokens=250, cost=0.01, elapsed_seconds=3.0))
    store.finish(
        "t1", r1, end_kind=EndKind.BUDGET_EXHAUSTED, stop_reason=StopReason.BUDGET_STEPS,
        stop_detail="2/2 steps", usage={"steps": 2, "tokens": 250, "cost": 0.01, "elapsed_seconds": 3.0},
        report_md="# r1", report_json={"status": "Partial"},
    )
    r2 = store.start_run("t1", "resume")
    assert r2 == "t1-r2"
    for step in (3, 4, 5):
        add_step(state, step)
    store.checkpoint("t1", r2, state, {"steps": 3, "tool_calls": 6, "tokens": 50})
    store.checkpoint("t1", r2, state, {"steps": 3, "tool_calls": 6, "tokens": 50})  # counted once
    usage = store.load_task("t1").usage
    assert usage == RunUsage(steps=5, tool_calls=6, tokens=300, cost=0.01, elapsed_seconds=3.0)
    runs = store.runs("t1")
    assert [r.usage.steps for r in runs] == [2, 3]
    assert [(r.start_step, r.steps) for r in runs] == [(0, 2), (2, 3)], "steps counted from the state, per run"
    store.checkpoint("t1", r2, state)  # no usage given: the run's figure stays
    assert store.load_task("t1").usage == usage
    with pytest.raises(StoreError, match="bad usage figures"):
        store.checkpoint("t1", r2, state, {"total_tokens": 5})


def test_finish_records_the_ending_and_both_reports(db: Path | str) -> None:
    store = open_store(db)
    new_task(store, "a")
    new_task(store, "b")
    ra = store.start_run("a", "first", pid=42)
    store.finish(
        "a", ra, end_kind=EndKind.BUDGET_EXHAUSTED, stop_reason=StopReason.BUDGET_STEPS, stop_detail="20/20 steps",
        usage={"steps": 20}, report_md="# first report", report_json={"status": "Partial", "end_kind": "budget_exhausted"},
        state=realistic_state(),
    )
    task = store.load_task("a")
    assert (task.status, task.end_kind, task.stop_reason, task.stop_detail) == (
        "partial", EndKind.BUDGET_EXHAUSTED, "budget_steps", "20/20 steps",
    )
    run = store.runs("a")[0]
    assert run.ended_at and run.end_kind is EndKind.BUDGET_EXHAUSTED and run.pid == 42 and run.steps == 10
    assert store.report("a") == "# first report"
    assert json.loads(store.report("a", "json"))["end_kind"] == "budget_exhausted"
    assert store.load_state("a").current_step == 10, "finish wrote the final state with the ending"

    ra2 = store.start_run("a", "resume")
    store.finish(
        "a", ra2, end_kind=EndKind.COMPLETED, stop_reason="evidence_sufficient", stop_detail="16/16 cells",
        usage={"steps": 3}, report_md="# second report", report_json={"status": "Complete"},
    )
    assert store.report("a") == "# second report", "the latest run's report"
    assert store.report("b") is None
    assert count(db, "reports", "a") == 4

    assert [t.id for t in store.list_tasks(status="completed")] == ["a"]
    assert [t.id for t in store.list_tasks(status="created")] == ["b"]
    assert {t.id for t in store.list_tasks()} == {"a", "b"}
    assert store.list_tasks(status="budget_exhausted") == []
    assert len(store.list_tasks(limit=1)) == 1


def test_list_filters_by_end_kind_too(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    r = store.start_run("t1", "first")
    store.finish("t1", r, end_kind=EndKind.NO_PROGRESS, stop_reason="no_new_evidence", stop_detail="x",
                 usage=None, report_md="m", report_json={})
    assert [t.id for t in store.list_tasks(status="no_progress")] == ["t1"]
    assert [t.id for t in store.list_tasks(status="partial")] == ["t1"]


def test_task_record_round_trips_what_was_created(db: Path | str) -> None:
    store = open_store(db)
    new_task(store, "t1", policy="llm", model="gpt-x")
    task = store.load_task("t1")
    assert task.question.startswith("Compare Alpha")
    assert task.task_contract.cell_keys()[0] == "Alpha/license"
    assert task.contract_version == task.task_contract.version()
    assert task.tools == ["search", "visit"]
    assert task.budget == {"max_steps": 20}
    assert task.config == {"policy": "llm", "model": "gpt-x"}
    assert task.status == "created" and task.end_kind is None
    assert task.usage == RunUsage()


def test_a_duplicate_task_id_is_refused(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    with pytest.raises(StoreError, match="task t1 already exists; `research resume t1`"):
        new_task(store)


def test_unknown_task_ids_name_the_fix(db: Path | str) -> None:
    store = open_store(db)
    for call in (
        lambda: store.load_task("nope"),
        lambda: store.load_state("nope"),
        lambda: store.start_run("nope", "first"),
        lambda: store.request_cancel("nope"),
        lambda: store.cancel_requested("nope"),
        lambda: store.runs("nope"),
        lambda: store.report("nope"),
    ):
        with pytest.raises(UnknownTask) as err:
            call()
        assert str(err.value) == "no task nope; `research list` shows the known ids"
    new_task(store)
    with pytest.raises(StoreError, match="no run t1-r9 for task t1"):
        store.checkpoint("t1", "t1-r9", base_state())


def test_a_task_that_never_checkpointed_loads_its_initial_state(db: Path | str) -> None:
    store = open_store(db)
    new_task(store)
    state = store.load_state("t1")
    assert state.to_dict() == base_state().to_dict()


SECRET = "sk-live-0123456789abcdef"


def test_secrets_never_reach_the_database_file(sqlite_db: Path) -> None:
    store = Store(sqlite_db)
    new_task(
        store,
        "t1",
        model="gpt-x",
        api_key=SECRET,
        llm={"base_url": "http://127.0.0.1:9/v1", "Authorization": f"Bearer {SECRET}", "max_tokens": 900},
        headers=[{"X-Api-Key": SECRET, "accept": "json"}],
        search_token=SECRET,
    )
    run = store.start_run("t1", "first")
    state = realistic_state(steps=1)
    state.actions.append(ActionLog(step=1, tool="search", args={"query": "q", "api_key": SECRET}, key="search:q", status="ok"))
    state.metadata["openai_api_key"] = SECRET
    store.checkpoint("t1", run, state)
    config = store.load_task("t1").config
    assert config == {
        "model": "gpt-x",
        "llm": {"base_url": "http://127.0.0.1:9/v1", "max_tokens": 900},
        "headers": [{"accept": "json"}],
    }
    loaded = store.load_state("t1")
    assert loaded.metadata["openai_api_key"] == "[redacted]"
    assert loaded.actions[-1].args == {"query": "q", "api_key": "[redacted]"}
    store.close()
    for f in sqlite_db.parent.iterdir():
        assert SECRET.encode() not in f.read_bytes(), f.name
