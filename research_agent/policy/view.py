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


def _cell_row(state: ResearchState, cell: Cell, max_queries: int) -> dict[str, Any]:
    rung = LADDER[min(cell.rung, len(LADDER) - 1)]
    row: dict[str, Any] = {
        "cell": cell.key,
        "status": cell.status,
        "value": clip(cell.value, 80),
        "sources": cell.independent_sources,
        "conflict": cell.conflict,
        "rung": rung,
        "needed": clip(cell.needed, 120),
        "tried": [clip(q, 120) for q in cell.queries[-max_queries:]],
    }
    if cell.conflict and cell.conflict_note:
        row["conflict_note"] = clip(cell.conflict_note, 160)
    if cell.candidate_ids:
        row["candidates"] = len(cell.candidate_ids)
    return row


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


def _unvisited_leads(state: ResearchState, max_leads: int, keep_researching: bool = False) -> list[dict[str, Any]]:
    seen = {s.canonical_url for s in state.sources.values() if s.opened or s.failure}
    open_cells = {c.key for c in state.cells.values() if c.is_open or (keep_researching and c.status == "confirmed")}
    out: list[dict[str, Any]] = []
    taken: set[str] = set()
    # newest first: the freshest search is the most relevant to the current focus
    for lead in sorted(state.leads, key=lambda lead: (lead.cell != state.focus, -lead.step, lead.rank)):
        if lead.refused or lead.canonical_url in seen or lead.canonical_url in taken or lead.cell not in open_cells:
            continue  # a refused lead (probable copy, denied domain) is a dropped path: do not offer it again
        taken.add(lead.canonical_url)
        out.append({"url": clip(lead.url, MAX_URL), "title": clip(lead.title, 80), "cell": lead.cell})
        if len(out) >= max_leads:
            break
    return out


def compact_view(
    state: ResearchState,
    *,
    max_cells: int = 12,
    max_queries_per_cell: int = 4,
    max_leads: int = 8,
    keep_researching: bool = False,
) -> dict[str, Any]:
    """A bounded, JSON-serialisable summary of `state` for the model (see the module docstring)."""
    contract = state.task_contract
    ordered = _ordered_cells(state)
    shown = ordered[:max_cells]
    counts = state.status_counts()
    view: dict[str, Any] = {
        "question": clip(contract.question, 600),
        "contract": {
            "objects": [clip(o.name, 60) for o in contract.objects[:MAX_CONTRACT_ITEMS]],
            "aliases": {
                clip(o.name, 60): [clip(a, 60) for a in o.aliases[:3]]
                for o in contract.objects[:MAX_CONTRACT_ITEMS] if o.aliases
            },
            "official_domains": {
                clip(o.name, 60): [clip(d, 60) for d in o.official_domains[:3]]
                for o in contract.objects[:MAX_CONTRACT_ITEMS] if o.official_domains
            },
            "dimensions": [
                {"name": clip(d.name, 60), "kind": d.kind, "key": d.key,
                 "synonyms": [clip(k, 40) for k in d.keywords[:6] if k.lower() != d.name.lower()][:5]}
                for d in contract.dimensions[:MAX_CONTRACT_ITEMS]
            ],
            "constraints": [
                clip(f"{c.dimension}: allowed {c.allowed or '-'}, denied {c.denied or '-'}", 160)
                for c in contract.constraints[:8]
            ],
            "min_sources": contract.min_sources,
        },
        "step": state.current_step,
        "focus": state.focus,
        "notice": clip(state.notice, MAX_NOTICE),
        "cells": [_cell_row(state, c, max_queries_per_cell) for c in shown],
        "cells_not_shown": max(0, len(ordered) - len(shown)),
        "leads": _unvisited_leads(state, max_leads, keep_researching),
        "counts": {
            **counts,
            "tool_calls": len(state.actions),
            "pages_opened": sum(1 for s in state.sources.values() if s.opened),
            "leads_queued": len(state.leads),
            "refused_duplicates": state.progress.refused_duplicates,
            "rejected_findings": state.progress.rejected_findings,
        },
    }
    if keep_researching:
        view["keep_researching"] = True
    return view
