"""Cancelling a run: `research cancel` from another process, Ctrl-C (SIGINT),
and resuming the cancelled task to completion.

The runs are real `research run` processes whose page visits are slowed by
the hidden `--fault '*=slow'` testing option (0.3 s per visit), so a cancel
lands mid-run; the tests wait for checkpoints by polling the database.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from _cli_kit import (
    cells_table,
    checkpointed_step,
    cli,
    default_db,
    error_lines,
    expected_of,
    finish,
    fire,
    prewarmed,
    question_of,
    rows,
    run_proc,
    spawn,
    task_row,
    wait_until,
)

from engine import CancelToken
from research_agent.cli import _sigint_cancels


def _slow_run(corpus: Path, task_id: str):
    proc = spawn("run", question_of(corpus), "--corpus", corpus, "--task-id", task_id, "--fault", "*=slow")
    wait_until(lambda: checkpointed_step(default_db(), task_id) >= 2, "step 2 to be checkpointed", proc=proc)
    return proc


def _assert_cancelled(task_id: str, code: int, out: str, err: str, *, cancelled_at: int) -> None:
    assert code == 7, err
    assert "**Status:** Partial — user_cancelled" in out
    assert "Complete" not in out
    assert f"research resume {task_id}" in out
    assert error_lines(err)[-1].startswith(f"task {task_id}: Partial — user_cancelled (user_cancelled")
    row = task_row(default_db(), task_id)
    assert (row["status"], row["end_kind"], row["stop_reason"], row["cancel_requested"]) == (
        "partial", "user_cancelled", "user_cancelled", 0,
    )
    steps = rows(default_db(), "SELECT steps FROM runs WHERE id = ?", (f"{task_id}-r1",))[0][0]
    # no new tool call after the cancel is seen: the in-flight step finishes, at
    # most one more starts before the store flag is polled (every 0.2 s)
    assert cancelled_at <= steps <= cancelled_at + 3, (cancelled_at, steps)


def test_cancel_from_another_process_then_resume_completes(mini_corpus: Path) -> None:
    proc = _slow_run(mini_corpus, "k1")
    # while it runs, a second resume of the same task is refused
    busy = cli("resume", "k1")
    assert busy.exit_code == 2 and "is running in process" in busy.stderr
    res = cli("cancel", "k1")
    at = checkpointed_step(default_db(), "k1")  # the flag is written by now
    assert res.exit_code == 0
    assert res.stdout.startswith(f"cancel requested for task k1 (process {proc.pid})")
    code, out, err = finish(proc)
    _assert_cancelled("k1", code, out, err, cancelled_at=at)
    # cancelling a task that is no longer running says so
    assert "is not running (status: partial)" in cli("cancel", "k1").stdout

    resumed = run_proc("resume", "k1")
    assert resumed.returncode == 0, resumed.stderr
    assert "**Status:** Complete — completed" in resumed.stdout
    assert {key: value for key, _, value, _ in cells_table(default_db(), "k1")} == expected_of(mini_corpus)


def test_cancel_through_a_real_cancel_process(mini_corpus: Path) -> None:
    canceller = prewarmed("cancel", "k2")  # started now, acts when fired
    proc = _slow_run(mini_corpus, "k2")
    res = fire(canceller)
    assert res.returncode == 0, res.stderr
    assert "cancel requested for task k2" in res.stdout
    at = checkpointed_step(default_db(), "k2")  # when the cancel process had written the flag
    code, out, err = finish(proc)
    _assert_cancelled("k2", code, out, err, cancelled_at=at)


def test_sigint_cancels_the_run_and_it_can_be_resumed(mini_corpus: Path) -> None:
    proc = _slow_run(mini_corpus, "i1")
    at = checkpointed_step(default_db(), "i1")
    proc.send_signal(signal.SIGINT)
    code, out, err = finish(proc)
    _assert_cancelled("i1", code, out, err, cancelled_at=at)
    assert "cancelling: the current step finishes" in err
    assert "Traceback" not in err
    resumed = cli("resume", "i1", "--quiet")
    assert resumed.exit_code == 0
    assert "**Status:** Complete — completed" in resumed.stdout


def test_first_ctrl_c_cancels_and_a_second_interrupts() -> None:
    token = CancelToken()
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        with _sigint_cancels(token):
            os.kill(os.getpid(), signal.SIGINT)
            assert token.is_cancelled()
            os.kill(os.getpid(), signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is before


def test_cancel_of_a_task_whose_process_is_gone(mini_corpus: Path) -> None:
    proc = _slow_run(mini_corpus, "g1")
    proc.kill()
    proc.wait(timeout=30)
    res = cli("cancel", "g1")
    assert res.exit_code == 0
    assert f"its process {proc.pid} is gone" in res.stdout and "research resume g1" in res.stdout
    assert task_row(default_db(), "g1")["cancel_requested"] == 0
