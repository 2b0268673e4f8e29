"""Writes `v7_replay.sql`: a database made by `main` while it had the replay log (`m008_replay_steps`) but
not yet the PostgreSQL store's migration 7, so the log is recorded as version 7 — by that version's own code.

Run with the code of commit 55c9e38 (main after the replay merge, before the scale merge), from that
checkout's root:

    PYTHONPATH=. PYTHONDONTWRITEBYTECODE=1 python <this file> <out.sql>

Two recorded tasks of evalsets/conflict/conflict-06: `conflict06-done` run to its end, and
`conflict06-mid` stopped by a 3-step budget (to be resumed after the upgrade).
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
from pathlib import Path

from research_agent import compose
from research_agent.config import ResearchConfig
from research_agent.evals.case import load_case
from research_agent.store import Store
from research_agent.tools.faults import Fault

RUNS = (("conflict06-done", "evalsets/conflict/conflict-06", None), ("conflict06-mid", "evalsets/conflict/conflict-06", 3))


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "v7.db"
        for task_id, folder, steps in RUNS:
            case = load_case(Path(folder))
            cfg = ResearchConfig(model="offline", db=db, traces=Path(tmp) / "traces", corpus=case.root,
                                 max_steps=steps or case.budget.max_steps, http_timeout=0.5, retry_base_delay=0.05,
                                 retry_max_delay=0.5)
            store = Store(db)
            try:
                compose.start(store, cfg, case.contract_model(), task_id=task_id, index_path=Path(tmp) / f"{task_id}.db",
                              faults=[Fault(**f.model_dump()) for f in case.faults], sleep=lambda s: None)
            finally:
                store.close()
        conn = sqlite3.connect(db)
        assert conn.execute("SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1").fetchone() \
            == (7, "m008_replay_steps")
        out.write_text("\n".join(conn.iterdump()) + "\n", encoding="utf-8")
        conn.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
