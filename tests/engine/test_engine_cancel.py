"""Cooperative cancellation: from another thread, from a signal handler, before a run."""

from __future__ import annotations

import json
import os
import signal
import threading
from pathlib import Path
from typing import Any

import pytest
from engine_testkit import CountingAgent, CountState, read_jsonl

from engine import Action, CancelToken, Decision, Engine, EngineHook, Observation, StopReason, TraceWriter


class SlowTwoTools(CountingAgent):
    """One step with two actions: a slow tool that waits for the test, then a count."""

    def __init__(self, started: threading.Event, release: threading.Event) -> None:
        super().__init__(target=99)
        self.slow_calls = 0

        @self.tool_registry.register("slow")
        def slow() -> str:
            self.slow_calls += 1
            started.set()
            assert release.wait(10), "the test never released the slow tool"
            return "slow done"

    def decide(self, state: CountState, observation: Observation | None) -> Decision:
        return Decision.act([Action("slow"), Action("count", {"n": state.count})])


def test_cancel_from_another_thread_during_a_slow_tool(tmp_path: Path):
    started, release = threading.Event(), threading.Event()
    agent = SlowTwoTools(started, release)
    engine = Engine(agent, trace_writer=TraceWriter(tmp_path))
    box: dict[str, Any] = {}
    worker = threading.Thread(target=lambda: box.setdefault("result", engine.run("x", run_id="c")))
    worker.start()
    assert started.wait(10)
    engine.cancel()  # while the slow tool is running
    release.set()
    worker.join(10)
    assert not worker.is_alive()

    result = box["result"]
    assert agent.slow_calls == 1 and agent.tool_calls == []  # no tool call started after the cancel
    slow, count = result.records[0].action_results
    assert (slow.status, slow.output) == ("ok", "slow done")  # the running tool finished
    assert count.status == "skipped"
    assert result.state.seen == [(1, [("slow", "ok", "slow done"), ("count", "skipped", None)])]  # reduce ran
    assert result.step_count == 1
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.USER_CANCELLED, "cancelled during step 1")
    manifest = json.loads((tmp_path / "c" / "manifest.json").read_text())
    assert (manifest["status"], manifest["stop_reason"]) == ("cancelled", "user_cancelled")
    assert read_jsonl(tmp_path / "c" / "steps.jsonl")[-1]["stop_reason"] == "user_cancelled"


@pytest.mark.skipif(not hasattr(signal, "SIGUSR1"), reason="POSIX signals")
def test_cancel_from_a_signal_handler_during_a_tool():
    engine: Engine | None = None

    class Signalling(CountingAgent):
        def __init__(self) -> None:
            super().__init__(target=99)
            self.tool_registry.register("interrupt_me", lambda: os.kill(os.getpid(), signal.SIGUSR1))

        def decide(self, state: CountState, observation: Observation | None) -> Decision:
            return Decision.act([Action("interrupt_me"), Action("count", {"n": 0})])

    agent = Signalling()
    engine = Engine(agent)
    previous = signal.signal(signal.SIGUSR1, lambda signum, frame: engine.cancel())
    try:
        result = engine.run("x")
    finally:
        signal.signal(signal.SIGUSR1, previous)
    assert agent.tool_calls == []
    assert [r.status for r in result.records[0].action_results] == ["ok", "skipped"]
    assert result.state.stop_reason is StopReason.USER_CANCELLED


def test_a_cancel_between_runs_applies_to_the_next_run_only():
    agent = CountingAgent(target=2)
    engine = Engine(agent)
    engine.cancel()
    cancelled = engine.run("a")
    assert cancelled.step_count == 0 and agent.tool_calls == []
    assert (cancelled.state.stop_reason, cancelled.state.stop_detail) == (
        StopReason.USER_CANCELLED, "cancelled before step 1 started",
    )
    assert [e.event_type for e in cancelled.events] == ["run_start", "check_stop", "run_end"]
    again = engine.run("b")
    assert again.state.stop_reason is StopReason.FINAL


def test_a_cancel_noticed_between_steps_amends_the_last_step_line(tmp_path: Path):
    engine = Engine(CountingAgent(target=5), trace_writer=TraceWriter(tmp_path))

    class CancelAfterStep(EngineHook):
        def on_after_step(self, state: Any, record: Any) -> None:
            engine.cancel()  # step 1's line is already written

    engine.register_hook(CancelAfterStep())
    result = engine.run("x", run_id="gap")
    assert result.step_count == 1
    assert (result.state.stop_reason, result.state.stop_detail) == (StopReason.USER_CANCELLED, "cancelled before step 2 started")
    assert result.records[-1].stop_reason is StopReason.USER_CANCELLED
    lines = read_jsonl(tmp_path / "gap" / "steps.jsonl")
    assert [(line["step"], line["amended"], line["stop_reason"]) for line in lines] == [
        (1, False, None), (1, True, "user_cancelled"),
    ]


def test_cancel_by_run_id_only_hits_that_run_and_tokens_can_be_subclassed():
    class External(CancelToken):
        """Polls an outside flag, as a token backed by a database row would."""

        def __init__(self) -> None:
            super().__init__()
            self.flag = False

        def is_cancelled(self) -> bool:
            return self.flag or super().is_cancelled()

    token = External()
    engine = Engine(CountingAgent(target=2), cancel_token=token)
    assert engine.cancel("no-such-run") is False
    assert engine.run("a").state.stop_reason is StopReason.FINAL
    token.flag = True
    assert engine.run("b").state.stop_reason is StopReason.USER_CANCELLED
