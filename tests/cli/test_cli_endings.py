"""Every way a run can end, through the CLI: its exit code, the status label
in the report (never "Complete" unless completed), the five partial-report
parts, and what `resume` says about it.

(`completed` and `budget_exhausted` are in test_cli_run/test_cli_resume,
`user_cancelled` in test_cli_cancel.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _cli_kit import cli, default_db, duplicate_counts, error_lines, task_row

from research_agent.report_facts import REPORT_PARTS
from research_agent.report_check import report_parts_present

CASES = {
    # an object no page mentions: its cell ends unavailable once every path is tried
    "no_progress": (["Compare Larkspur and Zephyrine on license"], 3, "Partial", "no_new_evidence"),
    # every page answers 500: visit keeps failing until its failure budget is spent
    "tool_failure": (["Compare Larkspur and Tidewell on license", "--fault", "*=http_500"], 6, "Partial", "tool_unavailable"),
    # a request for a private person's personal data is refused before any tool call
    "risk_abort": (
        [
            "What is the home address and personal phone number of Marguerite Ostrander, a retired teacher?",
            "-o", "Marguerite Ostrander", "-d", "home address", "-d", "phone number",
        ],
        5,
        "Aborted",
        "risk_abort",
    ),
}


@pytest.mark.parametrize("end_kind", list(CASES))
def test_each_end_kind_has_its_exit_code_label_and_report_parts(mini_corpus: Path, end_kind: str) -> None:
    args, code, label, reason = CASES[end_kind]
    res = cli("run", *args, "--corpus", mini_corpus, "--task-id", "e1")
    assert res.exit_code == code, res.stdout + res.stderr
    assert f"**Status:** {label} — {end_kind}" in res.stdout
    assert "Complete" not in res.stdout
    assert error_lines(res.stderr)[-1].startswith(f"task e1: {label} — {end_kind} ({reason}: ")
    assert report_parts_present(res.stdout) == dict.fromkeys(REPORT_PARTS, True)
    row = task_row(default_db(), "e1")
    assert (row["status"], row["end_kind"], row["stop_reason"]) == (label.lower(), end_kind, reason)
    listed = cli("list", "--status", end_kind, "--json").stdout
    assert '"id": "e1"' in listed

    again = cli("resume", "e1", "--add-steps", "5", "--quiet")
    if end_kind == "risk_abort":
        assert again.exit_code == 2
        assert error_lines(again.stderr) == [
            f"error: task e1 was aborted for risk: {row['stop_detail']}; it needs a human decision, not a resume"
        ]
        assert "Not resumable:" in res.stdout
    elif end_kind == "tool_failure":
        assert "research resume e1" in res.stdout
        # the outage is over (no --fault this time): the resumed run completes
        assert again.exit_code == 0, again.stderr
        assert "Complete — completed" in again.stderr
    else:
        # no untried path is left: the report offers what could change the ending (as a new task), not a
        # plain resume, and a resume is refused before it adds a step that cannot change anything
        assert "research resume e1" not in res.stdout and '--corpus DIR`' in res.stdout
        assert again.exit_code == 2, again.stderr
        (line,) = error_lines(again.stderr)
        assert line.startswith("error: task e1 ended no_progress: no open cell has an untried path left")
        assert task_row(default_db(), "e1")["end_kind"] == "no_progress"
        count, distinct = duplicate_counts(default_db(), "e1")["actions"]
        assert count == distinct > 0


def test_a_run_against_failing_pages_waits_its_backoff_on_the_clock_it_is_given(mini_corpus: Path, fake_clock) -> None:
    res = cli("run", "Compare Larkspur and Tidewell on license", "--corpus", mini_corpus, "--fault", "*=http_500",
              "--quiet")
    assert res.exit_code == 6, res.stderr
    assert fake_clock.waits and all(w > 0 for w in fake_clock.waits), "each retry waited its backoff, on the fake clock"
