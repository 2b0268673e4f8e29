"""Step critics: result validity, transient tool failures, grounding.

* `ResultValidityCritic` grades each executed action on the four levels —
  call succeeded → has content → relevant → new evidence — and reports them in
  the step's critic outputs; only the last level is progress.
* `ToolFailureCritic` asks the engine to retry a step whose tool call failed
  transiently (timeout, reset, 429, 5xx) while the per-URL attempt budget
  lasts, sleeping with exponential backoff and full jitter, honouring
  Retry-After.  Permanent failures are never retried as-is.
* `GroundingCritic` reports findings rejected this step because their quote
  does not occur in the opened page.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from engine import Critic, Decision
from research_agent.state import ResearchState


class ResultValidityCritic(Critic):
    def evaluate(self, state: Any, decision: Decision, results: list[Any]) -> dict[str, Any]:
        if not isinstance(state, ResearchState):
            return {"action": "continue"}
        step_actions = [a for a in state.actions if a.step == state.current_step and a.status != "refused"]
        levels = []
        for a in step_actions:
            level = "failed"
            if a.status == "ok":
                level = "succeeded"
                if a.tool == "search" and a.new_leads:
                    level = "relevant"
                if a.new_evidence:
                    level = "new_evidence"
            levels.append({"tool": a.tool, "key": a.key, "level": level})
        return {"action": "continue", "critic": "validity", "levels": levels}


class ToolFailureCritic(Critic):
    def __init__(
        self,
        base_delay: float = 0.2,
        max_delay: float = 5.0,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.sleep = sleep
        self.rng = rng or random.Random()

    def evaluate(self, state: Any, decision: Decision, results: list[Any]) -> dict[str, Any]:
        if not isinstance(state, ResearchState):
            return {"action": "continue"}
        retryable = [a for a in state.actions if a.step == state.current_step and a.transient]
        if not retryable:
            return {"action": "continue", "critic": "tool_failure"}
        a = retryable[-1]
        attempt = state.progress.attempts.get(a.key, 1)
        delay = self.rng.uniform(0, min(self.max_delay, self.base_delay * 2 ** (attempt - 1)))
        retry_after = a.retry_after
        if retry_after is not None:
            delay = min(max(delay, retry_after), self.max_delay)
        self.sleep(delay)
        return {
            "action": "retry",
            "critic": "tool_failure",
            "reason": f"{a.error_type} on {a.key} (attempt {attempt}); retrying after {delay:.2f}s",
        }


class GroundingCritic(Critic):
    def evaluate(self, state: Any, decision: Decision, results: list[Any]) -> dict[str, Any]:
        if not isinstance(state, ResearchState):
            return {"action": "continue"}
        this_step = state.step_log[-1].rejected_findings if state.step_log else 0
        total = state.progress.rejected_findings
        return {"action": "continue", "critic": "grounding", "rejected_this_step": this_step, "rejected_total": total}
