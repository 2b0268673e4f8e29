"""Tool failure: end with `tool_unavailable` when the remaining paths all need a
tool that keeps failing.

Two situations: a tool failed `max_consecutive_failures` times in a row (the
per-tool failure budget), or no open cell has a path left and the paths that
were tried ended in failures rather than in pages without the answer — the
information may exist but the tool could not reach it, which is a different
ending from "not public".

`ModelOutageCriteria` is the same ending for the policy's model: an endpoint
that outlasted the adapter's retries at this step (the policy's typed
`ModelOutage` signal on the progress counters; the policy decides no stop).
"""

from __future__ import annotations

from typing import Any

from engine import StopCriteria, StopReason
from engine.criteria import NO_STOP, StopVerdict
from research_agent.state import ResearchState


class ModelOutageCriteria(StopCriteria):
    """`tool_unavailable` when the policy's model could not be reached during the step just run."""

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        if not isinstance(state, ResearchState):
            return NO_STOP
        outage = state.progress.model_down_at(state.current_step)
        if outage is None:
            return NO_STOP
        return True, StopReason.TOOL_UNAVAILABLE, outage.detail


class ToolFailureCriteria(StopCriteria):
    def __init__(self, max_consecutive_failures: int = 6) -> None:
        self.max_consecutive_failures = max_consecutive_failures

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        if not isinstance(state, ResearchState):
            return False, None, None
        for tool in ("search", "visit"):
            n = state.progress.consecutive_failures.get(tool, 0)
            if n >= self.max_consecutive_failures:
                return True, StopReason.TOOL_UNAVAILABLE, f"{tool} failed {n} times in a row (failure budget {self.max_consecutive_failures})"
        open_cells = state.unanswered_cells()
        if not open_cells or not all(c.exhausted for c in open_cells):
            return False, None, None
        for cell in open_cells:
            if any(f.cell == cell.key for f in state.findings.values()):
                return False, None, None
            tried = [s for s in state.sources.values() if (s.opened or s.failure) and _leads_to(state, s.canonical_url, cell.key)]
            if not tried or not all(s.failure for s in tried):
                return False, None, None
        failures = sorted({s.failure or "" for s in state.sources.values() if s.failure})
        return True, StopReason.TOOL_UNAVAILABLE, (
            f"every source found for {len(open_cells)} open cell(s) failed to load ({', '.join(failures)}); "
            "no other path left"
        )


def _leads_to(state: ResearchState, canonical_url: str, cell: str) -> bool:
    return any(lead.canonical_url == canonical_url and lead.cell == cell for lead in state.leads)
