"""SIGTERM hands a task back at a step boundary; `research resume` on PostgreSQL queues it for the workers."""

from __future__ import annotations

import signal

from _scale_kit import QUESTION, executed_calls, query, wait_for, research


def test_sigterm_finishes_the_step_lets_go_and_another_worker_continues(pg_url, workers, fake_llm):
    llm = fake_llm(0.1)
    assert research("submit", QUESTION, "--db", pg_url, "--model", "openai:fake", "--task-id", "term",
                    env=llm.env()).returncode == 0
    first = workers.start(env=llm.env(), name="first")
    wait_for(lambda: len(llm.arrivals) >= 5, 60, "the task to be under way")
    first.send_signal(signal.SIGTERM)
    assert first.wait(30) == 0, workers.log(first)[-2000:]
    task = query(pg_url, "SELECT status, lease_worker FROM tasks WHERE id = 'term'")
    assert task == [("running", None)]  # let go: no lease, not ended
    assert query(pg_url, "SELECT status FROM procrastinate_jobs WHERE task_name = 'research.run_task'") == [("todo",)]
    second = workers.start("--until-idle", env=llm.env(), name="second")
    assert second.wait(90) == 0
    runs = query(pg_url, "SELECT id, end_kind FROM runs WHERE task_id = 'term' ORDER BY number")
    assert [r[1] for r in runs] == [None, "completed"]
    before, after = executed_calls(first.traces, runs[0][0]), executed_calls(second.traces, runs[1][0])
    assert before and not set(before) & set(after)


def test_resume_on_postgres_queues_the_task_with_more_budget(pg_url, workers):
    assert research("submit", QUESTION, "--db", pg_url, "--task-id", "short", "--max-steps", "3").returncode == 0
    assert workers.start("--until-idle").wait(60) == 0
    assert query(pg_url, "SELECT end_kind FROM tasks WHERE id = 'short'") == [("budget_exhausted",)]
    queued = research("resume", "short", "--add-steps", "30", "--db", pg_url)
    assert queued.returncode == 0 and "queued for the workers" in queued.stderr, queued.stderr
    assert workers.start("--until-idle").wait(60) == 0
    assert query(pg_url, "SELECT end_kind FROM tasks WHERE id = 'short'") == [("completed",)]
    assert query(pg_url, "SELECT count(*) FROM runs WHERE task_id = 'short'") == [(2,)]
    again = research("resume", "short", "--db", pg_url)
    assert again.returncode == 2 and again.stderr.startswith("error: ")
