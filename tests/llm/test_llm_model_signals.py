"""A model that cannot be asked — its endpoint down after the adapter's retries, or a call the token budget
refuses — is a typed signal the policy reports, never a stop it decides: the criteria turn it into the ending
(`tool_unavailable` in criteria/failure.py; `budget_tokens` by the engine's budget criterion), whichever call
it hit (planning, reading or the rubric), and the evidence reduced so far is kept."""

from __future__ import annotations

import json

from criteria.failure import ModelOutageCriteria
from engine import StopReason
from research_agent.endings import EndKind
from research_agent.replay import Recording, ReplaySettings, replay
from tests.llm.test_llm_e2e import CELL, EXTRACT_DOCS, JUDGE_OK, PLAN_DOCS, PLAN_SEARCH, llm_runner  # noqa: F401

DOWN_AT_PLAN = {"when": {"task": "plan"}, "raise": "unavailable", "times": 9}
DOWN_AT_EXTRACT = {"when": {"task": "extract"}, "raise": "unavailable", "times": 9}


def _steps(out) -> list[dict]:
    return [json.loads(x) for x in (out.trace_dir / "steps.jsonl").read_text().splitlines()]


def test_a_model_down_when_planning_ends_the_run_as_a_tool_failure(llm_runner):  # noqa: F811
    out = llm_runner.run([PLAN_SEARCH, DOWN_AT_PLAN], via="scripted")
    assert out.end_kind == EndKind.TOOL_FAILURE and out.stop_reason == "tool_unavailable"
    assert out.stop_detail.startswith("model unavailable:")
    assert [a.tool for a in out.state.actions] == ["search"]  # the search before the outage is kept
    assert out.state.cells[CELL].status == "pending" and not out.state.cells[CELL].exhausted
    assert "**Status:** Partial" in out.report_md


def test_a_model_down_when_reading_keeps_the_page_and_ends_as_a_tool_failure(llm_runner):  # noqa: F811
    out = llm_runner.run([PLAN_SEARCH, PLAN_DOCS, DOWN_AT_EXTRACT, JUDGE_OK], via="scripted")
    assert out.end_kind == EndKind.TOOL_FAILURE and out.stop_reason == "tool_unavailable"
    assert [a.tool for a in out.state.actions] == ["search", "visit"]
    assert "opened but not read" in (out.state.notice or "")
    assert _steps(out)[-1]["stop_reason"] == "tool_unavailable"


def test_a_plan_refused_by_the_token_budget_ends_the_run_as_budget_exhausted(llm_runner):  # noqa: F811
    out = llm_runner.run([PLAN_SEARCH, PLAN_DOCS, EXTRACT_DOCS, JUDGE_OK], via="scripted", max_tokens=400)
    assert out.end_kind == EndKind.BUDGET_EXHAUSTED and out.stop_reason == "budget_tokens"
    assert "plan call not made" in out.stop_detail
    assert "**Status:** Partial" in out.report_md


def test_a_replay_judges_the_outage_by_the_same_criterion(llm_runner):  # noqa: F811
    out = llm_runner.run([PLAN_SEARCH, DOWN_AT_PLAN], via="scripted")
    replayed = replay(Recording.load(llm_runner.store, out.task_id), ReplaySettings(max_unchanged_steps=50))
    assert replayed.stop is not None and replayed.stop.reason is StopReason.TOOL_UNAVAILABLE
    assert replayed.step == out.state.current_step and replayed.stop.detail == out.stop_detail
    assert ModelOutageCriteria().should_stop(replayed.state, 1)[0]  # the signal is in the recorded state
