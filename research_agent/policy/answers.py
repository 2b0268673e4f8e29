"""What the model answers, as pydantic models, and how an answer is read.

One output model per call kind of `LLMPolicy` (`policy/llm.py`): `NextAction`
(plan), `Extraction` of `FindingOut`s (extract), `Judgement` (judge),
`ContractDraft` (contract), `Synthesis` of `SynthesisClaim`s (synthesize).
Validation context carries the table's cell keys (and, for a synthesis, the
confirmed values), so an unknown cell or a claim that does not state its
cell's value is an error the model is shown.  `parse_json_object` reads an
answer leniently; `AnswerInvalid` is an answer the policy cannot use, its
message written for the model's retry turn.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from ..contract import ValueKind
from ..llm.lenient_json import JSONReplyError, parse_reply_object

Strategy = Literal["initial", "rephrase", "primary_sources", "reframe"]
SourceTypeOut = Literal["primary", "secondary", "forum", "unknown"]
MAX_FINDINGS = 20

# ------------------------------------------------------------ output models


class _Out(BaseModel):
    # Extra keys are ignored rather than rejected: local models add chatter
    # fields, and the schema sent to the model already forbids them.
    model_config = ConfigDict(extra="ignore", use_attribute_docstrings=True)


def _canon_cell(value: str, info: ValidationInfo, key: str = "cells") -> str:
    """Map the model's spelling of a cell key onto the table's key; unknown keys are errors."""
    cells: list[str] = list((info.context or {}).get(key) or [])
    if not cells:
        return value
    if value in cells:
        return value
    squash = lambda s: re.sub(r"\s*/\s*", "/", " ".join(s.split())).lower()  # noqa: E731
    by_norm = {squash(c): c for c in cells}
    hit = by_norm.get(squash(value))
    if hit is None:
        shown = ", ".join(cells[:12]) + (" …" if len(cells) > 12 else "")
        raise ValueError(f"unknown cell {value!r}; use one of: {shown}")
    return hit


class NextAction(_Out):
    """The next tool call the model proposes."""

    tool: Literal["search", "visit", "none"]
    """`search` (give `query`), `visit` (give `url`) or `none` (no untried path for any open cell)."""
    query: str | None = None
    """The search query, for `search`."""
    url: str | None = None
    """The page to open, for `visit` (http or https)."""
    cell: str | None = None
    """The cell key (`object/dimension`) the call works on."""
    strategy: Strategy = "initial"
    """The strategy-ladder rung this call belongs to."""
    rationale: str = ""
    """One sentence: why this call."""

    @field_validator("cell")
    @classmethod
    def _cell(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None or not v.strip() else _canon_cell(v.strip(), info)

    @model_validator(mode="after")
    def _args(self) -> "NextAction":
        if self.tool == "none":
            return self
        if not self.cell:
            raise ValueError(f"`cell` is required for tool {self.tool!r}")
        if self.tool == "search":
            q = " ".join((self.query or "").split())
            if not q:
                raise ValueError("`query` is required for tool 'search'")
            if len(q) > 300:
                raise ValueError("`query` is longer than 300 characters")
            self.query = q
        else:
            u = (self.url or "").strip()
            if not re.match(r"^https?://[^\s/]+", u):
                raise ValueError("`url` must be an http(s) URL for tool 'visit'")
            self.url = u
        self.rationale = self.rationale[:500]
        return self


class FindingOut(_Out):
    """One finding stated on the page."""

    cell: str
    """The cell key, exactly as listed."""
    value: str
    """The value as the page states it."""
    quote: str
    """One sentence copied verbatim from the page that states the value."""
    date: str | None = None
    """The date the page gives for the claim, if any."""
    source_type: SourceTypeOut | None = None
    """primary (official site/docs of the object), secondary, forum or unknown."""

    @field_validator("cell", "value", "quote", mode="before")
    @classmethod
    def _not_null(cls, v: Any, info: ValidationInfo) -> Any:
        if v is None:
            listed = ", ".join(list((info.context or {}).get("cells") or [])[:12])
            hint = f"; use one of: {listed}" if info.field_name == "cell" and listed else ""
            raise ValueError(f"`{info.field_name}` is null; leave the finding out instead{hint}")
        return v

    @field_validator("cell")
    @classmethod
    def _cell(cls, v: str, info: ValidationInfo) -> str:
        return _canon_cell(v.strip(), info)

    @field_validator("value", "quote")
    @classmethod
    def _text(cls, v: str, info: ValidationInfo) -> str:
        v = v.strip()
        if not v:
            raise ValueError(f"`{info.field_name}` is empty")
        limit = 200 if info.field_name == "value" else 800
        if len(v) > limit:
            raise ValueError(f"`{info.field_name}` is longer than {limit} characters")
        return v


class Extraction(_Out):
    """The findings of one page (possibly none)."""

    findings: list[FindingOut]
    """Findings for the listed cells; an empty list when the page states none."""

    @field_validator("findings")
    @classmethod
    def _few(cls, v: list[FindingOut]) -> list[FindingOut]:
        if len(v) > MAX_FINDINGS:
            raise ValueError(f"at most {MAX_FINDINGS} findings per page")
        return v


class Judgement(_Out):
    """A rubric verdict on one cell."""

    supported: bool
    """The quotes support the value for that object."""
    conflict_explained: bool = True
    """A disagreement between sources is explained by a condition (true when none)."""
    note: str = ""
    """One sentence why."""


class DraftObject(_Out):
    name: str
    """The object's name as the question writes it."""
    aliases: list[str] = Field(default_factory=list)
    """Other names a page may use."""
    official_domains: list[str] = Field(default_factory=list)
    """Domains of the object's official site or docs."""


