"""Between the state and the rules: a cell's evidence gathered from the state, a ruling written back.

`cell_rules.rule_cell` decides a cell's status from a `CellEvidence`; this module builds that value from a
`ResearchState` (`evidence_of`) and writes a `CellRuling` onto the cell (`apply_ruling`).  A hard constraint
ruling an object out is applied here too (`apply_constraints`), after the cells are settled.  The reducer
calls these after every step; replay calls them on a recorded step's state with other settings.
"""

from __future__ import annotations

from typing import Any

from .cell_rules import CellEvidence, CellRuling, Evidence, SettleRules, UnreadLead
from .leads import LeadIndex, contradiction_order
from .source_types import source_type_of
from .state import Cell, Finding, Lead, ResearchState, Source

__all__ = ["EvidenceIndex", "apply_constraints", "apply_ruling", "evidence_of", "rules_of"]


Memo = dict[str, tuple[Any, Any, Any]]
"""id → (the item, what it was read with, what it gave): a replay's cache across steps (items are
replaced, never edited, when the recording changes them)."""


class EvidenceIndex:
    """A step's findings by cell and (on first need) its unread leads, gathered once for all the cells.

    `memo`, kept by a caller across steps, reuses the `Evidence` of a finding (and the `UnreadLead` of a
    lead) whose objects are the same as at the last step: a replay of a long task rules every step's
    cells without building them again."""

    def __init__(self, state: ResearchState, memo: Memo | None = None, findings: dict[str, list[Finding]] | None = None,
                 hinted: list[Lead] | None = None) -> None:
        """`findings` (by cell) and `hinted` (the leads whose snippet states a value): a caller that keeps
        them up to date across steps passes them, instead of a pass over the state."""
        self.state = state
        self.memo = memo
        if findings is None:
            findings = {}
            for f in state.findings.values():
                findings.setdefault(f.cell, []).append(f)
        self.findings = findings
        self.hinted = hinted
        self._leads: LeadIndex | None = None

    def evidence(self, f: Finding, source: Source) -> Evidence:
        hit = self.memo.get(f.id) if self.memo is not None else None
        if hit is not None and hit[0] is f and hit[1] is source:
            return hit[2]
        ev = Evidence(f.id, f.value, f.display, f.source_id, source.cluster_id or f.source_id, source.domain, f.date,
                      f.source_type, f.weak, f.confirms_alone, f.echo, f.how == "carried")
        if self.memo is not None:
            self.memo[f.id] = (f, source, ev)
        return ev

    def unread(self, lead: Lead, cell: Cell) -> UnreadLead:
        key = f"lead:{id(lead)}"
        hit = self.memo.get(key) if self.memo is not None else None
        if hit is not None and hit[0] is lead and hit[1] == cell.object:
            return hit[2]
        contract = self.state.task_contract
        primary = source_type_of(lead.url, contract.object(cell.object), contract) == "primary"
        out = UnreadLead(lead.url, lead.hint or "", lead.hint_display, primary)
        if self.memo is not None:
            self.memo[key] = (lead, cell.object, out)
        return out

    @property
    def leads(self) -> LeadIndex:
        if self._leads is None:
            self._leads = LeadIndex(self.state, self.hinted)
        return self._leads


def rules_of(state: ResearchState) -> SettleRules:
    """The settings the task's contract gives."""
    return SettleRules(min_sources=state.task_contract.min_sources)


def evidence_of(state: ResearchState, cell: Cell, index: EvidenceIndex | None = None) -> CellEvidence:
    """What `rule_cell` reads about `cell`: its findings on opened, unquarantined pages, and — when one of
    them could confirm it — the unread leads whose snippet states a value.  `index`: the step's, shared by
    its cells (built here when not given)."""
    index = index or EvidenceIndex(state)
    findings = []
    for f in index.findings.get(cell.key, ()):
        source = state.sources[f.source_id]
        if source.opened and not source.quarantined:
            findings.append(index.evidence(f, source))
    leads: tuple[UnreadLead, ...] = ()
    if any(f.source_type != "forum" and f.confirms_alone for f in findings):
        leads = tuple(index.unread(lead, cell) for lead in contradiction_order(state, cell, index.leads) if lead.hint is not None)
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
