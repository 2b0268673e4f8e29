"""How a run ended, as users see it: the end kind, its exit code and label.

The engine reports a fine-grained `StopReason` (`budget_steps`,
`no_new_evidence`, `critic_stop`…).  Users, exit codes, the store and the
reports work with the seven coarser *end kinds* below; `end_kind_for` is the
one place that maps one onto the other.  Anything not known to be a success, a
lack of progress, a risk stop, a budget stop, a tool outage or a cancel is
`failed`: an unknown reason is never shown as complete.

Exit codes: 0 completed, 3 no_progress, 4 budget_exhausted, 5 risk_abort,
6 tool_failure, 7 user_cancelled, 8 failed.  1 is left to Python's own
uncaught errors and 2 is reserved for bad input/usage.
"""

from __future__ import annotations

from enum import Enum

from engine.stop_reason import StopReason

__all__ = ["EXIT_CODES", "RESUMABLE", "STATUS_LABEL", "EndKind", "end_kind_for"]


class EndKind(str, Enum):
    COMPLETED = "completed"
    """The evidence is sufficient (or the agent gave a final answer)."""
    NO_PROGRESS = "no_progress"
    """No untried path is left: the information is insufficient."""
    RISK_ABORT = "risk_abort"
    """A risk boundary was hit; a human has to decide what happens next."""
    BUDGET_EXHAUSTED = "budget_exhausted"
    """A hard budget (steps, time, tokens, cost) ran out."""
    TOOL_FAILURE = "tool_failure"
    """A tool the run needs is unavailable."""
    USER_CANCELLED = "user_cancelled"
    """Ctrl-C or `research cancel`."""
    FAILED = "failed"
    """An unrecoverable error (or a stop reason this mapping does not know)."""

    def __str__(self) -> str:
        return self.value


_BY_REASON: dict[str, EndKind] = {
    StopReason.EVIDENCE_SUFFICIENT.value: EndKind.COMPLETED,
    StopReason.FINAL.value: EndKind.COMPLETED,
    StopReason.SUCCESS.value: EndKind.COMPLETED,
    StopReason.NO_NEW_EVIDENCE.value: EndKind.NO_PROGRESS,
    StopReason.DUPLICATE_PATH.value: EndKind.NO_PROGRESS,
    StopReason.STAGNATION.value: EndKind.NO_PROGRESS,
    StopReason.RISK_ABORT.value: EndKind.RISK_ABORT,
    StopReason.BUDGET_STEPS.value: EndKind.BUDGET_EXHAUSTED,
    StopReason.BUDGET_TIME.value: EndKind.BUDGET_EXHAUSTED,
    StopReason.BUDGET_TOKENS.value: EndKind.BUDGET_EXHAUSTED,
    StopReason.BUDGET_COST.value: EndKind.BUDGET_EXHAUSTED,
    StopReason.TOOL_UNAVAILABLE.value: EndKind.TOOL_FAILURE,
    StopReason.USER_CANCELLED.value: EndKind.USER_CANCELLED,
}


def end_kind_for(reason: StopReason | str | None) -> EndKind:
    """The end kind for an engine stop reason; unknown or missing → `failed`."""
    if reason is None:
        return EndKind.FAILED
    value = reason.value if isinstance(reason, StopReason) else str(reason)
    return _BY_REASON.get(value, EndKind.FAILED)


EXIT_CODES: dict[EndKind, int] = {
    EndKind.COMPLETED: 0,
    EndKind.NO_PROGRESS: 3,
    EndKind.BUDGET_EXHAUSTED: 4,
    EndKind.RISK_ABORT: 5,
    EndKind.TOOL_FAILURE: 6,
    EndKind.USER_CANCELLED: 7,
    EndKind.FAILED: 8,
}

STATUS_LABEL: dict[EndKind, str] = {
    EndKind.COMPLETED: "Complete",
    EndKind.NO_PROGRESS: "Partial",
    EndKind.BUDGET_EXHAUSTED: "Partial",
    EndKind.TOOL_FAILURE: "Partial",
    EndKind.USER_CANCELLED: "Partial",
    EndKind.RISK_ABORT: "Aborted",
    EndKind.FAILED: "Failed",
}

RESUMABLE: frozenset[EndKind] = frozenset(EndKind) - {EndKind.COMPLETED, EndKind.RISK_ABORT}
