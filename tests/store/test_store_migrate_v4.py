"""A database made before migration 5 (the reducer's counters as string keys in
`state.counters`) upgrades to `ProgressCounters`, and a resumed task keeps its counts.

`data/v4_counters.sql` is the `iterdump` of a database written by that version's own code
(`data/make_v4_dump.py`, run at commit 85c7df3): two eval cases stopped by their step budget.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from research_agent import compose
from research_agent.config import ResearchConfig
from research_agent.evals.case import load_case
from research_agent.store import LATEST_VERSION, Store
from research_agent.tools.faults import Fault

DUMP = Path(__file__).parent / "data" / "v4_counters.sql"
LOOPS = Path(__file__).parents[2] / "evalsets" / "loop"
DOCS = "visit:https://sorrel-metrics.example/docs/license.html"
NEWS = "visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html"


def _v4_db(tmp_path: Path) -> Path:
    db = tmp_path / "research.db"
    conn = sqlite3.connect(db)
    conn.executescript(DUMP.read_text(encoding="utf-8"))
    assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == 4
    conn.close()
    return db


def test_the_string_keyed_counters_become_progress_counters(tmp_path: Path) -> None:
    with Store(_v4_db(tmp_path)) as store:
        mid = store.load_state("loop07-mid")
        loop = store.load_state("loop01-mid")
    p = mid.progress
    assert (p.tool_calls, p.unchanged_steps, p.last_change_step) == (5, 2, 3)
    assert p.consecutive_failures == {"search": 0, "visit": 2} and p.failures == {"visit": 3}
    assert p.attempts == {DOCS: 1, NEWS: 2}
    assert (loop.progress.tool_calls, loop.progress.refused_copies, loop.progress.duplicate_sources) == (4, 1, 1)
    assert loop.progress.invalid_actions == 1
    assert not [k for k in (*mid.counters, *loop.counters) if ":" in k or k == "tool_calls"]  # nothing left behind
    conn = sqlite3.connect(tmp_path / "research.db")
    assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == LATEST_VERSION
    conn.close()


def _resume(store: Store, tmp_path: Path, task_id: str, folder: str):
    case = load_case(LOOPS / folder)
    cfg = ResearchConfig(model="offline", db=tmp_path / "research.db", traces=tmp_path / "traces", corpus=case.root,
                         http_timeout=0.5, retry_base_delay=0.05, retry_max_delay=0.5)
    return compose.resume(store, task_id, cfg, add={"steps": 10}, index_path=tmp_path / f"{task_id}.db",
                          faults=[Fault(**f.model_dump()) for f in case.faults], sleep=lambda s: None)


def test_a_resumed_task_keeps_its_retry_budget_and_tool_call_count(tmp_path: Path) -> None:
    with Store(_v4_db(tmp_path)) as store:
        # The news page failed twice before the stop; on resume its (fresh) web fails it again.
        # Kept counts spend the third and last attempt of its retry budget there, so the page is
        # given up; counts lost on upgrade would retry it twice more and read it.
        out = _resume(store, tmp_path, "loop07-mid", "loop-07")
        task = store.load_task("loop07-mid")
    news = [a for a in out.state.actions if a.key == NEWS]
    assert [a.status for a in news] == ["error", "error", "error"]
    assert out.state.progress.attempts[NEWS] == 3
    assert out.state.source_by_canonical(NEWS.removeprefix("visit:")).failure == "ServerError after 3 attempts"
    executed = [a for a in out.state.actions if a.status in ("ok", "error")]
    assert out.state.progress.tool_calls == len(executed) == task.usage.tool_calls > 5
