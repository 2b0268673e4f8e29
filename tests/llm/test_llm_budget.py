"""Token and cost budgets are checked before each model call, so a step cannot overrun them."""

from __future__ import annotations

import pytest

from engine.types import Usage
from research_agent.endings import EndKind
from research_agent.llm.budget import CallBudget, ModelBudgetExceeded, price_of
from research_agent.llm.prices import ModelPrice
from test_llm_e2e import EXTRACT_DOCS, EXTRACT_NEWS, JUDGE_OK, PLAN_DOCS, PLAN_NEWS, PLAN_SEARCH, SYNTH, llm_runner  # noqa: F401

USAGE = {"prompt_tokens": 250, "completion_tokens": 50}
"""What each scripted answer reports: 300 tokens, $0.30 at the test's price of $1000 per 1M tokens."""
SMALL_REPLIES = dict(llm_max_tokens_plan=60, llm_max_tokens_extract=100, llm_max_tokens_judge=50)
LIMIT = 1.69
"""Step 3's plan fits (spent $0.90 + ~$0.69 estimated); its reading does not ($1.20 + ~$0.59)."""


def priced(line: dict) -> dict:
    return {**line, "usage": USAGE}


def prices_file(tmp_path):
    path = tmp_path / "prices.toml"
    path.write_text('[models."fake-local"]\ninput = 1000.0\noutput = 1000.0\n', encoding="utf-8")
    return path


def test_a_cost_limit_crossed_mid_step_ends_budget_exhausted_within_the_limit(llm_runner, tmp_path):
    lines = [priced(x) for x in (PLAN_SEARCH, PLAN_DOCS, PLAN_NEWS, EXTRACT_DOCS, EXTRACT_NEWS, JUDGE_OK, SYNTH)]
    out = llm_runner.run(lines, max_cost=LIMIT, prices_file=prices_file(tmp_path), **SMALL_REPLIES)
    assert out.end_kind == EndKind.BUDGET_EXHAUSTED and out.stop_reason == "budget_cost"
    assert out.usage["cost"] <= LIMIT
    # the refused call was the reading or the rubric of a step whose plan and visit had run
    assert "call not made" in out.stop_detail and "$1.690000 limit" in out.stop_detail
    assert out.stop_detail.startswith("extract call not made: $1.200000 spent")
    assert out.state.counters["model_calls_refused_by_budget"] == 1
    last_step = max(a.step for a in out.state.actions)
    assert any(a.tool == "visit" and a.step == last_step for a in out.state.actions)
    # the evidence of the earlier steps is kept and reported
    assert out.state.findings and "**Status:** Partial" in out.report_md


def test_without_a_limit_the_same_script_completes(llm_runner, tmp_path):
    lines = [priced(x) for x in (PLAN_SEARCH, PLAN_DOCS, PLAN_NEWS, EXTRACT_DOCS, EXTRACT_NEWS, JUDGE_OK, SYNTH)]
    out = llm_runner.run(lines, prices_file=prices_file(tmp_path), **SMALL_REPLIES)
    assert out.end_kind == EndKind.COMPLETED
    assert out.usage["cost"] > LIMIT  # so the limit above really cut the run short


def test_call_budget_estimates_prompt_chars_over_four_plus_max_tokens():
    budget = CallBudget(max_tokens=1000)
    messages = [{"role": "user", "content": "x" * 400}]  # 100 tokens
    budget.check("plan", messages, 900, None)  # 100 + 900 = 1000: reaches the limit, does not cross it
    budget.add(Usage(1, 0, 1, 0.0))
    with pytest.raises(ModelBudgetExceeded) as caught:
        budget.check("plan", messages, 900, None)
    assert caught.value.kind == "budget_tokens"
    assert caught.value.detail == "plan call not made: 1 tokens used + ~1000 estimated would cross the 1000-token limit"


def test_price_of_looks_through_wrappers():
    class Inner:
        model = "m"

        class prices:  # noqa: N801 — a stand-in with the PriceTable method the budget uses
            @staticmethod
            def price_for(name):
                return ModelPrice(input=1.0, output=2.0) if name == "m" else None

    class Wrapper:
        inner = Inner()

    assert price_of(Wrapper()) == ModelPrice(input=1.0, output=2.0)
    assert price_of(object()) is None


def test_a_refused_reading_tells_the_meter_and_leaves_the_stop_to_the_engine():
    from engine import BudgetRefusal, StopReason, UsageMeter
    from llm_states import base_state
    from research_agent.llm.rules import RuleModel
    from research_agent.policy.base import PageView
    from research_agent.policy.llm import LLMPolicy

    meter = UsageMeter()
    policy = LLMPolicy(RuleModel(), budget=CallBudget(max_tokens=50, meter=meter))
    state = base_state()
    page = PageView("s1", "https://redis.io/", "Redis", "Redis is licensed under the AGPLv3. " * 20, None, "primary")
    assert policy.extract(state, page, ["Redis/license"]) == []
    assert state.stop_reason is None  # the policy decides no ending
    assert isinstance(meter.refusal, BudgetRefusal) and meter.refusal.reason is StopReason.BUDGET_TOKENS
    assert meter.refusal.detail.startswith("extract call not made:") and "50-token limit" in meter.refusal.detail
    assert state.counters["model_calls_refused_by_budget"] == 1 and "was opened but not read" in state.notice
