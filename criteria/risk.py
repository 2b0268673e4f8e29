"""Risk abort: the first check after every tool round.

The screens (`risk_screen`) run where the risk appears: on the question when
the task starts, on each action before it is executed (the agent's guard) and
on each fetched page before any evidence is taken from it (the reducer).  They
record `RiskEvent`s in the state; this criterion turns any recorded event into
a `risk_abort` stop.  It never works around the limit: the run ends and a
human decides.
"""

from __future__ import annotations

from typing import Any

from engine import StopCriteria, StopReason
from engine.criteria import StopVerdict
from research_agent.state import ResearchState


class RiskCriteria(StopCriteria):
    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        if not isinstance(state, ResearchState) or not state.risk:
            return False, None, None
        first = state.risk[0]
        where = f" at {first.url}" if first.url else ""
        more = f" (+{len(state.risk) - 1} more)" if len(state.risk) > 1 else ""
        return True, StopReason.RISK_ABORT, f"{first.kind}{where}: {first.detail}{more}; handed to a human"
