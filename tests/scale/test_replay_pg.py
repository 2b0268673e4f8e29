"""Replay on PostgreSQL: a task a queue worker recorded is re-judged from the database alone (issue 25 on
the store of issue 22).

The demo question is submitted with a copy of the demo corpus and run by a real `research worker`
process, stopped by its step budget, resumed by a second worker process and completed; the corpus is then deleted.  `research replay --db postgresql://…` reproduces
the recorded stop, stops at the first run's budget when asked to, and judges other settings exactly as
a replay of the same run recorded in SQLite does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from _scale_kit import QUESTION, query, research

from research_agent.config import DEMO_CORPUS


def _replay(db: str, *flags: str) -> dict:
    done = research("replay", "rp", "--db", db, "--json", *flags)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_task_recorded_by_workers_on_postgres_replays_from_the_database_alone(pg_url, workers, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(DEMO_CORPUS, corpus)
    submitted = research("submit", QUESTION, "--db", pg_url, "--corpus", str(corpus), "--max-steps", "5",
                         "--task-id", "rp")
    assert submitted.returncode == 0, submitted.stderr
    assert workers.start("--until-idle").wait(90) == 0
    assert query(pg_url, "SELECT status, end_kind FROM tasks WHERE id = 'rp'") == [("partial", "budget_exhausted")]
    resumed = research("resume", "rp", "--db", pg_url, "--add-steps", "20")
    assert resumed.returncode == 0, resumed.stderr
    assert workers.start("--until-idle").wait(90) == 0
    assert query(pg_url, "SELECT status FROM tasks WHERE id = 'rp'") == [("completed",)]
    assert query(pg_url, "SELECT count(*), count(stop_settings_json) FROM runs WHERE task_id = 'rp'") == [(2, 2)]
    # every step of both runs is logged with the figures its stop check read, by run
    logged = query(pg_url, "SELECT run_id, min(run_step), max(run_step) FROM replay_steps WHERE task_id = 'rp' "
                           "GROUP BY run_id ORDER BY run_id")
    assert [(r, lo) for r, lo, _ in logged] == [("rp-r1", 1), ("rp-r2", 1)] and logged[0][2] == 5
    shutil.rmtree(corpus)

    same = _replay(pg_url)
    assert same["replayed"] == same["recorded"] and same["recorded"]["end_kind"] == "completed"
    assert same["saves"]["tool_calls"] == 0 and same["note"] is None
    first_budget = _replay(pg_url, "--max-steps", "5")
    assert (first_budget["replayed"]["step"], first_budget["replayed"]["stop_reason"]) == (5, "budget_steps")
    earlier = _replay(pg_url, "--min-sources", "1")
    assert earlier["replayed"]["step"] < same["recorded"]["step"]

    # the same question run in SQLite (one process, no worker): the same recording, judged the same
    shutil.copytree(DEMO_CORPUS, corpus)
    lite = str(tmp_path / "r.db")
    run = research("run", QUESTION, "--db", lite, "--corpus", str(corpus), "--task-id", "rp", "-q")
    assert run.returncode == 0, run.stderr
    for flags in ((), ("--max-steps", "5"), ("--min-sources", "1"), ("--min-sources", "3")):
        on_pg, on_lite = _replay(pg_url, *flags), _replay(lite, *flags)
        assert _decided(on_pg) == _decided(on_lite), flags


def _decided(result: dict) -> dict:
    """What a replay decided: where and why it stops, the table there, the tool calls and steps (not the
    seconds, nor the settings, which differ: the PostgreSQL task's step budget came in two runs)."""
    return {"replayed": result["replayed"], "recording_ends": result["recording_ends"], "note": result["note"],
            "cells": result["cells"], "at": {k: result["at"][k] for k in ("steps", "tool_calls", "tokens")}}
