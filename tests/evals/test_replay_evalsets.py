"""Replay over the whole recorded evalset: every case and the demo, recorded once for this file.

`research eval` runs `evalsets/` and the demo once (offline, two workers) and keeps their recordings; the
tests then re-judge them with no tool and no model call: with their own settings each must end exactly
as it ran (end kind, stop reason, stop step); the demo stops earlier with `min_sources = 1` and at step 3
with `--max-steps 3`; a 3×3 grid prints the trade-off per setting, and the grid point with the recorded
settings scores exactly what the eval scored."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from _fresh_stack import run_eval_on_a_fresh_stack
from typer.testing import CliRunner

from research_agent.cli import app
from research_agent.config import default_eval_paths
from research_agent.evals.recorded import RecordedEval, find_recording
from research_agent.replay import Recording, ReplaySettings, replay
from research_agent.store import Store


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, RecordedEval, dict]:
    home = tmp_path_factory.mktemp("replay-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RESEARCH_HOME", str(home))
        mp.setenv("RESEARCH_OFFLINE_GUARD", "1")
        report = home / "eval.json"
        out = io.StringIO()
        rc = run_eval_on_a_fresh_stack(default_eval_paths(), json_path=report, workers=2, out=out)
        assert rc == 0, out.getvalue()
        run_id = out.getvalue().split("research eval --replay ", 1)[1].split()[0]
        folder, manifest = find_recording(run_id)
    return folder, manifest, json.loads(report.read_text())


def _cli(home: Path, *args: str | Path):
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False, env={"RESEARCH_HOME": str(home)})


def test_each_case_and_the_demo_replayed_with_its_own_settings_ends_exactly_as_it_ran(recorded):
    folder, manifest, _ = recorded
    assert len(manifest.cases) >= 49 and any(c.facts.id == "demo" for c in manifest.cases)
    for case in manifest.cases:
        with Store(folder / case.db) as store:
            task, state = store.load_task(case.task_id), store.load_state(case.task_id)
            result = replay(Recording.load(store, case.task_id), ReplaySettings())
        assert result.stop is not None, case.facts.id
        got = (result.stop.reason.value, result.step)
        assert got == (task.stop_reason, state.current_step), case.facts.id
        assert result.stop.detail == task.stop_detail, case.facts.id


def _demo(recorded) -> Path:
    folder, manifest, _ = recorded
    return folder / next(c.db for c in manifest.cases if c.facts.id == "demo")


def test_min_sources_1_stops_the_demo_earlier_and_says_what_it_saves(recorded, tmp_path):
    out = _cli(tmp_path, "replay", "demo", "--db", _demo(recorded), "--min-sources", "1", "--json")
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert result["recorded"]["end_kind"] == "completed"
    assert result["replayed"]["end_kind"] == "completed" and result["replayed"]["stop_reason"] == "evidence_sufficient"
    assert result["replayed"]["step"] < result["recorded"]["step"]
    assert result["saves"]["tool_calls"] > 0 and result["saves"]["steps"] == result["recorded"]["step"] - result["replayed"]["step"]
    assert all(c["status"] == "confirmed" for c in result["cells"])
    assert min(c["independent_sources"] for c in result["cells"]) == 1


def test_max_steps_3_ends_the_demo_budget_exhausted_at_step_3(recorded, tmp_path):
    out = _cli(tmp_path, "replay", "demo", "--db", _demo(recorded), "--max-steps", "3")
    assert out.exit_code == 0, out.output
    assert "replayed: stops at step 3, budget_exhausted (budget_steps: 3/3 steps)" in out.stdout
    report = _cli(tmp_path, "replay", "demo", "--db", _demo(recorded), "--max-steps", "3", "--report", "--format", "json")
    facts = json.loads(report.stdout)
    assert (facts["status"], facts["end_kind"], facts["stop_reason"]) == ("Partial", "budget_exhausted", "budget_steps")
    assert facts["usage"]["steps"] == 3


def test_a_3x3_grid_prints_the_tradeoff_per_setting_and_the_recorded_point_scores_what_the_eval_scored(recorded, tmp_path):
    folder, manifest, eval_json = recorded
    grid = _cli(tmp_path, "eval", "--replay", folder, "--grid", "min_sources=1,2,3", "stagnation=2,3,20", "--json")
    assert grid.exit_code == 0, grid.output
    data = json.loads(grid.stdout)
    assert len(data["settings"]) == 9
    summary = data["summary"]
    loose, recorded_point, strict = (summary[f"min_sources={n} max_unchanged_steps=20"]["overall"] for n in (1, 2, 3))
    # fewer sources per claim: earlier stops, fewer tool calls, and premature ones
    assert loose["tool_calls"] < recorded_point["tool_calls"] and loose["premature_stops"] > 0
    # more than the corpora hold: runs that do not stop within their recordings
    assert strict["beyond"] > 0 and strict["accuracy"] < 1.0
    ran = eval_json["summary"]["evidence"]
    for category, agg in summary["min_sources=2 max_unchanged_steps=20"].items():
        for key in ("n", "accuracy", "premature", "tool_calls", "steps", "invalid", "dup_search", "overrun", "cells"):
            assert agg[key] == ran[category][key], (category, key)
    text = _cli(folder.parent.parent, "eval", "--replay", manifest.id, "--grid", "min_sources=1,2")
    assert "premature" in text.stdout and "overrun" in text.stdout and "dup search" in text.stdout


def test_ruling_every_recorded_step_again_under_its_own_rules_gives_the_recorded_table(recorded):
    """The cells a replay rules again (`--min-sources`) come from the function the run used: under the
    recorded `min_sources` every step of every case gets back its recorded statuses and no-progress count."""
    from research_agent.cell_rules import SettleRules
    from research_agent.replay.resettle import Resettler

    folder, manifest, _ = recorded
    for case in manifest.cases:
        with Store(folder / case.db) as store:
            recording = Recording.load(store, case.task_id)
        resettler = Resettler(SettleRules(recording.contract.min_sources))
        for logged, state, touched in recording.steps_touched():
            view = resettler.view(state, logged.step, touched)
            want = {k: (c.status, c.value, c.independent_sources, c.needed) for k, c in state.cells.items()}
            got = {k: (c.status, c.value, c.independent_sources, c.needed) for k, c in view.cells.items()}
            assert got == want, (case.facts.id, logged.step)
            assert view.progress.unchanged_steps == state.progress.unchanged_steps, (case.facts.id, logged.step)
