"""The typed facts of a report: what `report.build_report` finds, and what every format renders.

`ReportFacts.model_dump(mode="json")` is the report JSON (`report.json`,
`research run --json`): the same keys in the same order as the plain dicts it
replaces.  Reading goes the other way: `ReportFacts.model_validate(stored)`
accepts a report stored by an older version — the sections added since
(`resume_options`, `answer_by`, …) and the fields the HTML view never needed
default, and keys this version does not know are kept (`extra="allow"`), so
the typed facts are a superset of any JSON written so far.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .endings import STATUS_LABEL


REPORT_PARTS = ("why_stopped", "verified_claims", "sources_per_claim", "open_questions", "resume")
"""The five things a partial report must answer."""
STATUS_LABELS = frozenset(STATUS_LABEL.values())
_UNANSWERED = ("pending", "partial", "unavailable")


class _Facts(BaseModel):
    model_config = ConfigDict(extra="allow")


class AnswerRow(_Facts):
    """One object × dimension cell of the Answer table."""

    cell: str
    object: str
    dimension: str
    status: str
    conclusion: str | None = None
    """The confirmed value; None unless the cell is confirmed."""
    source_ids: list[str] = Field(default_factory=list)
    conflict: bool = False
    conflict_note: str | None = None
    resolution: str | None = None
    irrelevant_reason: str | None = None
    scope_note: str | None = None


class SourceRef(_Facts):
    """A source as cited under a claim (with the quote its finding used)."""

    id: str
    title: str | None = None
    url: str | None = None
    source_type: str | None = None
    why_primary: str | None = None
    """Why a primary source is one ("official site of X", "listed as official in the task contract")."""
    date: str | None = None
    """The page's date from its metadata (None: undated — never guessed from the text)."""
    date_label: str = "undated"
    """`date`, or "undated"."""
    opened: bool = False
    quote: str | None = None


class Candidate(_Facts):
    """Evidence for an open cell, not cross-checked; the source fields as in `SourceRef`."""

    finding_id: str
    value: str
    cross_checked: bool = False
    id: str
    title: str | None = None
    url: str | None = None
    source_type: str | None = None
    why_primary: str | None = None
    """Why a primary source is one ("official site of X", "listed as official in the task contract")."""
    date: str | None = None
    """The page's date from its metadata (None: undated — never guessed from the text)."""
    date_label: str = "undated"
    """`date`, or "undated"."""
    opened: bool = False
    quote: str | None = None


class VerifiedClaim(_Facts):
    """A confirmed cell and the sources behind it."""

    cell: str
    object: str
    dimension: str
    value: str | None = None
    independent_sources: int = 0
    sources: list[SourceRef] = Field(default_factory=list)
    conflict_unresolved: bool = False


class OpenQuestion(_Facts):
    """An open cell: what is still needed, candidate evidence, the scope searched."""

    cell: str
    object: str
    dimension: str
    status: str
    needed: str | None = None
    candidates: list[Candidate] = Field(default_factory=list)
    conflict: str | None = None
    conflict_resolution: str | None = None
    scope: str = ""
    exhausted: bool = False
    refused: str | None = None
    """A statement a model proposed that the reader did not accept: "a statement was found but not accepted:
    <why>, <quote>" (`state.RefusedFinding`)."""


class Conflict(_Facts):
    cell: str
    conditions: str | None = None
    resolution: str | None = None
    resolved: bool = False


class CellPaths(_Facts):
    """What was tried for one cell: a resume does not repeat it."""

    cell: str
    queries: list[str] = Field(default_factory=list)
    strategies: list[str] = Field(default_factory=list)
    sources_opened: list[str] = Field(default_factory=list)
    exhausted: bool = False


class FailedCall(_Facts):
    tool: str
    key: str
    error_type: str | None = None
    transient: bool = False
    step: int | None = None


