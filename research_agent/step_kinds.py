"""The typed vocabulary of one step: why the guard refuses an action, why the agent waits.

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


WAIT_TEXT = {
    WaitReason.RISK_FLAGGED: "risk flagged: waiting for the risk check to end the run",
    WaitReason.NO_PATH: "no untried path left for any open cell",
}
"""The rationale a wait decision shows in traces, per reason."""
