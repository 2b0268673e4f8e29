"""AsyncEngine: arun and a live event stream (asyncio.run, no plugin)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

import pytest
from engine_testkit import CountingAgent, CountState

from engine import (
    Action,
    AsyncEngine,
    Decision,
    EngineEvent,
    EngineHook,
    Observation,
    RuntimeBudget,
    StopReason,
    Task,
    TaskBudget,
)


def test_arun_returns_the_same_result_as_run():
    result = asyncio.run(AsyncEngine(CountingAgent(target=2)).arun("x", run_id="async-1"))
    assert result.run_id == "async-1"
    assert result.state.stop_reason is StopReason.FINAL and result.step_count == 3


def test_arun_stream_yields_events_live_from_run_start_to_run_end():
    release = threading.Event()
    released_before_tool_returned: list[bool] = []

    class Gated(CountingAgent):
        def __init__(self) -> None:
            super().__init__(target=1)
            self.tool_registry.register("gate", self._gate)

        def _gate(self) -> str:
            # the consumer releases us only after it has *received* this step's decide event
            released_before_tool_returned.append(release.wait(10))
            return "open"

        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            return Decision.act(Action("gate")) if observation is None else Decision.final("done")

    async def consume() -> list[EngineEvent]:
        events = []
        async for event in AsyncEngine(Gated()).arun_stream("x"):
            events.append(event)
            if event.event_type == "decide" and event.step_id == 1:
                release.set()
        return events

    events = asyncio.run(consume())
    assert released_before_tool_returned == [True]
    types = [e.event_type for e in events]
    assert types[0] == "run_start" and types[-1] == "run_end"
    assert types.count("step_start") == 2
    assert events[-1].payload.stop_reason is StopReason.FINAL


def test_arun_stream_raises_the_runs_error_after_its_events():
    class Broken(CountingAgent):
        def reduce(self, state: CountState, observation: Observation, decision: Decision) -> CountState:
            raise KeyboardInterrupt  # escapes the recovery policy

    async def consume() -> list[str]:
        seen: list[str] = []
        with pytest.raises(KeyboardInterrupt):
            async for event in AsyncEngine(Broken()).arun_stream("x"):
                seen.append(event.event_type)
        return seen

    seen = asyncio.run(consume())
    assert seen[0] == "run_start" and seen[-1] == "run_end"


def test_leaving_the_stream_early_cancels_the_run():
    class Forever(CountingAgent):
        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            return Decision.act(Action("count", {"n": state.count}))

    ended: list[Any] = []

    class OnEnd(EngineHook):
        def on_run_end(self, result: Any) -> None:
            ended.append(result)

    engine = AsyncEngine(Forever(), budget=RuntimeBudget(max_steps=100_000), hooks=[OnEnd()])

    async def consume() -> None:
        async with contextlib.aclosing(engine.arun_stream("x")) as stream:
            async for event in stream:
                if event.event_type == "step_end":
                    break
        assert len(ended) == 1  # aclose waited for the run's thread to finish

    asyncio.run(consume())
    assert ended[0].state.stop_reason is StopReason.USER_CANCELLED
    assert ended[0].step_count < 100_000
    # the cancel was for that run only
    follow_up = asyncio.run(engine.arun(Task("y", budget=TaskBudget(max_steps=2))))
    assert follow_up.state.stop_reason is StopReason.BUDGET_STEPS
