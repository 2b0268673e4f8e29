"""Checkpoints write what changed, and what they write reloads to the same state.

The store keeps what it last wrote per task and writes only the rows that
changed; these tests check the user-visible contract of that: whatever
sequence of changes a run makes (new and changed sources, refused leads,
removed keys, a resume in another process), the state loaded by a fresh
`Store` equals the state checkpointed, and each fingerprint is stored once.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from _store_kit import add_finding, add_source, add_step, base_state, count, new_task

from research_agent.state import Lead, ResearchState
from research_agent.store import Store
from research_agent.tools.fingerprint import ClusterIndex


def _grow(state: ResearchState, step: int, rng: random.Random, index: ClusterIndex) -> None:
    """One step of a run: new sources that join clusters, a finding, leads, a refusal."""
    add_step(state, step)
    src = add_source(state, step, rng, opened=step % 3 != 0)
    if step % 4 == 1 and step > 1:  # a syndicated copy of an earlier page
        src.fingerprint = list(state.sources[f"S{step - 1}"].fingerprint or [])
    src.cluster_id = index.add(src.id, src.fingerprint or [])
    state.clusters = index.to_dict()
    add_finding(state, step)
    for k in range(3):
        url = f"https://lead{step}.example/{k}"
        state.leads.append(Lead(url, url, f"Lead {step}.{k}", "snippet", "Alpha/license", "q", k + 1, step))
    if step > 2:
        state.leads[step].refused = "duplicate"  # an old lead changes in place
        state.sources["S1"].title = f"retitled at {step}"
    if step == 6:
        del state.sources["S2"], state.findings["F2"]  # removed keys go from the rows too
    state.progress.unchanged_steps = step % 3


def _start(db: Path) -> tuple[Store, str]:
    store = Store(db)
    new_task(store)
    return store, store.start_run("t1", "first")


def test_every_checkpoint_of_a_growing_run_reloads_equal(tmp_path: Path) -> None:
    db = tmp_path / "research.db"
    store, run = _start(db)
    state, rng, index = base_state(), random.Random(5), ClusterIndex()
    for step in range(1, 10):
        _grow(state, step, rng, index)
        store.checkpoint("t1", run, state, {"steps": step})
        with Store(db) as reader:
            assert reader.load_state("t1").to_dict() == state.to_dict(), step
    assert count(db, "sources", "t1") == len(state.sources)
    assert count(db, "leads", "t1") == len(state.leads) == 27
    assert count(db, "actions", "t1") == len(state.actions)


def test_each_fingerprint_is_stored_once(tmp_path: Path) -> None:
    db = tmp_path / "research.db"
    store, run = _start(db)
    state, rng, index = base_state(), random.Random(5), ClusterIndex()
    for step in range(1, 6):
        _grow(state, step, rng, index)
    store.checkpoint("t1", run, state)
    conn = sqlite3.connect(db)
    members = conn.execute("SELECT count(*) FROM fingerprints").fetchone()[0]
    inline = conn.execute("SELECT count(*) FROM sources WHERE data_json LIKE '%\"fingerprint\": [%'").fetchone()[0]
    conn.close()
    assert members == len(state.clusters["members"]) == 5
    assert inline == 0, "a source whose fingerprint is its cluster member's points at it"


def test_a_resume_in_another_process_continues_from_the_rows(tmp_path: Path) -> None:
    db = tmp_path / "research.db"
    store, run = _start(db)
    state, rng, index = base_state(), random.Random(5), ClusterIndex()
    for step in range(1, 5):
        _grow(state, step, rng, index)
        store.checkpoint("t1", run, state)
    store.close()
    with Store(db) as second:  # what `research resume` does: load, then checkpoint each step
        resumed = second.load_state("t1")
        run2 = second.start_run("t1", "resume")
        index2 = ClusterIndex.from_dict(resumed.clusters)
        for step in range(5, 9):
            _grow(resumed, step, rng, index2)
            second.checkpoint("t1", run2, resumed)
    with Store(db) as third:
        assert third.load_state("t1").to_dict() == resumed.to_dict()
        assert [(a.step, a.seq) for a in third.actions("t1")] == [(s, q) for s in range(1, 9) for q in range(2)]


def test_two_writers_of_one_task_never_trust_a_stale_cache(tmp_path: Path) -> None:
    db = tmp_path / "research.db"
    a, run = _start(db)
    b = Store(db)
    state, rng, index = base_state(), random.Random(5), ClusterIndex()
    _grow(state, 1, rng, index)
    a.checkpoint("t1", run, state)
    other = b.load_state("t1")
    _grow(other, 2, rng, ClusterIndex.from_dict(other.clusters))
    b.checkpoint("t1", run, other)  # moves the generation a's cache was made at
    _grow(state, 2, random.Random(9), index)
    a.checkpoint("t1", run, state)
    with Store(db) as reader:
        assert reader.load_state("t1").to_dict() == state.to_dict()
