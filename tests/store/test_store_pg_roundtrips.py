"""A checkpoint on PostgreSQL costs a fixed number of round trips (docs/scale.md, *The figures*): the
first of a run in a process reads (the lease fence among its reads) in one and writes with the commit in
another; every later one is a single round trip — what it would read is known from the last commit and
checked by the transaction itself — however many rows the step wrote, and so is the step's trace line; a prediction that no longer holds
costs the reads again, never a wrong write; rows go in multi-row statements; and a pooled connection is
not asked whether it is alive before each transaction, yet a store outlives a server restart."""

from __future__ import annotations

import random
from pathlib import Path

import psycopg
import pytest
from _store_kit import add_source, add_step, base_state, new_task, realistic_state

from pgtrace import RoundTrips
from research_agent.store import pg_batch
from research_agent.store.pg import PgStore, open_pool


def _leased_store(url: str, tracer: RoundTrips) -> tuple[PgStore, str]:
    store = PgStore(url, pool=open_pool(url, configure=tracer.configure))
    new_task(store)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE tasks SET lease_epoch = 3 WHERE id = 't1'")
    store.hold_lease("t1", 3)
    return store, store.start_run("t1", "first")


def _counted(tracer: RoundTrips, call) -> tuple[int, int]:
    trips, statements = tracer.round_trips, tracer.statements
    with tracer.counting():
        call()
    return tracer.round_trips - trips, tracer.statements - statements


def test_a_checkpoint_after_the_first_is_one_round_trip_whatever_it_writes(pg_url: str, tmp_path: Path) -> None:
    tracer = RoundTrips(tmp_path)
    store, run = _leased_store(pg_url, tracer)
    state = base_state()
    add_step(state, 1)
    first = _counted(tracer, lambda: store.checkpoint("t1", run, state, {"steps": 1}))  # every row: a full write
    rng = random.Random(3)
    add_step(state, 2)
    add_source(state, 99, rng)  # a step that finds one source
    small = _counted(tracer, lambda: store.checkpoint("t1", run, state, {"steps": 2}))
    add_step(state, 3)
    for i in range(100, 140):  # and one that finds forty
        add_source(state, i, rng)
    large = _counted(tracer, lambda: store.checkpoint("t1", run, state, {"steps": 3}))
    line = _counted(tracer, lambda: store.add_step_line("t1", run, 3, "{}"))  # the step's trace line, fenced too
    store.database.pool.close()
    assert (first[0], small[0], large[0], line[0]) == (2, 1, 1, 1)
    assert large[1] == small[1]  # forty more rows, not forty more statements


def test_a_checkpoint_whose_task_another_writer_moved_reads_it_again(pg_url: str, tmp_path: Path) -> None:
    store, run = _leased_store(pg_url, RoundTrips(tmp_path))
    rng = random.Random(5)
    state = base_state()
    for step in (1, 2):
        add_step(state, step)
        add_source(state, step, rng)
        store.checkpoint("t1", run, state, {"steps": step})
    other = PgStore(pg_url)  # another process writes the task (same lease) and moves its generation
    other.hold_lease("t1", 3)
    theirs = other.load_state("t1")
    add_step(theirs, 3)
    add_source(theirs, 50, rng)
    other.checkpoint("t1", run, theirs, {"steps": 3})
    other.close()
    add_step(state, 3)
    add_source(state, 3, rng)
    store.checkpoint("t1", run, state, {"steps": 3})
    store.close()
    again = PgStore(pg_url)
    assert again.load_state("t1").to_dict() == state.to_dict()  # every row written again, not a stale diff
    steps, _, _ = again.replay_log("t1")
    again.close()
    assert [s.step for s in steps] == [1, 2, 3]


def test_rows_split_over_several_statements_load_back_whole(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pg_batch, "MAX_PARAMS", 25)  # two or three rows a statement
    state = realistic_state(steps=6)
    store = PgStore(pg_url)
    new_task(store)
    run = store.start_run("t1", "first")
    store.checkpoint("t1", run, state, {"steps": 6})
    add_step(state, 7)
    store.checkpoint("t1", run, state, {"steps": 7})
    store.close()
    again = PgStore(pg_url)
    assert again.load_state("t1").to_dict() == state.to_dict()
    again.close()


def test_a_store_outlives_a_server_restart(pg_cluster, pg_url: str) -> None:
    store = PgStore(pg_url)
    new_task(store)
    assert store.load_task("t1").status == "created"
    pg_cluster.pause()
    pg_cluster.resume()
    assert store.load_task("t1").status == "created"  # the dead pooled connection is replaced, not used
    store.close()


def test_text_the_server_could_misread_loads_back_as_written(pg_url: str) -> None:
    state = base_state()
    add_step(state, 1)
    add_source(state, 1, random.Random(1))
    tricky = "it's 50% off \\ 'quoted' ? -- not a comment; \\x00 é 漢字 \\'"
    state.sources["S1"].title = tricky
    store = PgStore(pg_url)
    new_task(store)
    run = store.start_run("t1", "first")
    store.checkpoint("t1", run, state, {"steps": 1, "cost": 0.125})
    add_step(state, 2)
    state.sources["S1"].title = tricky + " again"
    store.checkpoint("t1", run, state, {"steps": 2, "cost": 0.25})
    store.close()
    again = PgStore(pg_url)
    assert again.load_state("t1").to_dict() == state.to_dict()
    with again.database.connection() as conn:
        assert conn.execute("SELECT title FROM sources WHERE task_id = 't1'").fetchone() == (tricky + " again",)
    assert again.load_task("t1").usage.cost == 0.25
    again.close()
