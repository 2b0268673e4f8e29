"""A database made by the store before migration 4 (schema 3, the whole state
in `state_json`) upgrades without losing a task.

`data/v3_research.sql` is the `iterdump` of a database written by that
version's own code: task `done-1` finished (budget exhausted, both reports),
task `mid-1` stopped mid-run after 4 checkpointed steps.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from _store_kit import add_step

from research_agent.state import ResearchState
from research_agent.store import LATEST_VERSION, Store
from research_agent.store.migrations import progress_from_counters

DUMP = Path(__file__).parent / "data" / "v3_research.sql"


def _v3_db(tmp_path: Path) -> tuple[Path, dict[str, dict]]:
    db = tmp_path / "research.db"
    conn = sqlite3.connect(db)
    conn.executescript(DUMP.read_text(encoding="utf-8"))
    saved = {tid: json.loads(text) for tid, text in conn.execute("SELECT task_id, state_json FROM state")}
    assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == 3
    conn.close()
    return db, saved


def test_every_task_run_report_and_state_survives_the_upgrade(tmp_path: Path) -> None:
    db, saved = _v3_db(tmp_path)
    with Store(db) as store:
        assert {t.id for t in store.list_tasks()} == {"done-1", "mid-1"}
        done = store.load_task("done-1")
        assert (done.status, done.stop_detail, done.usage.tool_calls) == ("partial", "6/6 steps", 12)
        assert store.report("done-1") == "# Partial report\n"
        assert [r.pid for r in store.runs("mid-1")] == [222]
        assert len(store.actions("done-1")) == 12
        for task_id, data in saved.items():
            assert store.load_state(task_id).to_dict() == ResearchState.from_dict(progress_from_counters(data)).to_dict()
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == LATEST_VERSION
    conn.close()


def test_an_upgraded_task_resumes_and_is_rewritten_in_rows(tmp_path: Path) -> None:
    db, saved = _v3_db(tmp_path)
    with Store(db) as store:
        state = store.load_state("mid-1")
        run = store.start_run("mid-1", "resume")
        add_step(state, 5)
        store.checkpoint("mid-1", run, state, {"steps": 1})
    with Store(db) as store:
        assert store.load_state("mid-1").to_dict() == state.to_dict()
        assert [r.start_step for r in store.runs("mid-1")] == [0, 4]
    conn = sqlite3.connect(db)
    layouts = dict(conn.execute("SELECT task_id, layout FROM state"))
    conn.close()
    assert layouts == {"done-1": 1, "mid-1": 2}, "a task is rewritten when it is next checkpointed, not before"
