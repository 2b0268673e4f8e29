"""What a recorded step touched, and the indexes a replay keeps up to date with it instead of rebuilding.

`Recording.steps()` says, per step, which rows the log changed (`Touched`).  Ruling a step's cells again
(`resettle.py`) needs each cell's findings, the cells each source backs, the leads whose snippet states
a value and the clusters read; `Tracker` keeps those across steps and, from what a step touched, names
the cells whose evidence may have changed.  Only those are ruled again: a long task costs what its
steps changed, not what it holds.  A reset or a reordered table rebuilds everything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..state import Finding, Lead, ResearchState

__all__ = ["Touched", "Tracker"]


@dataclass
class Touched:
    """The rows one step's log entries changed."""

    rebuilt: bool = False
    """A reset, or a table cleared and written again in a new order."""
    cells: set[str] = field(default_factory=set)
    findings: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)
    leads: set[int] = field(default_factory=set)
    """Positions put, and every position from a truncation on."""


class Tracker:
    """Per-step indexes of a replayed state, kept up to date from what each step touched."""

    def __init__(self) -> None:
        self._clear()

    def _clear(self) -> None:
        self.by_cell: dict[str, dict[str, None]] = {}
        """cell → its findings' ids, in the order they were found."""
        self.cell_of: dict[str, str] = {}
        self.cells_of_source: dict[str, set[str]] = {}
        self.hinted: dict[int, Lead] = {}
        """Leads whose snippet states a value, by position."""
        self.opened: dict[str, str] = {}
        """Opened source → its cluster (what the state signature reads of sources)."""

    def rebuild(self, state: ResearchState) -> None:
        self._clear()
        for fid, f in state.findings.items():
            self._add(fid, f)
        self.hinted = {i: lead for i, lead in enumerate(state.leads) if lead.hint is not None}
        self.opened = {sid: s.cluster_id or s.id for sid, s in state.sources.items() if s.opened}

    def update(self, state: ResearchState, touched: Touched) -> tuple[set[str], bool]:
        """Take a step's changes in; returns the cells whose evidence may have changed, and whether the
        clusters read changed."""
        dirty = set(touched.cells)
        for fid in touched.findings:
            old, f = self.cell_of.get(fid), state.findings.get(fid)
            if old is not None and (f is None or f.cell != old):  # dropped (or moved): it leaves its cell
                dirty.add(old)
                self.by_cell[old].pop(fid, None)
                self.cell_of.pop(fid, None)
            if f is not None:
                self._add(fid, f)  # a finding put again keeps its place
                dirty.add(f.cell)
        for seq in touched.leads:
            old_lead = self.hinted.pop(seq, None)
            lead = state.leads[seq] if seq < len(state.leads) else None
            dirty.update(x.cell for x in (old_lead, lead) if x is not None and x.hint is not None)
            if lead is not None and lead.hint is not None:
                self.hinted[seq] = lead
        opened_changed = False
        if touched.sources:
            # a source read or failing changes which leads are unread, and a read page's title and snippet
            # the order leads are tried in: every cell with a hinted lead may change
            dirty.update(lead.cell for lead in self.hinted.values())
        for sid in touched.sources:
            dirty |= self.cells_of_source.get(sid, set())
            s = state.sources.get(sid)
            now = (s.cluster_id or s.id) if s is not None and s.opened else None
            if self.opened.get(sid) != now:
                opened_changed = True
                if now is None:
                    self.opened.pop(sid, None)
                else:
                    self.opened[sid] = now
        return dirty, opened_changed

    def findings_of(self, state: ResearchState, cells: set[str]) -> dict[str, list[Finding]]:
        return {c: [state.findings[fid] for fid in self.by_cell.get(c, {})] for c in cells}

    def hinted_leads(self) -> list[Lead]:
        return [self.hinted[i] for i in sorted(self.hinted)]

    def _add(self, fid: str, f: Finding) -> None:
        self.by_cell.setdefault(f.cell, {})[fid] = None
        self.cell_of[fid] = f.cell
        self.cells_of_source.setdefault(f.source_id, set()).add(f.cell)
