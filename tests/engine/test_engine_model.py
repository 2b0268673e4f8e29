"""ScriptedModel, the JSON parser, the model decide path and usage metering."""

from __future__ import annotations

from typing import Any

import pytest
from engine_testkit import CountingAgent, CountState, ScriptAgent

from engine import (
    Action,
    Decision,
    Engine,
    JsonDecisionParser,
    MeteredModel,
    ModelResponse,
    Observation,
    ParseError,
    RuntimeBudget,
    ScriptedModel,
    ScriptExhausted,
    StopReason,
    Usage,
    UsageMeter,
)


def test_scripted_model_plays_a_list_and_raises_when_exhausted():
    model = ScriptedModel(["one", "two"])
    assert model.generate([{"role": "user", "content": "a"}]).text == "one"
    assert model.generate([{"role": "user", "content": "b"}]).text == "two"
    with pytest.raises(ScriptExhausted):
        model.generate([{"role": "user", "content": "c"}])
    assert [r[0]["content"] for r in model.requests] == ["a", "b", "c"]


def test_scripted_model_plays_a_generator_and_a_callable():
    def gen():
        yield "g1"
        yield {"final": "g2"}

    model = ScriptedModel(gen())
    assert model.generate([]).text == "g1"
    assert model.generate([]).text == '{"final": "g2"}'
    with pytest.raises(ScriptExhausted):
        model.generate([])

    def by_turn(messages: list[dict[str, Any]]) -> str | None:
        return None if "stop" in messages[-1]["content"] else f"echo {messages[-1]['content']}"

    model = ScriptedModel(by_turn, name="echo")
    assert model.generate([{"role": "user", "content": "hi"}]).text == "echo hi"
    with pytest.raises(ScriptExhausted, match="echo"):
        model.generate([{"role": "user", "content": "stop"}])


def test_scripted_model_estimates_usage_unless_given():
    model = ScriptedModel(["x" * 40, ModelResponse("y", Usage(1, 2, 3, 0.5))], cost_per_token=0.01)
    estimated = model.generate([{"role": "system", "content": "s" * 20}, {"role": "user", "content": "u" * 20}])
    assert estimated.usage == Usage(10, 10, 20, pytest.approx(0.2))
    assert model.generate([{"role": "user", "content": "z"}]).usage == Usage(1, 2, 3, 0.5)


def test_json_parser_accepts_the_three_forms_fenced_or_in_prose():
    parse = JsonDecisionParser().parse
    assert parse('{"final": "42"}') == Decision.final("42")
    assert parse('Sure!\n```json\n{"actions": [{"name": "echo", "args": {"text": "hi"}}], "rationale": "r"}\n```') == (
        Decision.act(Action("echo", {"text": "hi"}), rationale="r")
    )
    assert parse('thinking... {"wait": true} done').mode == "wait"


@pytest.mark.parametrize(
    "text",
    ["", "no json here", "[1, 2]", '{"final": "a", "wait": true}', '{"actions": []}', '{"actions": [{"args": {}}]}', "{}"],
)
def test_json_parser_rejects_malformed_decisions(text: str):
    with pytest.raises(ParseError):
        JsonDecisionParser().parse(text)


def test_scripted_model_agent_runs_through_the_model_path():
    model = ScriptedModel([
        {"actions": [{"name": "echo", "args": {"text": "hello"}}]},
        {"final": "said hello"},
    ])
    agent = ScriptAgent(model)
    result = Engine(agent).run("say hello")

    assert result.state.final_result == "said hello"
    assert result.state.seen[0] == (1, [("echo", "ok", "hello")])
    assert len(model.requests) == 2 and model.requests[0][-1]["role"] == "user"
    per_step = [r.usage.total_tokens for r in result.records]
    assert all(n > 0 for n in per_step)
    assert result.usage.total_tokens == sum(per_step)
    assert agent.llm is model  # the engine metered its own calls without replacing the agent's model


def test_parse_failure_and_script_exhaustion_are_step_errors():
    result = Engine(ScriptAgent(ScriptedModel(["not json"]))).run("x")
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    assert result.state.stop_detail.startswith("ParseError:")

    result = Engine(ScriptAgent(ScriptedModel([{"wait": True}]))).run("x")
    assert result.step_count == 2
    assert result.state.stop_detail.startswith("ScriptExhausted:")


