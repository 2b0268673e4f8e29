"""`RuleModel` (`--model rules`): a stand-in model that answers the LLM policy's prompts by rule.

It reads what a real model reads — the request the prompt is rendered from,
as typed parts (`llm/request.py`: the state view, the page and its cells, the
cell to judge), never more — and answers with the JSON a model would write,
so a run with `--model rules` goes through the whole LLM path: prompts,
response parsing, pydantic validation, the retry turn, the program's
duplicate refusal, quote grounding and the usage meter.  `answer(request)` is
the rule answer alone, for anything else that needs one (a test server).

Its rules are the offline policy's, applied to the prompt:

* plan — from the state view: the focus cell first, then the other open
  cells; open an offered lead for the cell, else search with the first ladder
  rung (initial → rephrase → primary sources → reframe) whose query is not
  among the cell's `tried` queries; `none` when no open cell has a path.
* extract — the sentence rule (`policy.offline.sentence_findings`) over the
  page text sent, for the listed cells.
* judge — supported when the evidence holds at least one quote backing the
  value; a conflict counts as explained when the program wrote a note for it.
* synthesize — one claim per confirmed cell, stating its value.
* contract — the rule-based question parser (`contract.parse_question`).

What it is for: recording the eval scripts that `research eval --model
scripted:auto` replays (`research eval --model rules --record`), and running
the LLM path end to end without a model or a network.  It is not a language
model: it cannot read a question the parser cannot, and it writes queries
from templates.  Usage is estimated at four characters per token.

`rules:noisy` makes the mistakes real models make, on a fixed schedule, so
an eval shows that the program — not the model — keeps the run honest:
every 5th first answer is prose instead of JSON (rejected, retried with the
error shown), every 3rd answer comes in a ```json fence with a preamble,
every 2nd plan spells the cell key loosely ("redis / LICENSE"), and every
2nd reading adds a finding whose quote the page does not contain (rejected
by the grounding check).  The schedule counts calls, so a run is repeatable.
"""

from __future__ import annotations

import json
from typing import Any, assert_never

from engine.model import Message, ModelResponse, estimate_tokens
from engine.types import Usage

from ..contract import ContractError, DimensionSpec, ObjectSpec, parse_question
from ..normalize import query_key
from ..policy.offline import ladder_query, sentence_findings
from ..state import LADDER, OPEN_STATUSES
from .openai_model import ModelOutputInvalid
from .request import (
    ConfirmedCell,
    ContractRequest,
    ExtractRequest,
    JudgedCell,
    JudgeRequest,
    ModelRequest,
    PlanRequest,
    StateView,
    SynthesizeRequest,
)


class RuleModel:
    """A rule-based stand-in for a chat model (see the module docstring)."""

    def __init__(self, name: str = "rules", *, noisy: bool = False) -> None:
        self.name = name
        self.noisy = noisy
        self.calls = 0
        self._seen: dict[str, int] = {}

    def generate(self, messages: list[Message], *, request: ModelRequest | None = None, **kwargs: Any) -> ModelResponse:
        self.calls += 1
        if request is None:
            raise ModelOutputInvalid(f"{self.name}: no rule for a request without its typed parts (request=None)")
        answer = self.answer(request)
        text = json.dumps(answer, ensure_ascii=False)
        if self.noisy and request.attempt == 1:
            text = self._noise(request, answer)
        prompt = sum(estimate_tokens(str(m.get("content") or "")) for m in messages)
        completion = estimate_tokens(text)
        return ModelResponse(text=text, usage=Usage(prompt, completion, prompt + completion, 0.0))

    @staticmethod
    def answer(request: ModelRequest) -> dict[str, Any]:
        """The rule answer to `request`, as the JSON object a model would write."""
        if isinstance(request, PlanRequest):
            return plan_answer(request.view)
        if isinstance(request, ExtractRequest):
            return extract_answer(request)
        if isinstance(request, JudgeRequest):
            return judge_answer(request.cell)
        if isinstance(request, SynthesizeRequest):
            return synthesize_answer(request.confirmed)
        if isinstance(request, ContractRequest):
            return contract_answer(request.question)
        assert_never(request)

    def _noise(self, request: ModelRequest, answer: dict[str, Any]) -> str:
        """The scheduled mistakes of `rules:noisy` (see the module docstring)."""
        n = self.calls
        task = request.kind
        kind = self._seen[task] = self._seen.get(task, 0) + 1
        if n % 5 == 0:
            return "Sure! Based on the state, the next best step is to look for more sources."
        if task == "plan" and kind % 2 == 0 and answer.get("cell"):
            obj, _, dim = answer["cell"].partition("/")
            answer = {**answer, "cell": f"{obj.lower()} / {dim.upper()}"}
        if isinstance(request, ExtractRequest) and kind % 2 == 0:
            c = request.cells[0] if request.cells else None
            if c is not None and c.object is not None:
                invented = {"cell": c.cell, "value": "proprietary",
                            "quote": f"{c.object} is proprietary software with a {c.dimension} of its own."}
                answer = {"findings": [*answer.get("findings", []), invented]}
        text = json.dumps(answer, ensure_ascii=False)
        if n % 3 == 0:
            return f"Here is the answer:\n```json\n{text}\n```"
        return text


