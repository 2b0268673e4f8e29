"""Traces on disk: files, step lines, manifest status, one stop reason everywhere, no secrets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_testkit import CountingAgent, CountState, Recorder, read_jsonl

from engine import (
    Action,
    Critic,
    Decision,
    Engine,
    EngineHook,
    Manifest,
    Observation,
    RuntimeBudget,
    StepLine,
    StepRecord,
    StopReason,
    TraceWriter,
    run_status,
)


def run_traced(tmp_path: Path, agent: Any, run_id: str = "run", **kw: Any) -> tuple[Any, Path]:
    result = Engine(agent, trace_writer=TraceWriter(tmp_path), **kw).run("count to 3", run_id=run_id)
    return result, tmp_path / run_id


class Summarizing(CountingAgent):
    def summarize_step(self, state: CountState, record: StepRecord) -> dict[str, Any]:
        return {"count": state.count, "next": "stop" if record.stop_reason else "continue"}


def test_trace_files_hold_manifest_steps_and_events(tmp_path: Path):
    result, run_dir = run_traced(tmp_path, Summarizing(target=2))
    assert sorted(p.name for p in run_dir.iterdir()) == ["events.jsonl", "manifest.json", "steps.jsonl"]

    manifest = json.loads((run_dir / "manifest.json").read_text())
    Manifest.model_validate(manifest)
    assert manifest["run_id"] == "run" and manifest["objective"] == "count to 3"
    assert manifest["task_id"] == result.task_result.task_id
    assert manifest["steps"] == 3 and manifest["status"] == "completed"
    assert manifest["started_at"] <= manifest["ended_at"]
    assert manifest["usage"] == {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0, "cost": 0.0}

    lines = read_jsonl(run_dir / "steps.jsonl")
    assert [line["step"] for line in lines] == [1, 2, 3]
    first = StepLine.model_validate(lines[0])
    assert first.decision.mode == "act" and first.decision.actions[0].args == {"n": 0}
    assert first.action_results[0].status == "ok" and first.action_results[0].output == "1"
    assert first.summary == {"count": 1, "next": "continue"}
    assert lines[-1]["summary"] == {"count": 2, "next": "stop"}
    assert lines[-1]["decision"]["final_answer"] == "2"

    events = read_jsonl(run_dir / "events.jsonl")
    assert [e["event_type"] for e in events] == [e.event_type for e in result.events]
    assert events[0]["event_type"] == "run_start" and events[-1]["event_type"] == "run_end"


def test_critic_outputs_and_long_outputs_reach_the_step_line(tmp_path: Path):
    class Loud(CountingAgent):
        def __init__(self) -> None:
            super().__init__(target=1)
            self.tool_registry.register("dump", lambda: "x" * 5000)

        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            return Decision.act(Action("dump")) if observation is None else Decision.final("done")

    class Note(Critic):
        def evaluate(self, state: Any, decision: Decision, results: list[Any]) -> dict[str, Any]:
            return {"action": "continue", "levels": ["has_content"]}

    _, run_dir = run_traced(tmp_path, Loud(), critics=[Note()])
    line = read_jsonl(run_dir / "steps.jsonl")[0]
    assert line["critic_outputs"] == [{"action": "continue", "levels": ["has_content"]}]
    assert len(line["action_results"][0]["output"]) <= 500


def test_each_step_line_is_on_disk_when_the_step_ends(tmp_path: Path):
    # on_after_step runs after the line is written and flushed: a killed run keeps every completed step
    on_disk: list[list[int]] = []

    class Reader(EngineHook):
        def on_after_step(self, state: Any, record: StepRecord) -> None:
            on_disk.append([line["step"] for line in read_jsonl(tmp_path / "run" / "steps.jsonl")])

    run_traced(tmp_path, CountingAgent(target=2), hooks=[Reader()])
    assert on_disk == [[1], [1, 2], [1, 2, 3]]


class NeverDone(CountingAgent):
    def decide(self, state: CountState, observation: Observation | None) -> Decision:
        return Decision.act(Action("count", {"n": state.count}))


class Boom(CountingAgent):
    def reduce(self, state: CountState, observation: Observation, decision: Decision) -> CountState:
        raise ValueError("reducer bug")


@pytest.mark.parametrize(
    ("agent", "kw", "status", "reason"),
    [
        (CountingAgent(target=1), {}, "completed", "final"),
        (NeverDone(), {"budget": RuntimeBudget(max_steps=2)}, "budget_exhausted", "budget_steps"),
        (Boom(), {}, "failed", "unrecoverable_error"),
    ],
)
def test_stop_reason_is_identical_in_state_manifest_record_and_last_line(tmp_path: Path, agent, kw, status, reason):
    recorder = Recorder()
    result, run_dir = run_traced(tmp_path, agent, hooks=[recorder], **kw)
    manifest = json.loads((run_dir / "manifest.json").read_text())
    last = read_jsonl(run_dir / "steps.jsonl")[-1]
    state = result.state
    assert manifest["status"] == status  # a budget stop is never "completed"
    assert state.stop_reason == reason
    assert (manifest["stop_reason"], manifest["stop_detail"]) == (reason, state.stop_detail)
    assert (last["stop_reason"], last["stop_detail"]) == (reason, state.stop_detail)
    assert (result.records[-1].stop_reason, result.records[-1].stop_detail) == (state.stop_reason, state.stop_detail)
    assert recorder.records[-1].stop_reason == state.stop_reason
    assert all(line["stop_reason"] is None for line in read_jsonl(run_dir / "steps.jsonl")[:-1])


def test_manifest_says_running_while_the_run_goes(tmp_path: Path):
    seen: list[str] = []

    class Peek(EngineHook):
        def on_before_step(self, state: Any, step: int) -> None:
            seen.append(json.loads((tmp_path / "run" / "manifest.json").read_text())["status"])

    run_traced(tmp_path, CountingAgent(target=1), hooks=[Peek()])
    assert seen == ["running", "running"]
    assert json.loads((tmp_path / "run" / "manifest.json").read_text())["status"] == "completed"


def test_status_mapping_covers_every_stop_reason():
    expected = {
        "final": "completed", "success": "completed", "evidence_sufficient": "completed",
        "agent_condition": "completed", "env_terminal": "completed",
        "budget_steps": "budget_exhausted", "budget_time": "budget_exhausted",
        "budget_tokens": "budget_exhausted", "budget_cost": "budget_exhausted", "budget_tool_calls": "budget_exhausted",
        "user_cancelled": "cancelled", "unrecoverable_error": "failed",
        "task_validation_failed": "failed", "env_capability_mismatch": "failed",
        "risk_abort": "aborted", "critic_stop": "stopped", "stagnation": "stopped",
        "no_new_evidence": "stopped", "duplicate_path": "stopped", "tool_unavailable": "stopped",
    }
    assert {r.value: run_status(r) for r in StopReason} == expected
    assert run_status(None) == "running"


SECRET_KEY = "sk-abcdefghijklmnop1234"
BEARER = "Bearer eyJhbGciOiJIUzI1NiJ9.secret"


def test_secrets_never_reach_the_trace(tmp_path: Path):
    class Leaky(CountingAgent):
        def __init__(self) -> None:
            super().__init__(target=1)
            self.tool_registry.register("call_api", self._call_api)

        @staticmethod
        def _call_api(url: str, api_key: str, headers: dict[str, str]) -> dict[str, Any]:
            raise PermissionError(f"401 for {url} with key {api_key}")

        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            if observation is None:
                args = {"url": "https://x.test", "api_key": "plain-secret-value", "headers": {"Authorization": BEARER}}
                return Decision.act(Action("call_api", args), rationale=f"use {SECRET_KEY}")
            return Decision.final(f"token was {SECRET_KEY}")

        def summarize_step(self, state: CountState, record: StepRecord) -> dict[str, Any]:
            return {"password": "hunter2-password", "note": BEARER, "total_tokens": 12}

    _, run_dir = run_traced(tmp_path, Leaky())
    text = "".join(p.read_text() for p in run_dir.iterdir())
    for secret in (SECRET_KEY, "plain-secret-value", "eyJhbGciOiJIUzI1NiJ9", "hunter2-password"):
        assert secret not in text
    assert "[REDACTED]" in text
    line = read_jsonl(run_dir / "steps.jsonl")[0]
    assert line["decision"]["actions"][0]["args"]["url"] == "https://x.test"  # non-secrets survive
    assert line["summary"]["total_tokens"] == 12  # counts are not credentials
    assert line["action_results"][0]["error_type"] == "PermissionError"


def test_one_writer_serves_many_runs_and_a_resumed_run_appends(tmp_path: Path):
    writer = TraceWriter(tmp_path)
    engine = Engine(NeverDone(), trace_writer=writer, budget=RuntimeBudget(max_steps=2))
    first = engine.run("x", run_id="a")
    engine.run("x", run_id="b")
    started = json.loads((tmp_path / "a" / "manifest.json").read_text())["started_at"]
    engine.run("x", run_id="a", state=first.state)
    assert [line["step"] for line in read_jsonl(tmp_path / "a" / "steps.jsonl")] == [1, 2, 3, 4]
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["steps"] == 4 and manifest["started_at"] == started
    assert [line["step"] for line in read_jsonl(tmp_path / "b" / "steps.jsonl")] == [1, 2]


def test_an_action_purpose_reaches_the_result_and_the_trace_but_never_the_tool(tmp_path):
    class Purposeful(CountingAgent):
        def decide(self, state, observation):
            if state.count >= 1:
                return Decision.final("1")
            return Decision.act(Action("count", {"n": 0}, purpose="the first number"))

    agent = Purposeful()
    result = Engine(agent, trace_writer=TraceWriter(tmp_path)).run("count", run_id="p")
    assert agent.tool_calls == [{"n": 0}]  # the tool got its arguments only
    assert result.records[0].action_results[0].purpose == "the first number"
    [action] = read_jsonl(tmp_path / "p" / "steps.jsonl")[0]["decision"]["actions"]
    assert action == {"name": "count", "args": {"n": 0}, "purpose": "the first number"}