class DraftDimension(_Out):
    name: str
    """The dimension's name as the question writes it."""
    synonyms: list[str] = Field(default_factory=list)
    """Words a page may use for it."""
    kind: ValueKind | None = None
    """text | number | license | version | date | boolean | enum."""
    unit: str | None = None
    """For numbers: the unit values are compared in."""
    values: list[str] = Field(default_factory=list)
    """For enums: the possible values."""
    key: bool = True
    """False only when a gap on it cannot change the answer."""


class DraftConstraint(_Out):
    dimension: str
    """The dimension whose value decides the constraint."""
    allowed: list[str] = Field(default_factory=list)
    """Normalised values that satisfy it."""
    denied: list[str] = Field(default_factory=list)
    """Normalised values that rule an object out."""
    note: str | None = None
    """Why, in the question's words."""


class ContractDraft(_Out):
    """The model's reading of a question as a task contract."""

    objects: list[DraftObject]
    """What to compare or cover."""
    dimensions: list[DraftDimension]
    """What decides the answer."""
    constraints: list[DraftConstraint] = Field(default_factory=list)
    """Hard requirements stated in the question."""
    min_sources: int = 2
    """Independent sources a key claim needs."""

    @model_validator(mode="after")
    def _sizes(self) -> "ContractDraft":
        if not 1 <= len(self.objects) <= 20:
            raise ValueError("give between 1 and 20 objects")
        if not 1 <= len(self.dimensions) <= 12:
            raise ValueError("give between 1 and 12 dimensions")
        if not 1 <= self.min_sources <= 5:
            raise ValueError("min_sources must be between 1 and 5")
        return self

    def to_mapping(self) -> dict[str, Any]:
        return {
            "objects": [o.model_dump() for o in self.objects],
            "dimensions": [
                {"name": d.name, "keywords": d.synonyms, "kind": d.kind, "unit": d.unit, "values": d.values, "key": d.key}
                for d in self.dimensions
            ],
            "constraints": [c.model_dump() for c in self.constraints],
            "min_sources": self.min_sources,
        }


class SynthesisClaim(_Out):
    cell: str
    """A confirmed cell key."""
    statement: str
    """One sentence stating that cell's confirmed value."""

    @field_validator("cell")
    @classmethod
    def _cell(cls, v: str, info: ValidationInfo) -> str:
        return _canon_cell(v.strip(), info, key="confirmed_keys")


class Synthesis(_Out):
    """The short answer, from confirmed cells only."""

    answer: str
    """Two to five sentences answering the question from the confirmed values."""
    claims: list[SynthesisClaim] = Field(default_factory=list)
    """One statement per confirmed cell used."""

    @model_validator(mode="after")
    def _grounded(self, info: ValidationInfo) -> "Synthesis":
        self.answer = self.answer.strip()
        if not self.answer:
            raise ValueError("`answer` is empty")
        if len(self.answer) > 1500:
            raise ValueError("`answer` is longer than 1500 characters")
        values: dict[str, list[str]] = (info.context or {}).get("confirmed_values") or {}
        for claim in self.claims:
            wanted = values.get(claim.cell)
            if wanted and not any(_alnum(w) and _alnum(w) in _alnum(claim.statement) for w in wanted):
                raise ValueError(f"the statement for {claim.cell} does not state its confirmed value {wanted[0]!r}")
        return self


def _alnum(s: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", s.lower())


# ------------------------------------------------------------ parsing

class AnswerInvalid(ValueError):
    """An answer the policy cannot use; the message is shown to the model."""


def parse_json_object(text: str) -> dict[str, Any]:
    """The JSON object in a model answer, read leniently (`research_agent.llm.lenient_json`)."""
    try:
        data, _repaired = parse_reply_object(text)
    except JSONReplyError as exc:
        raise AnswerInvalid(str(exc)) from exc
    return data


def describe_validation(exc: ValidationError, limit: int = 8) -> str:
    lines = []
    for err in exc.errors(include_url=False)[:limit]:
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        msg = err["msg"].removeprefix("Value error, ")
        lines.append(f"- {loc}: {msg}")
    more = len(exc.errors()) - limit
    if more > 0:
        lines.append(f"- … and {more} more")
    return "\n".join(lines)