# ------------------------------------------------------------------ plan


def plan_answer(view: StateView) -> dict[str, Any]:
    contract = view.contract
    dims = {d.name: d for d in contract.dimensions}
    workable = (*OPEN_STATUSES, "confirmed") if view.keep_researching else OPEN_STATUSES
    cells = [c for c in view.cells if c.status in workable and c.rung != "closed"]
    for cell in cells:  # the view lists the focus cell first, then open cells in table order
        key = cell.cell
        lead = next((lead for lead in view.leads if lead.cell == key), None)
        if lead is not None:
            return {"tool": "visit", "url": lead.url, "cell": key, "strategy": cell.rung,
                    "rationale": f"open the offered lead for {key}"}
        obj, _, dim = key.partition("/")
        spec = dims.get(dim)
        synonyms = spec.synonyms if spec is not None else []
        tried = {query_key(q) for q in cell.tried if q}
        start = LADDER.index(cell.rung) if cell.rung in LADDER else 0
        for rung in LADDER[start:-1]:
            query = ladder_query(rung, obj, contract.aliases.get(obj) or [], dim, [dim, *synonyms])
            if query and query_key(query) not in tried:
                return {"tool": "search", "query": query, "cell": key, "strategy": rung,
                        "rationale": f"{rung} search for {key}"}
    return {"tool": "none", "rationale": "no open cell has an untried path"}


# --------------------------------------------------------------- extract


def extract_answer(request: ExtractRequest) -> dict[str, Any]:
    page = request.page
    objects: dict[str, ObjectSpec] = {}
    targets = []
    for c in request.cells:
        if c.object is None:
            continue
        obj = objects.setdefault(c.object, ObjectSpec(name=c.object, aliases=c.aliases or []))
        dim = DimensionSpec(name=c.dimension or "", keywords=c.synonyms or [], kind=c.kind,
                            unit=c.unit, values=c.values or [])
        targets.append((c.cell, obj, dim))
    drafts = sentence_findings(list(objects.values()), targets, page.title, page.text, page.date or None,
                               url=page.url or None)
    return {"findings": [{"cell": d.cell, "value": d.value, "quote": d.quote, "date": d.date} for d in drafts]}


# ----------------------------------------------------------- judge, synthesize, contract


def judge_answer(cell: JudgedCell) -> dict[str, Any]:
    backing = [f for f in cell.findings if f.backs_value and f.quote]
    explained = not cell.conflict or bool(cell.conflict_note)
    note = f"{len(backing)} quote(s) back the value" + ("" if explained else "; the conflict is not explained")
    return {"supported": bool(backing), "conflict_explained": explained, "note": note}


def synthesize_answer(rows: list[ConfirmedCell]) -> dict[str, Any]:
    claims = [{"cell": r.cell, "statement": f"{r.cell.replace('/', ' — ')}: {r.value}."} for r in rows]
    answer = " ".join(c["statement"] for c in claims[:5])
    if len(claims) > 5:
        answer += f" ({len(claims) - 5} more confirmed values below.)"
    return {"answer": answer[:1500], "claims": claims}


def contract_answer(question: str) -> dict[str, Any]:
    try:
        contract = parse_question(question)
    except ContractError as exc:
        raise ModelOutputInvalid(f"rules: cannot read this question by rule ({exc})") from exc
    return {
        "objects": [{"name": o.name, "aliases": o.aliases, "official_domains": o.official_domains}
                    for o in contract.objects],
        "dimensions": [{"name": d.name, "synonyms": d.keywords, "kind": d.kind, "unit": d.unit, "values": d.values,
                        "key": d.key} for d in contract.dimensions],
        "constraints": [{"dimension": c.dimension, "allowed": c.allowed, "denied": c.denied, "note": c.note}
                        for c in contract.constraints],
        "min_sources": contract.min_sources,
    }

