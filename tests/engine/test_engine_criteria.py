"""Stop criteria as pure judgements; stagnation counters live in the state."""

from __future__ import annotations

from typing import Any

from engine_testkit import CountingAgent, CountState

from engine import (
    Action,
    BudgetRefusal,
    Decision,
    Engine,
    FinalResultCriteria,
    MaxCostCriteria,
    MaxRuntimeCriteria,
    MaxStepsCriteria,
    MaxTokensCriteria,
    Observation,
    RuntimeBudget,
    StagnationCriteria,
    StateSchema,
    StopCriteria,
    StopReason,
    UsageMeter,
)


def test_builtin_criteria_report_reasons_with_numbers():
    state = StateSchema()
    assert FinalResultCriteria().should_stop(state, 1, {}) == (False, None, None)
    state.final_result = ""
    assert FinalResultCriteria().should_stop(state, 1, {})[0] is False
    state.final_result = "42"
    assert FinalResultCriteria().should_stop(state, 1, {})[:2] == (True, StopReason.FINAL)
    assert MaxStepsCriteria(10).should_stop(state, 9, {}) == (False, None, None)
    assert MaxStepsCriteria(10).should_stop(state, 10, {}) == (True, StopReason.BUDGET_STEPS, "10/10 steps")
    assert MaxRuntimeCriteria(2.0).should_stop(state, 1, {"elapsed_seconds": 2.5}) == (
        True, StopReason.BUDGET_TIME, "2.50/2 seconds",
    )
    assert MaxTokensCriteria(100).should_stop(state, 1, {"total_tokens": 120}) == (
        True, StopReason.BUDGET_TOKENS, "120/100 tokens",
    )
    assert MaxCostCriteria(0.5).should_stop(state, 1, {"total_cost": 0.25})[0] is False
    assert MaxCostCriteria(0.5).should_stop(state, 1, {"total_cost": 0.5}) == (
        True, StopReason.BUDGET_COST, "$0.5000/$0.5000 cost",
    )


class Toggle(CountingAgent):
    """Changes its state only on the steps listed in `changes`."""

    def __init__(self, changes: set[int]) -> None:
        super().__init__()
        self.changes = changes

    def decide(self, state: CountState, observation: Observation | None) -> Decision:
        return Decision.wait()

    def reduce(self, state: CountState, observation: Observation, decision: Decision) -> CountState:
        if observation.step in self.changes:
            state.count += 1
        return state


def test_stagnation_counter_resets_when_the_state_changes():
    # changes at steps 2 and 4: unchanged streaks are 3→1 (reset), then 5,6,7 → stop at 7
    criterion = StagnationCriteria(max_stagnant_steps=3)
    result = Engine(Toggle({2, 4}), stop_criteria=[criterion], budget=RuntimeBudget(max_steps=20)).run("x")
    assert result.step_count == 7
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.STAGNATION, "3 steps without state change")
    assert result.state.metrics[criterion.key]["count"] == 3


def test_stagnation_counter_does_not_survive_into_the_next_run():
    criterion = StagnationCriteria(max_stagnant_steps=3)
    engine = Engine(Toggle(set()), stop_criteria=[criterion], budget=RuntimeBudget(max_steps=20))
    first = engine.run("a")
    second = engine.run("b")  # same engine, same criterion object, fresh state
    assert first.step_count == second.step_count == 4
    assert second.state.stop_reason is StopReason.STAGNATION
    assert set(vars(criterion)) == {"max_stagnant_steps", "signature_fn", "key"}  # no counter on the object


def test_stagnation_counter_is_kept_by_a_resumed_state():
    criterion = StagnationCriteria(max_stagnant_steps=3)
    engine = Engine(Toggle(set()), stop_criteria=[criterion], budget=RuntimeBudget(max_steps=2))
    first = engine.run("a")  # steps 1-2: baseline, then one unchanged step
    assert first.state.stop_reason is StopReason.BUDGET_STEPS
    resumed = engine.run("a", state=first.state)
    assert [r.step for r in resumed.records] == [3, 4]
    assert resumed.state.stop_reason is StopReason.STAGNATION


