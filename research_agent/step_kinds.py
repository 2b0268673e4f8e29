"""The typed vocabulary of one step: what an action is for, why the guard refuses one, why the agent waits.

The reducer branches on these values, never on message text; the messages
(`Refusal.message`, the wait rationale) are what users, traces and policies read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from engine import Refusal as EngineRefusal

RefusalKind = Literal["risk", "duplicate", "denied", "copy"]


@dataclass(frozen=True)
class ActionPurpose:
    """What a tool call is for, carried beside its arguments (`engine.Action.purpose`): the tool never
    sees it; the reducer files the result under `cell` and climbs the cell's ladder to `strategy`."""

    cell: str
    """The cell key (`object/dimension`) the call works on."""
    strategy: str
    """The strategy-ladder rung the call belongs to (initial, rephrase, primary_sources, reframe)."""

    def __str__(self) -> str:
        return f"{self.cell} ({self.strategy})"


def purpose_of(result: object) -> ActionPurpose | None:
    """The research purpose an action or its result carries, if any."""
    purpose = getattr(result, "purpose", None)
    return purpose if isinstance(purpose, ActionPurpose) else None


@dataclass(frozen=True)
class Refusal(EngineRefusal):
    """`risk` — the risk screen flagged the action (a risk event, the run ends);
    `duplicate` — the same normalised query or page already ran (the cell's strategy climbs);
    `denied` — the contract or URL provenance forbids the visit (the lead is dropped);
    `copy` — the lead repeats a page already read (the lead is dropped)."""

    kind: RefusalKind


class WaitReason(Enum):
    """Why `ResearchAgent.decide` waits instead of acting."""

    RISK_FLAGGED = "risk_flagged"
    """A risk event is recorded: the risk criterion ends the run."""
    NO_PATH = "no_path"
    """The policy has no untried path for any open cell: the reducer closes them."""
    MODEL_UNAVAILABLE = "model_unavailable"
    """The policy's model could not be reached to plan (a `ModelOutage` is recorded): the tool-failure
    criterion ends the run; no cell is closed."""
    MODEL_BUDGET = "model_budget"
    """The plan call was refused by the token or cost budget (the engine's meter holds the refusal): the
    engine's budget criterion ends the run; no cell is closed."""


WAIT_TEXT = {
    WaitReason.RISK_FLAGGED: "risk flagged: waiting for the risk check to end the run",
    WaitReason.NO_PATH: "no untried path left for any open cell",
    WaitReason.MODEL_UNAVAILABLE: "the model is unavailable: no plan could be asked for",
    WaitReason.MODEL_BUDGET: "the plan call was refused by the budget",
}
"""The rationale a wait decision shows in traces, per reason."""
