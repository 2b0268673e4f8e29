"""Ruling a recorded step's cells again under other settings, with the function the run used.

When a replay asks for another `min_sources`, every recorded step's cells are ruled again by
`cell_rules.rule_cell` on the same evidence (findings, sources and their clusters, unread leads), the
hard constraints are applied to the new statuses, and the no-progress counter is recounted from the
new state signatures.  What the replay keeps across steps is its own: each cell's status (a cell it
confirmed stays confirmed without asking the rubric again), the objects it ruled out, the signature.

What cannot be ruled again is taken from the recording as it happened: a verdict of the rubric (a
model call) is replayed only where the recording asked for it — a cell the rubric held back at that
step stays held back; a value the recording never put to it counts as not objected to — and the ladder
(a cell closed as `unavailable` after its paths were spent) is the recording's.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from ..cell_rules import CellEvidence, CellRuling, SettleRules, judged, rule_cell
from ..settling import EvidenceIndex, Memo, apply_constraints, apply_ruling, evidence_of
from ..state import Cell, ResearchState
from .tracker import Touched, Tracker

__all__ = ["Resettler"]

_RUBRIC_HOLDS = ("rubric_unsupported", "rubric_conflict")


class Resettler:
    """The cells of each recorded step, ruled under `rules`; call `view` once per step, in order."""

    def __init__(self, rules: SettleRules) -> None:
        self.rules = rules
        self.ruled_out: dict[str, Cell] = {}
        self.cells: dict[str, Cell] = {}
        """The last view's cells (a cell nothing touched is kept as it was ruled)."""
        self.cell_sigs: tuple[object, ...] = ()
        self.unchanged = 0
        self.last_change = 0
        self.memo: Memo = {}
        self.rulings: dict[str, tuple[CellEvidence, CellRuling | None]] = {}
        self.tracker = Tracker()

    def view(self, state: ResearchState, step: int, touched: Touched | None = None) -> ResearchState:
        """A copy of `state` whose cells and no-progress counters follow from `rules` (`state` is untouched).
        With `touched` (what the step changed), only the cells whose evidence may have changed are ruled again."""
        if touched is None or touched.rebuilt or not self.cells:
            before = sorted(self.tracker.opened.values())
            self.tracker.rebuild(state)
            dirty, opened_changed = set(state.cells), not self.cells or before != sorted(self.tracker.opened.values())
        else:
            dirty, opened_changed = self.tracker.update(state, touched)
        view = copy.copy(state)
        view.cells = {key: self._cell(key, recorded) if key in dirty or key not in self.cells else self.cells[key]
                      for key, recorded in state.cells.items()}
        index = EvidenceIndex(view, self.memo, self.tracker.findings_of(state, dirty), self.tracker.hinted_leads())
        for key in dirty:
            cell = view.cells[key]
            if key not in self.ruled_out:
                apply_ruling(cell, self._verdict(self._rule(key, evidence_of(view, cell, index)), state.cells[key]))
        apply_constraints(view)
        self.ruled_out.update({k: c for k, c in view.cells.items() if c.status == "irrelevant"})
        self.cells = view.cells
        self._count(view, step, opened_changed)
        view.progress = replace(state.progress, unchanged_steps=self.unchanged, last_change_step=self.last_change)
        return view

    def _count(self, view: ResearchState, step: int, opened_changed: bool) -> None:
        """The no-progress counter over this replay's state signatures (what `ResearchState.signature`
        hashes: the cells, the clusters read, the risk events)."""
        sigs = (_cell_signature(view), len(view.risk))
        if sigs == self.cell_sigs and not opened_changed:
            self.unchanged += 1
        else:
            self.unchanged, self.last_change = 0, step
        self.cell_sigs = sigs

    def _rule(self, key: str, evidence: CellEvidence) -> CellRuling | None:
        """`rule_cell`, reused while a cell's evidence is the same objects as at the last step."""
        last = self.rulings.get(key)
        if last is not None and _same(last[0], evidence):
            return last[1]
        ruling = rule_cell(evidence, self.rules)
        self.rulings[key] = (evidence, ruling)
        return ruling

    def _cell(self, key: str, recorded: Cell) -> Cell:
        if key in self.ruled_out:
            return self.ruled_out[key]
        cell = copy.copy(recorded)
        # a cell the ladder closed with nothing found is the recording's; any other starts from this replay's status
        last = self.cells.get(key)
        cell.status = "unavailable" if recorded.status == "unavailable" else (last.status if last is not None else "pending")
        return cell

    @staticmethod
    def _verdict(ruling: CellRuling | None, recorded: Cell) -> CellRuling | None:
        if ruling is None or not ruling.awaiting_rubric:
            return ruling
        if recorded.gap in _RUBRIC_HOLDS:  # the rubric held this cell back at this step of the recording
            return replace(ruling, status="partial", needed=recorded.needed, gap=recorded.gap, awaiting_rubric=False)
        return judged(ruling, None)


def _same(a: CellEvidence, b: CellEvidence) -> bool:
    return (a.prior == b.prior and len(a.findings) == len(b.findings) and len(a.leads) == len(b.leads)
            and all(x is y for x, y in zip(a.findings, b.findings)) and all(x is y for x, y in zip(a.leads, b.leads)))


def _cell_signature(view: ResearchState) -> tuple[object, ...]:
    return tuple((k, c.status, c.value, tuple(sorted(c.finding_ids)), tuple(sorted(c.candidate_ids)), c.conflict,
                  c.resolution, c.rung) for k, c in sorted(view.cells.items()))