def test_stagnation_counts_a_step_once_and_uses_the_signature_fn():
    criterion = StagnationCriteria(max_stagnant_steps=1, signature_fn=lambda s: s.task)
    state = StateSchema(task="t", current_step=1)
    assert criterion.should_stop(state, 1)[0] is False
    assert criterion.should_stop(state, 1)[0] is False  # same step again: a pure read
    state.current_step = 2
    state.final_result = "ignored by this signature"
    assert criterion.should_stop(state, 2)[:2] == (True, StopReason.STAGNATION)


def test_runtime_info_holds_the_numbers_of_this_run():
    seen: list[tuple[int, dict[str, Any]]] = []

    class Spy(StopCriteria):
        def should_stop(self, state: Any, step_count: int, runtime_info: Any = None):
            seen.append((step_count, dict(runtime_info)))
            return False, None, None

    engine = Engine(CountingAgent(target=0), stop_criteria=[Spy()], budget=RuntimeBudget(max_steps=2))
    engine.run("x")
    engine.run("y")
    assert [n for n, _ in seen] == [1, 2, 1, 2]
    for n, info in seen:
        assert set(info) == {"elapsed_seconds", "total_tokens", "total_cost", "step_count", "budget_refusal"}
        assert info["step_count"] == n and info["elapsed_seconds"] >= 0 and info["budget_refusal"] is None


def test_a_call_refused_by_a_budget_ends_the_run_through_the_budget_criterion():
    """An agent never writes the budget stop: it tells the meter, the engine's budget check ends the run."""

    class Refused(CountingAgent):
        def __init__(self, meter: UsageMeter, target: int) -> None:
            super().__init__(target=target)
            self.meter = meter

        def reduce(self, state, observation, decision):
            state = super().reduce(state, observation, decision)
            if state.count == 2:
                self.meter.refuse(BudgetRefusal(StopReason.BUDGET_TOKENS, "read call not made: 90 + ~20 > 100 tokens"))
            return state

    meter = UsageMeter()
    engine = Engine(Refused(meter, 9), budget=RuntimeBudget(max_steps=9, max_tokens=100), meter=meter)
    result = engine.run("x")
    assert result.step_count == 2 and result.state.count == 2  # the step's work is kept
    assert (result.state.stop_reason, result.state.stop_detail) == (
        StopReason.BUDGET_TOKENS, "read call not made: 90 + ~20 > 100 tokens")
    again = engine.run("y")  # the refusal belonged to the first run: the second one runs its two steps
    assert again.state.stop_reason is StopReason.BUDGET_TOKENS and again.step_count == 2
    other = UsageMeter()
    no_token_limit = Engine(Refused(other, 3), budget=RuntimeBudget(max_steps=9, max_cost=1.0), meter=other)
    assert no_token_limit.run("z").state.stop_reason is StopReason.FINAL  # a token refusal is not a cost stop


def test_a_criterion_firing_without_a_reason_is_a_contract_error():
    class Sloppy(StopCriteria):
        def should_stop(self, state: Any, step_count: int, runtime_info: Any = None):
            return True, None, None

    result = Engine(CountingAgent(), stop_criteria=[Sloppy()]).run("x")
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    assert result.state.stop_detail.startswith("ComponentContractError:")


def test_time_budget_stops_the_run():
    class Slow(CountingAgent):
        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            return Decision.act(Action("count", {"n": state.count}))

    # a zero-second budget is reached after the first step, whatever the machine's speed
    result = Engine(Slow(), budget=RuntimeBudget(max_steps=5, max_runtime_seconds=0.0)).run("x")
    assert result.step_count == 1
    assert result.state.stop_reason is StopReason.BUDGET_TIME
