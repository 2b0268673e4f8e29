"""Small agents that drive the engine in tests: no research anywhere."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import (
    Action,
    AgentModule,
    Decision,
    EngineHook,
    Model,
    Observation,
    StateSchema,
    StepRecord,
    ToolRegistry,
)


@dataclass
class CountState(StateSchema):
    count: int = 0
    seen: list[Any] = field(default_factory=list)
    """Every observation the agent reduced: (step, [(name, status, output)])."""


class CountingAgent(AgentModule):
    """Counts to `target` with the "count" tool, then answers `final`."""

    def __init__(self, target: int = 3, llm: Model | None = None) -> None:
        registry = ToolRegistry()
        self.tool_calls: list[dict[str, Any]] = []

        @registry.register("count")
        def count(n: int) -> int:
            self.tool_calls.append({"n": n})
            return n + 1

        super().__init__(registry, llm)
        self.target = target

    def init_state(self, task: str, **kw: Any) -> CountState:
        return CountState(task=task)

    def decide(self, state: CountState, observation: Observation | None) -> Decision | None:
        if state.count >= self.target:
            return Decision.final(str(state.count))
        return Decision.act(Action("count", {"n": state.count}))

    def reduce(self, state: CountState, observation: Observation, decision: Decision) -> CountState:
        state.seen.append((observation.step, [(r.name, r.status, r.output) for r in observation.action_results]))
        for result in observation.action_results:
            if result.status == "ok":
                state.count = result.output
        return state


class ScriptAgent(AgentModule):
    """Leaves every decision to the engine's model path (decide returns None)."""

    def __init__(self, llm: Model, registry: ToolRegistry | None = None) -> None:
        super().__init__(registry or echo_registry(), llm)

    def init_state(self, task: str, **kw: Any) -> CountState:
        return CountState(task=task)

    def reduce(self, state: CountState, observation: Observation, decision: Decision) -> CountState:
        state.seen.append((observation.step, [(r.name, r.status, r.output) for r in observation.action_results]))
        return state


def echo_registry() -> ToolRegistry:
    registry = ToolRegistry()
    registry.register("echo", lambda text: text)
    return registry


class Recorder(EngineHook):
    """Writes down every hook call, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.records: list[StepRecord] = []

    def on_run_start(self, engine: Any, state: Any, task: Any) -> None:
        self.calls.append(("run_start", task.objective))

    def on_before_step(self, state: Any, step: int) -> None:
        self.calls.append(("before", step))

    def on_after_step(self, state: Any, record: StepRecord) -> None:
        self.calls.append(("after", record.step, record.stop_reason))
        self.records.append(record)

    def on_run_end(self, result: Any) -> None:
        self.calls.append(("run_end", result.state.stop_reason))


def read_jsonl(path: Any) -> list[dict[str, Any]]:
    import json

    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]
