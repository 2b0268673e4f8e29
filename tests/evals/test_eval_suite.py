"""The stopping evalset, as `research eval --baselines` runs it: the evidence
stopper must meet every threshold (end-kind accuracy 100%, no premature stop,
no duplicate query executed, every partial report usable, fewer tool calls
than max-steps-only on quick cases).

CI runs the first case of each category (`quick`); the whole evalset runs
with `pytest -m slow` (`full`)."""

from __future__ import annotations

import io
import json

import pytest
from _fresh_stack import run_eval_on_a_fresh_stack
from _subset import SIZES, chosen


@pytest.mark.parametrize("size", SIZES)
def test_evalsets_meet_the_thresholds(tmp_path, monkeypatch, size):
    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "home"))
    out = io.StringIO()
    report = tmp_path / "eval.json"
    paths = chosen(size, per_category=1)
    rc = run_eval_on_a_fresh_stack(paths, baselines=True, json_path=report, workers=2, out=out)
    print(out.getvalue())  # shown by pytest on failure, and with -s
    data = json.loads(report.read_text())
    overall = data["summary"]["evidence"]["overall"]
    assert overall["n"] >= (40 if size == "full" else 7)
    assert len(data["summary"]["evidence"]) == 8, "every category and the overall row"
    assert overall["accuracy"] == 1.0, out.getvalue()
    assert overall["premature_stops"] == 0 and overall["duplicate_queries_executed"] == 0
    assert rc == 0, out.getvalue()
    # the baselines are really different stoppers: max-steps only never ends `completed`
    assert data["summary"]["max_steps"]["overall"]["completion"] == 0.0
