"""Stop criteria: small, pure judgements over the state and the run's numbers.

`StopCriteria.should_stop(state, step_count, runtime_info)` returns
`(stop, reason, detail)`; the detail carries the numbers ("10/10 steps").
`step_count` counts the steps run in the current `Engine.run` call and
`runtime_info` holds, for that call, `elapsed_seconds`, `total_tokens`,
`total_cost` and `step_count`.

Criteria keep no run state on themselves: a counter that decides stopping
lives in `state.metrics`, so a resumed run keeps it and a criterion object
reused for another run (or another engine) starts clean on the new state.
(QitOS's StagnationCriteria keeps its counter on the object and never resets
it; that is the bug this design avoids.)

The engine applies its `RuntimeBudget` through `MaxStepsCriteria`,
`MaxRuntimeCriteria`, `MaxTokensCriteria` and `MaxCostCriteria`, always, after
the configured criteria.  "Reaching" a limit stops the run (>=); so does a
model call refused before it was made because it would cross the token or cost
limit (`runtime_info["budget_refusal"]`, a `model.BudgetRefusal` of that kind).
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

from .model import BudgetRefusal
from .stop_reason import StopReason

StopVerdict = tuple[bool, StopReason | None, str | None]
NO_STOP: StopVerdict = (False, None, None)


class StopCriteria(ABC):
    """Decides, after each step, whether the run should end."""

    @abstractmethod
    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        """Return (should_stop, reason, detail)."""


class FinalResultCriteria(StopCriteria):
    """Stops once `state.final_result` holds an answer (not None, not an empty string)."""

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        result = getattr(state, "final_result", None)
        if result is None or result == "":
            return NO_STOP
        return True, StopReason.FINAL, "final result set"


class MaxStepsCriteria(StopCriteria):
    """Stops when `step_count` reaches `max_steps`."""

    def __init__(self, max_steps: int) -> None:
        self.max_steps = max_steps

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        if step_count >= self.max_steps:
            return True, StopReason.BUDGET_STEPS, f"{step_count}/{self.max_steps} steps"
        return NO_STOP


class MaxRuntimeCriteria(StopCriteria):
    """Stops when the run's wall-clock time reaches `max_runtime_seconds`."""

    def __init__(self, max_runtime_seconds: float) -> None:
        self.max_runtime_seconds = max_runtime_seconds

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        elapsed = float((runtime_info or {}).get("elapsed_seconds", 0.0))
        if elapsed >= self.max_runtime_seconds:
            return True, StopReason.BUDGET_TIME, f"{elapsed:.2f}/{self.max_runtime_seconds:g} seconds"
        return NO_STOP


class MaxTokensCriteria(StopCriteria):
    """Stops when the run's total tokens reach `max_tokens`."""

    def __init__(self, max_tokens: int) -> None:
        self.max_tokens = max_tokens

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        used = int((runtime_info or {}).get("total_tokens", 0))
        if used >= self.max_tokens:
            return True, StopReason.BUDGET_TOKENS, f"{used}/{self.max_tokens} tokens"
        return _refused(runtime_info, StopReason.BUDGET_TOKENS)


class MaxCostCriteria(StopCriteria):
    """Stops when the run's total cost (US dollars) reaches `max_cost`."""

    def __init__(self, max_cost: float) -> None:
        self.max_cost = max_cost

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        cost = float((runtime_info or {}).get("total_cost", 0.0))
        if cost >= self.max_cost:
            return True, StopReason.BUDGET_COST, f"${cost:.4f}/${self.max_cost:.4f} cost"
        return _refused(runtime_info, StopReason.BUDGET_COST)


def _refused(runtime_info: dict[str, Any] | None, reason: StopReason) -> StopVerdict:
    """A call refused by this limit before it was made ends the run as reaching the limit does."""
    refusal = (runtime_info or {}).get("budget_refusal")
    if isinstance(refusal, BudgetRefusal) and refusal.reason is reason:
        return True, reason, refusal.detail
    return NO_STOP


# Fields the engine itself writes; a state that differs only in these has not changed.
_BOOKKEEPING = frozenset({"current_step", "stop_reason", "stop_detail", "metrics"})


def default_signature(state: Any) -> Any:
    """The state's own fields, minus the engine's bookkeeping (step number, stop, metrics)."""
    if is_dataclass(state):
        return tuple((f.name, getattr(state, f.name)) for f in fields(state) if f.name not in _BOOKKEEPING)
    return repr(state)


class StagnationCriteria(StopCriteria):
    """Stops after `max_stagnant_steps` consecutive steps whose state signature did not change.

    The counter lives in `state.metrics[key]` as {"signature", "count",
    "step"}: it resets to 0 whenever the signature changes, counts a step at
    most once (a second call for the same step is a pure read), and starts
    from nothing on a fresh state.  `key` defaults to a name derived from the
    settings, so it is stable across processes (a resumed run finds it).
    """

    def __init__(
        self,
        max_stagnant_steps: int = 3,
        signature_fn: Callable[[Any], Any] | None = None,
        key: str | None = None,
    ) -> None:
        self.max_stagnant_steps = max_stagnant_steps
        self.signature_fn = signature_fn or default_signature
        fn_name = getattr(self.signature_fn, "__qualname__", type(self.signature_fn).__name__)
        self.key = key or f"stagnation:{fn_name}:{max_stagnant_steps}"

    def should_stop(self, state: Any, step_count: int, runtime_info: dict[str, Any] | None = None) -> StopVerdict:
        # A digest keeps state.metrics JSON-serialisable whatever the signature holds.
        signature = hashlib.sha1(repr(self.signature_fn(state)).encode()).hexdigest()
        step = getattr(state, "current_step", step_count)
        entry = state.metrics.get(self.key)
        if entry is None or entry["signature"] != signature:
            entry = {"signature": signature, "count": 0, "step": step}
        elif entry["step"] != step:
            entry = {"signature": signature, "count": entry["count"] + 1, "step": step}
        state.metrics[self.key] = entry
        if entry["count"] >= self.max_stagnant_steps:
            return True, StopReason.STAGNATION, f"{entry['count']} steps without state change"
        return NO_STOP
