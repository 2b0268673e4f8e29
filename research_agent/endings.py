"""How a run ended, as users see it: one table from the engine's stop reason to every view.

The engine reports a fine-grained `StopReason` (`budget_steps`,
`no_new_evidence`, `critic_stop`…) and owns the trace manifest's status
(`engine.run_status`).  Users, exit codes, the store and the reports work with
the seven coarser *end kinds* below.  `ENDINGS` is the one table: per stop
reason, its end kind, manifest status, store status, report label, exit code
and whether it can be resumed; `EXIT_CODES`, `STATUS_LABEL`, `RESUMABLE`,
`end_kind_for` and the store's `status_for` are views of it.  Anything not known
to be a success, a lack of progress, a risk stop, a budget stop, a tool outage
or a cancel is `failed`: an unknown reason is never shown as complete.

Exit codes: 0 completed, 3 no_progress, 4 budget_exhausted, 5 risk_abort,
6 tool_failure, 7 user_cancelled, 8 failed.  1 is left to Python's own
uncaught errors and 2 is reserved for bad input/usage.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from engine.stop_reason import StopReason
from engine.statuses import RunStatus, run_status

__all__ = [
    "ENDINGS", "EXIT_CODES", "KINDS", "RESUMABLE", "STATUS_LABEL", "STORE_STATUS",
    "EndKind", "Ending", "KindView", "end_kind_for", "ending_for", "manifest_status",
]

StoreStatus = Literal["completed", "partial", "aborted", "failed"]
ReportLabel = Literal["Complete", "Partial", "Aborted", "Failed"]


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


@dataclass(frozen=True)
class KindView:
    """What users see of an end kind."""

    store_status: StoreStatus
    """`tasks.status` in the store."""
    label: ReportLabel
    """The report's status line (a budget stop is never "Complete")."""
    exit_code: int
    resumable: bool
    """`research resume` continues it and the report gives the command.  Not after no progress:
    no open cell has an untried path left, so a resume cannot change that ending (new material
    means a new task); not after a risk abort (a human decides) or a completed task."""


KINDS: dict[EndKind, KindView] = {
    EndKind.COMPLETED: KindView("completed", "Complete", 0, resumable=False),
    EndKind.NO_PROGRESS: KindView("partial", "Partial", 3, resumable=False),
    EndKind.BUDGET_EXHAUSTED: KindView("partial", "Partial", 4, resumable=True),
    EndKind.RISK_ABORT: KindView("aborted", "Aborted", 5, resumable=False),
    EndKind.TOOL_FAILURE: KindView("partial", "Partial", 6, resumable=True),
    EndKind.USER_CANCELLED: KindView("partial", "Partial", 7, resumable=True),
    EndKind.FAILED: KindView("failed", "Failed", 8, resumable=True),
}


@dataclass(frozen=True)
class Ending:
    """Every view of one way a run ends: its end kind, the engine's manifest status and the kind's views."""

    kind: EndKind
    manifest: RunStatus
    """The trace manifest's status (the engine's `run_status`)."""

    @property
    def view(self) -> KindView:
        return KINDS[self.kind]


# Every StopReason, listed (a test checks that none is missing).  `agent_condition` and
# `env_terminal` are "completed" in the engine's own `run_status`, but the research agent never
# asks to stop by itself and has no environment: a research run that ends so did not judge its
# evidence sufficient, and is `failed` — in its trace manifest too (`manifest_status`, which the
# composition root hands the engine).
_KIND_OF: dict[StopReason, EndKind] = {
    StopReason.EVIDENCE_SUFFICIENT: EndKind.COMPLETED,
    StopReason.FINAL: EndKind.COMPLETED,
    StopReason.SUCCESS: EndKind.COMPLETED,
    StopReason.NO_NEW_EVIDENCE: EndKind.NO_PROGRESS,
    StopReason.DUPLICATE_PATH: EndKind.NO_PROGRESS,
    StopReason.STAGNATION: EndKind.NO_PROGRESS,
    StopReason.RISK_ABORT: EndKind.RISK_ABORT,
    StopReason.BUDGET_STEPS: EndKind.BUDGET_EXHAUSTED,
    StopReason.BUDGET_TIME: EndKind.BUDGET_EXHAUSTED,
    StopReason.BUDGET_TOKENS: EndKind.BUDGET_EXHAUSTED,
    StopReason.BUDGET_COST: EndKind.BUDGET_EXHAUSTED,
    StopReason.BUDGET_TOOL_CALLS: EndKind.BUDGET_EXHAUSTED,
    StopReason.TOOL_UNAVAILABLE: EndKind.TOOL_FAILURE,
    StopReason.USER_CANCELLED: EndKind.USER_CANCELLED,
    StopReason.CRITIC_STOP: EndKind.FAILED,
    StopReason.AGENT_CONDITION: EndKind.FAILED,
    StopReason.ENV_TERMINAL: EndKind.FAILED,
    StopReason.TASK_VALIDATION_FAILED: EndKind.FAILED,
    StopReason.ENV_CAPABILITY_MISMATCH: EndKind.FAILED,
    StopReason.UNRECOVERABLE_ERROR: EndKind.FAILED,
}

def _manifest(reason: StopReason, kind: EndKind) -> RunStatus:
    """The engine's manifest status, except that a research run that ends `failed` is never "completed"."""
    return "failed" if kind is EndKind.FAILED else run_status(reason)


ENDINGS: dict[StopReason, Ending] = {r: Ending(k, _manifest(r, k)) for r, k in _KIND_OF.items()}
"""Stop reason → every view of that ending."""

_NO_REASON = Ending(EndKind.FAILED, "failed")  # what the trace says of a run that ended without a reason


def ending_for(reason: StopReason | str | None) -> Ending:
    """The ending of an engine stop reason; unknown or missing → `failed`."""
    if reason is None:
        return _NO_REASON
    try:
        known = StopReason(reason.value if isinstance(reason, StopReason) else str(reason))
    except ValueError:
        return _NO_REASON
    return ENDINGS.get(known, _NO_REASON)


def manifest_status(reason: StopReason | str | None) -> RunStatus:
    """The trace manifest's status of a research run (the engine's `status_of`); None: still running."""
    return "running" if reason is None else ending_for(reason).manifest


def end_kind_for(reason: StopReason | str | None) -> EndKind:
    """The end kind for an engine stop reason; unknown or missing → `failed`."""
    return ending_for(reason).kind


EXIT_CODES: dict[EndKind, int] = {k: v.exit_code for k, v in KINDS.items()}
STATUS_LABEL: dict[EndKind, str] = {k: v.label for k, v in KINDS.items()}
STORE_STATUS: dict[EndKind, StoreStatus] = {k: v.store_status for k, v in KINDS.items()}
RESUMABLE: frozenset[EndKind] = frozenset(k for k, v in KINDS.items() if v.resumable)
