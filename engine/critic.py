"""Critics: step-level validators that run after `reduce`.

`Critic.evaluate(state, decision, results) -> dict` gets the step's raw tool
outputs (`ActionResult.output`, in action order; None for failed, refused or
skipped actions) and returns a verdict dict.  Keys the engine reads:

    action       "continue" | "stop" | "retry"  (anything else means continue)
    stop_reason  on "stop": a StopReason value to record instead of critic_stop
                 (e.g. "risk_abort"); an unknown value is a ComponentContractError
    detail       on "stop": the stop detail ("reason" is accepted too)

Every verdict is stored, as returned, in `StepRecord.critic_outputs`.  When
several critics run, the first "stop" wins, then any "retry", else continue.
`CriticVerdict` is the engine's reading of the list; critics never build it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Literal

from .errors import ComponentContractError
from .stop_reason import StopReason
from .types import Decision

CriticAction = Literal["continue", "stop", "retry"]


class Critic(ABC):
    """Judges one step after it was reduced."""

    @abstractmethod
    def evaluate(self, state: Any, decision: Decision, results: list[Any]) -> dict[str, Any]:
        """Return a verdict dict (see the module docstring)."""


@dataclass(frozen=True)
class CriticVerdict:
    """The combined verdict of a step's critics."""

    action: CriticAction = "continue"
    stop_reason: StopReason | None = None
    detail: str | None = None

    @classmethod
    def combine(cls, outputs: list[dict[str, Any]]) -> "CriticVerdict":
        """First "stop" wins, then any "retry", else "continue"."""
        retry: CriticVerdict | None = None
        for out in outputs:
            action = out.get("action")
            detail = out.get("detail") or out.get("reason")
            detail = None if detail is None else str(detail)
            if action == "stop":
                return cls("stop", _stop_reason(out.get("stop_reason")), detail)
            if action == "retry" and retry is None:
                retry = cls("retry", None, detail)
        return retry or cls()


def _stop_reason(value: Any) -> StopReason:
    if value is None:
        return StopReason.CRITIC_STOP
    try:
        return StopReason(value)
    except ValueError:
        raise ComponentContractError(f"critic returned unknown stop_reason {value!r}") from None
