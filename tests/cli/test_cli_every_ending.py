"""Every StopReason, end to end through `research run`: the trace manifest's status, the
store's task status, the report's status label, the exit code and whether `research resume`
continues it are exactly what the one ending table (`research_agent.endings.ENDINGS`) says.

A stop rule that ends the run with the reason under test stands in for the criterion that
would normally produce it; everything else (engine, trace writer, store, report, CLI) is real."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli_kit import cli, default_db, rows, task_row

from engine import StopCriteria, StopReason
from research_agent.endings import ENDINGS, EXIT_CODES, RESUMABLE, STATUS_LABEL, EndKind, end_kind_for
from research_agent.store import status_for


class StopWith(StopCriteria):
    """Ends the run at the first check with one given reason."""

    def __init__(self, reason: StopReason) -> None:
        self.reason = reason

    def should_stop(self, state, step_count, runtime_info=None):
        return True, self.reason, f"stopped for the test: {self.reason.value}"


def test_the_table_covers_every_stop_reason_and_its_views_agree() -> None:
    assert set(ENDINGS) == set(StopReason)
    assert {e.kind for e in ENDINGS.values()} == set(EndKind)
    for reason, e in ENDINGS.items():
        assert end_kind_for(reason) is end_kind_for(reason.value) is e.kind
        assert (EXIT_CODES[e.kind], STATUS_LABEL[e.kind], status_for(e.kind)) == (e.view.exit_code, e.view.label, e.view.store_status)
        assert (e.kind in RESUMABLE) is e.view.resumable
        assert (e.view.label == "Complete") is (e.kind is EndKind.COMPLETED) is (e.view.exit_code == 0)
        assert (e.manifest == "completed") is (e.kind is EndKind.COMPLETED)  # the trace never says more than the report
    assert end_kind_for(None) is end_kind_for("no_such_reason") is EndKind.FAILED  # never shown as complete


@pytest.mark.parametrize("reason", list(StopReason), ids=lambda r: r.value)
def test_each_stop_reason_reaches_every_view(reason: StopReason, mini_corpus: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("research_agent.compose.stop_rules", lambda cfg, stopper: [StopWith(reason)])
    want = ENDINGS[reason]
    traces = tmp_path / "traces"
    res = cli("run", "Compare Larkspur and Tidewell on license", "--corpus", mini_corpus, "--task-id", "t1",
              "--traces", traces, "--quiet")
    assert res.exit_code == want.view.exit_code, res.stdout + res.stderr
    [(run_id,)] = rows(default_db(), "SELECT id FROM runs WHERE task_id = 't1'")
    manifest = json.loads((traces / run_id / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["status"], manifest["stop_reason"]) == (want.manifest, reason.value)
    row = task_row(default_db(), "t1")
    assert (row["status"], row["end_kind"], row["stop_reason"]) == (want.view.store_status, want.kind.value, reason.value)
    assert f"**Status:** {want.view.label} — {want.kind.value}" in res.stdout
    assert ("```\nresearch resume t1" in res.stdout) is want.view.resumable

    if reason is not next(r for r, e in ENDINGS.items() if e.kind is want.kind):
        return  # resuming depends on the end kind only: checked once per kind
    again = cli("resume", "t1", "--add-steps", "1", "--quiet", "--traces", traces)
    if want.view.resumable:
        assert again.exit_code == want.view.exit_code, again.stderr  # it ran, and ended the same way
        assert len(rows(default_db(), "SELECT id FROM runs WHERE task_id = 't1'")) == 2
    elif want.kind is EndKind.COMPLETED:
        assert again.exit_code == 0 and "already complete; nothing to resume" in again.stderr
    else:
        assert again.exit_code == 2 and "resume" in again.stderr
