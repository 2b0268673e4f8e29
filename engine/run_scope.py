"""What one run of the `Engine` owns, and the hard limits it runs under.

`Run` holds everything a run creates (records, events, usage since its
start, retry count, kept final answer, trace files); `Engine.run` makes one
and drops it when it returns, so one Engine can run many tasks in a row.
`effective_budget` merges a task's budget over the engine's, and
`budget_criteria` turns it into the hard-limit criteria checked last.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from time import perf_counter
from typing import Any

from .criteria import MaxCostCriteria, MaxRuntimeCriteria, MaxStepsCriteria, MaxTokensCriteria, StopCriteria
from .events import EngineEvent, Phase
from .hooks import EngineHook
from .model import UsageMeter
from .trace import RunTrace
from .types import Observation, RuntimeBudget, StepRecord, Task, Usage

EventListener = Callable[[EngineEvent], None]


@dataclass
class Run:
    """Everything one run owns; nothing here outlives `Engine.run`."""

    run_id: str
    task: Task
    state: Any
    budget_criteria: list[StopCriteria]
    hooks: list[EngineHook]
    agent_id: str
    meter: UsageMeter
    usage_base: Usage
    """The meter's total when the run started: the run's usage is what it gained since."""
    trace: RunTrace | None = None
    on_event: EventListener | None = None
    t0: float = field(default_factory=perf_counter)
    records: list[StepRecord] = field(default_factory=list)
    events: list[EngineEvent] = field(default_factory=list)
    observation: Observation | None = None
    phase: Phase = "prepare"
    retries: int = 0
    """Consecutive critic retries so far."""
    kept_final: Any = None
    """A final answer set aside when critics asked to retry its step."""
    escaped: str | None = None
    """Set when an exception escapes the run."""

    def used(self) -> Usage:
        return self.meter.total - self.usage_base


def effective_budget(base: RuntimeBudget, task: Task) -> RuntimeBudget:
    """The engine's budget with every limit the task sets replacing the engine's."""
    merged = RuntimeBudget(**{f.name: getattr(base, f.name) for f in fields(RuntimeBudget)})
    if task.budget is not None:
        for f in fields(task.budget):
            value = getattr(task.budget, f.name)
            if value is not None:
                setattr(merged, f.name, value)
    if merged.max_steps is not None and merged.max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, got {merged.max_steps}")
    return merged


def budget_criteria(budget: RuntimeBudget) -> list[StopCriteria]:
    """The hard limits, in the order they are checked: steps, time, tokens, cost."""
    criteria: list[StopCriteria] = []
    if budget.max_steps is not None:
        criteria.append(MaxStepsCriteria(budget.max_steps))
    if budget.max_runtime_seconds is not None:
        criteria.append(MaxRuntimeCriteria(budget.max_runtime_seconds))
    if budget.max_tokens is not None:
        criteria.append(MaxTokensCriteria(budget.max_tokens))
    if budget.max_cost is not None:
        criteria.append(MaxCostCriteria(budget.max_cost))
    return criteria