def test_decide_returning_none_without_a_model_is_a_contract_error():
    class NoModel(ScriptAgent):
        pass

    result = Engine(NoModel(None)).run("x")  # type: ignore[arg-type]
    assert result.state.stop_detail.startswith("ComponentContractError:")


class ThinkingAgent(CountingAgent):
    """Calls its own model in decide and again in reduce, never through the engine."""

    @classmethod
    def metered(cls, model: ScriptedModel, **kw: Any) -> tuple["ThinkingAgent", UsageMeter]:
        """The agent with its model handed over metered, and the meter to give the engine."""
        meter = UsageMeter()
        return cls(llm=MeteredModel(model, meter), **kw), meter

    def decide(self, state: CountState, observation: Observation | None) -> Decision:
        self.llm.generate([{"role": "user", "content": "plan " * 10}])
        return Decision.act(Action("count", {"n": state.count}))

    def reduce(self, state: CountState, observation: Observation, decision: Decision) -> CountState:
        self.llm.generate([{"role": "user", "content": "reflect"}])
        return super().reduce(state, observation, decision)


def test_usage_metering_counts_calls_inside_decide_and_reduce_and_feeds_max_tokens():
    model = ScriptedModel(lambda messages: ModelResponse("ok", Usage(40, 10, 50)))
    agent, meter = ThinkingAgent.metered(model, target=100)
    result = Engine(agent, budget=RuntimeBudget(max_steps=10, max_tokens=250), meter=meter).run("x")
    # two calls per step, 100 tokens a step: 250 is reached after the third step
    assert result.step_count == 3
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.BUDGET_TOKENS, "300/250 tokens")
    assert [r.usage.total_tokens for r in result.records] == [100, 100, 100]
    assert result.usage == Usage(240, 60, 300, 0.0)


def test_a_model_not_handed_over_metered_is_not_counted():
    model = ScriptedModel(lambda messages: ModelResponse("ok", Usage(40, 10, 50)))
    result = Engine(ThinkingAgent(llm=model), budget=RuntimeBudget(max_steps=3, max_tokens=60)).run("x")
    assert result.state.stop_reason is StopReason.BUDGET_STEPS and result.usage == Usage()
    assert len(model.requests) == 6  # called, but behind the engine's back


def test_usage_metering_feeds_max_cost_and_decision_usage_is_added():
    class Reporting(ThinkingAgent):
        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            decision = super().decide(state, observation)
            decision.usage = Usage(0, 0, 0, 0.25)  # a model reached some other way
            return decision

    model = ScriptedModel(lambda messages: ModelResponse("ok", Usage(1, 1, 2, 0.1)))
    agent, meter = Reporting.metered(model, target=100)
    result = Engine(agent, budget=RuntimeBudget(max_cost=1.0), meter=meter).run("x")
    # 0.1 + 0.1 + 0.25 = 0.45 a step: the second step reaches 0.90, the third 1.35
    assert result.step_count == 3
    assert result.state.stop_reason is StopReason.BUDGET_COST
    assert result.usage.cost == pytest.approx(1.35)


def test_the_engine_model_path_is_counted_once_when_the_agent_model_is_metered_too():
    model = ScriptedModel([ModelResponse('{"final": "done"}', Usage(3, 2, 5))])
    meter = UsageMeter()
    result = Engine(ScriptAgent(MeteredModel(model, meter)), meter=meter).run("x")
    assert result.usage == Usage(3, 2, 5) and meter.total == Usage(3, 2, 5)


def test_usage_does_not_leak_between_runs():
    model = ScriptedModel(lambda messages: ModelResponse("ok", Usage(1, 1, 2)))
    agent, meter = ThinkingAgent.metered(model)
    engine = Engine(agent, budget=RuntimeBudget(max_steps=3), meter=meter)
    first, second = engine.run("a"), engine.run("b")
    assert first.usage == second.usage == Usage(6, 6, 12)  # 3 steps × 2 calls × 2 tokens
