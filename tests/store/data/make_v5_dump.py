"""Writes `v5_fingerprints.sql`: a database made by the store at schema 5 (before migration 6, when
fingerprints had no version: SHA-1 shingle hashes), by that version's own code.

Run with the code of commit 0f81504 (main before fingerprint versions), from that checkout's root:

    PYTHONPATH=. PYTHONDONTWRITEBYTECODE=1 python <this file> <out.sql>

Two tasks stopped by their step budget, mid-research, each after reading a page whose copy it has
not opened yet: `conflict06-mid` (evalsets/conflict/conflict-06 after 4 steps: the AGPL report is
read, its word-for-word syndicated copy is still a lead) and `loop03-mid` (evalsets/loop/loop-03
after 2 steps: the first of three copies of one text is read).
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

RUNS = (("conflict06-mid", "evalsets/conflict/conflict-06", 4), ("loop03-mid", "evalsets/loop/loop-03", 2))


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "v5.db"
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
