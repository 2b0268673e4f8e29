"""The stop settings of a run and the criteria they make, shared by a run and its replay.

`StopSettings` is every setting a stop criterion reads: `min_sources` (through the cell rules), the
no-progress thresholds, the tool-call budget and the run's hard budget.  The composition root builds a
run's criteria from it (`research_criteria`, then the engine applies `budget_criteria`' limits itself);
the store keeps it per run (`Store.record_stop_settings`), and `research replay` builds the same
criteria from the recorded settings, or from the ones a user asks about.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from criteria.budget import ToolCallBudgetCriteria
from criteria.failure import ModelOutageCriteria, ToolFailureCriteria
from criteria.progress import NoProgressCriteria
from criteria.risk import RiskCriteria
from criteria.sufficiency import EvidenceSufficiencyCriteria
from engine import (
    FinalResultCriteria,
    MaxCostCriteria,
    MaxRuntimeCriteria,
    MaxStepsCriteria,
    MaxTokensCriteria,
    StagnationCriteria,
    StopCriteria,
)

from .config import ResearchConfig
from .contract import TaskContract

__all__ = ["Stopper", "StopSettings", "budget_criteria", "research_criteria", "settings_for"]

Stopper = Literal["evidence", "max_steps", "stagnation"]
"""The evidence stopper (every run), or one of the eval's baselines (max-steps only; stagnation + final)."""


class StopSettings(BaseModel):
    """Every setting a stop decision of one run reads; budgets are the run's own (a resume's remainder)."""

    model_config = ConfigDict(extra="forbid")

    stopper: Stopper = "evidence"
    min_sources: int = Field(default=2, ge=1, le=10)
    """Independent sources a value needs to be confirmed (the contract's)."""
    max_unchanged_steps: int = Field(default=20, ge=1)
    """Steps without a state change that end the run `no_new_evidence` (the stagnation net)."""
    max_duplicates: int = Field(default=3, ge=1)
    """Already-executed actions proposed in a row that end the run `duplicate_path`."""
    max_consecutive_failures: int = Field(default=6, ge=1)
    """Failures in a row of one tool that end the run `tool_unavailable`."""
    max_tool_calls: int | None = Field(default=None, ge=1)
    """Tool calls of the whole task."""
    max_steps: int | None = Field(default=None, ge=1)
    max_seconds: float | None = Field(default=None, gt=0)
    max_tokens: int | None = Field(default=None, ge=1)
    max_cost: float | None = Field(default=None, gt=0)


def settings_for(cfg: ResearchConfig, contract: TaskContract | None, stopper: Stopper, *, max_steps: int | None = None,
                 max_seconds: float | None = None, max_tokens: int | None = None,
                 max_cost: float | None = None) -> StopSettings:
    """A run's settings: the config's thresholds, the contract's `min_sources` and the run's budget."""
    return StopSettings(
        stopper=stopper, min_sources=contract.min_sources if contract is not None else 2, max_unchanged_steps=cfg.max_unchanged_steps,
        max_duplicates=cfg.max_duplicates, max_consecutive_failures=cfg.max_consecutive_failures,
        max_tool_calls=cfg.max_tool_calls, max_steps=max_steps, max_seconds=max_seconds, max_tokens=max_tokens,
        max_cost=max_cost,
    )


def research_criteria(settings: StopSettings) -> list[StopCriteria]:
    """The criteria a run checks after every step, in order, before the engine's hard budget."""
    tool_calls: list[StopCriteria] = [] if settings.max_tool_calls is None else [ToolCallBudgetCriteria(settings.max_tool_calls)]
    # a model that cannot be reached ends every stopper's run, the baselines' too: nothing can go on
    if settings.stopper == "max_steps":
        return [ModelOutageCriteria(), *tool_calls]
    if settings.stopper == "stagnation":
        return [ModelOutageCriteria(), FinalResultCriteria(), StagnationCriteria(max_stagnant_steps=3, signature_fn=_signature),
                *tool_calls]
    return [
        RiskCriteria(),
        ModelOutageCriteria(),
        EvidenceSufficiencyCriteria(),
        ToolFailureCriteria(settings.max_consecutive_failures),
        NoProgressCriteria(settings.max_unchanged_steps, settings.max_duplicates),
        *tool_calls,
    ]


def _signature(state: object) -> str:
    return state.signature()  # type: ignore[attr-defined]


def budget_criteria(settings: StopSettings) -> list[StopCriteria]:
    """The engine's hard limits, in the order it checks them: steps, time, tokens, cost."""
    out: list[StopCriteria] = []
    if settings.max_steps is not None:
        out.append(MaxStepsCriteria(settings.max_steps))
    if settings.max_seconds is not None:
        out.append(MaxRuntimeCriteria(settings.max_seconds))
    if settings.max_tokens is not None:
        out.append(MaxTokensCriteria(settings.max_tokens))
    if settings.max_cost is not None:
        out.append(MaxCostCriteria(settings.max_cost))
    return out
