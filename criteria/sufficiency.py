"""Evidence sufficiency: may the run end `completed`?

A pure judgement over the research-state table.  Coverage checks (every
object handled or ruled out, every cell confirmed / irrelevant / closed on a
non-key dimension, unavailable cells searched with the scope written down,
conflicts explained) plus the reverse checks that block a premature stop:

* a key claim resting only on weak (forum) sources;
* `min_sources` met by copies of one source (clusters are counted, not URLs);
* a claim whose source was only seen as a search snippet, never opened;
* a cell marked unavailable that was never tasked with a search.

`assess` returns a `SufficiencyVerdict` whose detail carries the numbers; the criterion
stops with `evidence_sufficient` only when every check passes.
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
    contract = state.task_contract
    key_dims = {d.name for d in contract.dimensions if d.key}
    blockers: list[str] = []
    resolved_conflicts = 0
    min_independent: int | None = None
    for key, cell in state.cells.items():
        is_key = cell.dimension in key_dims
        if cell.status == "irrelevant":
            continue
        if cell.status == "confirmed":
            sources = [state.sources[s] for s in cell.source_ids]
            clusters = {s.cluster_id or s.id for s in sources}
            if any(not s.opened for s in sources):
                blockers.append(f"{key}: cites a source never opened (snippet only)")
            if len(clusters) < contract.min_sources:
                blockers.append(f"{key}: {len(clusters)} independent source(s) < {contract.min_sources}")
            if sources and all(s.source_type == "forum" for s in sources):
                blockers.append(f"{key}: rests on forum posts only")
            if cell.conflict and not cell.resolution:
                blockers.append(f"{key}: conflict not explained")
            resolved_conflicts += bool(cell.conflict and cell.resolution)
            min_independent = len(clusters) if min_independent is None else min(min_independent, len(clusters))
            continue
        if cell.status == "unavailable" and not (cell.tasked and cell.scope_note):
            blockers.append(f"{key}: marked unavailable but never searched")
            continue
        if not is_key and cell.exhausted and cell.status in ("unavailable", "partial"):
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
