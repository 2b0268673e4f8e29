"""`compact_view`: the bounded summary of the research state a model plans from.

The LLM policy never sends the history.  It sends this view: the contract in
short, the cell table (focus and open cells first, at most `max_cells`), the
last few queries tried per cell, a few unvisited leads, the last `notice`
(why an action was refused, …) and counts.  Every list is capped and every
string is clipped, so the serialised view has the same size after 5 steps as
after 500: prompt tokens per step stay flat however long a run gets.

Strings that came from the web (lead titles, values) are clipped data; the
prompts tell the model they are never instructions.
"""

from __future__ import annotations

from typing import Any

from ..llm.request import StateView, ViewCell, ViewContract, ViewDimension, ViewLead
from ..state import LADDER, Cell, ResearchState

MAX_TEXT = 160
MAX_URL = 200
MAX_NOTICE = 400
MAX_CONTRACT_ITEMS = 24


def clip(text: Any, limit: int = MAX_TEXT) -> str | None:
    if text is None:
        return None
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1] + "…"


def cut(text: str, limit: int = MAX_TEXT) -> str:
    """`clip` for a text that is there."""
    return clip(text, limit) or ""


def _cell_row(state: ResearchState, cell: Cell, max_queries: int) -> ViewCell:
    rung = LADDER[min(cell.rung, len(LADDER) - 1)]
    extra: dict[str, Any] = {}  # given only when there is something to say
    if cell.conflict and cell.conflict_note:
        extra["conflict_note"] = clip(cell.conflict_note, 160)
    if cell.candidate_ids:
        extra["candidates"] = len(cell.candidate_ids)
    return ViewCell(
        cell=cell.key, status=cell.status, value=clip(cell.value, 80), sources=cell.independent_sources,
        conflict=cell.conflict, rung=rung, needed=clip(cell.needed, 120),
        tried=[cut(q, 120) for q in cell.queries[-max_queries:]], **extra,
    )


def _ordered_cells(state: ResearchState) -> list[Cell]:
    cells = list(state.cells.values())
    focus = state.cells.get(state.focus) if state.focus else None

    def rank(c: Cell) -> tuple[int, int]:
        if focus is not None and c is focus:
            return (0, 0)
        if c.is_open:
            return (1, 0 if c.status == "pending" else 1)
        return (2, 0)

    return sorted(cells, key=rank)  # stable: contract order within a rank


def _unvisited_leads(state: ResearchState, max_leads: int, keep_researching: bool = False) -> list[ViewLead]:
    seen = {s.canonical_url for s in state.sources.values() if s.opened or s.failure}
    open_cells = {c.key for c in state.cells.values() if c.is_open or (keep_researching and c.status == "confirmed")}
    out: list[ViewLead] = []
    taken: set[str] = set()
    # newest first: the freshest search is the most relevant to the current focus
    for lead in sorted(state.leads, key=lambda lead: (lead.cell != state.focus, -lead.step, lead.rank)):
        if lead.refused or lead.canonical_url in seen or lead.canonical_url in taken or lead.cell not in open_cells:
            continue  # a refused lead (probable copy, denied domain) is a dropped path: do not offer it again
        taken.add(lead.canonical_url)
        out.append(ViewLead(url=cut(lead.url, MAX_URL), title=clip(lead.title, 80), cell=lead.cell))
        if len(out) >= max_leads:
            break
    return out


def _contract_view(state: ResearchState) -> ViewContract:
    contract = state.task_contract
    objects = contract.objects[:MAX_CONTRACT_ITEMS]
    return ViewContract(
        objects=[cut(o.name, 60) for o in objects],
        aliases={cut(o.name, 60): [cut(a, 60) for a in o.aliases[:3]] for o in objects if o.aliases},
        official_domains={cut(o.name, 60): [cut(d, 60) for d in o.official_domains[:3]]
                          for o in objects if o.official_domains},
        dimensions=[
            ViewDimension(name=cut(d.name, 60), kind=d.kind, key=d.key,
                          synonyms=[cut(k, 40) for k in d.keywords[:6] if k.lower() != d.name.lower()][:5])
            for d in contract.dimensions[:MAX_CONTRACT_ITEMS]
        ],
        constraints=[
            cut(f"{c.dimension}: allowed {c.allowed or '-'}, denied {c.denied or '-'}", 160)
            for c in contract.constraints[:8]
        ],
        min_sources=contract.min_sources,
    )


def compact_view(
    state: ResearchState,
    *,
    max_cells: int = 12,
    max_queries_per_cell: int = 4,
    max_leads: int = 8,
    keep_researching: bool = False,
) -> StateView:
    """A bounded summary of `state` for the model (see the module docstring)."""
    ordered = _ordered_cells(state)
    shown = ordered[:max_cells]
    counts = {
        **state.status_counts(),
        "tool_calls": len(state.actions),
        "pages_opened": sum(1 for s in state.sources.values() if s.opened),
        "leads_queued": len(state.leads),
        "refused_duplicates": state.progress.refused_duplicates,
        "rejected_findings": state.progress.rejected_findings,
    }
    return StateView(
        question=clip(state.task_contract.question, 600), contract=_contract_view(state),
        step=state.current_step, focus=state.focus, notice=clip(state.notice, MAX_NOTICE),
        cells=[_cell_row(state, c, max_queries_per_cell) for c in shown],
        cells_not_shown=max(0, len(ordered) - len(shown)),
        leads=_unvisited_leads(state, max_leads, keep_researching), counts=counts,
        **({"keep_researching": True} if keep_researching else {}),
    )
