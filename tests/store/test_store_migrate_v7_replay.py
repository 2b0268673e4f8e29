"""A database that `main` migrated while it had the replay log but not the PostgreSQL store's leases holds
the log as version 7 (`m008_replay_steps`, applied 7th).  Opening it now applies the leases, renumbers
(7 the leases, 8 the log, as a blank database gets them) and keeps every recording replayable — a task
recorded before the upgrade and one resumed after it.

`data/v7_replay.sql` is the `iterdump` of a database written by that version's own code
(`data/make_v7_replay_dump.py`, run at commit 55c9e38)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from research_agent import compose
from research_agent.config import ResearchConfig
from research_agent.evals.case import load_case
from research_agent.replay import Recording, ReplaySettings, replay
from research_agent.replay.result import replay_result
from research_agent.store import LATEST_VERSION, Store, migrations
from research_agent.tools.faults import Fault

DUMP = Path(__file__).parent / "data" / "v7_replay.sql"
EVALSETS = Path(__file__).parents[2] / "evalsets"


def _early_db(tmp_path: Path) -> Path:
    db = tmp_path / "research.db"
    conn = sqlite3.connect(db)
    conn.executescript(DUMP.read_text(encoding="utf-8"))
    assert conn.execute("SELECT version, name FROM schema_migrations WHERE version = 7").fetchone() == (7, "m008_replay_steps")
    conn.close()
    return db


def _schema(db: Path) -> dict[str, set[str]]:
    conn = sqlite3.connect(db)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: {r[1] for r in conn.execute(f"PRAGMA table_info({t})")} for t in tables}
    finally:
        conn.close()


def test_the_early_replay_log_is_renumbered_8_and_the_leases_applied_as_7(tmp_path: Path) -> None:
    db = _early_db(tmp_path)
    before = sqlite3.connect(db).execute("SELECT count(*) FROM replay_rows").fetchone()[0]
    Store(db).close()
    Store(db).close()  # opening again applies nothing
    conn = sqlite3.connect(db)
    names = conn.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall()
    assert [v for v, _ in names] == list(range(1, LATEST_VERSION + 1))
    assert [n for _, n in names] == [f.__name__ for f in migrations.MIGRATIONS]
    assert conn.execute("SELECT count(*) FROM replay_rows").fetchone()[0] == before
    assert conn.execute("SELECT DISTINCT lease_epoch FROM tasks").fetchall() == [(0,)]
    conn.close()
    blank = tmp_path / "blank.db"
    Store(blank).close()
    assert _schema(db) == _schema(blank)


def test_recordings_made_before_the_upgrade_still_replay_and_a_resume_after_it_extends_them(tmp_path: Path) -> None:
    db = _early_db(tmp_path)
    with Store(db) as store:
        done = replay_result(replay(Recording.load(store, "conflict06-done"), ReplaySettings()))
        assert done.replayed == done.recorded and done.recorded is not None
        assert done.recorded.end_kind == "no_progress"
        case = load_case(EVALSETS / "conflict" / "conflict-06")
        cfg = ResearchConfig(model="offline", db=db, traces=tmp_path / "traces", corpus=case.root, http_timeout=0.5,
                             retry_base_delay=0.05, retry_max_delay=0.5)
        outcome = compose.resume(store, "conflict06-mid", cfg, add={"steps": 30}, index_path=tmp_path / "mid.db",
                                 faults=[Fault(**f.model_dump()) for f in case.faults], sleep=lambda s: None)
        across = replay_result(replay(Recording.load(store, "conflict06-mid"), ReplaySettings()))
        first_budget = replay_result(replay(Recording.load(store, "conflict06-mid"), ReplaySettings(max_steps=3)))
    assert across.recorded is not None and across.recorded.end_kind == outcome.end_kind.value
    assert across.replayed == across.recorded and across.recording_ends > 3
    assert first_budget.replayed is not None
    assert (first_budget.replayed.step, first_budget.replayed.stop_reason) == (3, "budget_steps")
