"""The step loop: defaults, budgets, phase order, hooks, resume and reuse."""

from __future__ import annotations

from typing import Any

import pytest
from engine_testkit import CountingAgent, CountState, Recorder

from engine import (
    Action,
    Decision,
    Engine,
    EngineHook,
    EngineResult,
    FinalResultCriteria,
    Observation,
    RuntimeBudget,
    StopCriteria,
    StopReason,
    Task,
    TaskBudget,
    TaskResult,
    Usage,
    run_agent,
)


class NeverDone(CountingAgent):
    """Counts forever."""

    def decide(self, state: CountState, observation: Observation | None) -> Decision:
        return Decision.act(Action("count", {"n": state.count}))


class Waiter(CountingAgent):
    def decide(self, state: CountState, observation: Observation | None) -> Decision:
        return Decision.wait("nothing to do yet")


def test_counting_agent_runs_to_final_and_returns_a_full_result():
    agent = CountingAgent(target=3)
    result = Engine(agent).run("count to 3", run_id="r1")

    assert isinstance(result, EngineResult)
    assert result.run_id == "r1"
    assert result.state.final_result == "3"
    assert result.state.stop_reason is StopReason.FINAL
    assert result.step_count == len(result.records) == 4  # three counts, then the answer
    assert [r.step for r in result.records] == [1, 2, 3, 4]
    assert [c["n"] for c in agent.tool_calls] == [0, 1, 2]
    assert result.records[-1].stop_reason is StopReason.FINAL
    assert all(r.stop_reason is None for r in result.records[:-1])
    assert result.task_result == TaskResult(
        task_id=result.task_result.task_id, success=True, stop_reason=StopReason.FINAL,
        stop_detail="final result set", final_result="3",
    )
    assert result.usage == Usage()


def test_defaults_are_ten_steps_and_final_result_criteria():
    engine = Engine(NeverDone())
    assert engine.budget == RuntimeBudget(max_steps=10)
    assert [type(c) for c in engine.stop_criteria] == [FinalResultCriteria]

    result = engine.run("count forever")
    assert result.step_count == 10
    assert result.state.stop_reason is StopReason.BUDGET_STEPS
    assert result.state.stop_detail == "10/10 steps"
    assert result.task_result.success is False


def test_passing_stop_criteria_replaces_the_default():
    # Without FinalResultCriteria the answer no longer ends the run: only the budget does.
    result = Engine(CountingAgent(target=1), stop_criteria=[], budget=RuntimeBudget(max_steps=4)).run("x")
    assert result.state.final_result == "1"
    assert result.step_count == 4
    assert result.state.stop_reason is StopReason.BUDGET_STEPS

    class AtTwo(StopCriteria):
        def should_stop(self, state: Any, step_count: int, runtime_info: Any = None):
            return (state.count >= 2, StopReason.SUCCESS, f"count {state.count}/2")

    result = Engine(CountingAgent(target=3), stop_criteria=[AtTwo()]).run("x")
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.SUCCESS, "count 2/2")
    assert result.state.final_result is None


def test_task_budget_overrides_the_engine_budget():
    engine = Engine(NeverDone(), budget=RuntimeBudget(max_steps=10, max_tokens=999))
    result = engine.run(Task("count", id="t-1", budget=TaskBudget(max_steps=2)))
    assert result.step_count == 2
    assert result.state.stop_detail == "2/2 steps"
    assert result.task_result.task_id == "t-1"
    # the engine's own budget is untouched for the next run
    assert engine.run("again").step_count == 10


def test_a_run_of_waits_still_stops_on_budget():
    result = Engine(Waiter(), budget=RuntimeBudget(max_steps=3)).run("wait")
    assert result.step_count == 3
    assert [r.decision.mode for r in result.records] == ["wait"] * 3
    assert result.state.stop_reason is StopReason.BUDGET_STEPS
    # reduce ran on every wait step
    assert [step for step, _ in result.state.seen] == [1, 2, 3]


def test_budget_is_checked_after_reduce_so_the_last_step_lands():
    result = Engine(NeverDone(), budget=RuntimeBudget(max_steps=2)).run("x")
    assert result.state.stop_reason is StopReason.BUDGET_STEPS
    assert result.state.count == 2  # the second step's tool output was reduced
    assert result.state.seen[-1] == (2, [("count", "ok", 2)])


def test_agent_should_stop_ends_with_agent_condition():
    class StopAtTwo(NeverDone):
        def should_stop(self, state: CountState) -> bool:
            return state.count >= 2

    result = Engine(StopAtTwo()).run("x")
    assert result.step_count == 2
    assert result.state.stop_reason is StopReason.AGENT_CONDITION


def test_check_stop_order_first_firing_wins():
    # final answer and step budget on the same step: criteria come before the budget
    result = Engine(CountingAgent(target=0), budget=RuntimeBudget(max_steps=1)).run("x")
    assert result.state.stop_reason is StopReason.FINAL

    # agent.should_stop comes before the configured criteria
    class Both(CountingAgent):
        def should_stop(self, state: CountState) -> bool:
            return True

    assert Engine(Both(target=0)).run("x").state.stop_reason is StopReason.AGENT_CONDITION


def test_phases_run_in_order_and_hooks_see_the_stop_on_the_last_step():
    recorder = Recorder()
    result = Engine(CountingAgent(target=1), hooks=[recorder]).run("one")

    types = [e.event_type for e in result.events]
    step = ["step_start", "decide", "act", "reduce", "critic", "check_stop", "step_end"]
    assert types == ["run_start", *step, *step, "run_end"]
    assert [e.step_id for e in result.events if e.event_type == "step_start"] == [1, 2]
    assert all(e.ts and e.agent_id == "CountingAgent" for e in result.events)
    assert recorder.calls == [
        ("run_start", "one"),
        ("before", 1),
        ("after", 1, None),
        ("before", 2),
        ("after", 2, StopReason.FINAL),
        ("run_end", StopReason.FINAL),
    ]


