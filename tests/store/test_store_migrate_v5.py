"""A database made before migration 6 (fingerprints without a version: SHA-1 shingle hashes) upgrades,
and a resumed task still recognises a copy of a page it read before the upgrade.

`data/v5_fingerprints.sql` is the `iterdump` of a database written by that version's own code
(`data/make_v5_dump.py`, run at commit 0f81504): two eval cases stopped by their step budget after
reading a page whose copy they had not opened yet.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from research_agent import compose
from research_agent.config import ResearchConfig
from research_agent.evals.case import load_case
from research_agent.store import LATEST_VERSION, Store
from research_agent.tools.faults import Fault
from research_agent.tools.fingerprint import FINGERPRINT_VERSION

DUMP = Path(__file__).parent / "data" / "v5_fingerprints.sql"
EVALSETS = Path(__file__).parents[2] / "evalsets"


def _v5_db(tmp_path: Path) -> Path:
    db = tmp_path / "research.db"
    conn = sqlite3.connect(db)
    conn.executescript(DUMP.read_text(encoding="utf-8"))
    assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == 5
    conn.close()
    return db


def _resume(store: Store, tmp_path: Path, task_id: str, folder: str):
    case = load_case(EVALSETS / folder)
    cfg = ResearchConfig(model="offline", db=tmp_path / "research.db", traces=tmp_path / "traces", corpus=case.root,
                         http_timeout=0.5, retry_base_delay=0.05, retry_max_delay=0.5)
    return compose.resume(store, task_id, cfg, add={"steps": 30}, index_path=tmp_path / f"{task_id}.db",
                          faults=[Fault(**f.model_dump()) for f in case.faults], sleep=lambda s: None)


def test_the_saved_cluster_indexes_say_they_hold_version_1(tmp_path: Path) -> None:
    db = _v5_db(tmp_path)
    with Store(db) as store:
        state = store.load_state("conflict06-mid")
    assert state.clusters["version"] == 1 and len(state.clusters["members"]) == 3
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == LATEST_VERSION
    saved = [json.loads(t)["clusters"] for (t,) in conn.execute("SELECT state_json FROM state ORDER BY task_id")]
    conn.close()
    assert [c["version"] for c in saved] == [1, 1]


def test_a_resumed_task_clusters_the_syndicated_copy_with_the_page_read_before_the_upgrade(tmp_path: Path) -> None:
    # conflict-06: the AGPL report (read before the upgrade) and its word-for-word copy (read after)
    # are one independent source, so the cell stays partial; a copy taken for a second source would
    # confirm AGPL-3.0 on one article and end `completed`.
    with Store(_v5_db(tmp_path)) as store:
        before = store.load_state("conflict06-mid")
        out = _resume(store, tmp_path, "conflict06-mid", "conflict/conflict-06")
    copies = [s for s in out.state.sources.values() if s.opened and s.cluster_id != s.id]
    assert len(copies) == 1
    copy, original = copies[0], before.sources[copies[0].cluster_id]
    assert original.opened and not before.sources[copy.id].opened  # read before the upgrade / after it
    assert copy.domain == "devwire-syndicate.example"
    assert out.state.clusters["version"] == 1  # the task keeps fingerprinting the way it started
    assert out.state.cells["Sablefish/license"].status == "partial"
    assert out.end_kind.value == "no_progress"


def test_a_new_task_in_the_upgraded_database_uses_the_current_version(tmp_path: Path) -> None:
    case = load_case(EVALSETS / "loop" / "loop-03")
    cfg = ResearchConfig(model="offline", db=tmp_path / "research.db", traces=tmp_path / "traces", corpus=case.root,
                         http_timeout=0.5, retry_base_delay=0.05, retry_max_delay=0.5)
    with Store(_v5_db(tmp_path)) as store:
        fresh = compose.start(store, cfg, case.contract_model(), task_id="fresh", index_path=tmp_path / "i.db",
                              faults=[Fault(**f.model_dump()) for f in case.faults], sleep=lambda s: None)
        old = _resume(store, tmp_path, "loop03-mid", "loop/loop-03")
    assert fresh.state.clusters["version"] == FINGERPRINT_VERSION == 2
    assert old.state.clusters["version"] == 1
    # the same pages, fingerprinted either way, fall into the same clusters
    clusters = lambda st: sorted(sorted(s.canonical_url for s in st.sources.values() if s.cluster_id == c)  # noqa: E731
                                 for c in {s.cluster_id for s in st.sources.values() if s.opened})
    assert clusters(fresh.state) == clusters(old.state)
    assert max(len(c) for c in clusters(fresh.state)) == 3
