"""`research list` reads the newest tasks through `store.listing` (no pydantic
models, no state) and shows exactly what the full `Store` path showed: created,
interrupted (its process is gone), finished tasks and a `--status` filter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from _store_kit import new_task
from typer.testing import CliRunner

from research_agent.cli import app, tasks
from research_agent.endings import EndKind
from research_agent.store import Store
from research_agent.store.listing import summaries


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _db(tmp_path: Path) -> Path:
    db = tmp_path / "r.db"
    with Store(db) as store:
        new_task(store, "fresh")
        new_task(store, "crashed")
        store.start_run("crashed", "first", _dead_pid())
        new_task(store, "ended")
        run = store.start_run("ended", "first", _dead_pid())
        store.finish("ended", run, end_kind=EndKind.BUDGET_EXHAUSTED, stop_reason="max_steps", stop_detail="20 steps",
                     usage={"steps": 7}, report_md="# r", report_json={})
    return db


def test_list_rows_from_the_listing_equal_the_store_rows(tmp_path: Path) -> None:
    db = _db(tmp_path)
    for status in (None, "running", "created", "budget_exhausted", "partial"):
        light = tasks._summary_rows(db, status, 50)
        with Store(db) as store:
            assert light == tasks._list_rows(store, status, 50), status
    labels = {row["id"]: (row["status"], row["end_kind"], row["steps"]) for row in tasks._summary_rows(db, None, 50)}
    assert labels == {"fresh": ("Created", None, 0), "crashed": ("Interrupted", None, 0),
                      "ended": ("Partial", "budget_exhausted", 7)}


def test_list_prints_them_through_the_listing(tmp_path: Path) -> None:
    db = _db(tmp_path)
    res = CliRunner().invoke(app, ["list", "--db", str(db), "--json"], catch_exceptions=False)
    assert res.exit_code == 0, res.stderr
    assert [row["id"] for row in json.loads(res.stdout)] == [t.id for t in summaries(db, None, 50)]


def test_the_store_speaks_first_when_there_is_no_file_or_an_older_schema(tmp_path: Path) -> None:
    assert summaries(tmp_path / "missing.db", None, 50) is None
    db = _db(tmp_path)
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)")
    conn.commit()
    conn.close()
    assert summaries(db, None, 50) is None
