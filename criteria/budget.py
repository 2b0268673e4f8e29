"""A tool-call budget: the research layer's hard limit beside the engine's steps, time, tokens and cost.

One step makes at most one tool call, but a refused action (a duplicate, a denied domain) costs none, so
"at most N searches and page reads" is a limit of its own.  It reads `state.progress.tool_calls`, which
counts every run of the task (a resumed task keeps its count), and ends the run `budget_tool_calls`
(`budget_exhausted`, never complete).  Like every budget it is checked after the research criteria.
"""

from __future__ import annotations

from typing import Any

from engine import StopCriteria, StopReason
from engine.criteria import NO_STOP, StopVerdict
from research_agent.state import ResearchState


class ToolCallBudgetCriteria(StopCriteria):
    def __init__(self, max_tool_calls: int) -> None:
        self.max_tool_calls = max_tool_calls

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        if not isinstance(state, ResearchState):
            return NO_STOP
        calls = state.progress.tool_calls
        if calls >= self.max_tool_calls:
            return True, StopReason.BUDGET_TOOL_CALLS, f"{calls}/{self.max_tool_calls} tool calls"
        return NO_STOP
