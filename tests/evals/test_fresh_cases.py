"""The held-apart synthetic comparison cases (`evalsets_dev/`, issue 11): product and software
pages written apart from `evalsets/` (new products, dimension names, unit spellings, vs pages,
distractors).  Every case must end as expected, no confirmed cell may hold a value its gold.json
does not accept, and no confirmation may be unsupported by its quotes."""

from __future__ import annotations

import io
import json

from _fresh_stack import run_eval_on_a_fresh_stack

from research_agent.config import REPO_ROOT

DEV = REPO_ROOT / "evalsets_dev"


def test_fresh_synthetic_cases_end_right_with_gold_values(tmp_path, monkeypatch):
    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "home"))
    out = io.StringIO()
    report = tmp_path / "eval.json"
    run_eval_on_a_fresh_stack([DEV], json_path=report, workers=2, out=out)
    runs = json.loads(report.read_text())["runs"]
    assert len(runs) >= 15
    wrong_endings = sorted(r["case"] for r in runs if r["end_kind"] != r["expected"])
    assert wrong_endings == [], out.getvalue()
    assert sum(r["wrong_confirmations"] for r in runs) == 0, out.getvalue()
    assert [m for r in runs for m in r["realdata"]["mismatches"]] == [], out.getvalue()
