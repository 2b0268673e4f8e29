"""The offline policy: deterministic research with rules, no model.

Honest about being simple:

* **plan** — work on the first open cell that still has a path.  Open an
  unvisited lead (a search result that names the object) if one is queued;
  otherwise search with the query of the cell's current ladder rung, skipping
  queries whose normalised key already ran:
  `initial` "<object> <dimension>" → `rephrase` alias + synonyms →
  `primary_sources` "<object> official <dimension>" (official domains first) →
  `reframe` "is <dimension> publicly disclosed for <object>".
  A cell whose rungs are all spent has no path; the reducer closes it.
* **extract** — split the page into sentences; a sentence is evidence for
  `object/dimension` when it contains a dimension keyword and names the object
  (or the page title names the object and the sentence names no other object),
  and `normalize.value_from_sentence` finds a value in it.  The first such
  sentence per cell and page wins.
"""

from __future__ import annotations

import re

from ..contract import DimensionSpec, ObjectSpec, TaskContract
from ..normalize import query_key, value_from_sentence
from ..state import LADDER, Cell, Lead, ResearchState
from .base import CellJudgement, FindingDraft, PageView, PlannedAction

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|\n+(?![a-z])")
"""Sentence ends, and line breaks, except a single break before a lowercase word: a hard-wrapped
Markdown or text paragraph keeps its sentence whole (the quote is grounded whitespace-insensitively)."""
MAX_LEADS_PER_CELL = 3


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if len(s.strip()) > 3]


def names_pattern(names: list[str]) -> re.Pattern[str]:
    alts = sorted((re.escape(n) for n in names if n), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(alts) + r")(?![\w-])", re.I)


def mentions(text: str, obj: ObjectSpec) -> bool:
    return bool(names_pattern(obj.names).search(text))


def has_keyword(sentence: str, dim: DimensionSpec) -> bool:
    low = sentence.lower()
    return any(re.search(r"(?<![\w-])" + re.escape(k.lower()), low) for k in dim.keywords)


def rung_query(contract: TaskContract, cell: Cell, rung: int) -> str | None:
    obj = contract.object(cell.object)
    dim = contract.dimension(cell.dimension)
    return ladder_query(LADDER[rung], obj.name, obj.aliases, dim.name, dim.keywords)


def ladder_query(rung: str, name: str, aliases: list[str], dimension: str, keywords: list[str]) -> str | None:
    """The search of one strategy-ladder rung for an object and a dimension (None for `closed`)."""
    synonyms = [k for k in keywords if k.lower() != dimension.lower()]
    match rung:
        case "initial":
            return f"{name} {dimension}"
        case "rephrase":
            alias = aliases[0] if aliases else name
            words = " ".join(synonyms[:3]) or dimension
            return f"{alias} {words}"
        case "primary_sources":
            return f"{name} official documentation {dimension} {' '.join(synonyms[:1])}".strip()
        case "reframe":
            return f"is {dimension} publicly disclosed for {name}"
        case _:
            return None


def usable_leads(state: ResearchState, cell: Cell) -> list[Lead]:
    """Queued leads for `cell` that have not been opened, failed or ruled out."""
    contract = state.task_contract
    obj = contract.object(cell.object)
    official = {d.lower() for d in obj.official_domains + contract.primary_domains}
    visited = {s.canonical_url for s in state.sources.values() if s.opened or s.failure}
    out = [
        lead
        for lead in state.leads
        if lead.cell == cell.key and not lead.refused and lead.canonical_url not in visited and lead_allowed(contract, lead.url)
    ]
    if LADDER[cell.rung] == "primary_sources":
        out.sort(key=lambda lead: not any(_host(lead.url).endswith(d) for d in official))
    return out[:MAX_LEADS_PER_CELL]


def _host(url: str) -> str:
    return re.sub(r"^[a-z]+://", "", url.lower()).split("/", 1)[0].split(":", 1)[0]


def lead_allowed(contract: TaskContract, url: str) -> bool:
    host = _host(url)
    if any(host == d or host.endswith("." + d) for d in contract.denied_domains):
        return False
    if contract.allowed_domains and not any(host == d or host.endswith("." + d) for d in contract.allowed_domains):
        return False
    return True


class OfflinePolicy:
    """Rule-based planning and sentence-level extraction (see module docstring)."""

    name = "offline"

    def __init__(self, *, exhaustive: bool = False) -> None:
        # exhaustive=True keeps researching confirmed cells too: the behaviour of
        # an agent that only a step limit stops (the max-steps baseline).
        self.exhaustive = exhaustive

    # ------------------------------------------------------------------ plan
    def plan(self, state: ResearchState) -> PlannedAction | None:
        contract = state.task_contract
        executed = state.executed_keys()
        for cell in self._cells_in_order(state):
            lead = next(iter(usable_leads(state, cell)), None)
            if lead is not None:
                return PlannedAction(
                    "visit", {"url": lead.url}, cell.key, LADDER[cell.rung], f"open lead #{lead.rank} for {cell.key}"
                )
            for rung in range(cell.rung, len(LADDER) - 1):
                query = rung_query(contract, cell, rung)
                if query and f"search:{query_key(query)}" not in executed:
                    return PlannedAction(
                        "search", {"query": query}, cell.key, LADDER[rung], f"{LADDER[rung]} search for {cell.key}"
                    )
        return None

    def _cells_in_order(self, state: ResearchState) -> list[Cell]:
        if self.exhaustive:
            cells = [c for c in state.cells.values() if c.status != "irrelevant" and c.rung < len(LADDER) - 1]
        else:
            cells = [c for c in state.open_cells() if not c.exhausted]
        # stay on the cell we were working on, then table order
        cells.sort(key=lambda c: c.key != state.focus)
        return cells

    # --------------------------------------------------------------- extract
    def extract(self, state: ResearchState, page: PageView, cells: list[str]) -> list[FindingDraft]:
        contract = state.task_contract
        targets = [(k, contract.object(state.cells[k].object), contract.dimension(state.cells[k].dimension)) for k in cells]
        return sentence_findings(contract.objects, targets, page.title, page.text, page.date)

    def judge(self, state: ResearchState, cell: str) -> CellJudgement | None:
        return None

    def synthesize(self, state: ResearchState) -> str | None:
        return None


def sentence_findings(
    objects: list[ObjectSpec],
    targets: list[tuple[str, ObjectSpec, DimensionSpec]],
    title: str,
    text: str,
    date: str | None,
) -> list[FindingDraft]:
    """The offline extraction rule: for each `(cell key, object, dimension)` the first sentence of
    `text` that names the object (or sits on a page whose title names only it), carries a
    dimension keyword and yields a value.  `objects` are all the objects of the contract."""
    sentences = split_sentences(text)
    title_objs = [o for o in objects if mentions(title, o)]
    patterns = {o.name: names_pattern(o.names) for o in objects}
    drafts: list[FindingDraft] = []
    for key, obj, dim in targets:
        for sentence in sentences:
            if not has_keyword(sentence, dim):
                continue
            named = [o for o in objects if patterns[o.name].search(sentence)]
            about = obj in named or (not named and title_objs == [obj])
            if not about or (named and obj not in named):
                continue
            if len(named) > 1 and dim.kind in ("license", "number", "version", "date"):
                continue  # "A is MIT while B is GPL": whose value is it? skip ambiguous sentences
            ev = value_from_sentence(sentence, dim)
            if ev is not None:
                drafts.append(FindingDraft(cell=key, value=ev.value, quote=sentence, date=date))
                break
    return drafts
