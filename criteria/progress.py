"""No progress: stop when repetition has exhausted every strategy.

Repetition first changes strategy (the reducer climbs each cell's ladder:
rephrase → primary sources → reframe → close); this criterion ends the run
only when that is spent:

* `no_new_evidence` — no open cell has an untried path left (every open cell
  is closed), or, as a safety net against a policy that keeps inventing new
  paths, the state signature has not changed for `max_unchanged_steps`;
* `duplicate_path` — the policy proposed `max_duplicates` already-executed
  actions in a row (each refused before execution, and told why).

Counters live in the persisted state, so a resumed run keeps them and a
reused criterion starts clean.
"""

from __future__ import annotations

from typing import Any

from engine import StopCriteria, StopReason
from engine.criteria import StopVerdict
from research_agent.state import ResearchState


class NoProgressCriteria(StopCriteria):
    def __init__(self, max_unchanged_steps: int = 20, max_duplicates: int = 3) -> None:
        self.max_unchanged_steps = max_unchanged_steps
        self.max_duplicates = max_duplicates

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        if not isinstance(state, ResearchState):
            return False, None, None
        open_cells = state.unanswered_cells()
        dup = state.progress.consecutive_duplicates
        if dup >= self.max_duplicates:
            return True, StopReason.DUPLICATE_PATH, (
                f"{dup} proposed actions in a row had already been executed (refused before running); "
                f"{len(open_cells)} open cell(s) remain"
            )
        if open_cells and all(c.exhausted for c in open_cells):
            desc = ", ".join(f"{c.key} {c.status} ({c.needed or 'no path'})" for c in open_cells)
            searched = len({a.key for a in state.actions if a.tool == "search" and a.status == "ok"})
            opened = sum(1 for s in state.sources.values() if s.opened)
            last = state.progress.last_change_step
            return True, StopReason.NO_NEW_EVIDENCE, (
                f"no untried path left for {len(open_cells)} open cell(s): {desc}; "
                f"{searched} distinct queries, {opened} pages read; last state change at step {last}"
            )
        unchanged = state.progress.unchanged_steps
        if unchanged >= self.max_unchanged_steps:
            return True, StopReason.NO_NEW_EVIDENCE, f"research state unchanged for {unchanged} steps"
        return False, None, None
