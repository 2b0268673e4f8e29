"""Per-run measurements and their aggregation into the eval tables.

Definitions (documented in evalsets/README.md):

* end-kind accuracy — the run ended with the case's expected end kind;
* completion rate — the run ended `completed`;
* premature stop — ended `completed` while a cell the case expects
  `confirmed` was not confirmed by `min_sources` independent sources;
* invalid-action rate — executed tool calls that added no fact, closed no
  gap and opened no new lead (a search with no new relevant result, a page
  with no new finding, a failed call), over all executed calls;
* duplicate-query rate — executed searches whose normalised key had already
  run, over executed searches (refused duplicates cost nothing and are not
  counted as executed);
* duplicate-source rate — opened pages that fell into a fingerprint cluster
  already read, over opened pages;
* duplicate-search ratio — proposed searches (run or refused) whose
  normalised key had already run, over proposed searches: how often the
  policy tried to repeat itself, which the refusals hide from the rate above;
* overrun — tool calls run after the last change of the research state
  (`ProgressCounters.last_change_step`) up to the stop: what a run spent
  once it had stopped learning (mean per case);
* budget-exhaustion rate — ended `budget_exhausted`;
* partial-report usability — runs that did not complete whose report holds
  all five parts (read from the report's typed facts, `ReportFacts.parts_present`),
  over such runs;
* cell accuracy — expected cell statuses met;
* wrong confirmations — confirmed cells whose value is not stated, for that
  object, by every quote behind it, or (real-data cases with a `gold.json`)
  equals one of the question's `wrong_answers` (`support.wrong_confirmations`).
  A wrong confirmation makes the run incorrect.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pydantic import BaseModel

from ..report_facts import ReportFacts
from ..state import ResearchState
from .realdata_score import load_gold, score_realdata
from .support import wrong_confirmations


class CaseFacts(BaseModel):
    """What scoring reads of a case: kept with an eval's recording, so a replay scores without the case folder."""

    id: str
    category: str
    expected: str
    """The expected end kind."""
    cells: dict[str, str] = {}
    """Expected status per cell."""
    max_tool_calls: int | None = None
    gold: dict[str, Any] | None = None
    """The case's gold.json (real-data cases), if any."""

    @classmethod
    def of(cls, case: Any) -> "CaseFacts":
        return cls(id=case.id, category=case.category, expected=str(case.expect.end_kind), cells=dict(case.expect.cells),
                   max_tool_calls=case.expect.max_tool_calls, gold=load_gold(case.root))


@dataclass(frozen=True)
class Ended:
    """How a run ended, as scoring reads it: a run's `compose.Outcome`, or a replay's stop."""

    state: ResearchState
    end_kind: str
    stop_reason: str | None
    stop_detail: str | None
    report: ReportFacts | None
    """The report's typed facts (None: no report was written, e.g. a replay that never stopped)."""
    tokens: int = 0
    cost: float = 0.0

    @classmethod
    def of_outcome(cls, outcome: Any) -> "Ended":
        usage = outcome.usage
        return cls(outcome.state, outcome.end_kind.value, outcome.stop_reason, outcome.stop_detail,
                   ReportFacts.model_validate(outcome.report_json),
                   int(usage.get("tokens", 0) or 0), float(usage.get("cost", 0.0) or 0.0))


@dataclass
class RunMetrics:
    case: str
    category: str
    stopper: str
    expected: str
    end_kind: str
    stop_reason: str | None
    stop_detail: str | None
    correct: bool
    premature: bool
    tool_calls: int
    steps: int
    invalid_actions: int
    searches: int
    duplicate_queries: int
    opened: int
    duplicate_sources: int
    partial: bool
    report_usable: bool | None
    cells_expected: int
    cells_matched: int
    seconds: float
    tool_call_bound_ok: bool | None = None
    model_calls: int = 0
    rejected_outputs: int = 0
    """Model answers the LLM policy rejected as invalid (each retried or failing the step)."""
    rejected_findings: int = 0
    """Findings rejected because the quote is not on the page (or names no cell)."""
    tokens: int = 0
    cost: float = 0.0
    error: str | None = None
    mismatched_cells: dict[str, str] = field(default_factory=dict)
    wrong_confirmations: int = 0
    wrong_cells: list[str] = field(default_factory=list)
    """The wrongly confirmed cells, each "Object/dimension = value (reason)"."""
    realdata: dict | None = None
    """Real-data scores (`realdata_score.score_realdata`) when the case has a gold.json."""
    overrun: int = 0
    """Tool calls run after the last state change, up to the stop."""
    proposed_searches: int = 0
    """Searches the policy proposed (run or refused)."""
    duplicate_searches: int = 0
    """Proposed searches whose normalised key had already run."""
    beyond_recording: bool = False
    """A replay that did not stop within the recording (its figures are the recording's end)."""

    def to_dict(self) -> dict:
        return asdict(self)


