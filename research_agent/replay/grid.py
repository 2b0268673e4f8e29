"""`research eval --replay RUN --grid min_sources=1,2,3 stagnation=2,3,5`: a recorded eval re-judged over a grid.

Every point of the grid (the product of the values given) re-judges every recorded case of the evidence
stopper (`replayer.replay`) and scores where it stops with the eval's own metrics (`evals.metrics.score`),
so the table per setting reads like `research eval`'s: end-kind accuracy, premature stops, tool calls,
cost, and the stopping article's overrun, duplicate-search and invalid-action figures, overall and by
category.  A case whose replay does not stop within its recording counts as not correct and is counted
in `beyond rec.`: its figures are the recording's end, a lower bound.  Each case's recording is read
once and replayed at every point; nothing calls a tool or a model.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..endings import end_kind_for
from ..evals.metrics import Ended, RunMetrics, aggregate, fmt, is_correct, score
from ..evals.recorded import EvalReplayError, RecordedCase
from ..report import report_facts
from ..config import ResearchConfig
from ..construct import open_store
from .recording import NotReplayable, Recording
from .replayer import Replayed, replay
from .settings import ReplaySettings

__all__ = ["GRID_KEYS", "GridError", "grid_points", "replay_grid", "tradeoff_table"]

GRID_KEYS = {
    "min_sources": "min_sources", "stagnation": "max_unchanged_steps", "max_unchanged_steps": "max_unchanged_steps",
    "duplicates": "max_duplicates", "max_duplicates": "max_duplicates", "failures": "max_consecutive_failures",
    "max_consecutive_failures": "max_consecutive_failures", "max_steps": "max_steps", "max_tool_calls": "max_tool_calls",
    "max_seconds": "max_seconds", "max_tokens": "max_tokens", "max_cost": "max_cost",
}
"""Grid names → `ReplaySettings` fields (`stagnation` is the no-progress net, `max_unchanged_steps`)."""

TRADEOFF = (
    ("cases", "n"), ("end-kind acc", "accuracy"), ("premature", "premature"), ("beyond rec.", "beyond"),
    ("tool calls", "tool_calls"), ("tokens", "tokens"), ("cost", "cost"), ("overrun", "overrun"),
    ("dup search", "dup_search"), ("invalid act", "invalid"), ("completed", "completion"), ("budget exh", "budget"),
)


class GridError(ValueError):
    """A grid that cannot be read; the message names the part and the fix."""


def grid_points(specs: list[str]) -> list[ReplaySettings]:
    """`["min_sources=1,2,3", "stagnation=2,3,5"]` → the 9 settings of their product (as recorded: none given)."""
    axes: list[list[tuple[str, str]]] = []
    for spec in specs:
        name, sep, values = spec.partition("=")
        field = GRID_KEYS.get(name.strip())
        if not sep or field is None or not values.strip():
            known = ", ".join(sorted(GRID_KEYS))
            raise GridError(f"--grid {spec!r}: write NAME=V1,V2,… with NAME one of {known}")
        axes.append([(field, v.strip()) for v in values.split(",") if v.strip()])
    points = []
    for combo in itertools.product(*axes):
        try:
            points.append(ReplaySettings.model_validate(dict(combo)))
        except ValueError as exc:
            raise GridError(f"--grid: {dict(combo)} is not a valid setting ({_first_error(exc)})") from exc
    return points or [ReplaySettings()]


def _first_error(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        return f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"
    return str(exc)


@dataclass
class _Case:
    recorded: RecordedCase
    recording: Recording


def replay_grid(folder: Path, cases: list[RecordedCase], points: list[ReplaySettings]) -> list[RunMetrics]:
    """Every evidence-stopper case of a recorded eval, re-judged at every point: one `RunMetrics` each,
    its `stopper` field the point's label."""
    loaded = [_load(folder, c) for c in cases if c.stopper == "evidence"]
    if not loaded:
        raise EvalReplayError(f"{folder} holds no recorded run of the evidence stopper to replay")
    return [_scored(case, point, _replayed(case, point)) for point in points for case in loaded]


def _replayed(case: _Case, point: ReplaySettings) -> Replayed:
    try:
        return replay(case.recording, point)
    except NotReplayable as exc:
        raise EvalReplayError(f"{case.recorded.facts.id}: {exc}") from exc


