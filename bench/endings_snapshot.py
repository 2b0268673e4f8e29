"""Snapshot every eval case's ending for a before/after comparison of a refactor.

    python bench/endings_snapshot.py OUT.json [--model offline|scripted:auto]
    python bench/endings_snapshot.py --diff A.json B.json

Per case (evidence stopper): end kind, stop reason and detail, exit code, tool calls,
the action trail (tool, key, status, refusal text) and the report markdown with
run-specific ids and times blanked.  Identical snapshots = behaviour unchanged.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

VOLATILE = [
    (re.compile(r"\d{8}-[0-9a-f]{6}"), "<id>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?( UTC)?"), "<time>"),
    (re.compile(r"\b\d+(\.\d+)? ?(s|ms)\b"), "<dur>"),
    (re.compile(r"elapsed seconds [\d.]+"), "elapsed seconds <n>"),
    (re.compile(r"/tmp/[^\s)`'\"]+"), "<tmp>"),
]


def _clean(text: str) -> str:
    for pat, rep in VOLATILE:
        text = pat.sub(rep, text)
    return text


def snapshot_case(case_dir: str, model: str) -> tuple[str, dict]:
    from research_agent import compose
    from research_agent.config import ResearchConfig
    from research_agent.evals.case import load_case
    from research_agent.evals.runner import _skip_wait
    from research_agent.store import Store
    from research_agent.tools.faults import Fault

    case = load_case(Path(case_dir))
    if model == "scripted:auto":
        model = f"scripted:{case.model_script_path}"
    with tempfile.TemporaryDirectory(prefix="snap-") as tmp:
        tmpdir = Path(tmp)
        cfg = ResearchConfig(
            model=model, db=tmpdir / "eval.db", traces=tmpdir / "traces", corpus=case.root,
            max_steps=case.budget.max_steps, max_time=case.budget.max_time, max_tokens=case.budget.max_tokens,
            max_cost=case.budget.max_cost, http_timeout=0.5, retry_base_delay=0.05, retry_max_delay=0.5,
        )
        store = Store(cfg.db_path())
        try:
            out = compose.start(
                store, cfg, case.contract_model(), task_id=case.id, stopper="evidence",
                faults=[Fault(**f.model_dump()) for f in case.faults], index_path=tmpdir / "index.db", sleep=_skip_wait,
            )
            stored = store._db.conn.execute("SELECT status FROM tasks WHERE id=?", (case.id,)).fetchone()
        finally:
            store.close()
    st = out.state
    return case.id, {
        "end_kind": out.end_kind.value, "stop_reason": out.stop_reason, "stop_detail": _clean(out.stop_detail or ""),
        "exit_code": out.exit_code, "store_status": stored[0] if stored else None,
        "tool_calls": sum(1 for a in st.actions if a.status in ("ok", "error")),
        "actions": [[a.step, a.tool, a.key, a.status, a.error_type, _clean(a.error or ""), a.new_evidence] for a in st.actions],
        "refused_leads": [[l.canonical_url, l.refused] for l in st.leads if l.refused],
        "risk": [[r.kind, r.detail, r.step] for r in st.risk],
        "notice": _clean(st.notice or ""),
        "cells": {k: c.status for k, c in st.cells.items()},
        "report_md": _clean(out.report_md),
    }


def main(argv: list[str]) -> int:
    if argv[0] == "--diff":
        a, b = (json.loads(Path(p).read_text()) for p in argv[1:3])
        bad = 0
        for case in sorted(set(a) | set(b)):
            if a.get(case) != b.get(case):
                bad += 1
                ca, cb = a.get(case) or {}, b.get(case) or {}
                keys = [k for k in sorted(set(ca) | set(cb)) if ca.get(k) != cb.get(k)]
                print(f"DIFF {case}: {keys}")
        print(f"{len(a)} vs {len(b)} cases, {bad} differ")
        return 1 if bad else 0
    out = Path(argv[0])
    model = argv[argv.index("--model") + 1] if "--model" in argv else "offline"
    from research_agent.evals.case import discover_cases
    cases = discover_cases([Path("evalsets")])
    with ProcessPoolExecutor(2) as pool:
        rows = dict(pool.map(snapshot_case, [str(c.root) for c in cases], [model] * len(cases)))
    out.write_text(json.dumps(rows, indent=1, sort_keys=True))
    print(f"{len(rows)} cases -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
