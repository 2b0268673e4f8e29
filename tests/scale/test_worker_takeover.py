"""A worker killed or frozen mid-task: another worker takes the task over, and the first makes no
call and no commit after that (issue 22, done-when 1 and 4)."""

from __future__ import annotations

import os
import signal
import time
from datetime import datetime

from _scale_kit import QUESTION, executed_calls, query, snapshot, wait_for, research


def _submit(url: str, llm, task_id: str) -> None:
    done = research("submit", QUESTION, "--db", url, "--model", "openai:fake", "--task-id", task_id, env=llm.env())
    assert done.returncode == 0, done.stderr


def _workers_up(url: str, n: int) -> bool:
    return query(url, "SELECT count(*) FROM procrastinate_workers")[0][0] >= n


def test_sigkill_mid_step_another_worker_finishes_it_once(pg_url, workers, fake_llm):
    llm = fake_llm(0.15)
    _submit(pg_url, llm, "killed")
    first = workers.start(env=llm.env(), name="a")
    wait_for(lambda: query(pg_url, "SELECT lease_worker FROM tasks WHERE id = 'killed'")[0][0], 30, "a claim")
    second = workers.start(env=llm.env(), name="b")
    wait_for(lambda: _workers_up(pg_url, 2), 30, "the second worker")
    wait_for(lambda: len(llm.arrivals) >= 6, 60, "the task to be mid-run")
    first.send_signal(signal.SIGKILL)
    killed_at = time.time()
    first.wait(10)
    wait_for(lambda: query(pg_url, "SELECT status FROM tasks WHERE id = 'killed'")[0][0] == "completed", 60,
             "the task to complete")
    runs = query(pg_url, "SELECT id, started_at, ended_at, end_kind FROM runs WHERE task_id = 'killed' ORDER BY number")
    assert [r[3] for r in runs] == [None, "completed"]  # the killed run never ended; the second completed
    assert query(pg_url, "SELECT run_id FROM reports WHERE task_id = 'killed' AND format = 'md'") == [(runs[1][0],)]
    took_over = datetime.fromisoformat(runs[1][1]).timestamp() - killed_at
    before = executed_calls(first.traces, runs[0][0])
    after = executed_calls(second.traces, runs[1][0])
    assert before and after and not set(before) & set(after), "a tool call the killed run had executed ran again"
    # not before the 1 s stalled threshold (heartbeat every 0.25 s); then the sweep (every second) hands
    # it back and the idle worker fetches it: ~2.5 s on a quiet machine (bench and docs/scale.md give the
    # figure); the bound here only catches a takeover that waits for something else (a timeout, a restart)
    assert 1.0 <= took_over < 10.0, f"taken over {took_over:.2f} s after the kill"
    print(f"taken over {took_over:.2f} s after the SIGKILL")
    second.send_signal(signal.SIGTERM)
    assert second.wait(30) == 0


def test_a_frozen_worker_woken_after_a_takeover_makes_no_call_and_no_commit(pg_url, workers, fake_llm):
    llm = fake_llm(0.3)
    _submit(pg_url, llm, "frozen")
    zombie = workers.start(env=llm.env(), name="zombie")
    wait_for(lambda: len(llm.arrivals) >= 5, 60, "the task to be under way")
    llm.entered.clear()
    wait_for(llm.entered.is_set, 30, "a model call in flight")
    os.kill(zombie.pid, signal.SIGSTOP)  # frozen inside a model call, past its lease from here on
    other = workers.start("--until-idle", env=llm.env(), name="other")
    assert other.wait(90) == 0, workers.log(other)[-2000:]
    assert query(pg_url, "SELECT status FROM tasks WHERE id = 'frozen'")[0][0] == "completed"
    calls, before = len(llm.arrivals), snapshot(pg_url, "frozen")
    os.kill(zombie.pid, signal.SIGCONT)
    assert zombie.wait(30) == 75, workers.log(zombie)[-2000:]  # presumed dead: it leaves at once
    assert len(llm.arrivals) == calls, "the woken worker made a model call"
    assert snapshot(pg_url, "frozen") == before, "the woken worker committed"
    assert "presumed dead" in workers.log(zombie)