def measure(case: Any, stopper: str, outcome: Any, seconds: float, oracle: dict | None = None) -> RunMetrics:
    """A run's metrics (`case` an `EvalCase`, `outcome` a `compose.Outcome`); `oracle`: the perfect reader's
    offers scored (`oracle_score`), kept under `realdata`."""
    ended = Ended.of_outcome(outcome)
    metrics = score(CaseFacts.of(case), stopper, ended, seconds)
    gold = load_gold(case.root)
    metrics.realdata = None if gold is None else score_realdata(gold, ended.state, outcome)
    if metrics.realdata is not None and oracle is not None:
        metrics.realdata["oracle"] = oracle
    return metrics


def score(case: CaseFacts, stopper: str, ended: Ended, seconds: float) -> RunMetrics:
    """The metrics of a run (or a replay's stop) of `case` that ended as `ended`."""
    state, end_kind = ended.state, ended.end_kind
    executed = [a for a in state.actions if a.status in ("ok", "error")]
    searches = [a for a in executed if a.tool == "search" and a.status == "ok"]
    seen: set[str] = set()
    dup_queries = 0
    for a in searches:
        dup_queries += a.key in seen
        seen.add(a.key)
    proposed, dup_searches = _duplicate_searches(state)
    last_change = state.progress.last_change_step
    matched, mismatched, premature = _cells(case, state, end_kind)
    partial = end_kind != "completed"
    usable = (ended.report is not None and all(ended.report.parts_present().values())) if partial else None
    gold = case.gold
    wrong = wrong_confirmations(state, gold.get("wrong_answers"), gold.get("gold_answers")) if gold is not None else wrong_confirmations(state)
    return RunMetrics(
        case=case.id, category=case.category, stopper=stopper, expected=case.expected,
        end_kind=end_kind, stop_reason=ended.stop_reason, stop_detail=ended.stop_detail,
        correct=False, premature=premature, tool_calls=state.progress.tool_calls, steps=state.current_step,
        invalid_actions=sum(1 for a in executed if not (a.new_evidence or a.new_leads)), searches=len(searches),
        duplicate_queries=dup_queries, opened=sum(1 for s in state.sources.values() if s.opened),
        duplicate_sources=state.progress.duplicate_sources, partial=partial, report_usable=usable,
        cells_expected=len(case.cells), cells_matched=matched, seconds=round(seconds, 2),
        tool_call_bound_ok=None if case.max_tool_calls is None else state.progress.tool_calls <= case.max_tool_calls,
        model_calls=state.counters.get("model_calls", 0), rejected_outputs=state.counters.get("rejected_outputs", 0),
        rejected_findings=state.progress.rejected_findings, tokens=ended.tokens, cost=ended.cost,
        mismatched_cells=mismatched, wrong_confirmations=len(wrong),
        wrong_cells=[f"{w.cell} = {w.value} ({w.reason})" for w in wrong],
        overrun=sum(1 for a in executed if a.step > last_change), proposed_searches=proposed,
        duplicate_searches=dup_searches,
    )


def is_correct(m: RunMetrics) -> bool:
    """The evidence stopper: the expected end kind, every expected cell, within the tool-call bound, no wrong
    confirmation; a baseline: the expected end kind."""
    if m.stopper in ("max_steps", "stagnation"):
        return m.end_kind == m.expected
    return (m.end_kind == m.expected and not m.mismatched_cells and m.tool_call_bound_ok is not False
            and m.wrong_confirmations == 0)