def test_hooks_can_be_registered_unregistered_and_render_hooks_merge():
    a, b, c = Recorder(), Recorder(), Recorder()
    engine = Engine(CountingAgent(target=0), hooks=[a], render_hooks=[b])
    engine.register_hook(c)
    engine.run("x")
    assert a.calls and b.calls and c.calls
    engine.unregister_hook(a)
    engine.clear_hooks()
    engine.run("y")
    assert [call[0] for call in a.calls].count("run_start") == 1
    assert [call[0] for call in c.calls].count("run_start") == 1


def test_a_failing_hook_goes_through_the_recovery_policy():
    class Boom(EngineHook):
        def on_before_step(self, state: Any, step: int) -> None:
            if step == 2:
                raise RuntimeError("hook broke")

    result = Engine(CountingAgent(target=5), hooks=[Boom()]).run("x")
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    assert result.state.stop_detail == "RuntimeError: hook broke"
    assert result.records[-1].error == "RuntimeError: hook broke"
    assert any(e.event_type == "error" and not e.ok for e in result.events)


def test_a_failing_after_step_hook_stop_lands_on_the_last_record():
    class Boom(EngineHook):
        def on_after_step(self, state: Any, record: Any) -> None:
            raise ValueError("after broke")

    result = Engine(CountingAgent(target=5), hooks=[Boom()]).run("x")
    assert result.step_count == 1
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    assert result.records[-1].stop_reason is StopReason.UNRECOVERABLE_ERROR


def test_resume_with_state_continues_numbering_and_gets_a_fresh_step_budget():
    engine = Engine(NeverDone(), budget=RuntimeBudget(max_steps=3))
    first = engine.run("x")
    assert first.state.current_step == 3 and first.state.stop_reason is StopReason.BUDGET_STEPS

    second = engine.run("x", state=first.state)
    assert [r.step for r in second.records] == [4, 5, 6]
    assert second.step_count == 3
    assert second.state.count == 6
    assert second.state.stop_detail == "3/3 steps"


def test_one_engine_runs_tasks_one_after_another_without_leaks():
    engine = Engine(CountingAgent(target=2))
    first = engine.run("a")
    second = engine.run("b")
    assert first.run_id != second.run_id
    assert [r.step for r in second.records] == [1, 2, 3]
    assert second.events[0].event_type == "run_start" and len(second.events) == len(first.events)
    assert second.state is not first.state
    assert first.records is not second.records


def test_run_agent_returns_final_result_or_the_engine_result():
    agent = CountingAgent(target=2)
    assert run_agent(agent, "x") == "2"
    result = run_agent(agent, "x", max_steps=1, return_state=True)
    assert result.step_count == 1 and result.state.stop_reason is StopReason.BUDGET_STEPS
    result = run_agent(agent, "x", max_steps=1, budget=RuntimeBudget(max_steps=7, max_tokens=5), return_state=True)
    assert result.step_count == 1  # max_steps replaces the budget's step limit, the rest of it stands


def test_tool_errors_become_results_with_the_exception_kept():
    class Faulty(CountingAgent):
        def __init__(self) -> None:
            super().__init__(target=1)
            self.tool_registry.register("fail", self._fail)

        @staticmethod
        def _fail() -> None:
            raise TimeoutError("upstream took too long")

        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            if observation is None:
                return Decision.act([Action("fail"), Action("nope", {"x": 1}), Action("count", {"n": 0})])
            return Decision.final("done")

    result = Engine(Faulty()).run("x")
    failed, unknown, ok = result.records[0].action_results
    assert (failed.status, failed.error, failed.error_type) == ("error", "upstream took too long", "TimeoutError")
    assert isinstance(failed.exception, TimeoutError)
    assert (unknown.status, unknown.error_type) == ("error", "UnknownTool")
    assert ok.status == "ok" and ok.output == 1
    assert result.state.stop_reason is StopReason.FINAL


def test_guard_refusal_costs_no_tool_call():
    class Guarded(CountingAgent):
        def guard(self, state: CountState, action: Action) -> str | None:
            return "private address" if action.args.get("n") == 1 else None

    agent = Guarded(target=3)
    result = Engine(agent, budget=RuntimeBudget(max_steps=3)).run("x")
    assert [c["n"] for c in agent.tool_calls] == [0]  # n=1 refused twice, never called
    refused = result.records[1].action_results[0]
    assert (refused.status, refused.error, refused.error_type) == ("refused", "private address", "Refused")


def test_engine_runs_one_task_at_a_time():
    class Reenter(EngineHook):
        def __init__(self) -> None:
            self.engine: Engine | None = None

        def on_before_step(self, state: Any, step: int) -> None:
            assert self.engine is not None
            self.engine.run("nested")

    hook = Reenter()
    engine = Engine(CountingAgent(), hooks=[hook])
    hook.engine = engine
    result = engine.run("outer")
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    assert result.state.stop_detail.startswith("EngineBusy:")


def test_env_is_reset_and_closed():
    class Env:
        def __init__(self) -> None:
            self.calls: list[str] = []

        def reset(self) -> None:
            self.calls.append("reset")

        def close(self) -> None:
            self.calls.append("close")

    env = Env()
    engine = Engine(CountingAgent(target=0), env=env, history_policy="kept")
    engine.run("x")
    assert env.calls == ["reset", "close"]
    assert engine.env is env and engine.history_policy == "kept"


def test_invalid_budget_is_rejected():
    with pytest.raises(ValueError):
        Engine(CountingAgent(), budget=RuntimeBudget(max_steps=0)).run("x")
