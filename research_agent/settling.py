"""Between the state and the rules: a cell's evidence gathered from the state, a ruling written back.

`cell_rules.rule_cell` decides a cell's status from a `CellEvidence`; this module builds that value from a
`ResearchState` (`evidence_of`) and writes a `CellRuling` onto the cell (`apply_ruling`).  A hard constraint
ruling an object out is applied here too (`apply_constraints`), after the cells are settled.  The reducer
calls these after every step; replay calls them on a recorded step's state with other settings.
"""

from __future__ import annotations

from .cell_rules import CellEvidence, CellRuling, Evidence, SettleRules, UnreadLead
from .leads import contradiction_order
from .source_types import source_type_of
from .state import Cell, ResearchState

__all__ = ["apply_constraints", "apply_ruling", "evidence_of", "rules_of"]


def rules_of(state: ResearchState) -> SettleRules:
    """The settings the task's contract gives."""
    return SettleRules(min_sources=state.task_contract.min_sources)


def evidence_of(state: ResearchState, cell: Cell) -> CellEvidence:
    """What `rule_cell` reads about `cell`: its findings on opened, unquarantined pages, and — when one of
    them could confirm it — the unread leads whose snippet states a value."""
    findings = []
    for f in state.findings.values():
        if f.cell != cell.key:
            continue
        source = state.sources[f.source_id]
        if not source.opened or source.quarantined:
            continue
        findings.append(Evidence(
            f.id, f.value, f.display, f.source_id, source.cluster_id or f.source_id, source.domain, f.date,
            f.source_type, f.weak, f.confirms_alone,
        ))
    leads: tuple[UnreadLead, ...] = ()
    if any(f.source_type != "forum" and f.confirms_alone for f in findings):
        contract = state.task_contract
        official = contract.object(cell.object).official_domains
        leads = tuple(
            UnreadLead(lead.url, lead.hint, lead.hint_display, source_type_of(lead.url, official, contract) == "primary")
            for lead in contradiction_order(state, cell) if lead.hint is not None
        )
    return CellEvidence(cell.status, tuple(findings), leads)


def apply_ruling(cell: Cell, ruling: CellRuling | None) -> None:
    """Write `ruling` onto `cell`; one awaiting the rubric leaves the status and `needed` as they are."""
    if ruling is None:
        return
    s = ruling.settled
    if s is not None:
        cell.finding_ids, cell.candidate_ids = list(s.finding_ids), list(s.candidate_ids)
        cell.source_ids, cell.source_types, cell.dates = list(s.source_ids), list(s.source_types), list(s.dates)
        cell.independent_sources = s.independent_sources
        cell.conflict, cell.conflict_note, cell.resolution = s.conflict, s.conflict_note, s.resolution
        cell.value, cell.conclusion = s.value, s.conclusion
    if not ruling.awaiting_rubric:
        cell.status, cell.needed, cell.gap = ruling.status, ruling.needed, ruling.gap


def apply_constraints(state: ResearchState) -> None:
    """Rule out every object a confirmed cell puts outside a hard constraint: its other cells that are not
    confirmed become `irrelevant`, with the reason."""
    contract = state.task_contract
    for constraint in contract.constraints:
        for obj in contract.objects:
            ccell = state.cells[f"{obj.name}/{constraint.dimension}"]
            if ccell.status != "confirmed" or ccell.value is None or constraint.admits(ccell.value):
                continue
            why = f"ruled out: {constraint.dimension} is {ccell.value}, " + (
                f"not one of {', '.join(constraint.allowed)}" if constraint.allowed else "a denied value"
            )
            for c in state.cells.values():
                if c.object == obj.name and c.key != ccell.key and c.status != "confirmed":
                    c.status, c.irrelevant_reason, c.needed, c.gap = "irrelevant", why, "", "ruled_out"
