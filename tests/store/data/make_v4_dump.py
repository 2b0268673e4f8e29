"""Writes `v4_counters.sql`: a database made by the store at schema 4 (before migration 5,
when the progress counters were string keys in `state.counters`), by that version's own code.

Run with the code of commit 85c7df3 (main before `ProgressCounters`), from the repository root:

    python tests/store/data/make_v4_dump.py tests/store/data/v4_counters.sql

Two tasks stopped by their step budget, mid-research: `loop01-mid` (evalsets/loop/loop-01 after
5 steps: refused probable copies, unchanged steps) and `loop07-mid` (evalsets/loop/loop-07 after
5 steps with its faults: a failure streak and retry attempts counted per URL).
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

RUNS = (("loop01-mid", "evalsets/loop/loop-01", 5), ("loop07-mid", "evalsets/loop/loop-07", 5))


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "v4.db"
        for task_id, folder, steps in RUNS:
            case = load_case(Path(folder))
            cfg = ResearchConfig(model="offline", db=db, traces=Path(tmp) / "traces", corpus=case.root, max_steps=steps,
                                 http_timeout=0.5, retry_base_delay=0.05, retry_max_delay=0.5)
            store = Store(db)
            try:
                compose.start(store, cfg, case.contract_model(), task_id=task_id, index_path=Path(tmp) / f"{task_id}.db",
                              faults=[Fault(**f.model_dump()) for f in case.faults], sleep=lambda s: None)
            finally:
                store.close()
        conn = sqlite3.connect(db)
        out.write_text("\n".join(conn.iterdump()) + "\n", encoding="utf-8")
        conn.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
