"""`LLMPolicy`: the research policy backed by a model.

It implements `Policy` (plan / extract / judge / synthesize) and
`ContractPolicy` (draft_contract) by asking the model it is given for one
JSON object per call, validated by the pydantic models below:

    draft_contract  ContractDraft → TaskContract (via contract_from_mapping, source="llm")
    plan            NextAction    → PlannedAction | None   (prompt = compact_view(state) only)
    extract         Extraction    → [FindingDraft]          (page text wrapped as data)
    judge           Judgement     → CellJudgement
    synthesize      Synthesis     → answer text built by the program from confirmed cells

An answer that is not JSON, or fails validation (including checks against
the state: an unknown cell, a claim on an unconfirmed cell), is counted in
`rejected_outputs` and retried with the validation error shown to the model
in a follow-up user message, at most `max_invalid_retries` times; then
`ModelOutputInvalid` is raised and the engine's recovery policy fails the
step.  JSON inside a ```json fence is accepted.

What the model decides, and what it does not: it proposes the next call,
reads pages and judges rubric questions.  The program refuses duplicate
calls before they run (the model learns why from `state.notice`), checks every
quote against the fetched text (the reducer, not this class), counts
independent sources, screens for planted instructions and enforces budgets.

The policy calls the model it is given and creates no client.  Pass either a
`Model` or a zero-argument callable returning one — e.g. `lambda: agent.llm`
— so calls go through the metering proxy the engine installs for a run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from engine.model import Message, Model

from ..contract import ContractError, TaskContract, ValueKind, contract_from_mapping
from ..llm.openai_model import ModelOutputInvalid, response_format_for
from ..state import Cell, ResearchState
from . import prompts
from .base import CellJudgement, FindingDraft, PageView, PlannedAction, PolicyUsage
from .view import clip, compact_view

Strategy = Literal["initial", "rephrase", "primary_sources", "reframe"]
SourceTypeOut = Literal["primary", "secondary", "forum", "unknown"]
MAX_FINDINGS = 20
MAX_EXTRACT_CELLS = 40
MAX_ECHO = 4000
"""Characters of an invalid answer echoed back to the model in the retry turn."""


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


class Claim(_Out):
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
    claims: list[Claim] = Field(default_factory=list)
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

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)


class _Invalid(ValueError):
    """An answer the policy cannot use; the message is shown to the model."""


def parse_json_object(text: str) -> dict[str, Any]:
    """The JSON object in a model answer (bare, or inside a ```json fence)."""
    s = (text or "").strip()
    if not s:
        raise _Invalid("the reply was empty; expected one JSON object")
    fenced = _FENCE.search(s)
    if fenced:
        s = fenced.group(1).strip()
    try:
        data = json.loads(s)
    except json.JSONDecodeError as exc:
        raise _Invalid(f"the reply is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
    if not isinstance(data, dict):
        raise _Invalid(f"expected one JSON object, got a JSON {type(data).__name__}")
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


T = TypeVar("T", bound=BaseModel)


# ------------------------------------------------------------ the policy


class LLMPolicy:
    """The research policy backed by a model; see the module docstring."""

    name = "llm"

    def __init__(
        self,
        model: Model | Callable[[], Model],
        *,
        max_invalid_retries: int = 2,
        max_page_chars: int = 12_000,
        view_limits: dict[str, int] | None = None,
        exhaustive: bool = False,
    ) -> None:
        if max_invalid_retries < 0:
            raise ValueError("max_invalid_retries must be >= 0")
        self._model_source = model
        self.max_invalid_retries = max_invalid_retries
        self.max_page_chars = max_page_chars
        self.view_limits = dict(view_limits or {})
        self.usage = PolicyUsage()
        # exhaustive=True: the max-steps baseline — the view asks the model to keep
        # verifying confirmed cells too, and it is asked even when no cell is open
        self.exhaustive = exhaustive

    def use_model(self, model: Model | Callable[[], Model]) -> None:
        """Call `model` from now on — e.g. `policy.use_model(lambda: agent.llm)` once the agent
        exists, so every call goes through the engine's metering proxy (token and cost budgets)."""
        self._model_source = model

    @property
    def model(self) -> Model:
        src = self._model_source
        if hasattr(src, "generate"):
            return src  # type: ignore[return-value]
        return src()  # a provider such as `lambda: agent.llm`

    @property
    def rejected_outputs(self) -> int:
        """Answers rejected as invalid (each one was retried or ended the call)."""
        return self.usage.rejected_outputs

    @property
    def calls(self) -> int:
        """Model calls made, retries included."""
        return self.usage.calls

    # ------------------------------------------------------------ asking
    def _ask(self, kind: str, user: str, output: type[T], *, context: dict[str, Any] | None = None,
             check: Callable[[T], Any] | None = None) -> tuple[T, Any]:
        """One validated answer of type `output` (and what `check` returned)."""
        messages: list[Message] = [
            {"role": "system", "content": prompts.system_prompt(kind)},
            {"role": "user", "content": user},
        ]
        response_format = response_format_for(output)
        errors: list[str] = []
        for attempt in range(self.max_invalid_retries + 1):
            reply = self.model.generate(messages, response_format=response_format)
            self.usage.calls += 1
            text = reply.text or ""
            try:
                data = parse_json_object(text)
                try:
                    parsed = output.model_validate(data, context=context)
                except ValidationError as exc:
                    raise _Invalid(f"the JSON does not match the schema:\n{describe_validation(exc)}") from exc
                checked = None
                if check is not None:
                    try:
                        checked = check(parsed)
                    except (ValueError, ContractError) as exc:
                        raise _Invalid(str(exc)) from exc
                return parsed, checked
            except _Invalid as exc:
                self.usage.rejected_outputs += 1
                errors.append(str(exc))
                del self.usage.notes[:-9]
                self.usage.notes.append(f"{kind}: {clip(exc, 300)}")
                messages = [
                    *messages,
                    {"role": "assistant", "content": text[:MAX_ECHO]},
                    {"role": "user", "content": prompts.retry_user(str(exc))},
                ]
        tries = self.max_invalid_retries + 1
        raise ModelOutputInvalid(
            f"{kind}: no valid answer from the model in {tries} attempt{'s' if tries != 1 else ''}; "
            f"last error: {clip(errors[-1], 400)}"
        )

    # ------------------------------------------------------------ contract
    def draft_contract(self, question: str) -> TaskContract:
        def build(draft: ContractDraft) -> TaskContract:
            return contract_from_mapping(draft.to_mapping(), question=question, origin="the drafted contract",
                                         source="llm")

        _, contract = self._ask("contract", prompts.contract_user(question), ContractDraft, check=build)
        return contract

    # ------------------------------------------------------------ plan
    def plan(self, state: ResearchState) -> PlannedAction | None:
        if not state.open_cells() and not self.exhaustive:
            return None  # nothing left to work on: no need to ask
        view = compact_view(state, keep_researching=self.exhaustive, **self.view_limits)
        out, _ = self._ask("plan", prompts.plan_user(view), NextAction, context={"cells": list(state.cells)})
        if out.tool == "none":
            return None
        assert out.cell is not None
        args = {"query": out.query} if out.tool == "search" else {"url": out.url}
        return PlannedAction(tool=out.tool, args=args, cell=out.cell, strategy=out.strategy, rationale=out.rationale)

    # ------------------------------------------------------------ extract
    def extract(self, state: ResearchState, page: PageView, cells: list[str]) -> list[FindingDraft]:
        if not cells or not page.text.strip():
            return []
        ordered = sorted(cells, key=lambda k: not (state.cells[k].is_open if k in state.cells else True))
        ordered = ordered[:MAX_EXTRACT_CELLS]
        contract = state.task_contract
        defs = [self._cell_def(contract, state.cells.get(k), k) for k in ordered]
        text = page.text[: self.max_page_chars]
        user = prompts.extract_user(
            clip(contract.question, 600) or "", defs, clip(page.url, 300) or "", clip(page.title, 200) or "",
            page.date, text, truncated=len(page.text) > len(text),
        )
        out, _ = self._ask("extract", user, Extraction, context={"cells": ordered})
        return [
            FindingDraft(cell=f.cell, value=f.value, quote=f.quote, date=f.date, source_type=f.source_type)
            for f in out.findings
        ]

    @staticmethod
    def _cell_def(contract: TaskContract, cell: Cell | None, key: str) -> dict[str, Any]:
        if cell is None:
            return {"cell": key}
        obj = contract.object(cell.object)
        dim = contract.dimension(cell.dimension)
        d: dict[str, Any] = {"cell": key, "object": obj.name, "aliases": obj.aliases[:6],
                             "dimension": dim.name, "synonyms": dim.keywords[:8], "kind": dim.kind}
        if dim.unit:
            d["unit"] = dim.unit
        if dim.values:
            d["values"] = dim.values[:12]
        return d

    # ------------------------------------------------------------ judge
    def judge(self, state: ResearchState, cell: str) -> CellJudgement | None:
        c = state.cells.get(cell)
        if c is None:
            return None
        evidence = []
        for fid in [*c.finding_ids, *c.candidate_ids][:8]:
            f = state.findings.get(fid)
            if f is None:
                continue
            evidence.append({"value": clip(f.display, 80), "quote": clip(f.quote, 300), "url": clip(f.url, 200),
                             "source_type": f.source_type, "date": f.date,
                             "backs_value": fid in c.finding_ids})
        data = {"cell": cell, "value": clip(c.value, 80), "status": c.status, "conflict": c.conflict,
                "conflict_note": clip(c.conflict_note, 200), "findings": evidence}
        question = clip(state.task_contract.question, 600) or ""
        out, _ = self._ask("judge", prompts.judge_user(question, data), Judgement)
        return CellJudgement(cell=cell, supported=out.supported, conflict_explained=out.conflict_explained,
                             note=clip(out.note, 300) or "")

    # ------------------------------------------------------------ synthesize
    def synthesize(self, state: ResearchState) -> str | None:
        confirmed = [c for c in state.cells.values() if c.status == "confirmed" and c.value]
        if not confirmed:
            return None  # nothing verified: the report template says so better than a model would
        confirmed = confirmed[:40]
        rows = [{"cell": c.key, "value": clip(c.value, 80), "conclusion": clip(c.conclusion, 160),
                 "independent_sources": c.independent_sources} for c in confirmed]
        values = {c.key: [c.value or "", *self._displays(state, c)] for c in confirmed}
        context = {"confirmed_keys": [c.key for c in confirmed], "confirmed_values": values}
        question = clip(state.task_contract.question, 600) or ""
        out, _ = self._ask("synthesize", prompts.synthesize_user(question, rows), Synthesis, context=context)
        return self._report_text(state, out, confirmed)

    @staticmethod
    def _displays(state: ResearchState, cell: Cell) -> list[str]:
        return [state.findings[f].display for f in cell.finding_ids if f in state.findings]

    @staticmethod
    def _sources(state: ResearchState, cell: Cell) -> list[str]:
        urls = []
        for sid in cell.source_ids:
            src = state.sources.get(sid)
            if src is not None and src.url not in urls:
                urls.append(src.url)
        return urls

    def _report_text(self, state: ResearchState, out: Synthesis, confirmed: list[Cell]) -> str:
        lines = [out.answer, "", "Confirmed findings:"]
        stated = {claim.cell: claim.statement for claim in out.claims}
        for c in confirmed:
            statement = clip(stated.get(c.key) or f"{c.key}: {c.value}", 300)
            srcs = self._sources(state, c)
            lines.append(f"- {statement} (sources: {'; '.join(srcs) if srcs else 'none recorded'})")
        candidates = []
        for c in state.cells.values():
            for fid in c.candidate_ids:
                f = state.findings.get(fid)
                if f is not None:
                    candidates.append(f"- [candidate] {c.key}: {clip(f.display, 80)} — {clip(f.url, 200)}")
        if candidates:
            lines += ["", "Candidate evidence (seen, not cross-checked; not a conclusion):", *candidates[:12]]
            if len(candidates) > 12:
                lines.append(f"- … and {len(candidates) - 12} more candidate findings")
        return "\n".join(lines)

