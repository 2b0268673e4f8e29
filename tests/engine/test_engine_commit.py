"""`on_step_commit` runs before the step's trace line: a traced step is a committed one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine_testkit import CountingAgent, read_jsonl

from engine import Engine, EngineHook, StepRecord, StopReason, TraceWriter


def _lines(path: Path) -> list[int]:
    return [line["step"] for line in read_jsonl(path)] if path.exists() else []


def test_the_commit_hook_runs_before_the_line_and_the_after_hook_after_it(tmp_path: Path) -> None:
    seen: list[tuple[str, int, list[int]]] = []
    steps = tmp_path / "run" / "steps.jsonl"

    class Both(EngineHook):
        def on_step_commit(self, state: Any, record: StepRecord) -> None:
            seen.append(("commit", record.step, _lines(steps)))

        def on_after_step(self, state: Any, record: StepRecord) -> None:
            seen.append(("after", record.step, _lines(steps)))

    Engine(CountingAgent(target=1), trace_writer=TraceWriter(tmp_path), hooks=[Both()]).run("x", run_id="run")
    assert seen == [("commit", 1, []), ("after", 1, [1]), ("commit", 2, [1]), ("after", 2, [1, 2])]


def test_a_failing_commit_puts_its_stop_on_the_one_line_of_the_step(tmp_path: Path) -> None:
    class Broken(EngineHook):
        def on_step_commit(self, state: Any, record: StepRecord) -> None:
            raise OSError("disk full")

    result = Engine(CountingAgent(target=5), trace_writer=TraceWriter(tmp_path), hooks=[Broken()]).run("x", run_id="run")
    assert result.state.stop_reason is StopReason.UNRECOVERABLE_ERROR
    lines = read_jsonl(tmp_path / "run" / "steps.jsonl")
    assert [(line["step"], line["amended"], line["stop_reason"]) for line in lines] == [(1, False, "unrecoverable_error")]


def test_a_hook_without_the_newer_method_still_works() -> None:
    class Old:  # duck-typed, predates on_step_commit
        def __init__(self) -> None:
            self.after = 0

        def on_run_start(self, *a: Any) -> None: ...
        def on_before_step(self, *a: Any) -> None: ...
        def on_after_step(self, *a: Any) -> None:
            self.after += 1
        def on_run_end(self, *a: Any) -> None: ...

    old = Old()
    Engine(CountingAgent(target=1), hooks=[old]).run("x")  # type: ignore[list-item]
    assert old.after == 2
