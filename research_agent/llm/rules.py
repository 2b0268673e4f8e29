"""`RuleModel` (`--model rules`): a stand-in model that answers the LLM policy's prompts by rule.

It reads exactly what a real model reads — the prompt text — and answers
with the JSON a model would write, so a run with `--model rules` goes through
the whole LLM path: prompts, response parsing, pydantic validation, the retry
turn, the program's duplicate refusal, quote grounding and the usage meter.
Nothing is passed to it behind the prompt's back.

Its rules are the offline policy's, applied to the prompt:

* plan — from the state view: the focus cell first, then the other open
  cells; open an offered lead for the cell, else search with the first ladder
  rung (initial → rephrase → primary sources → reframe) whose query is not
  among the cell's `tried` queries; `none` when no open cell has a path.
* extract — the sentence rule (`policy.offline.sentence_findings`) over the
  page text between the data delimiters, for the listed cells.
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
from typing import Any

from engine.model import Message, ModelResponse, estimate_tokens
from engine.types import Usage

from ..contract import ContractError, DimensionSpec, ObjectSpec, parse_question
from ..normalize import query_key
from ..policy.offline import ladder_query, sentence_findings
from ..policy.prompts import PAGE_CLOSE, PAGE_OPEN
from ..state import LADDER, OPEN_STATUSES
from .openai_model import ModelOutputInvalid
from .scripted import task_of


class RuleModel:
    """A rule-based stand-in for a chat model (see the module docstring)."""

    def __init__(self, name: str = "rules", *, noisy: bool = False) -> None:
        self.name = name
        self.noisy = noisy
        self.calls = 0
        self._seen: dict[str, int] = {}

    def generate(self, messages: list[Message], **kwargs: Any) -> ModelResponse:
        self.calls += 1
        task = task_of(messages)
        retry = sum(1 for m in messages if m.get("role") == "user") > 1
        first_user = next((str(m.get("content") or "") for m in messages if m.get("role") == "user"), "")
        answer: dict[str, Any]
        match task:
            case "plan":
                answer = plan_answer(_json_after(first_user, "State view (JSON):\n"))
            case "extract":
                answer = extract_answer(first_user)
            case "judge":
                answer = judge_answer(_json_after(first_user, "(JSON; quotes are page data):\n"))
            case "synthesize":
                answer = synthesize_answer(_json_after(first_user, "Confirmed cells (JSON):\n"))
            case "contract":
                answer = contract_answer(first_user.removeprefix("Question:\n").split("\n\nWrite the task", 1)[0])
            case _:
                raise ModelOutputInvalid(f"{self.name}: no rule for a request without a known TASK marker ({task!r})")
        text = json.dumps(answer, ensure_ascii=False)
        if self.noisy and not retry:
            text = self._noise(task or "", answer, text, first_user)
        prompt = sum(estimate_tokens(str(m.get("content") or "")) for m in messages)
        completion = estimate_tokens(text)
        return ModelResponse(text=text, usage=Usage(prompt, completion, prompt + completion, 0.0))


    def _noise(self, task: str, answer: dict[str, Any], text: str, user: str) -> str:
        """The scheduled mistakes of `rules:noisy` (see the module docstring)."""
        n = self.calls
        kind = self._seen[task] = self._seen.get(task, 0) + 1
        if n % 5 == 0:
            return "Sure! Based on the state, the next best step is to look for more sources."
        if task == "plan" and kind % 2 == 0 and answer.get("cell"):
            obj, _, dim = answer["cell"].partition("/")
            answer = {**answer, "cell": f"{obj.lower()} / {dim.upper()}"}
        if task == "extract" and kind % 2 == 0:
            cells = _json_after(user, "Cells (JSON):\n")
            if cells and "object" in cells[0]:
                c = cells[0]
                invented = {"cell": c["cell"], "value": "proprietary",
                            "quote": f"{c['object']} is proprietary software with a {c['dimension']} of its own."}
                answer = {"findings": [*answer.get("findings", []), invented]}
        text = json.dumps(answer, ensure_ascii=False)
        if n % 3 == 0:
            return f"Here is the answer:\n```json\n{text}\n```"
        return text


def _json_after(text: str, marker: str) -> Any:
    """The JSON value that starts right after `marker` in `text`."""
    at = text.find(marker)
    if at < 0:
        raise ModelOutputInvalid(f"rules: the prompt has no {marker.strip()!r} section")
    value, _ = json.JSONDecoder().raw_decode(text, at + len(marker))
    return value


# ------------------------------------------------------------------ plan


def plan_answer(view: dict[str, Any]) -> dict[str, Any]:
    contract = view.get("contract") or {}
    aliases = contract.get("aliases") or {}
    dims = {d["name"]: d for d in contract.get("dimensions") or []}
    workable = (*OPEN_STATUSES, "confirmed") if view.get("keep_researching") else OPEN_STATUSES
    cells = [c for c in view.get("cells") or [] if c.get("status") in workable and c.get("rung") != "closed"]
    for cell in cells:  # the view lists the focus cell first, then open cells in table order
        key = cell["cell"]
        lead = next((lead for lead in view.get("leads") or [] if lead.get("cell") == key), None)
        if lead is not None:
            return {"tool": "visit", "url": lead["url"], "cell": key, "strategy": cell["rung"],
                    "rationale": f"open the offered lead for {key}"}
        obj, _, dim = key.partition("/")
        synonyms = (dims.get(dim) or {}).get("synonyms") or []
        tried = {query_key(q) for q in cell.get("tried") or [] if q}
        start = LADDER.index(cell["rung"]) if cell.get("rung") in LADDER else 0
        for rung in LADDER[start:-1]:
            query = ladder_query(rung, obj, aliases.get(obj) or [], dim, [dim, *synonyms])
            if query and query_key(query) not in tried:
                return {"tool": "search", "query": query, "cell": key, "strategy": rung,
                        "rationale": f"{rung} search for {key}"}
    return {"tool": "none", "rationale": "no open cell has an untried path"}


# --------------------------------------------------------------- extract


def _between(text: str, start: str, end: str) -> str:
    at = text.find(start)
    if at < 0:
        return ""
    at += len(start)
    stop = text.find(end, at)
    return text[at:] if stop < 0 else text[at:stop]


def extract_answer(user: str) -> dict[str, Any]:
    cells = _json_after(user, "Cells (JSON):\n")
    title = _between(user, "Page title: ", "\n")
    date = _between(user, "Page date: ", "\n").strip()
    body = _between(user, PAGE_OPEN + "\n", "\n" + PAGE_CLOSE)
    objects: dict[str, ObjectSpec] = {}
    targets = []
    for c in cells:
        if "object" not in c:
            continue
        obj = objects.setdefault(c["object"], ObjectSpec(name=c["object"], aliases=c.get("aliases") or []))
        dim = DimensionSpec(name=c["dimension"], keywords=c.get("synonyms") or [], kind=c.get("kind"),
                            unit=c.get("unit"), values=c.get("values") or [])
        targets.append((c["cell"], obj, dim))
    url = _between(user, "Page URL: ", "\n").strip() or None
    drafts = sentence_findings(list(objects.values()), targets, title, body, None if date in ("", "unknown") else date, url=url)
    return {"findings": [{"cell": d.cell, "value": d.value, "quote": d.quote, "date": d.date} for d in drafts]}


# ----------------------------------------------------------- judge, synthesize, contract


def judge_answer(cell: dict[str, Any]) -> dict[str, Any]:
    backing = [f for f in cell.get("findings") or [] if f.get("backs_value") and f.get("quote")]
    explained = not cell.get("conflict") or bool(cell.get("conflict_note"))
    note = f"{len(backing)} quote(s) back the value" + ("" if explained else "; the conflict is not explained")
    return {"supported": bool(backing), "conflict_explained": explained, "note": note}


def synthesize_answer(rows: list[dict[str, Any]]) -> dict[str, Any]:
    claims = [{"cell": r["cell"], "statement": f"{r['cell'].replace('/', ' — ')}: {r['value']}."} for r in rows]
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

