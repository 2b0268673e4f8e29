"""Submitting twice adds nothing; a duplicate or retried job of a task runs nothing; two workers racing
for one task run it once (issue 22, done-when 2 and 3)."""

from __future__ import annotations

import json

from _scale_kit import QUESTION, query, wait_for, research

QUESTIONS = [QUESTION, "Compare Quillstore and Ferrodb on license", "Compare Nimbus KV and Ferrodb on pricing"]


def _jobs(url: str) -> list[tuple]:
    return query(url, "SELECT status, count(*) FROM procrastinate_jobs WHERE task_name = 'research.run_task' "
                      "GROUP BY status ORDER BY status")


def test_the_same_batch_twice_adds_nothing(pg_url, workers, tmp_path):
    batch = tmp_path / "questions.jsonl"
    batch.write_text("".join(json.dumps({"id": f"b{i}", "question": q, "max_steps": 30}) + "\n"
                             for i, q in enumerate(QUESTIONS)))
    first = research("batch", str(batch), "--db", pg_url)
    assert first.returncode == 0 and "3 created" in first.stdout, first.stderr
    again = research("batch", str(batch), "--db", pg_url)
    assert "3 queued" in again.stdout and _jobs(pg_url) == [("todo", 3)]
    assert workers.start("--until-idle", "--concurrency", "2").wait(90) == 0
    assert query(pg_url, "SELECT count(*) FROM runs") == [(3,)]
    assert query(pg_url, "SELECT DISTINCT status FROM tasks") == [("completed",)]
    third = research("batch", str(batch), "--db", pg_url)
    assert "3 done" in third.stdout and _jobs(pg_url) == []  # succeeded jobs are deleted; none new
    # read from another machine: the worker's trace files are not here, its kept step lines are
    shown = research("trace", "b0", "--db", pg_url, "--json")
    assert shown.returncode == 0, shown.stderr
    (run,) = json.loads(shown.stdout)["runs"]
    assert run["end_kind"] == "completed" and "step_lines" in run["trace"] and len(run["steps"]) >= 5


def test_a_retried_job_of_a_running_task_and_a_racing_duplicate_run_nothing(pg_url, workers, fake_llm):
    llm = fake_llm(0.1)
    done = research("submit", QUESTION, "--db", pg_url, "--model", "openai:fake", "--task-id", "dup", env=llm.env())
    assert done.returncode == 0, done.stderr
    first = workers.start(env=llm.env(), name="a")
    wait_for(lambda: len(llm.arrivals) >= 4, 60, "the task to be running")
    job = query(pg_url, "SELECT job_id FROM tasks WHERE id = 'dup'")[0][0]
    # the job of the running task is retried (as a sweep that wrongly thought it stalled would),
    # and a second job for the task is deferred without any lock
    query(pg_url, "SELECT procrastinate_retry_job_v2(%s, now(), NULL, NULL, NULL)", job)
    query(pg_url, "SELECT procrastinate_defer_jobs_v1(ARRAY[('default', 'research.run_task', 0, NULL, NULL, "
                  "'{\"task_id\": \"dup\"}'::jsonb, NULL)::procrastinate_job_to_defer_v1])")
    second = workers.start("--concurrency", "2", env=llm.env(), name="b")
    wait_for(lambda: query(pg_url, "SELECT count(*) FROM procrastinate_workers")[0][0] >= 2, 60,
             "the second worker to be up")
    wait_for(lambda: query(pg_url, "SELECT status FROM tasks WHERE id = 'dup'")[0][0] == "completed", 60,
             "the task to complete")
    # each extra job runs nothing: refused as held while the task runs, or as finished once it ended
    # (which of the two depends on when the second worker starts; either worker may take one). The retried job
    # may also never run again: when the running worker finishes before another takes it, Procrastinate's
    # finish closes it (it ends a job in "todo" as well as in "doing"), so only the duplicate is sure to run
    open_jobs = "SELECT count(*) FROM procrastinate_jobs WHERE args->>'task_id' = 'dup' AND status IN ('todo', 'doing')"
    wait_for(lambda: query(pg_url, open_jobs)[0][0] == 0
             and sum(workers.log(w).count("; nothing to do") for w in (first, second)) >= 1, 30,
             "every job of the task to be closed, the duplicate refused")
    assert query(pg_url, "SELECT count(*), count(ended_at) FROM runs WHERE task_id = 'dup'") == [(1, 1)]
    assert query(pg_url, "SELECT count(*) FROM reports WHERE task_id = 'dup'") == [(2,)]
    for w in (first, second):
        w.terminate()
        assert w.wait(30) == 0


def test_two_workers_racing_for_one_task_run_it_once(pg_url, workers):
    done = research("submit", QUESTION, "--db", pg_url, "--task-id", "race")
    assert done.returncode == 0, done.stderr
    for _ in range(3):  # more jobs for the one task, free of Procrastinate's locks: the lease alone decides
        query(pg_url, "SELECT procrastinate_defer_jobs_v1(ARRAY[('default', 'research.run_task', 0, NULL, NULL, "
                      "'{\"task_id\": \"race\"}'::jsonb, NULL)::procrastinate_job_to_defer_v1])")
    racers = [workers.start("--until-idle", "--concurrency", "2", name=f"r{i}") for i in range(2)]
    assert [w.wait(90) for w in racers] == [0, 0]
    assert query(pg_url, "SELECT count(*), count(ended_at) FROM runs WHERE task_id = 'race'") == [(1, 1)]
    assert query(pg_url, "SELECT status, lease_epoch FROM tasks WHERE id = 'race'") == [("completed", 1)]
    refused = sum(workers.log(w).count("nothing to do") for w in racers)
    assert refused == 3
