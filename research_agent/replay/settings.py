"""What a replay asks: the stop settings to re-judge a recording under, and the figures they compare.

`ReplaySettings` holds the settings a user changes (`--min-sources 1`, `--max-steps 10`, a grid point);
a setting left None stays as recorded.  `Limits` is what the replay then applies, in task terms: a
budget counts the whole task (steps, tool calls, seconds, tokens, cost since its first run), so a
recorded limit is the last run's, added to what the runs before it used — for a task run once, exactly
the run's own.  `Figures` are a step's task totals, which the budgets read and a stop saves or adds.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from ..stop_rules import StopSettings
from ..store.records import RunUsage

__all__ = ["BUDGET_KEYS", "Figures", "Limits", "ReplaySettings", "limits_for"]

BUDGET_KEYS = ("max_steps", "max_tool_calls", "max_seconds", "max_tokens", "max_cost")


class ReplaySettings(BaseModel):
    """Settings to re-judge a recording under; None: as recorded."""

    model_config = ConfigDict(extra="forbid")

    min_sources: int | None = Field(default=None, ge=1, le=10)
    max_unchanged_steps: int | None = Field(default=None, ge=1)
    """The stagnation net: steps without a state change that end the run `no_new_evidence`."""
    max_duplicates: int | None = Field(default=None, ge=1)
    max_consecutive_failures: int | None = Field(default=None, ge=1)
    max_steps: int | None = Field(default=None, ge=1)
    max_tool_calls: int | None = Field(default=None, ge=1)
    max_seconds: float | None = Field(default=None, gt=0)
    max_tokens: int | None = Field(default=None, ge=1)
    max_cost: float | None = Field(default=None, gt=0)

    def label(self) -> str:
        """`min_sources=1 max_unchanged_steps=3`, or `as recorded`."""
        given = {k: v for k, v in self.model_dump().items() if v is not None}
        return " ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in given.items()) or "as recorded"


@dataclass(frozen=True)
class Figures:
    """A step's task totals."""

    step: int
    tool_calls: int
    seconds: float
    tokens: int
    cost: float


@dataclass(frozen=True)
class Limits:
    """The settings a replay applies (budgets in task terms)."""

    criteria: StopSettings
    """The criteria's settings (`min_sources`, the no-progress thresholds); its budgets are the task's."""
    recorded_min_sources: int

    @property
    def resettles(self) -> bool:
        """Cells must be ruled again: `min_sources` differs from the recording's."""
        return self.criteria.min_sources != self.recorded_min_sources


def limits_for(asked: ReplaySettings, last_run: StopSettings, before_last: RunUsage, last_start_step: int,
               recorded_min_sources: int) -> Limits:
    """`asked` over the recording's settings: the last run's, its budgets moved into task terms."""

    def task(limit: float | int | None, used: float | int) -> float | int | None:
        return None if limit is None else limit + used

    recorded = {
        "max_steps": task(last_run.max_steps, last_start_step),
        "max_tool_calls": last_run.max_tool_calls,  # counted over the task already
        "max_seconds": task(last_run.max_seconds, before_last.elapsed_seconds),
        "max_tokens": task(last_run.max_tokens, before_last.tokens),
        "max_cost": task(last_run.max_cost, before_last.cost),
    }
    merged = {**last_run.model_dump(), **recorded}
    merged.update({k: v for k, v in asked.model_dump().items() if v is not None})
    return Limits(StopSettings.model_validate(merged), recorded_min_sources)
