"""What the kernel itself costs per step.

Runs a no-op agent (a prebuilt decision, a tool that returns None, a reducer
that returns the state) for N steps through `Engine.run`, with tracing off
and with tracing to a temporary directory, next to a bare Python loop making
the same agent and tool calls.  Prints µs/step for each (best of R repeats)
and the kernel's own overhead (engine minus bare loop).

    .venv/bin/python bench/engine_overhead.py [--steps 2000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import tempfile
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from engine import (
    Action,
    AgentModule,
    Decision,
    Engine,
    FinalResultCriteria,
    Observation,
    RuntimeBudget,
    StateSchema,
    ToolRegistry,
    TraceWriter,
)


@dataclass
class NoopState(StateSchema):
    pass


class NoopAgent(AgentModule):
    def __init__(self) -> None:
        registry = ToolRegistry()
        registry.register("noop", lambda: None)
        super().__init__(registry)
        self.decision = Decision.act(Action("noop"))

    def init_state(self, task: str, **kw: Any) -> NoopState:
        return NoopState(task=task)

    def decide(self, state: NoopState, observation: Observation | None) -> Decision:
        return self.decision

    def reduce(self, state: NoopState, observation: Observation, decision: Decision) -> NoopState:
        return state


def bare_loop(steps: int) -> float:
    """The same calls the engine makes for the agent, with none of the kernel."""
    agent = NoopAgent()
    state = agent.init_state("bench")
    criterion = FinalResultCriteria()
    observation = None
    t0 = perf_counter()
    for step in range(1, steps + 1):
        state.current_step = step
        agent.prepare(state)
        decision = agent.decide(state, observation)
        outputs = [agent.tool_registry.call(a.name, a.args) for a in decision.actions]
        observation = Observation(step=step)
        state = agent.reduce(state, observation, decision)
        agent.should_stop(state)
        criterion.should_stop(state, step, None)
        del outputs
    return perf_counter() - t0


def engine_run(steps: int, trace_root: str | None) -> float:
    writer = TraceWriter(trace_root) if trace_root else None
    engine = Engine(NoopAgent(), budget=RuntimeBudget(max_steps=steps), trace_writer=writer)
    t0 = perf_counter()
    result = engine.run("bench")
    elapsed = perf_counter() - t0
    assert result.step_count == steps, result.state.stop_detail
    return elapsed


def best(fn: Any, repeats: int) -> float:
    return min(fn() for _ in range(repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    n = args.steps

    bare = best(lambda: bare_loop(n), args.repeats)
    untraced = best(lambda: engine_run(n, None), args.repeats)
    with tempfile.TemporaryDirectory() as tmp:
        traced = best(lambda: engine_run(n, tmp), args.repeats)

    def us(seconds: float) -> float:
        return seconds / n * 1e6

    print(f"steps per run: {n}, best of {args.repeats}")
    print(f"{'bare python loop':<26}{us(bare):>9.1f} µs/step")
    print(f"{'engine, tracing off':<26}{us(untraced):>9.1f} µs/step   (kernel overhead {us(untraced - bare):.1f})")
    print(f"{'engine, tracing on':<26}{us(traced):>9.1f} µs/step   (kernel overhead {us(traced - bare):.1f})")


if __name__ == "__main__":
    main()
