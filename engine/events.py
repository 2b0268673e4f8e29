"""`EngineEvent`: the typed runtime events the engine emits as a run goes.

One event per lifecycle point, in this order for each run:

    run_start
      step_start, decide, act, reduce, critic, check_stop, step_end   (per step)
      error                                   (when a step phase raises)
    run_end

`Engine.run` collects them in `EngineResult.events`, the `TraceWriter` appends
them to `events.jsonl`, hooks see them in `EngineHook.on_event`, and
`AsyncEngine.arun_stream` yields them live.  The stream always starts with
`run_start` and ends with `run_end` (which is also emitted, with `ok=False`,
when an exception escapes the run).

`EngineEvent` is a discriminated union (after Inspect AI's event union): one
pydantic model per kind, told apart by the `event_type` literal, each with its
own typed `payload` model — names, statuses and reasons, never tool outputs.
An `events.jsonl` line is `to_dict()`: `event_type, step_id, agent_id, phase,
ok, payload, error, ts`, the same shape the untyped events had, so `parse_event`
reads lines written before the union existed.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .stop_reason import StopReason

EventType = Literal[
    "run_start", "step_start", "decide", "act", "reduce", "critic", "check_stop", "step_end", "run_end", "error"
]
Phase = Literal["prepare", "decide", "act", "reduce", "critic", "check_stop", "trace", "hooks"]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


# --- payloads ----------------------------------------------------------------


class _Payload(BaseModel):
    model_config = ConfigDict(frozen=True)


class NoPayload(_Payload):
    """step_start, reduce and error carry no facts beyond the common fields."""


_NO_PAYLOAD = NoPayload()  # frozen: one shared instance


class RunStartPayload(_Payload):
    run_id: str
    task_id: str
    objective: str


class DecidePayload(_Payload):
    mode: str
    """act, final or wait."""
    actions: list[str] = Field(default_factory=list)
    """The names of the tools the decision calls, in order."""


class ActionStatus(_Payload):
    name: str
    status: str


class ActPayload(_Payload):
    results: list[ActionStatus] = Field(default_factory=list)


class CriticPayload(_Payload):
    action: str
    """The combined verdict: accept, retry or stop."""
    count: int
    """How many critics judged the step."""


class CheckStopPayload(_Payload):
    stop: bool
    reason: StopReason | None = None
    detail: str | None = None


class StepEndPayload(_Payload):
    stop_reason: StopReason | None = None
    error: str | None = None


class RunEndPayload(_Payload):
    stop_reason: StopReason | None = None
    stop_detail: str | None = None
    status: str
    """The manifest status (the engine's `status_of`, by default `statuses.run_status`)."""
    steps: int
    """Steps run by this `run()` call."""


# --- events ------------------------------------------------------------------

_LINE_ORDER = ("event_type", "step_id", "agent_id", "phase", "ok", "payload", "error", "ts")


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    step_id: int
    """The step it belongs to (for run_start/run_end: the last completed step)."""
    agent_id: str | None = None
    """Name of the agent that ran the step."""
    phase: Phase | None = None
    """The phase that produced it (set on phase events and on `error`)."""
    ok: bool = True
    """False on `error` and on a `run_end` reached through an exception."""
    error: str | None = None
    """"<ExcType>: message" when `ok` is False."""
    ts: str = Field(default_factory=_now)
    """ISO 8601 UTC timestamp."""

    def to_dict(self) -> dict[str, Any]:
        """The event as a JSON-able dict: the shape of an `events.jsonl` line."""
        data = self.model_dump(mode="json")
        return {key: data[key] for key in _LINE_ORDER}


class RunStartEvent(_Event):
    event_type: Literal["run_start"] = "run_start"
    payload: RunStartPayload


class StepStartEvent(_Event):
    event_type: Literal["step_start"] = "step_start"
    payload: NoPayload = _NO_PAYLOAD


class DecideEvent(_Event):
    event_type: Literal["decide"] = "decide"
    phase: Phase | None = "decide"
    payload: DecidePayload


class ActEvent(_Event):
    event_type: Literal["act"] = "act"
    phase: Phase | None = "act"
    payload: ActPayload


class ReduceEvent(_Event):
    event_type: Literal["reduce"] = "reduce"
    phase: Phase | None = "reduce"
    payload: NoPayload = _NO_PAYLOAD


class CriticEvent(_Event):
    event_type: Literal["critic"] = "critic"
    phase: Phase | None = "critic"
    payload: CriticPayload


class CheckStopEvent(_Event):
    event_type: Literal["check_stop"] = "check_stop"
    phase: Phase | None = "check_stop"
    payload: CheckStopPayload


class StepEndEvent(_Event):
    event_type: Literal["step_end"] = "step_end"
    payload: StepEndPayload


class RunEndEvent(_Event):
    event_type: Literal["run_end"] = "run_end"
    payload: RunEndPayload


class ErrorEvent(_Event):
    event_type: Literal["error"] = "error"
    ok: bool = False
    payload: NoPayload = _NO_PAYLOAD


EngineEvent = Annotated[
    Union[
        RunStartEvent, StepStartEvent, DecideEvent, ActEvent, ReduceEvent,
        CriticEvent, CheckStopEvent, StepEndEvent, RunEndEvent, ErrorEvent,
    ],
    Field(discriminator="event_type"),
]
"""Any one engine event; `event_type` says which model it is."""

_ADAPTER: TypeAdapter[EngineEvent] = TypeAdapter(EngineEvent)


def parse_event(line: dict[str, Any] | str | bytes) -> EngineEvent:
    """An `events.jsonl` line (a dict or its JSON text) as its typed event.

    Raises `pydantic.ValidationError` on a line that is no engine event."""
    if isinstance(line, dict):
        return _ADAPTER.validate_python(line)
    return _ADAPTER.validate_json(line)
