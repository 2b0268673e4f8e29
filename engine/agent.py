"""`AgentModule`: the policy the engine drives.

An agent owns its state type (`AgentModule[S]`, S a `StateSchema`: every method
gets the state `init_state` built) and two required methods:

    init_state(task, **kw) -> S                  build the state for a new run
    reduce(state, observation, decision) -> S    fold one step's results into the state

and may override:

    prepare(state) -> str           the prompt text for this step (default: a short summary)
    decide(state, observation)      a Decision, or None to let the engine call
                                    `self.llm` with `build_messages(...)` and parse the text
    should_stop(state) -> bool      True ends the run as `agent_condition`
    guard(state, action) -> Refusal|str|None
                                    called before EACH action is dispatched; a `Refusal`
                                    (or plain text) refuses it (no tool call; status
                                    "refused", error_type "Refused", error = its message,
                                    `ActionResult.refusal` = the typed value)
    summarize_step(state, record) -> dict
                                    called in the trace phase, after check_stop (so on the
                                    last step `record.stop_reason` is set); stored in
                                    `record.summary` and written to `steps.jsonl`
    build_messages(state, prompt)   chat messages for the default decide path
                                    (`system_prompt`, when set, comes first)

The engine meters the call it makes itself (decide returning None).  A model
the agent calls on its own (in decide, reduce, or through a policy) is metered
when it is handed over as `MeteredModel(model, engine.meter)` (the engine's
`meter=` seam); usage from models reached some other way must be reported on
`Decision.usage`.  The engine never replaces `self.llm`.

The agent knows nothing of the engine that drives it (`engine.py` imports this
module, never the reverse): `run_agent(agent, task)` there runs one on a fresh
`Engine`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from .model import Message, Model
from .state import StateSchema
from .tools import ToolRegistry
from .types import Action, Decision, Observation, Refusal, StepRecord


S = TypeVar("S", bound=StateSchema)
"""The agent's state type: the engine hands back to each method the state `init_state` built."""


class AgentModule(ABC, Generic[S]):
    """Base class for agents; see the module docstring for the contract."""

    system_prompt: str | None = None
    """Optional system message for the default decide path."""

    def __init__(self, tool_registry: ToolRegistry | None = None, llm: Model | None = None) -> None:
        self.tool_registry = tool_registry if tool_registry is not None else ToolRegistry()
        self.llm = llm

    # --- required ------------------------------------------------------

    @abstractmethod
    def init_state(self, task: str, **kw: Any) -> S:
        """A fresh state for `task` (the objective text)."""

    @abstractmethod
    def reduce(self, state: S, observation: Observation, decision: Decision) -> S:
        """Fold the step's observation into the state and return it."""

    # --- overridable ---------------------------------------------------

    def prepare(self, state: S) -> str:
        return f"Task: {state.task}\nStep: {state.current_step}"

    def decide(self, state: S, observation: Observation | None) -> Decision | None:
        return None

    def should_stop(self, state: S) -> bool:
        return False

    def guard(self, state: S, action: Action) -> Refusal | str | None:
        return None

    def summarize_step(self, state: S, record: StepRecord) -> dict[str, Any]:
        return {}

    def build_messages(self, state: S, prompt: str) -> list[Message]:
        messages: list[Message] = []
        if self.system_prompt:
            messages.append({"role": "system", "content": self.system_prompt})
        messages.append({"role": "user", "content": prompt})
        return messages
