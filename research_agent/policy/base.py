"""What a research policy does, whichever brain it has.

A policy plans the next tool call from the research state and extracts
findings from an opened page.  The offline policy does both with rules; the
LLM policy asks a model.  Both return the same `PlannedAction` and
`FindingDraft` values, and the reducer — not the policy — checks that every
quote occurs in the page, normalises values and updates the table, so the
criteria never know which policy ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from engine.model import Model

from ..contract import TaskContract
from ..state import ResearchState
from ..step_kinds import WaitReason


@dataclass
class PlannedAction:
    tool: Literal["search", "visit"]
    args: dict[str, Any]
    """`{"query": ...}` for search, `{"url": ...}` for visit."""
    cell: str
    """The cell this action works on (`object/dimension`)."""
    strategy: str = "initial"
    """The ladder rung that produced it (see `state.LADDER`)."""
    rationale: str = ""


@dataclass
class PageView:
    """An opened page as a policy sees it: data, never instructions."""

    source_id: str
    url: str
    title: str
    text: str
    date: str | None
    source_type: str


@dataclass
class FindingDraft:
    cell: str
    value: str
    """The value as the source states it; the reducer normalises it."""
    quote: str
    """A verbatim sentence from the page that states the value."""
    date: str | None = None
    source_type: str | None = None
    canonical: str | None = None
    """The comparison form, when the reader already typed the value (offline); else the reducer types it."""
    attribution: str | None = None
    """How the reader tied the quote to the object (`name:Okapi Boards`, `reference:It`); None: not checked yet."""

    @property
    def echo(self) -> bool:
        """The quote repeats a specific value without saying what it is of (`reading.echo`): it backs a value other
        findings state and is no new evidence of its own."""
        return (self.attribution or "").partition(":")[0] == "echo"


@dataclass
class CellJudgement:
    """A rubric verdict the criteria may use; the program still enforces the rules."""

    cell: str
    supported: bool
    conflict_explained: bool = True
    note: str = ""


@dataclass
class PolicyUsage:
    calls: int = 0
    rejected_outputs: int = 0
    notes: list[str] = field(default_factory=list)


class Reader(Protocol):
    """What the reduce phase asks of a policy, from below, while it applies an observation
    (`Reducer.reduce`): finding drafts for a page just opened, a rubric verdict on a cell about to be
    confirmed.  The reducer checks and applies the answers; the reader decides no status."""

    name: str
    """Recorded on each finding as the extractor that drafted it."""

    def extract(self, state: ResearchState, page: PageView, cells: list[str]) -> list[FindingDraft]:
        """Findings for `cells` stated in `page`."""
        ...

    def judge(self, state: ResearchState, cell: str) -> CellJudgement | None:
        """Optional rubric help for a cell about to be confirmed; None = no opinion."""
        ...


class Policy(Reader, Protocol):
    usage: PolicyUsage
    """Model calls and rejected answers so far (always zero for a policy without a model)."""

    @property
    def model(self) -> Model | None:
        """The model the policy calls — handed to it metered by the composition root; None: rules only."""
        ...

    def plan(self, state: ResearchState) -> PlannedAction | WaitReason | None:
        """The next tool call; None when no untried path is left for any open cell; a `WaitReason` when no
        plan could be made this step (the model unreachable or over budget — a signal the criteria end on)."""
        ...

    def synthesize(self, state: ResearchState) -> str | None:
        """Optional answer text built only from confirmed findings; None = use the template."""
        ...


class ContractPolicy(Protocol):
    def draft_contract(self, question: str) -> TaskContract:
        """Turn a free question into a task contract."""
        ...
