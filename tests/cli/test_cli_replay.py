"""`research replay`: a recorded task re-judged under other settings, from the store alone.

The demo question is run on a copy of the demo corpus; the copy is then deleted, and the tools and the
model are made to fail if anything builds them: a replay still answers (the socket guard of conftest.py
is on for every test).  A task recorded before migration 8 says plainly that it cannot be replayed."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from _cli_kit import cli

from research_agent.cell_rules import SettleRules
from research_agent.config import DEMO_CORPUS
from research_agent.replay import Recording
from research_agent.replay.resettle import Resettler
from research_agent.store import Store, migrations

QUESTION = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"


def _run(tmp_path: Path, *extra: str) -> Path:
    corpus = tmp_path / "corpus"
    shutil.copytree(DEMO_CORPUS, corpus)
    db = tmp_path / "r.db"
    out = cli("run", QUESTION, "--corpus", corpus, "--db", db, "--task-id", "t1", "-q", *extra)
    assert out.exit_code in (0, 4), out.output
    return db


def _refuse(*args, **kwargs):
    raise AssertionError("a replay built a tool or a model")


def test_a_replay_needs_no_corpus_no_tool_and_no_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = _run(tmp_path)
    shutil.rmtree(tmp_path / "corpus")
    monkeypatch.setattr("research_agent.compose.open_toolbox", _refuse)
    monkeypatch.setattr("research_agent.construct.make_model", _refuse)
    same = json.loads(cli("replay", "t1", "--db", db, "--json").stdout)
    assert same["replayed"] == same["recorded"] and same["recorded"]["end_kind"] == "completed"
    assert same["saves"]["tool_calls"] == 0 and same["note"] is None
    earlier = cli("replay", "t1", "--db", db, "--min-sources", "1")
    assert earlier.exit_code == 0 and "replayed: stops at step" in earlier.stdout
    assert "this stop saves" in earlier.stdout


def test_a_later_stop_says_the_recording_ends_there(tmp_path: Path) -> None:
    db = _run(tmp_path)
    out = cli("replay", "t1", "--db", db, "--min-sources", "3", "--json")
    result = json.loads(out.stdout)
    assert result["replayed"] is None
    assert result["note"] == f"the recording ends at step {result['recording_ends']}; beyond it is unknown"
    refused = cli("replay", "t1", "--db", db, "--min-sources", "3", "--report")
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1 and refused.stderr.startswith("error: ")
    assert "beyond it is unknown" in refused.stderr


def test_a_resumed_task_replays_across_its_runs(tmp_path: Path) -> None:
    db = _run(tmp_path, "--max-steps", "5")
    assert cli("resume", "t1", "--db", db, "--add-steps", "20", "-q").exit_code == 0
    whole = json.loads(cli("replay", "t1", "--db", db, "--json").stdout)
    assert whole["replayed"] == whole["recorded"] and whole["recorded"]["end_kind"] == "completed"
    first_budget = json.loads(cli("replay", "t1", "--db", db, "--max-steps", "5", "--json").stdout)
    assert (first_budget["replayed"]["step"], first_budget["replayed"]["stop_reason"]) == (5, "budget_steps")
    # the resume's first write logged the whole state again: cells ruled again under the recorded rules,
    # step by step across it, are the recorded ones
    with Store(db) as store:
        recording = Recording.load(store, "t1")
    resettler = Resettler(SettleRules(recording.contract.min_sources))
    for logged, state, touched in recording.steps_touched():
        view = resettler.view(state, logged.step, touched)
        assert {k: c.status for k, c in view.cells.items()} == {k: c.status for k, c in state.cells.items()}
        assert view.progress.unchanged_steps == state.progress.unchanged_steps


def test_a_tool_call_budget_is_a_stop_setting_of_a_run_and_of_its_replay(tmp_path: Path) -> None:
    db = _run(tmp_path, "--max-tool-calls", "4")
    tight = json.loads(cli("replay", "t1", "--db", db, "--json").stdout)
    assert tight["recorded"]["stop_reason"] == "budget_tool_calls" and tight["replayed"] == tight["recorded"]
    assert tight["at"]["tool_calls"] == 4
    tighter = json.loads(cli("replay", "t1", "--db", db, "--max-tool-calls", "2", "--json").stdout)
    assert tighter["replayed"]["stop_reason"] == "budget_tool_calls" and tighter["at"]["tool_calls"] == 2


def test_the_report_at_the_replayed_stop_is_written_in_the_reports_formats(tmp_path: Path) -> None:
    db = _run(tmp_path)
    md = cli("replay", "t1", "--db", db, "--max-steps", "2", "--report")
    assert md.stdout.startswith("# Research report") and "**Status:** Partial — budget_exhausted" in md.stdout
    html = tmp_path / "r.html"
    out = cli("replay", "t1", "--db", db, "--max-steps", "2", "--report", "--format", "html", "--output", html)
    assert out.exit_code == 0 and html.read_text().lstrip().lower().startswith("<!doctype html")


def test_a_task_recorded_before_migration_8_cannot_be_replayed(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    conn = sqlite3.connect(db, isolation_level=None)
    before = [f.__name__ for f in migrations.MIGRATIONS].index("m008_replay_steps")
    migrations.migrate(conn, upto=before)
    conn.execute(
        "INSERT INTO tasks (id, question, contract_json, contract_version, status, end_kind, stop_reason, created_at, "
        "updated_at) VALUES ('old', ?, ?, 'v', 'completed', 'completed', 'evidence_sufficient', 'now', 'now')",
        (QUESTION, json.dumps({"question": QUESTION, "objects": ["A", "B"], "dimensions": ["license"]})),
    )
    conn.close()
    out = cli("replay", "old", "--db", db)
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: task old was recorded before replay was kept")
    assert "cannot be replayed" in out.stderr


@pytest.mark.parametrize("args", [["--min-sources", "0"], ["--format", "xml"], ["--max-steps", "x"]])
def test_bad_replay_input_is_one_error_line(tmp_path: Path, args: list[str]) -> None:
    db = _run(tmp_path)
    out = cli("replay", "t1", "--db", db, *args)
    assert out.exit_code == 2 and out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