def _duplicate_searches(state: ResearchState) -> tuple[int, int]:
    """(searches proposed, those whose normalised key had already run)."""
    ran: set[str] = set()
    proposed = dup = 0
    for a in state.actions:
        if a.tool != "search":
            continue
        proposed += 1
        dup += a.key in ran
        if a.status in ("ok", "error") and not a.transient:
            ran.add(a.key)
    return proposed, dup


def _cells(case: CaseFacts, state: ResearchState, end_kind: str) -> tuple[int, dict[str, str], bool]:
    """(expected cells met, the others with their status, whether a `completed` stop was premature: a cell
    the case expects confirmed is not, or rests on fewer independent sources than the contract asks)."""
    need = state.task_contract.min_sources
    matched, premature = 0, False
    mismatched: dict[str, str] = {}
    for key, want in case.cells.items():
        cell = state.cells.get(key)
        got: str = cell.status if cell else "missing"
        if got == want:
            matched += 1
        else:
            mismatched[key] = got
        if end_kind == "completed" and want == "confirmed":
            premature |= cell is None or cell.status != "confirmed" or cell.independent_sources < need
    return matched, mismatched, premature


COLUMNS = (
    ("cases", "n"),
    ("end-kind acc", "accuracy"),
    ("completed", "completion"),
    ("premature", "premature"),
    ("invalid act", "invalid"),
    ("dup query", "dup_query"),
    ("dup source", "dup_source"),
    ("budget exh", "budget"),
    ("report ok", "usable"),
    ("cells ok", "cells"),
    ("wrong conf", "wrong_confirmations"),
    ("overrun", "overrun"),
    ("dup search", "dup_search"),
    ("tool calls", "tool_calls"),
    ("steps", "steps"),
)


def _rate(num: float, den: float) -> float | None:
    return None if den == 0 else num / den


def aggregate(rows: list[RunMetrics]) -> dict:
    n = len(rows)
    partial = [r for r in rows if r.partial]
    executed = sum(r.tool_calls for r in rows)
    return {
        "n": n,
        "accuracy": _rate(sum(r.correct for r in rows), n),
        "completion": _rate(sum(r.end_kind == "completed" for r in rows), n),
        "premature": _rate(sum(r.premature for r in rows), n),
        "invalid": _rate(sum(r.invalid_actions for r in rows), executed),
        "dup_query": _rate(sum(r.duplicate_queries for r in rows), sum(r.searches for r in rows)),
        "dup_source": _rate(sum(r.duplicate_sources for r in rows), sum(r.opened for r in rows)),
        "budget": _rate(sum(r.end_kind == "budget_exhausted" for r in rows), n),
        "usable": _rate(sum(bool(r.report_usable) for r in partial), len(partial)),
        "cells": _rate(sum(r.cells_matched for r in rows), sum(r.cells_expected for r in rows)),
        "tool_calls": _rate(executed, n),
        "steps": _rate(sum(r.steps for r in rows), n),
        "duplicate_queries_executed": sum(r.duplicate_queries for r in rows),
        "premature_stops": sum(r.premature for r in rows),
        "wrong_confirmations": sum(r.wrong_confirmations for r in rows),
        "model_calls": _rate(sum(r.model_calls for r in rows), n),
        "tokens": _rate(sum(r.tokens for r in rows), n),
        "rejected_outputs": sum(r.rejected_outputs for r in rows),
        "rejected_findings": sum(r.rejected_findings for r in rows),
        "overrun": _rate(sum(r.overrun for r in rows), n),
        "dup_search": _rate(sum(r.duplicate_searches for r in rows), sum(r.proposed_searches for r in rows)),
        "cost": _rate(sum(r.cost for r in rows), n),
        "beyond": sum(r.beyond_recording for r in rows),
    }


def fmt(value: float | None, key: str) -> str:
    if value is None:
        return "–"
    if key in ("n", "wrong_confirmations", "beyond"):
        return str(int(value))
    if key in ("tool_calls", "steps", "overrun", "tokens"):
        return f"{value:.1f}"
    if key == "cost":
        return f"${value:.4f}"
    return f"{value:.0%}"