def _load(folder: Path, case: RecordedCase) -> _Case:
    db = folder / case.db
    if not db.is_file():
        raise EvalReplayError(f"{db} is missing; record the eval again")
    with open_store(ResearchConfig.model_validate({"db": db})) as store:
        try:
            return _Case(case, Recording.load(store, case.task_id))
        except NotReplayable as exc:
            raise EvalReplayError(f"{case.facts.id}: {exc}") from exc


def _scored(case: _Case, point: ReplaySettings, r: Replayed) -> RunMetrics:
    reason = r.stop.reason if r.stop is not None else None
    end_kind = end_kind_for(reason).value if reason is not None else "unknown"
    facts = None
    if reason is not None and end_kind != "completed":
        usage = {"steps": r.at.step, "tool_calls": r.at.tool_calls, "tokens": r.at.tokens, "cost": r.at.cost}
        facts = report_facts(r.state, task_id=case.recorded.task_id, end_kind=end_kind_for(reason),
                             stop_reason=reason, stop_detail=r.stop.detail if r.stop else None, usage=usage,
                             resume_command=None, answer_text=None)
    ended = Ended(r.state, end_kind, reason.value if reason else None, r.stop.detail if r.stop else None, facts,
                  r.at.tokens, r.at.cost)
    metrics = score(case.recorded.facts, point.label(), ended, 0.0)
    metrics.beyond_recording = r.stop is None
    metrics.partial = end_kind != "completed"
    metrics.report_usable = metrics.report_usable if r.stop is not None else None
    metrics.correct = r.stop is not None and is_correct(metrics)
    return metrics


def by_setting(results: list[RunMetrics]) -> dict[str, dict[str, dict]]:
    """setting label → category (and `overall`) → aggregated metrics."""
    out: dict[str, dict[str, dict]] = {}
    for label in dict.fromkeys(r.stopper for r in results):
        rows = [r for r in results if r.stopper == label]
        cats: dict[str, list[RunMetrics]] = {}
        for r in rows:
            cats.setdefault(r.category, []).append(r)
        groups = {cat: aggregate(rs) for cat, rs in sorted(cats.items())}
        groups["overall"] = aggregate(rows)
        out[label] = groups
    return out


def tradeoff_table(title: str, rows: dict[str, dict], first: str = "setting") -> str:
    """One aligned table: a row per setting (or category), the trade-off columns."""
    head = [first] + [c for c, _ in TRADEOFF]
    body = [[name] + [fmt(agg.get(key), key) for _, key in TRADEOFF] for name, agg in rows.items()]
    widths = [max(len(str(r[i])) for r in [head, *body]) for i in range(len(head))]
    line = lambda r: "  ".join(str(v).ljust(w) for v, w in zip(r, widths))  # noqa: E731
    return "\n".join([title, line(head), line(["-" * w for w in widths]), *map(line, body)])


def run_grid(run: str, specs: list[str], *, out, json_path: Path | None = None) -> dict:
    """Replay the recorded eval `run` over the grid `specs`, print the tables to `out`; returns the JSON-able result."""
    import json
    import time

    from ..evals.recorded import find_recording

    started = time.monotonic()
    points = grid_points(specs)
    folder, manifest = find_recording(run)
    results = replay_grid(folder, manifest.cases, points)
    summary = by_setting(results)
    n = len(results) // len(points)
    print(tradeoff_table(f"== recorded eval {manifest.id} ({manifest.model}), {n} cases, re-judged per setting ==",
                         {label: groups["overall"] for label, groups in summary.items()}), file=out)
    for label, groups in summary.items():
        print("\n" + tradeoff_table(f"== {label} ==", groups, first="category"), file=out)
    print(f"\n{len(points)} setting(s) × {n} case(s) replayed in {time.monotonic() - started:.2f}s "
          "(no tool or model call)", file=out)
    data: dict[str, Any] = {"recording": manifest.id, "settings": [p.label() for p in points], "summary": summary,
                            "runs": [r.to_dict() for r in results] if manifest.split != "test" else []}
    if manifest.split == "test":  # a test part's per-case rows are never shown (docs/splits.md)
        data["runs_withheld"] = len(results)
    if json_path is not None:
        json_path.write_text(json.dumps(data, indent=2, default=str), encoding="utf-8")
    return data
