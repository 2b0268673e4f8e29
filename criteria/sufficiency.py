"""Evidence sufficiency: may the run end `completed`?

A pure judgement over the research-state table's statuses and counts.  What
makes one cell `confirmed` is decided in one place, `research_agent.cell_rules`
(`min_sources` independent clusters, not forum posts only, every cited page
opened, a conflict resolved, no unread contradicting snippet, the rubric's
assent); this criterion reads the statuses that rule wrote and never
re-derives them.  It checks coverage: every object handled or ruled out by a
hard constraint, every cell confirmed / irrelevant / closed on a non-key
dimension, and, the reverse check that is about the process rather than the
evidence, no cell marked unavailable that was never tasked with a search.

`assess` returns a `SufficiencyVerdict` whose detail carries the numbers (statuses, the
fewest independent sources behind a confirmed cell, conflicts resolved); the
criterion stops with `evidence_sufficient` only when every check passes.
"""

from __future__ import annotations

from typing import Any

from dataclasses import dataclass, field

from engine import StopCriteria, StopReason
from engine.criteria import StopVerdict
from research_agent.state import ResearchState


@dataclass
class SufficiencyVerdict:
    sufficient: bool
    detail: str
    blockers: list[str] = field(default_factory=list)


def assess(state: ResearchState) -> SufficiencyVerdict:
    key_dims = {d.name for d in state.task_contract.dimensions if d.key}
    blockers: list[str] = []
    resolved_conflicts = 0
    min_independent: int | None = None
    for key, cell in state.cells.items():
        if cell.status == "irrelevant":
            continue
        if cell.status == "confirmed":
            resolved_conflicts += bool(cell.conflict and cell.resolution)
            n = cell.independent_sources
            min_independent = n if min_independent is None else min(min_independent, n)
            continue
        if cell.status == "unavailable" and not (cell.tasked and cell.scope_note):
            blockers.append(f"{key}: marked unavailable but never searched")
            continue
        if cell.dimension not in key_dims and cell.exhausted and cell.status in ("unavailable", "partial"):
            continue  # a non-key gap cannot change the answer
        blockers.append(f"{key}: {cell.status}" + (" (conflict)" if cell.conflict else ""))
    counts = state.status_counts()
    total = len(state.cells)
    detail = (
        f"{counts['confirmed']}/{total} confirmed, {counts['unavailable']} unavailable, "
        f"{counts['irrelevant']} irrelevant, {counts['partial']} partial, {counts['pending']} pending"
    )
    if not blockers:
        if min_independent is not None:
            detail += f"; every confirmed cell has ≥{min_independent} independent sources"
        if resolved_conflicts:
            detail += f"; {resolved_conflicts} conflict(s) resolved"
        gaps = [k for k, c in state.cells.items() if c.status in ("unavailable", "partial")]
        if gaps:
            detail += f"; remaining gaps on non-key dimensions: {', '.join(gaps)}"
        return SufficiencyVerdict(True, detail, [])
    return SufficiencyVerdict(False, detail + f"; blocked by {len(blockers)}: " + "; ".join(blockers[:4]), blockers)


class EvidenceSufficiencyCriteria(StopCriteria):
    """Stop with `evidence_sufficient` when `assess` passes every check."""

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        if not isinstance(state, ResearchState):
            return False, None, None
        verdict = assess(state)
        if verdict.sufficient:
            return True, StopReason.EVIDENCE_SUFFICIENT, verdict.detail
        return False, None, None
