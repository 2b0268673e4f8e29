"""Postgres stopped for 3–5 s in the middle of a task: the worker waits it out; nothing is lost or duplicated."""

from __future__ import annotations

import time

from _scale_kit import QUESTION, executed_calls, query, wait_for, research


def test_postgres_stopped_mid_task_loses_and_repeats_nothing(pg_cluster, pg_url, workers, fake_llm):
    llm = fake_llm(0.1)
    tid = research("submit", QUESTION, "--db", pg_url, "--model", "openai:fake", "--task-id", "outage",
                   env=llm.env()).stdout.strip()
    assert tid == "outage"
    worker = workers.start("--until-idle", env=llm.env())
    wait_for(lambda: len(llm.arrivals) >= 6, 60, "the task to be under way")
    pg_cluster.pause()
    time.sleep(4.0)
    pg_cluster.resume()
    assert worker.wait(90) == 0, workers.log(worker)[-3000:]
    status = query(pg_url, "SELECT status, end_kind FROM tasks WHERE id = %s", tid)
    assert status == [("completed", "completed")], workers.log(worker)[-3000:]
    runs = query(pg_url, "SELECT id, ended_at IS NOT NULL FROM runs WHERE task_id = %s ORDER BY number", tid)
    calls = [c for run_id, _ in runs for c in executed_calls(worker.traces, run_id)]
    assert len(calls) == len(set(calls)), "a tool call was executed twice"
    assert runs[-1][1] and query(pg_url, "SELECT count(*) FROM reports WHERE task_id = %s", tid) == [(2,)]
    print(f"runs {len(runs)}; {len(calls)} tool calls; {len(llm.arrivals)} model calls")
