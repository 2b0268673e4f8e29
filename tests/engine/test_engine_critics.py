"""Critics: continue, stop (with a custom reason), retry, the retry cap and final answers."""

from __future__ import annotations

from typing import Any

from engine_testkit import CountingAgent, CountState

from engine import (
    Action,
    Critic,
    Decision,
    Engine,
    Observation,
    RecoveryPolicy,
    RuntimeBudget,
    StopReason,
)


class Scripted(Critic):
    """Returns the given verdicts in turn, then continue."""

    def __init__(self, *verdicts: dict[str, Any]) -> None:
        self.verdicts = list(verdicts)
        self.seen: list[list[Any]] = []

    def evaluate(self, state: Any, decision: Decision, results: list[Any]) -> dict[str, Any]:
        self.seen.append(list(results))
        return self.verdicts.pop(0) if self.verdicts else {"action": "continue"}


class AlwaysRetry(Critic):
    def evaluate(self, state: Any, decision: Decision, results: list[Any]) -> dict[str, Any]:
        return {"action": "retry", "reason": "not good enough"}


def test_critics_get_raw_outputs_and_their_verdicts_are_recorded():
    critic = Scripted({"action": "continue", "score": 0.9}, {"action": "whatever"})
    result = Engine(CountingAgent(target=2), critics=[critic]).run("x")
    assert critic.seen[:2] == [[1], [2]]  # raw tool outputs, not ActionResults
    assert result.records[0].critic_outputs == [{"action": "continue", "score": 0.9}]
    assert result.records[1].critic_outputs == [{"action": "whatever"}]  # unknown action = continue
    assert result.state.stop_reason is StopReason.FINAL


def test_critic_stop_sets_critic_stop_with_its_reason_as_detail():
    critic = Scripted({"action": "continue"}, {"action": "stop", "reason": "enough"})
    result = Engine(CountingAgent(target=5), critics=[critic]).run("x")
    assert result.step_count == 2
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.CRITIC_STOP, "enough")
    assert result.records[-1].stop_reason is StopReason.CRITIC_STOP


def test_critic_stop_can_carry_its_own_stop_reason():
    critic = Scripted({"action": "stop", "stop_reason": "risk_abort", "detail": "private network URL"})
    result = Engine(CountingAgent(target=5), critics=[critic]).run("x")
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.RISK_ABORT, "private network URL")
    assert result.task_result.success is False


def test_critic_stop_with_an_unknown_reason_is_a_contract_error():
    critic = Scripted({"action": "stop", "stop_reason": "bored"})
    result = Engine(CountingAgent(target=5), critics=[critic]).run("x")
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    assert result.state.stop_detail.startswith("ComponentContractError:")


def test_critic_stop_wins_over_a_final_answer_and_the_budget():
    critic = Scripted({"action": "stop", "reason": "vetoed"})
    result = Engine(CountingAgent(target=0), critics=[critic], budget=RuntimeBudget(max_steps=1)).run("x")
    assert result.state.stop_reason is StopReason.CRITIC_STOP


def test_retry_reruns_the_step_with_the_observation_carried_forward():
    seen: list[Observation | None] = []

    class Watching(CountingAgent):
        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            seen.append(observation)
            return super().decide(state, observation)

    critic = Scripted({"action": "retry", "reason": "check again"})
    result = Engine(Watching(target=2), critics=[critic]).run("x")
    # the retry is a new, numbered step; the rejected step's reduce is not undone (count went 0→1)
    assert [r.step for r in result.records] == [1, 2, 3]
    assert result.records[0].retries == 1 and result.records[1].retries == 0
    carried = seen[1]
    assert carried is not None and carried.step == 1 and carried.retry == 1
    assert carried.critic_outputs == [{"action": "retry", "reason": "check again"}]
    assert result.state.stop_reason is StopReason.FINAL


def test_retries_are_capped_then_fail_through_the_recovery_policy():
    engine = Engine(CountingAgent(target=50), critics=[AlwaysRetry()], max_retries_per_step=2)
    result = engine.run("x")
    assert result.step_count == 3  # the step and two retries; the third retry request fails it
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    assert result.state.stop_detail.startswith("RetryLimitExceeded:")
    assert result.records[-1].error.startswith("RetryLimitExceeded:")


def test_recovery_policy_may_continue_after_the_retry_cap_and_the_budget_still_holds():
    class KeepGoing(RecoveryPolicy):
        def __init__(self) -> None:
            self.handled: list[tuple[int, str]] = []

        def handle(self, state: Any, step: int, exc: BaseException) -> str:
            self.handled.append((step, type(exc).__name__))
            return "continue"

    policy = KeepGoing()
    engine = Engine(
        CountingAgent(target=50), critics=[AlwaysRetry()], recovery_policy=policy,
        max_retries_per_step=1, budget=RuntimeBudget(max_steps=6),
    )
    result = engine.run("x")
    assert policy.handled == [(2, "RetryLimitExceeded"), (4, "RetryLimitExceeded"), (6, "RetryLimitExceeded")]
    assert result.step_count == 6
    assert result.state.stop_reason is StopReason.BUDGET_STEPS


def test_retry_on_a_final_decision_keeps_the_answer_when_nothing_better_comes():
    class AnswerThenWork(CountingAgent):
        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            if observation is None:
                return Decision.final("first answer")
            return Decision.act(Action("count", {"n": state.count}))

    critic = Scripted({"action": "retry", "reason": "unsupported"})
    result = Engine(AnswerThenWork(), critics=[critic], budget=RuntimeBudget(max_steps=3)).run("x")
    assert result.state.stop_reason is StopReason.BUDGET_STEPS  # the rejected answer did not end the run
    assert result.state.final_result == "first answer"  # …but it was not lost
    assert result.task_result.final_result == "first answer"


def test_retry_on_a_final_decision_takes_the_better_answer():
    answers = iter(["draft", "checked"])

    class Answers(CountingAgent):
        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            return Decision.final(next(answers))

    critic = Scripted({"action": "retry", "reason": "verify"})
    result = Engine(Answers(), critics=[critic]).run("x")
    assert result.step_count == 2
    assert (result.state.final_result, result.state.stop_reason) == ("checked", StopReason.FINAL)


def test_first_stop_wins_then_retry_across_several_critics():
    result = Engine(
        CountingAgent(target=5),
        critics=[
            Scripted({"action": "retry"}),
            Scripted({"action": "stop", "reason": "a"}),
            Scripted({"action": "stop", "reason": "b"}),
        ],
    ).run("x")
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.CRITIC_STOP, "a")
    assert len(result.records[0].critic_outputs) == 3


def test_retry_counters_do_not_leak_into_the_next_run():
    critic = Scripted({"action": "retry"}, {"action": "retry"})
    engine = Engine(CountingAgent(target=1), critics=[critic], max_retries_per_step=2)
    assert engine.run("a").state.stop_reason is StopReason.FINAL
    critic.verdicts = [{"action": "retry"}, {"action": "retry"}]
    # had the count of the first run leaked, the first retry here would exceed the cap
    assert engine.run("b").state.stop_reason is StopReason.FINAL
