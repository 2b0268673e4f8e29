"""Typed events: one model per kind, the same on disk, to hooks and in the result; old lines still read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine_testkit import CountingAgent, read_jsonl
from pydantic import ValidationError

from engine import Engine, EngineHook, StopReason, TraceWriter
from engine.events import (
    ActEvent,
    CheckStopEvent,
    DecideEvent,
    ErrorEvent,
    RunEndEvent,
    RunStartEvent,
    parse_event,
)

# Lines as the untyped engine (payload: dict[str, Any]) wrote them, before the union existed.
OLD_LINES = [
    '{"event_type": "run_start", "step_id": 0, "agent_id": "ResearchAgent", "phase": null, "ok": true, '
    '"payload": {"run_id": "r1", "task_id": "t1", "objective": "Who founded Okapi Boards?"}, "error": null, '
    '"ts": "2026-11-30T09:00:00+00:00"}',
    '{"event_type": "decide", "step_id": 1, "agent_id": "ResearchAgent", "phase": "decide", "ok": true, '
    '"payload": {"mode": "act", "actions": ["search"]}, "error": null, "ts": "2026-11-30T09:00:01+00:00"}',
    '{"event_type": "act", "step_id": 1, "agent_id": "ResearchAgent", "phase": "act", "ok": true, '
    '"payload": {"results": [{"name": "search", "status": "ok"}]}, "error": null, "ts": "2026-11-30T09:00:02+00:00"}',
    '{"event_type": "error", "step_id": 1, "agent_id": "ResearchAgent", "phase": "reduce", "ok": false, '
    '"payload": {}, "error": "ValueError: bad page", "ts": "2026-11-30T09:00:03+00:00"}',
    '{"event_type": "check_stop", "step_id": 1, "agent_id": "ResearchAgent", "phase": "check_stop", "ok": true, '
    '"payload": {"stop": true, "reason": "no_new_evidence", "detail": "3 steps unchanged"}, "error": null, '
    '"ts": "2026-11-30T09:00:04+00:00"}',
    '{"event_type": "run_end", "step_id": 1, "agent_id": "ResearchAgent", "phase": null, "ok": true, '
    '"payload": {"stop_reason": "no_new_evidence", "stop_detail": "3 steps unchanged", "status": "stopped", '
    '"steps": 1}, "error": null, "ts": "2026-11-30T09:00:05+00:00"}',
]


def test_lines_written_before_the_union_read_as_typed_events():
    events = [parse_event(line) for line in OLD_LINES]
    assert [type(e) for e in events] == [RunStartEvent, DecideEvent, ActEvent, ErrorEvent, CheckStopEvent, RunEndEvent]
    start, decide, act, error, check, end = events
    assert start.payload.objective == "Who founded Okapi Boards?"
    assert decide.payload.actions == ["search"] and act.payload.results[0].status == "ok"
    assert not error.ok and error.error == "ValueError: bad page" and error.phase == "reduce"
    assert check.payload.reason is StopReason.NO_NEW_EVIDENCE
    assert end.payload.status == "stopped" and end.payload.steps == 1


def test_an_unknown_kind_or_a_wrong_payload_is_refused():
    with pytest.raises(ValidationError):
        parse_event({"event_type": "teleport", "step_id": 1, "payload": {}})
    with pytest.raises(ValidationError):  # a decide event needs its mode
        parse_event({"event_type": "decide", "step_id": 1, "payload": {"actions": []}})


class Watcher(EngineHook):
    def __init__(self) -> None:
        self.seen: list[Any] = []

    def on_event(self, event: Any) -> None:
        self.seen.append(event)


def test_trace_hooks_and_result_see_the_same_typed_events(tmp_path: Path):
    watcher = Watcher()
    result = Engine(CountingAgent(target=2), trace_writer=TraceWriter(tmp_path), hooks=[watcher]).run("count", run_id="r")
    on_disk = [parse_event(line) for line in read_jsonl(tmp_path / "r" / "events.jsonl")]

    assert watcher.seen == result.events == on_disk
    end = result.events[-1]
    assert isinstance(end, RunEndEvent) and end.payload.stop_reason is StopReason.FINAL
    assert end.payload.status == "completed" and end.payload.steps == 3
    decides = [e for e in result.events if isinstance(e, DecideEvent)]
    assert [e.payload.mode for e in decides] == ["act", "act", "final"]
    assert [e.payload.actions for e in decides][0] == ["count"]


def test_an_event_line_keeps_the_old_shape(tmp_path: Path):
    Engine(CountingAgent(target=1), trace_writer=TraceWriter(tmp_path)).run("count", run_id="r")
    lines = read_jsonl(tmp_path / "r" / "events.jsonl")
    assert all(list(line) == ["event_type", "step_id", "agent_id", "phase", "ok", "payload", "error", "ts"] for line in lines)
    check = [line for line in lines if line["event_type"] == "check_stop"][-1]
    assert check["payload"] == {"stop": True, "reason": "final", "detail": check["payload"]["detail"]}
