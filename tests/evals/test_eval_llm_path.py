"""The evalsets through the LLM path: `research eval --model scripted:auto` replays each
case's recorded model script (prompts → JSON answers → validation → the program's
checks), and `--record` writes those scripts from a model."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from _fresh_stack import run_eval_on_a_fresh_stack
from _subset import SIZES, chosen

from research_agent.config import REPO_ROOT
from research_agent.evals.case import discover_cases
from research_agent.evals.runner import run_case, run_eval

EVALSETS = REPO_ROOT / "evalsets"


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "home"))


def test_every_case_ships_a_recorded_script():
    cases = discover_cases([EVALSETS])
    missing = [c.id for c in cases if c.model_script_path is None]
    assert cases and not missing


@pytest.mark.parametrize("size", SIZES)
def test_recorded_scripts_replay_every_case_through_the_llm_policy(tmp_path, size):
    out = io.StringIO()
    report = tmp_path / "eval.json"
    rc = run_eval_on_a_fresh_stack(chosen(size), json_path=report, workers=2, model="scripted:auto", out=out)
    print(out.getvalue())
    data = json.loads(report.read_text())
    overall = data["summary"]["evidence"]["overall"]
    assert rc == 0, out.getvalue()
    assert overall["accuracy"] == 1.0 and overall["premature_stops"] == 0
    assert overall["duplicate_queries_executed"] == 0 and overall["usable"] == 1.0
    runs = data["runs"]
    # the runs really went through the model: every case that took a step asked it
    assert all(r["model_calls"] > 0 for r in runs if r["steps"] > 0 and r["tool_calls"] > 0)
    assert overall["tokens"] > 0
    assert "model (scripted:auto)" in out.getvalue()


def copy_case(src: Path, dst_root: Path) -> Path:
    dst = dst_root / src.name
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("script.jsonl"))
    return dst


def test_record_then_replay_gives_the_same_run(tmp_path):
    case = copy_case(EVALSETS / "conflict" / "conflict-01", tmp_path)
    recorded = run_case(str(case), "evidence", "rules", True)
    script = case / "script.jsonl"
    lines = [json.loads(x) for x in script.read_text().splitlines() if x and not x.startswith("#")]
    assert recorded["model_calls"] == len(lines) > 0
    assert {line["when"]["task"] for line in lines} >= {"plan", "extract"}
    replayed = run_case(str(case), "evidence", "scripted:auto")
    same = ("end_kind", "stop_reason", "tool_calls", "steps", "model_calls", "tokens", "cells_matched", "correct")
    assert {k: replayed[k] for k in same} == {k: recorded[k] for k in same}
    assert replayed["correct"] is True


def test_a_replay_that_leaves_the_recording_fails_loudly(tmp_path):
    case = copy_case(EVALSETS / "quick_complete" / "quick-01", tmp_path)
    run_case(str(case), "evidence", "rules", True)
    script = case / "script.jsonl"
    kept = [x for x in script.read_text().splitlines() if '"task": "extract"' not in x]  # pages never read
    script.write_text("\n".join(kept) + "\n")
    result = run_case(str(case), "evidence", "scripted:auto")
    assert result["end_kind"] == "failed" and result["correct"] is False
    assert "script" in (result["stop_detail"] or "").lower()


def test_scripted_auto_without_a_script_is_a_failed_case_not_an_offline_run(tmp_path):
    case = copy_case(EVALSETS / "quick_complete" / "quick-01", tmp_path)
    result = run_case(str(case), "evidence", "scripted:auto")
    assert result["end_kind"] == "failed" and result["tool_calls"] == 0
    assert "no recorded model script" in result["error"]


def test_record_needs_a_model(tmp_path):
    case = copy_case(EVALSETS / "quick_complete" / "quick-01", tmp_path)
    for model in ("offline", "scripted:auto"):
        assert run_eval([case], model=model, record=True, workers=1, out=io.StringIO()) == 2
    assert not (case / "script.jsonl").exists()


@pytest.mark.parametrize("size", SIZES)
def test_model_mistakes_are_caught_by_the_program_and_do_not_move_the_stop(tmp_path, size):
    """`rules:noisy` answers prose instead of JSON, fences its JSON, spells cell keys loosely and
    invents quotes; the validator, the retry turn and the grounding check absorb all of it:
    every case ends as with the clean model, with the same tool calls."""
    paths = chosen(size, ["conflict", "loop", "quick_complete"], per_category=2)
    runs = {}
    for model in ("rules", "rules:noisy"):
        report = tmp_path / f"{model.replace(':', '-')}.json"
        out = io.StringIO()
        assert run_eval_on_a_fresh_stack(paths, json_path=report, workers=2, model=model, out=out) == 0, out.getvalue()
        runs[model] = {r["case"]: r for r in json.loads(report.read_text())["runs"]}
    clean, noisy = runs["rules"], runs["rules:noisy"]
    assert sum(r["rejected_outputs"] for r in noisy.values()) > 0 == sum(r["rejected_outputs"] for r in clean.values())
    assert sum(r["rejected_findings"] for r in noisy.values()) > sum(r["rejected_findings"] for r in clean.values())
    same = ("end_kind", "tool_calls", "cells_matched", "correct")
    assert {c: [r[k] for k in same] for c, r in noisy.items()} == {c: [r[k] for k in same] for c, r in clean.items()}


def test_baselines_need_a_live_model_not_a_recording(tmp_path):
    case = EVALSETS / "quick_complete" / "quick-01"
    assert run_eval([case], model="scripted:auto", baselines=True, workers=1, out=io.StringIO()) == 2


@pytest.mark.parametrize("size", SIZES)
def test_baselines_with_a_model_are_the_same_stoppers(tmp_path, size):
    """With a model the max-steps baseline keeps the model researching confirmed cells until the
    budget ends, so the evidence stopper's savings are measured against the same policy."""
    report = tmp_path / "eval.json"
    out = io.StringIO()
    rc = run_eval_on_a_fresh_stack(chosen(size, ["quick_complete", "conflict"], per_category=2), baselines=True,
                                   json_path=report, workers=2, model="rules", out=out)
    assert rc == 0, out.getvalue()
    summary = json.loads(report.read_text())["summary"]
    assert summary["max_steps"]["overall"]["completion"] == 0.0
    quick = summary["evidence"]["quick_complete"]["tool_calls"]
    assert quick < summary["max_steps"]["quick_complete"]["tool_calls"]
