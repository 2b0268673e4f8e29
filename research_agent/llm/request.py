"""`ModelRequest`: what the research policy asks a model, as typed data.

Every model call of `LLMPolicy` is one of five kinds, each with its parts:

    contract    ContractRequest     the question
    plan        PlanRequest         the bounded state view (`StateView`)
    extract     ExtractRequest      the question, the cells asked about (`CellAsked`), the page (`PageShown`)
    judge       JudgeRequest        the question, one cell and the evidence behind it (`JudgedCell`)
    synthesize  SynthesizeRequest   the question, the confirmed cells (`ConfirmedCell`)

The prompt a model reads is rendered from the request (`policy/prompts.py`
`messages_for`), and the request travels beside the prompt: `Model.generate(
messages, request=...)`.  So a stand-in model (`rules.py`), a script
(`scripted.py`, `record.py`) or a test server finds the page, the cells or the
view in the request's fields, never by searching prompt prose for markers,
and rewording a prompt cannot break them.

Over HTTP (`OpenAIModel`) the request is sent in the body's `research_request`
field (`to_wire`; `from_wire` reads it back), to loopback servers by default:
a local OpenAI-compatible server ignores a field it does not know, OpenAI's own
API rejects one (setting `openai_request_parts`).

A part model dumps only the keys it was built with (`as_data`), so an optional
key the policy leaves out (a cell's `unit`, a row's `conflict_note`) is absent
from the prompt's JSON rather than `null`: the prompt text is what it was
before requests were typed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..contract import ValueKind

RequestKind = Literal["contract", "plan", "extract", "judge", "synthesize"]
REQUEST_KINDS: tuple[RequestKind, ...] = get_args(RequestKind)
WIRE_FIELD = "research_request"
"""The chat-completions body field that carries the typed request over HTTP."""


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    def as_data(self) -> dict[str, Any]:
        """The keys this part was built with, as JSON-able data."""
        return self.model_dump(mode="json", exclude_unset=True)


# ------------------------------------------------------------------ plan: the state view


class ViewDimension(_Part):
    name: str
    kind: ValueKind | None
    """The dimension's value kind (text, number, license, …), when the contract gives one."""
    key: bool
    """False when a gap on it cannot change the answer."""
    synonyms: list[str]


class ViewContract(_Part):
    objects: list[str]
    aliases: dict[str, list[str]]
    """Object name → other names a page may use (objects without aliases are left out)."""
    official_domains: dict[str, list[str]]
    dimensions: list[ViewDimension]
    constraints: list[str]
    """Each hard constraint in one line: dimension, allowed and denied values."""
    min_sources: int


class ViewCell(_Part):
    cell: str
    """The cell key, `object/dimension`."""
    status: str
    value: str | None
    sources: int
    """Independent sources behind the value."""
    conflict: bool
    rung: str
    """The strategy-ladder rung the cell is on (initial, rephrase, primary_sources, reframe, closed)."""
    needed: str | None
    tried: list[str]
    """The last queries run for this cell."""
    conflict_note: str | None = None
    candidates: int | None = None
    """Candidate findings held for the cell (given only when there are some)."""


class ViewLead(_Part):
    url: str
    title: str | None
    cell: str


class StateView(_Part):
    """The bounded summary of the research state a model plans from (`policy/view.py`)."""

    question: str | None
    contract: ViewContract
    step: int
    focus: str | None
    notice: str | None
    """Why the last action was refused or failed, for the model to act on."""
    cells: list[ViewCell]
    """The focus cell first, then open cells, in table order; capped."""
    cells_not_shown: int
    leads: list[ViewLead]
    """Unvisited leads of open cells, newest first; capped."""
    counts: dict[str, int]
    keep_researching: bool | None = None
    """True for the max-steps baseline: confirmed cells count as open."""


# ------------------------------------------------------------------ extract: the page and its cells


class CellAsked(_Part):
    """A cell a reading request asks about, with what the contract says of it."""

    cell: str
    object: str | None = None
    aliases: list[str] | None = None
    dimension: str | None = None
    synonyms: list[str] | None = None
    kind: ValueKind | None = None
    unit: str | None = None
    values: list[str] | None = None
    """For an enum dimension: its possible values."""


class PageShown(_Part):
    """The opened page as the model is shown it."""

    url: str
    title: str
    date: str | None
    text: str
    """The page text sent (cut at the policy's page limit)."""
    truncated: bool
    """The page was longer than the text sent."""


# ------------------------------------------------------------------ judge, synthesize


class JudgedFinding(_Part):
    value: str | None
    quote: str | None
    url: str | None
    source_type: str
    date: str | None
    backs_value: bool
    """The finding backs the cell's current value (else it is candidate evidence)."""


class JudgedCell(_Part):
    cell: str
    value: str | None
    status: str
    conflict: bool
    conflict_note: str | None
    findings: list[JudgedFinding]


class ConfirmedCell(_Part):
    cell: str
    value: str | None
    conclusion: str | None
    independent_sources: int


# ------------------------------------------------------------------ the requests


class _Request(_Part):
    attempt: int = 1
    """Which try this is: 2 and up follow an answer the validator rejected."""


class ContractRequest(_Request):
    kind: Literal["contract"] = "contract"
    question: str


class PlanRequest(_Request):
    kind: Literal["plan"] = "plan"
    view: StateView


class ExtractRequest(_Request):
    kind: Literal["extract"] = "extract"
    question: str
    cells: list[CellAsked]
    page: PageShown


class JudgeRequest(_Request):
    kind: Literal["judge"] = "judge"
    question: str
    cell: JudgedCell


class SynthesizeRequest(_Request):
    kind: Literal["synthesize"] = "synthesize"
    question: str
    confirmed: list[ConfirmedCell]


ModelRequest = Annotated[
    ContractRequest | PlanRequest | ExtractRequest | JudgeRequest | SynthesizeRequest,
    Field(discriminator="kind"),
]
_ADAPTER: TypeAdapter[ModelRequest] = TypeAdapter(ModelRequest)


def to_wire(request: ModelRequest) -> dict[str, Any]:
    """The request as JSON-able data, its kind included (what `from_wire` reads back)."""
    return {"kind": request.kind, **request.as_data()}


def from_wire(data: Any) -> ModelRequest:
    """A request from its wire form; pydantic's `ValidationError` when `data` is not one."""
    return _ADAPTER.validate_python(data)
