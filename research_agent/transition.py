"""`Transition`: what one observation did to the research state, as typed values.

The reduce phase is one call, `Reducer.reduce(state, observation, decision, reader) -> Transition`: the
observation goes in, the state is changed in place (it is the engine's state object, checkpointed after the
step) and the transition comes out — the cells that moved (`CellChange`) and what happened on the way, in
order (`ReduceEvent`, one dataclass per kind with a `kind` tag).  The step log's `StepEntry` and the step's
trace line are read from it.

Nothing here decides anything: the reducer writes these values while it applies the observation, and the
agent hands them to the trace.  The events are tagged dataclasses so a reader branches on `kind`, never on
message text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .state import OPEN_STATUSES, CellStatus

__all__ = ["ActionFiled", "CellChange", "CellJudged", "PageRead", "ReduceEvent", "RiskRecorded", "Transition"]


@dataclass(frozen=True)
class ActionFiled:
    """An action result entered in the action log, under the cell its purpose names."""

    tool: str
    key: str
    """The normalised action key (`search:<query key>`, `visit:<canonical url>`)."""
    status: str
    """ok / error / refused."""
    cell: str | None
    kind: Literal["action"] = "action"


@dataclass(frozen=True)
class PageRead:
    """An opened page read by the reader it was handed: how many drafts it gave and how many were grounded."""

    source_id: str
    url: str
    drafts: int
    added: int
    """Findings added: drafts whose quote occurs in the page and whose value the reader could type."""
    kind: Literal["page"] = "page"


@dataclass(frozen=True)
class RiskRecorded:
    """A risk event recorded while the observation was applied (a refused action, a quarantined page)."""

    risk: str
    """The risk kind (planted_instruction, exfiltration, private_address, …)."""
    url: str | None
    kind: Literal["risk"] = "risk"


@dataclass(frozen=True)
class CellJudged:
    """The reader's rubric verdict on a cell the rules would confirm: None had no opinion (confirmed)."""

    cell: str
    supported: bool | None
    kind: Literal["judged"] = "judged"


ReduceEvent = ActionFiled | PageRead | RiskRecorded | CellJudged


@dataclass(frozen=True)
class CellChange:
    """A cell whose status or value moved during the step."""

    cell: str
    before: CellStatus
    after: CellStatus
    value: str | None
    """The value after the step."""

    @property
    def closes_a_gap(self) -> bool:
        """An open cell that became confirmed or was ruled out."""
        return self.before in OPEN_STATUSES and self.after in ("confirmed", "irrelevant")

    def __str__(self) -> str:
        moved = f"{self.before} → {self.after}" if self.before != self.after else self.after
        return f"{self.cell}: {moved}" + (f" ({self.value})" if self.value else "")


@dataclass(frozen=True)
class Transition:
    """One observation's effect: the cells that moved and the events on the way, in order."""

    step: int
    changes: tuple[CellChange, ...]
    events: tuple[ReduceEvent, ...]
    new_evidence: bool
    """A finding was added from a page read this step."""

    @property
    def gaps_closed(self) -> list[str]:
        return [c.cell for c in self.changes if c.closes_a_gap]
