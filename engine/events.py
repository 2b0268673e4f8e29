"""`EngineEvent`: the typed runtime events the engine emits as a run goes.

One event per lifecycle point, in this order for each run:

    run_start
      step_start, decide, act, reduce, critic, check_stop, step_end   (per step)
      error                                   (when a step phase raises)
    run_end

`Engine.run` collects them in `EngineResult.events`, the `TraceWriter` appends
them to `events.jsonl`, and `AsyncEngine.arun_stream` yields them live.  The
stream always starts with `run_start` and ends with `run_end` (which is also
emitted, with `ok=False`, when an exception escapes the run).  Payloads are
small JSON-able dicts: names, statuses and reasons, never tool outputs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Literal

EventType = Literal[
    "run_start", "step_start", "decide", "act", "reduce", "critic", "check_stop", "step_end", "run_end", "error"
]
Phase = Literal["prepare", "decide", "act", "reduce", "critic", "check_stop", "trace", "hooks"]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


@dataclass
class EngineEvent:
    """One runtime event."""

    event_type: EventType
    """Which lifecycle point this is."""
    step_id: int
    """The step it belongs to (for run_start/run_end: the last completed step)."""
    agent_id: str | None = None
    """Name of the agent that ran the step."""
    phase: Phase | None = None
    """The phase that produced it (set on phase events and on `error`)."""
    ok: bool = True
    """False on `error` and on a `run_end` reached through an exception."""
    payload: dict[str, Any] = field(default_factory=dict)
    """Small JSON-able facts about the event (decision mode, tool statuses, stop reason…)."""
    error: str | None = None
    """"<ExcType>: message" when `ok` is False."""
    ts: str = field(default_factory=_now)
    """ISO 8601 UTC timestamp."""

    def to_dict(self) -> dict[str, Any]:
        """The event as a plain dict (the shape of an `events.jsonl` line)."""
        return {
            "event_type": self.event_type,
            "step_id": self.step_id,
            "agent_id": self.agent_id,
            "phase": self.phase,
            "ok": self.ok,
            "payload": self.payload,
            "error": self.error,
            "ts": self.ts,
        }
