"""Re-judging a recorded task's steps, in order, under other stop settings — no tool and no model call.

At every recorded step the stop check runs in the engine's order on the state the step left:

1. what the recording decided before any criterion, at its last step only (a critic's stop, a cancel,
   an error, the policy stopping for its token or cost budget): facts of the recording, kept as they
   happened — a policy's budget stop only while the budget asked for is not larger than the recorded;
2. on a step the critics asked to retry (or that failed), only the hard budget;
3. the research criteria (risk, sufficiency, tool failure, no progress, the tool-call budget) with the
   settings asked for, on the cells ruled again when `min_sources` differs (`resettle.py`);
4. the hard budget: steps, time, tokens, cost, in task terms (`settings.py`).

Which recorded stop is a fact is found by judging the last step again with the recorded settings: a
stop those criteria do not give was decided before them.  A replay that does not stop by the last
recorded step says so: the recording ends there, and beyond it is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import StopCriteria
from engine.stop_reason import StopReason

from ..cell_rules import SettleRules
from ..state import ResearchState
from ..stop_rules import budget_criteria, research_criteria
from ..store.replay_log import LoggedStep
from .recording import NotReplayable, Recording
from .resettle import Resettler
from .settings import Figures, Limits, ReplaySettings, limits_for

__all__ = ["Replayed", "StopAt", "replay"]

_POLICY_BUDGETS = {StopReason.BUDGET_TOKENS: "max_tokens", StopReason.BUDGET_COST: "max_cost"}


@dataclass(frozen=True)
class StopAt:
    reason: StopReason
    detail: str


@dataclass
class Replayed:
    """Where a replay stops (`stop` None: not within the recording) and the state and totals there."""

    recording: Recording
    asked: ReplaySettings
    limits: Limits
    stop: StopAt | None
    step: int
    """The stop's step, or the recording's last step."""
    state: ResearchState
    """The state at `step`, its cells ruled under the settings asked for."""
    at: Figures
    end: Figures
    """The recording's totals at its last step."""


@dataclass
class _Judge:
    limits: Limits
    criteria: list[StopCriteria]
    budgets: list[StopCriteria]

    @classmethod
    def of(cls, limits: Limits) -> "_Judge":
        return cls(limits, research_criteria(limits.criteria), budget_criteria(limits.criteria))

    def __call__(self, state: ResearchState, fig: Figures, hard_only: bool) -> StopAt | None:
        info = {"elapsed_seconds": fig.seconds, "total_tokens": fig.tokens, "total_cost": fig.cost, "step_count": fig.step}
        for criterion in ([] if hard_only else self.criteria) + self.budgets:
            stop, reason, detail = criterion.should_stop(state, fig.step, info)
            if stop and reason is not None:
                return StopAt(StopReason(reason), detail or "")
        return None


def replay(recording: Recording, asked: ReplaySettings) -> Replayed:
    """Re-judge `recording` under `asked` (see the module docstring)."""
    own, limits = _limits(recording, ReplaySettings()), _limits(recording, asked)
    judge, own_judge = _Judge.of(limits), _Judge.of(own)
    resettler = Resettler(SettleRules(limits.criteria.min_sources)) if limits.resettles else None
    last: tuple[int, ResearchState, Figures] | None = None
    end = _end_figures(recording)
    for logged, state, touched in recording.steps_touched():
        if logged.facts is None and logged.step == 0:
            continue  # the task ended before its first step: nothing was judged
        fig = _figures(recording, logged, state)
        view = resettler.view(state, logged.step, touched) if resettler is not None else state
        hard_only = logged.facts is not None and logged.facts.hard_only
        stop = _fact(recording, logged, state, fig, own_judge, asked, own) or judge(view, fig, hard_only)
        if stop is not None:
            return Replayed(recording, asked, limits, stop, logged.step, view, fig, end)
        last = (logged.step, view, fig)
    if last is None:
        raise NotReplayable(f"task {recording.task.id} ended before its first step: there is no stop decision to replay")
    step, view, fig = last
    return Replayed(recording, asked, limits, None, step, view, fig, end)


def _limits(recording: Recording, asked: ReplaySettings) -> Limits:
    last = recording.runs[-1]
    return limits_for(asked, recording.settings[last.id], recording.usage_before(last), last.start_step,
                      recording.contract.min_sources)


def _fact(recording: Recording, logged: LoggedStep, state: ResearchState, fig: Figures, own_judge: _Judge,
          asked: ReplaySettings, own: Limits) -> StopAt | None:
    """The recording's last stop when it was decided before the criteria, and still holds under `asked`."""
    if logged.step != recording.last_step or not logged.stop_reason:
        return None
    recorded = StopAt(StopReason(logged.stop_reason), logged.stop_detail or "")
    hard_only = logged.facts is not None and logged.facts.hard_only
    judged = own_judge(state, fig, hard_only)
    if judged is not None and judged.reason == recorded.reason:
        return None  # the criteria gave it: they are judged again under `asked`
    budget = _POLICY_BUDGETS.get(recorded.reason)
    if budget is not None:
        wanted, had = getattr(asked, budget), getattr(own.criteria, budget)
        if wanted is not None and (had is None or wanted > had):
            return None  # a larger budget than the policy stopped at: the recording ends here
    return recorded


def _figures(recording: Recording, logged: LoggedStep, state: ResearchState) -> Figures:
    before = recording.usage_before(recording.run_of(logged))
    f = logged.facts
    return Figures(
        step=logged.step, tool_calls=state.progress.tool_calls,
        seconds=before.elapsed_seconds + (f.elapsed if f else 0.0),
        tokens=before.tokens + (f.tokens if f else 0), cost=before.cost + (f.cost if f else 0.0),
    )


def _end_figures(recording: Recording) -> Figures:
    """The recording's totals at its last step (what a completed run spends on its answer text afterwards
    is left out on both sides of a comparison)."""
    last = recording.steps[-1]
    run = recording.run_of(last)
    before = recording.usage_before(run)
    f = last.facts
    return Figures(
        step=last.step, tool_calls=before.tool_calls + run.usage.tool_calls,
        seconds=before.elapsed_seconds + (f.elapsed if f else run.usage.elapsed_seconds),
        tokens=before.tokens + (f.tokens if f else run.usage.tokens), cost=before.cost + (f.cost if f else run.usage.cost),
    )
