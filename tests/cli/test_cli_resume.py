"""Durable runs through the CLI: SIGKILL mid-run then resume, budget stop then
resume with more budget, and resuming a task that is already complete.

The kill test is the issue's main point: a real `research run` process is
killed (SIGKILL, no chance to clean up) once step k is checkpointed, `research
resume` continues it, and the final table must be the one an uninterrupted run
of the same question on the same corpus produces — with no source, finding or
tool call stored twice.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli_kit import (
    cells_table,
    checkpointed_step,
    cli,
    default_db,
    duplicate_counts,
    error_lines,
    executed_keys,
    expected_of,
    question_of,
    rows,
    run_proc,
    snapshot,
    spawn,
    task_row,
    wait_until,
)


def _baseline(corpus: Path) -> str:
    res = cli("run", question_of(corpus), "--corpus", corpus, "--task-id", "baseline", "--quiet")
    assert res.exit_code == 0, res.stderr
    return "baseline"


def _assert_no_duplicates(task_id: str) -> None:
    for table, (count, distinct) in duplicate_counts(default_db(), task_id).items():
        assert count == distinct, f"{table}: {count} rows but {distinct} distinct keys"


@pytest.mark.parametrize("k", [1, 3, 6])
def test_killed_at_step_k_then_resumed_ends_with_the_uninterrupted_table(mini_corpus: Path, k: int) -> None:
    db = default_db()
    base = _baseline(mini_corpus)
    total_steps = rows(db, "SELECT steps FROM runs WHERE task_id = ?", (base,))[0][0]
    assert total_steps >= 8

    # every visit is served slowly (0.3 s) so the kill lands mid-run
    proc = spawn("run", question_of(mini_corpus), "--corpus", mini_corpus, "--task-id", "killed", "--fault", "*=slow")
    wait_until(lambda: checkpointed_step(db, "killed") >= k, f"step {k} to be checkpointed", proc=proc)
    proc.kill()
    proc.wait(timeout=30)
    at_kill = checkpointed_step(db, "killed")
    assert k <= at_kill < total_steps, "the process was killed mid-run"
    killed = task_row(db, "killed")
    assert (killed["status"], killed["end_kind"]) == ("running", None)
    assert rows(db, "SELECT COUNT(*) FROM reports WHERE task_id = 'killed'")[0][0] == 0
    _assert_no_duplicates("killed")
    listed = cli("list", "--json")
    assert {t["id"]: t["status"] for t in json.loads(listed.stdout)}["killed"] == "Interrupted"

    res = run_proc("resume", "killed")
    assert res.returncode == 0, res.stderr
    assert "**Status:** Complete — completed" in res.stdout
    assert error_lines(res.stderr)[-1].startswith("task killed: Complete — completed (evidence_sufficient")
    # resumed from the checkpoint: the first step of the resume is the one after it
    first_resumed = next(line for line in res.stderr.splitlines() if line.startswith("step "))
    assert first_resumed.startswith(f"step {at_kill + 1} ")

    assert cells_table(db, "killed") == cells_table(db, base)
    assert {key: value for key, _, value, _ in cells_table(db, "killed")} == expected_of(mini_corpus)
    _assert_no_duplicates("killed")
    assert executed_keys(db, "killed") == executed_keys(db, base)
    runs = rows(db, "SELECT number, kind, end_kind, ended_at IS NOT NULL FROM runs WHERE task_id = 'killed' ORDER BY number")
    assert runs == [(1, "first", None, 0), (2, "resume", "completed", 1)]
    # the trace shows both runs, the killed one as not finished
    trace = cli("trace", "killed").stdout
    assert "run killed-r1 (first) — did not finish (interrupted)" in trace
    assert "run killed-r2 (resume) — completed (evidence_sufficient)" in trace


def test_budget_stop_is_partial_and_resumes_with_more_budget_to_completed(mini_corpus: Path) -> None:
    q = question_of(mini_corpus)
    res = cli("run", q, "--corpus", mini_corpus, "--task-id", "b1", "--max-steps", "2")
    assert res.exit_code == 4, res.stderr
    assert "**Status:** Partial — budget_exhausted" in res.stdout
    assert "Complete" not in res.stdout
    assert "research resume b1 --add-steps" in res.stdout
    assert "## Open questions" in res.stdout
    assert error_lines(res.stderr)[-1].startswith("task b1: Partial — budget_exhausted (budget_steps")
    assert task_row(default_db(), "b1")["status"] == "partial"

    # no budget left and none added: a clear error, nothing changes
    before = snapshot(default_db(), "b1")
    again = cli("resume", "b1")
    assert again.exit_code == 2
    assert error_lines(again.stderr) == ["error: task b1 has no steps left; pass --add-steps N"]
    assert snapshot(default_db(), "b1") == before

    more = cli("resume", "b1", "--add-steps", "30")
    assert more.exit_code == 0, more.stderr
    assert "**Status:** Complete — completed" in more.stdout
    assert more.stderr.splitlines()[0].startswith("step 3 ")
    assert {key: value for key, _, value, _ in cells_table(default_db(), "b1")} == expected_of(mini_corpus)
    _assert_no_duplicates("b1")
    runs = rows(default_db(), "SELECT kind, end_kind FROM runs WHERE task_id = 'b1' ORDER BY number")
    assert runs == [("first", "budget_exhausted"), ("resume", "completed")]
    # the latest report is the completed one
    assert cli("report", "b1").stdout == more.stdout


def test_resuming_a_completed_task_says_so_and_changes_nothing(mini_corpus: Path) -> None:
    assert cli("run", question_of(mini_corpus), "--corpus", mini_corpus, "--task-id", "c1", "--quiet").exit_code == 0
    before = snapshot(default_db(), "c1")
    report = cli("report", "c1").stdout
    res = cli("resume", "c1", "--add-steps", "5")
    assert res.exit_code == 0
    assert error_lines(res.stderr) == ["task c1 is already complete; nothing to resume"]
    assert res.stdout == report
    assert snapshot(default_db(), "c1") == before
    # the same through a real process
    proc = run_proc("resume", "c1", "--json")
    assert proc.returncode == 0
    assert '"status": "Complete"' in proc.stdout
    assert snapshot(default_db(), "c1") == before


def test_resume_takes_the_task_settings_and_lets_flags_override_them(mini_corpus: Path, tmp_path: Path) -> None:
    q = question_of(mini_corpus)
    assert cli("run", q, "--corpus", mini_corpus, "--task-id", "s1", "--max-steps", "1", "--quiet").exit_code == 4
    # the corpus moves: resume says which folder it needs, and --corpus fixes it
    moved = mini_corpus.rename(tmp_path / "moved-corpus")
    res = cli("resume", "s1", "--add-steps", "30")
    assert res.exit_code == 2
    assert error_lines(res.stderr) == [f"error: corpus folder {mini_corpus.resolve()} does not exist; pass --corpus DIR"]
    res = cli("resume", "s1", "--add-steps", "30", "--corpus", moved, "--quiet")
    assert res.exit_code == 0, res.stderr
    assert "Complete — completed" in res.stderr
