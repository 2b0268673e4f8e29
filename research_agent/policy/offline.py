"""The offline policy: deterministic research with rules, no model.

Honest about being simple:

* **plan** — work on the first open cell that still has a path.  Open an
  unvisited lead (a search result that names the object) if one is queued;
  otherwise search with the query of the cell's current ladder rung, skipping
  queries whose normalised key already ran (`search_terms`: `initial` "<object> <dimension>", in a
  comparison every object's name on the dimension's first search →
  `rephrase` the head noun, synonyms and value vocabulary → `primary_sources` the bare name, the
  object's own site first).  A cell whose rungs are all spent has no path; the reducer closes it.
* **extract** — the shared reader (`research_agent.reading`): sentences
  segmented so initials and abbreviations survive; a sentence is evidence for
  `object/dimension` when it carries a cue of the dimension (contract keywords
  or the lexicon's cue words), holds a value of the dimension's kind, and that
  value is attributed to the object (named on word boundaries, not inside a
  longer name, or referred to on a page about it; never a sentence whose
  subject is another named entity).  One finding per cell and page.
"""

from __future__ import annotations

from ..contract import DimensionSpec, ObjectSpec, TaskContract
from ..leads import titled_pages, usable_leads
from ..normalize import query_key
from ..reading import Target, read_page
from ..search_terms import fresh_search, ladder_query, rung_query, rung_search
from ..state import LADDER, Cell, Lead, ResearchState
from .base import CellJudgement, FindingDraft, PageView, PlannedAction, PolicyUsage


def sibling_leads(state: ResearchState, cell: Cell) -> list[Lead]:
    """Usable leads that searches for the object's other cells found: pages on the object not opened yet."""
    out: list[Lead] = []
    seen: set[str] = set()
    for other in state.cells.values():
        if other.object != cell.object or other.key == cell.key:
            continue
        for lead in usable_leads(state, other):
            if lead.canonical_url not in seen:
                seen.add(lead.canonical_url)
                out.append(lead)
    return out


def leads_ahead(state: ResearchState) -> tuple[list[Lead], list[Lead]]:
    """For the tool layer to prefetch: the usable leads of the open cells in the order the plan takes
    them (focus cell first) — the visits the next steps will probably make — and every usable lead of
    any cell (one a later step may still open)."""
    cells = sorted((c for c in state.open_cells() if not c.exhausted), key=lambda c: c.key != state.focus)
    likely = [lead for cell in cells for lead in usable_leads(state, cell, limit=None)]
    planned = {c.key for c in cells}
    others = [lead for c in state.cells.values() if c.key not in planned for lead in usable_leads(state, c, limit=None)]
    return likely, likely + others


class OfflinePolicy:
    """Rule-based planning and sentence-level extraction (see module docstring)."""

    name = "offline"
    model = None
    """No model: the rules plan and read."""

    def __init__(self, *, exhaustive: bool = False) -> None:
        self.usage = PolicyUsage()  # never a model call
        # exhaustive=True keeps researching confirmed cells too: the behaviour of
        # an agent that only a step limit stops (the max-steps baseline).
        self.exhaustive = exhaustive

    # ------------------------------------------------------------------ plan
    def plan(self, state: ResearchState) -> PlannedAction | None:
        executed = state.executed_keys()
        for cell in self._cells_in_order(state):
            fresh = fresh_search(state, cell)
            if fresh is not None:
                next_up, asked = fresh
                return PlannedAction("search", {"query": asked}, cell.key, LADDER[next_up],
                                     f"{LADDER[next_up]} search for {cell.key}: the last pages read added nothing")
            lead = next(iter(usable_leads(state, cell)), None)
            if lead is not None:
                return PlannedAction(
                    "visit", {"url": lead.url}, cell.key, LADDER[cell.rung], f"open lead #{lead.rank} for {cell.key}"
                )
            lead = next(iter(sibling_leads(state, cell)), None)
            if lead is not None:
                # every page is read for every cell: a page already found for the object costs one visit, a search
                # costs a call and then visits
                return PlannedAction(
                    "visit", {"url": lead.url}, cell.key, LADDER[cell.rung],
                    f"open lead #{lead.rank} of {lead.cell} for {cell.key} before searching",
                )
            page = next(iter(titled_pages(state, cell)), None)
            if page is not None:
                return PlannedAction(
                    "visit", {"url": page.url}, cell.key, LADDER[cell.rung],
                    f"open {page.id}, a search result whose title names {cell.object}, for {cell.key} before searching",
                )
            for rung in range(cell.rung, len(LADDER) - 1):
                query = rung_search(state, cell, rung)
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
        return sentence_findings(contract.objects, targets, page.title, page.text, page.date, url=page.url)

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
    url: str | None = None,
) -> list[FindingDraft]:
    """The offline extraction rule (see `research_agent.reading.extract`) as finding drafts.
    `objects` are all the objects of the contract (a sentence about one of them is never another's)."""
    readings = read_page(objects, [Target(k, o, d) for k, o, d in targets], title, text, url, echoes=True)
    return [
        FindingDraft(cell=r.cell, value=r.display, quote=r.quote, date=date, canonical=r.canonical,
                     attribution=f"{r.attribution.how}:{r.attribution.matched}")
        for r in readings
    ]