class PathsTried(_Facts):
    cells: list[CellPaths] = Field(default_factory=list)
    failed_calls: list[FailedCall] = Field(default_factory=list)
    tool_calls: int = 0


class ResumeOption(_Facts):
    """What could change a no-progress ending, as a new task."""

    change: str
    command: str


class SourceRow(_Facts):
    """A source seen during the run, opened or snippet only."""

    id: str
    title: str | None = None
    url: str | None = None
    canonical_url: str | None = None
    domain: str | None = None
    source_type: str | None = None
    why_primary: str | None = None
    """Why a primary source is one, for the first object it is primary for."""
    opened: bool = False
    cluster_id: str | None = None
    date: str | None = None
    """The page's date from its metadata (None: undated, or never opened)."""
    date_label: str = "undated"
    """`date`, or "undated"."""
    failure: str | None = None
    quarantined: bool = False
    quarantined_passages: list[str] = Field(default_factory=list)


class RiskRow(_Facts):
    kind: str
    detail: str
    url: str | None = None
    step: int | None = None
    evidence: str | None = None


class ReportFacts(_Facts):
    """Everything a report says, whatever its format (Markdown, JSON, HTML)."""

    task_id: str
    question: str
    status: str
    """The display label: Complete, Partial, Aborted or Failed."""
    end_kind: str
    stop_reason: str | None = None
    stop_detail: str | None = None
    answer: list[AnswerRow] = Field(default_factory=list)
    answer_text: str | None = None
    verified_claims: list[VerifiedClaim] = Field(default_factory=list)
    open_questions: list[OpenQuestion] = Field(default_factory=list)
    conflicts: list[Conflict] = Field(default_factory=list)
    paths_tried: PathsTried = Field(default_factory=PathsTried)
    resumable: bool = False
    resume_command: str | None = None
    resume_options: list[ResumeOption] = Field(default_factory=list)
    not_resumable_reason: str | None = None
    sources: list[SourceRow] = Field(default_factory=list)
    risk: list[RiskRow] = Field(default_factory=list)
    usage: dict[str, int | float] = Field(default_factory=dict)
    counts: dict[str, int] = Field(default_factory=dict)
    answer_by: str | None = None
    """The model kind that wrote `answer_text` (`openai`, `rules`, `scripted`); None without one."""

    def to_json(self) -> dict[str, object]:
        """The report JSON: a plain, JSON-able dict."""
        return self.model_dump(mode="json")

    def parts_present(self) -> dict[str, bool]:
        """Which of the five parts of a partial report (`REPORT_PARTS`) these facts hold.

        `why_stopped` a status label and an end kind; `verified_claims` a claim for every confirmed
        row of the answer; `sources_per_claim` at least one source under each; `open_questions` a
        question for every unanswered row (pending, partial, unavailable, or confirmed over an
        unresolved conflict); `resume` a command, or the reason there is none.  What the evals
        read; `report_check.report_parts_present` checks the same on the Markdown a person reads."""
        confirmed = {row.cell for row in self.answer if row.status == "confirmed"}
        unanswered = {row.cell for row in self.answer if row.status in _UNANSWERED
                      or (row.status == "confirmed" and row.conflict and not row.resolution)}
        claims = {claim.cell: claim for claim in self.verified_claims}
        verified = confirmed <= claims.keys()
        return {
            "why_stopped": self.status in STATUS_LABELS and bool(self.end_kind),
            "verified_claims": verified,
            "sources_per_claim": verified and all(claims[cell].sources for cell in confirmed),
            "open_questions": unanswered <= {q.cell for q in self.open_questions},
            "resume": bool(self.resume_options or self.resume_command
                           or (not self.resumable and self.not_resumable_reason)),
        }


def source_kind(source_type: str | None, why_primary: str | None) -> str:
    """A source's type as a report shows it: "primary (official site of X)", "secondary", …"""
    kind = source_type or "unknown"
    return f"{kind} ({why_primary})" if why_primary else kind
