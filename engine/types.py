"""Small typed values that cross the kernel's boundaries.

`Decision` is what an agent (or a parsed model output) wants to do this step;
`Action` is one tool call inside it; `ActionResult` is what the tool registry
made of that call; `Observation` is what `reduce` sees.  `Task`/`TaskBudget`
describe a run, `RuntimeBudget` the engine's limits.  Everything here is a
plain dataclass: no behaviour beyond named constructors.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Literal, TypeVar

from .stop_reason import StopReason

DecisionMode = Literal["act", "final", "wait"]
ActionStatus = Literal["ok", "error", "refused", "skipped"]


@dataclass
class Action:
    """One tool call: the registered tool `name` and its keyword `args`."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)
    """The tool's arguments, and nothing else: the tool is called with exactly these."""
    purpose: Any = None
    """Why the agent takes this action, typed by the agent (the research agent: the cell it works on and
    the strategy rung); the engine never hands it to the tool and carries it to the result untouched."""


@dataclass
class Decision:
    """What the agent decided this step. Build it with `act`, `final` or `wait`."""

    mode: DecisionMode
    actions: list[Action] = field(default_factory=list)
    final_answer: str | None = None
    rationale: str | None = None
    usage: "Usage | None" = None
    """Model usage spent making this decision, when the agent called a model itself."""
    cause: Enum | None = None
    """Why the agent decided this, typed (e.g. why it waits); the engine carries it to `reduce` untouched."""

    @classmethod
    def act(cls, actions: list[Action] | Action, rationale: str | None = None) -> "Decision":
        if isinstance(actions, Action):
            actions = [actions]
        return cls(mode="act", actions=list(actions), rationale=rationale)

    @classmethod
    def final(cls, answer: str, rationale: str | None = None) -> "Decision":
        return cls(mode="final", final_answer=answer, rationale=rationale)

    @classmethod
    def wait(cls, rationale: str | None = None, cause: Enum | None = None) -> "Decision":
        return cls(mode="wait", rationale=rationale, cause=cause)


@dataclass(frozen=True)
class Refusal:
    """Why a guard refused an action: a `kind` the agent branches on and a `detail` for people.

    `message` ("<kind>: <detail>") is what users, traces and policies read; an agent
    narrows `kind` to its own vocabulary (a subclass with a `Literal`)."""

    kind: str
    detail: str

    @property
    def message(self) -> str:
        return f"{self.kind}: {self.detail}"


@dataclass
class ActionResult:
    """The outcome of one `Action`, in the order of `Decision.actions`.

    `status` is `ok` (the tool ran), `error` (it raised; `error` holds the
    message and `error_type` the exception class name), `refused` (a guard
    stopped it before the tool ran: it cost no tool call) or `skipped` (the run
    was cancelled before it started).
    """

    name: str
    status: ActionStatus
    output: Any = None
    error: str | None = None
    error_type: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    exception: BaseException | None = field(default=None, repr=False, compare=False)
    """The exception a failing tool raised, kept so critics can classify it by type."""
    refusal: Refusal | None = None
    """The guard's typed refusal when `status` is `refused` (None when the guard gave plain text)."""
    purpose: Any = None
    """The action's `purpose`, as the agent gave it."""

    @classmethod
    def refused(cls, action: Action, refusal: "Refusal | str") -> "ActionResult":
        """The result of an action the guard refused: `error` is the refusal's message."""
        typed = refusal if isinstance(refusal, Refusal) else None
        text = typed.message if typed is not None else str(refusal)
        return cls(action.name, "refused", error=text, error_type="Refused", args=action.args, refusal=typed,
                   purpose=action.purpose)


@dataclass
class Observation:
    """What `agent.reduce` receives after the act phase."""

    action_results: list[ActionResult] = field(default_factory=list)
    step: int = 0
    retry: int = 0
    """How many consecutive times critics have asked to retry (0 on a normal step)."""
    critic_outputs: list[dict[str, Any]] = field(default_factory=list)
    """The critic outputs of this step; the next `decide` sees why a retry was asked."""


@dataclass
class Usage:
    """Token usage and cost of one or more model calls."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    cost: float = 0.0
    """Cost in US dollars, when the caller knows the model's prices; else 0."""

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.total_tokens + other.total_tokens,
            self.cost + other.cost,
        )

    def __sub__(self, other: "Usage") -> "Usage":
        """What was spent between two readings of a running total."""
        return Usage(
            self.prompt_tokens - other.prompt_tokens,
            self.completion_tokens - other.completion_tokens,
            self.total_tokens - other.total_tokens,
            self.cost - other.cost,
        )


@dataclass
class TaskBudget:
    """Per-task limits; any field set here overrides the engine's budget."""

    max_steps: int | None = None
    max_runtime_seconds: float | None = None
    max_tokens: int | None = None
    max_cost: float | None = None


@dataclass
class Task:
    """A structured task: an id, the objective text and an optional budget."""

    objective: str
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    budget: TaskBudget | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class RuntimeBudget:
    """The engine's hard limits. `None` means unlimited (steps default to 10)."""

    max_steps: int | None = 10
    max_runtime_seconds: float | None = None
    max_tokens: int | None = None
    max_cost: float | None = None


StateT = TypeVar("StateT")


@dataclass
class StepRecord:
    """One step as the engine saw it; written to `steps.jsonl`."""

    step: int
    decision: Decision | None = None
    action_results: list[ActionResult] = field(default_factory=list)
    critic_outputs: list[dict[str, Any]] = field(default_factory=list)
    state_changed: bool | None = None
    stop_reason: StopReason | None = None
    stop_detail: str | None = None
    summary: dict[str, Any] = field(default_factory=dict)
    """Agent-supplied step summary (`agent.summarize_step`): queries, new evidence, gaps closed…"""
    retries: int = 0
    error: str | None = None
    usage: Usage = field(default_factory=Usage)
    elapsed_seconds: float = 0.0


@dataclass
class TaskResult:
    """Structured outcome of a run."""

    task_id: str
    success: bool
    stop_reason: StopReason | None
    stop_detail: str | None
    final_result: Any = None


@dataclass
class EngineResult(Generic[StateT]):
    """What `Engine.run` returns: final state, one record per step, all events, total usage."""

    state: StateT
    records: list[StepRecord]
    events: list["EngineEvent"]
    step_count: int
    task_result: TaskResult | None = None
    usage: Usage = field(default_factory=Usage)
    run_id: str = ""
    """The run's id (also the trace folder name)."""


from .events import EngineEvent  # noqa: E402  (cycle: events reference nothing from here)
