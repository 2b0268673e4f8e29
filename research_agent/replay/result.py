"""What a replay tells a user, as one typed value (`--json` is its dump) and as text.

`replay_result` turns a `Replayed` into a `ReplayResult`: where the run would have stopped (or that it
would not have within the recording), why, the end kind, the table at that step, and the tool calls,
steps, tokens and cost that stop saves (or, negative, adds) against the recording.  `report_for` builds
the report the run would have written at that step, with `research report`'s builder.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..endings import end_kind_for
from ..report import build_report
from .replayer import Replayed
from .settings import Figures

__all__ = ["CellLine", "Ending", "ReplayResult", "Totals", "render_text", "replay_result", "report_for"]


class Ending(BaseModel):
    step: int
    end_kind: str
    stop_reason: str
    stop_detail: str | None = None


class Totals(BaseModel):
    """Task totals at a step (or, for `saves`, the recording's minus the replay's)."""

    steps: int
    tool_calls: int
    tokens: int
    cost: float
    seconds: float


class CellLine(BaseModel):
    cell: str
    status: str
    value: str | None
    independent_sources: int
    needed: str


class ReplayResult(BaseModel):
    task_id: str
    settings: str
    """The settings asked for (`min_sources=1`), or `as recorded`."""
    effective: dict[str, Any]
    """Every stop setting the replay applied (budgets in task terms)."""
    recording_ends: int
    """The last recorded step."""
    recorded: Ending | None
    """How the recording ended (None: the task never ended)."""
    replayed: Ending | None
    """Where the replay stops; None: not within the recording."""
    note: str | None
    at: Totals
    """Totals at the replay's stop (or at the recording's end)."""
    saves: Totals
    """The recording's totals minus `at`: what the earlier stop saves (negative: adds)."""
    cells: list[CellLine]


def _totals(f: Figures) -> Totals:
    return Totals(steps=f.step, tool_calls=f.tool_calls, tokens=f.tokens, cost=round(f.cost, 6), seconds=round(f.seconds, 3))


def replay_result(r: Replayed) -> ReplayResult:
    task = r.recording.task
    recorded = None
    if task.stop_reason:
        recorded = Ending(step=r.recording.last_step, end_kind=end_kind_for(task.stop_reason).value,
                          stop_reason=task.stop_reason, stop_detail=task.stop_detail)
    replayed, note = None, None
    if r.stop is not None:
        replayed = Ending(step=r.step, end_kind=end_kind_for(r.stop.reason).value, stop_reason=r.stop.reason.value,
                          stop_detail=r.stop.detail)
    else:
        note = f"the recording ends at step {r.recording.last_step}; beyond it is unknown"
    at, end = _totals(r.at), _totals(r.end)
    saves = Totals(steps=end.steps - at.steps, tool_calls=end.tool_calls - at.tool_calls, tokens=end.tokens - at.tokens,
                   cost=round(end.cost - at.cost, 6), seconds=round(end.seconds - at.seconds, 3))
    cells = [CellLine(cell=k, status=c.status, value=c.conclusion or c.value, independent_sources=c.independent_sources,
                      needed=c.needed) for k, c in r.state.cells.items()]
    return ReplayResult(task_id=task.id, settings=r.asked.label(), effective=r.limits.criteria.model_dump(),
                        recording_ends=r.recording.last_step, recorded=recorded, replayed=replayed, note=note, at=at,
                        saves=saves, cells=cells)


def report_for(r: Replayed) -> tuple[str, dict[str, Any]]:
    """The report (Markdown, JSON) the run would have written at the replay's stop; no answer text is
    written (that is a model call), so a completed report lists the confirmed values."""
    if r.stop is None:
        raise ValueError("the replay does not stop within the recording")
    usage = {"steps": r.at.step, "tool_calls": r.at.tool_calls, "tokens": r.at.tokens, "cost": round(r.at.cost, 6),
             "elapsed_seconds": round(r.at.seconds, 3)}
    return build_report(r.state, task_id=r.recording.task.id, end_kind=end_kind_for(r.stop.reason),
                        stop_reason=r.stop.reason, stop_detail=r.stop.detail, usage=usage, resume_command=None)


def render_text(result: ReplayResult) -> str:
    """The replay as a person reads it."""
    lines = [f"task {result.task_id}: replayed {result.recording_ends} recorded step(s) with {result.settings}"]
    rec = result.recorded
    lines.append(f"recorded: step {rec.step}, {rec.end_kind} ({rec.stop_reason})" if rec else
                 f"recorded: {result.recording_ends} step(s), the task never ended")
    if result.replayed is not None:
        e = result.replayed
        lines.append(f"replayed: stops at step {e.step}, {e.end_kind} ({e.stop_reason}: {e.stop_detail})")
    else:
        lines.append(f"replayed: no stop — {result.note}")
    s = result.saves
    if result.replayed is None:
        lines.append("against the recording: at least as many steps, tool calls, tokens and cost (the run goes on)")
    else:
        verb = "saves" if (s.tool_calls, s.steps) >= (0, 0) else "adds"
        lines.append(f"against the recording this stop {verb} {abs(s.steps)} step(s), {abs(s.tool_calls)} tool call(s), "
                     f"{abs(s.tokens)} token(s) and ${abs(s.cost):.4f}")
    lines.append(f"\nthe table at step {result.at.steps}:")
    width = max((len(c.cell) for c in result.cells), default=4)
    for c in result.cells:
        value = f" = {c.value}" if c.value else ""
        need = f" — needs {c.needed}" if c.needed and c.status != "confirmed" else ""
        lines.append(f"  {c.cell.ljust(width)}  {c.status:<11} {c.independent_sources} src{value}{need}")
    return "\n".join(lines) + "\n"
