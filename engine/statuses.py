"""A run's status in its trace manifest, from its stop reason: no pydantic, no I/O, so a command that
only needs the status vocabulary (`research list`) does not load the trace machinery."""

from __future__ import annotations

from typing import Literal

from .stop_reason import BUDGET_REASONS, StopReason

__all__ = ["RunStatus", "run_status"]

RunStatus = Literal["running", "completed", "budget_exhausted", "cancelled", "failed", "aborted", "stopped"]

_COMPLETED = frozenset(
    {StopReason.FINAL, StopReason.SUCCESS, StopReason.EVIDENCE_SUFFICIENT, StopReason.AGENT_CONDITION, StopReason.ENV_TERMINAL}
)
_FAILED = frozenset(
    {StopReason.UNRECOVERABLE_ERROR, StopReason.TASK_VALIDATION_FAILED, StopReason.ENV_CAPABILITY_MISMATCH}
)


def run_status(reason: StopReason | str | None) -> RunStatus:
    """The manifest status for a stop reason (None: the run is still going)."""
    if reason is None:
        return "running"
    reason = StopReason(reason)
    if reason in _COMPLETED:
        return "completed"
    if reason in BUDGET_REASONS:
        return "budget_exhausted"
    if reason is StopReason.USER_CANCELLED:
        return "cancelled"
    if reason in _FAILED:
        return "failed"
    if reason is StopReason.RISK_ABORT:
        return "aborted"
    return "stopped"
