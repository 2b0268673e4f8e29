"""The whole stopping evalset, as `research eval --baselines` runs it: the
evidence stopper must meet every threshold (end-kind accuracy 100%, no
premature stop, no duplicate query executed, every partial report usable,
fewer tool calls than max-steps-only on quick cases)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from research_agent.config import REPO_ROOT
from research_agent.evals.runner import run_eval


def test_evalsets_meet_the_thresholds(tmp_path, monkeypatch):
    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "home"))
    out = io.StringIO()
    report = tmp_path / "eval.json"
    rc = run_eval([REPO_ROOT / "evalsets"], baselines=True, json_path=report, workers=2, out=out)
    print(out.getvalue())  # shown by pytest on failure, and with -s
    data = json.loads(report.read_text())
    overall = data["summary"]["evidence"]["overall"]
    assert overall["n"] >= 40
    assert overall["accuracy"] == 1.0, out.getvalue()
    assert overall["premature_stops"] == 0 and overall["duplicate_queries_executed"] == 0
    assert rc == 0, out.getvalue()
    # the baselines are really different stoppers: max-steps only never ends `completed`
    assert data["summary"]["max_steps"]["overall"]["completion"] == 0.0
