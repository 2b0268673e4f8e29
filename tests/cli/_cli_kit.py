"""Helpers for the CLI tests: invoke `research` in-process (typer's CliRunner)
or as a real subprocess (`python -m research_agent`), and read back what a
user (or a DBA) would see: the rows in SQLite, the trace lines.

No sleeps hide races here: `wait_until` polls a condition (the database, a
trace file) against a deadline and fails with what it was waiting for.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from research_agent.cli import app

DEADLINE = 60.0
"""Seconds a polled condition may take before the test fails."""


def question_of(corpus: Path) -> str:
    return (corpus / "question.txt").read_text(encoding="utf-8").strip()


def expected_of(corpus: Path) -> dict[str, str]:
    """Cell → canonical value (what the table compares)."""
    return json.loads((corpus / "expected.json").read_text(encoding="utf-8"))


def shown_of(corpus: Path) -> dict[str, str]:
    """Cell → the value as reports show it (as the source wrote it)."""
    return json.loads((corpus / "shown.json").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ invoking


def cli(*args: str | Path) -> Result:
    """`research <args>` in-process; exceptions other than exits propagate."""
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def env() -> dict[str, str]:
    """The environment for a subprocess: this test's RESEARCH_HOME and RESEARCH_TESTING."""
    e = dict(os.environ)
    assert e.get("RESEARCH_HOME") and e.get("RESEARCH_TESTING") == "1"
    e["PYTHONUNBUFFERED"] = "1"
    return e


def command(*args: str | Path) -> list[str]:
    return [sys.executable, "-m", "research_agent", *(str(a) for a in args)]


def spawn(*args: str | Path, cwd: Path | None = None) -> subprocess.Popen[str]:
    """Start `research <args>` as a real process (stdout/stderr piped)."""
    return subprocess.Popen(
        command(*args), env=env(), cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


_PREWARMED = (
    "import sys\n"
    "from research_agent.cli import main\n"
    "import research_agent.store\n"  # what a command loads lazily, so firing it only acts (cancel races a run's end)
    "sys.stdin.readline()\n"
    "sys.argv = ['research', *sys.argv[1:]]\n"
    "main()\n"
)


def prewarmed(*args: str | Path) -> subprocess.Popen[str]:
    """A process that has imported the CLI and runs `research <args>` when `fire` is called.

    Separates interpreter start-up (a second or more on a loaded machine) from
    the moment the command acts, so a test can act at a precise point of
    another process's run.
    """
    return subprocess.Popen(
        [sys.executable, "-c", _PREWARMED, *(str(a) for a in args)],
        env=env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def fire(proc: subprocess.Popen[str], timeout: float = DEADLINE) -> subprocess.CompletedProcess[str]:
    out, err = proc.communicate("go\n", timeout=timeout)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def run_proc(*args: str | Path, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(*args), env=env(), cwd=cwd, capture_output=True, text=True, timeout=timeout)


# ------------------------------------------------------------------ the database


def default_db() -> Path:
    return Path(os.environ["RESEARCH_HOME"]) / "research.db"


def rows(db: Path, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run a read query on the research database (safe while a run writes: WAL)."""
    conn = sqlite3.connect(db, timeout=10)
    try:
        return conn.execute(query, params).fetchall()
    finally:
        conn.close()


def task_count(db: Path) -> int:
    """Rows in `tasks` (0 when the database or the table does not exist)."""
    if not db.exists():
        return 0
    names = {r[0] for r in rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    return rows(db, "SELECT COUNT(*) FROM tasks")[0][0] if "tasks" in names else 0


def checkpointed_step(db: Path, task_id: str) -> int:
    """The step of the task's last checkpoint (0 before the first one)."""
    if not db.exists():
        return 0
    try:
        got = rows(db, "SELECT step FROM state WHERE task_id = ?", (task_id,))
    except sqlite3.OperationalError:  # the schema is being created by the run right now
        return 0
    return got[0][0] if got else 0


def cells_table(db: Path, task_id: str) -> list[tuple[str, str, str | None, list[str]]]:
    """(cell, status, value, source ids) per cell, ordered by cell key."""
    return [
        (key, status, value, json.loads(source_ids))
        for key, status, value, source_ids in rows(
            db, "SELECT key, status, value, source_ids_json FROM cells WHERE task_id = ? ORDER BY key", (task_id,)
        )
    ]


def duplicate_counts(db: Path, task_id: str) -> dict[str, tuple[int, int]]:
    """(rows, distinct natural keys) for sources, findings and executed actions.

    Primary keys make exact duplicates impossible, so these compare against
    what would repeat if a resume re-did work: the same page stored under a
    second source id, the same quote of the same source for the same cell
    extracted twice, the same read-only tool call executed twice.
    """
    q = {
        "sources": "SELECT COUNT(*), COUNT(DISTINCT canonical_url) FROM sources WHERE task_id = ?",
        "findings": "SELECT COUNT(*), COUNT(DISTINCT cell || char(31) || source_id || char(31) || quote) FROM findings WHERE task_id = ?",
        "actions": "SELECT COUNT(*), COUNT(DISTINCT key) FROM actions WHERE task_id = ? AND status = 'ok'",
        "actions_pk": "SELECT COUNT(*), COUNT(DISTINCT step || ':' || seq) FROM actions WHERE task_id = ?",
        "sources_pk": "SELECT COUNT(*), COUNT(DISTINCT id) FROM sources WHERE task_id = ?",
        "findings_pk": "SELECT COUNT(*), COUNT(DISTINCT id) FROM findings WHERE task_id = ?",
    }
    return {name: tuple(rows(db, sql, (task_id,))[0]) for name, sql in q.items()}  # type: ignore[misc]


def executed_keys(db: Path, task_id: str) -> list[str]:
    return sorted(r[0] for r in rows(db, "SELECT key FROM actions WHERE task_id = ? AND status = 'ok'", (task_id,)))


def task_row(db: Path, task_id: str) -> dict[str, Any]:
    conn = sqlite3.connect(db, timeout=10)
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute("SELECT * FROM tasks WHERE id = ?", (task_id,)).fetchone()
        return dict(row) if row is not None else {}
    finally:
        conn.close()


def snapshot(db: Path, task_id: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the task in tasks, runs, state, cells and reports."""
    return {
        table: rows(db, f"SELECT * FROM {table} WHERE {col} = ? ORDER BY 1, 2", (task_id,))
        for table, col in (("tasks", "id"), ("runs", "task_id"), ("state", "task_id"), ("cells", "task_id"), ("reports", "task_id"))
    }


# ------------------------------------------------------------------ waiting


def wait_until(
    condition: Callable[[], bool], what: str, *, proc: subprocess.Popen[str] | None = None, deadline: float = DEADLINE
) -> None:
    """Poll `condition` until it holds; fail after `deadline` seconds or when `proc` exits first."""
    end = time.monotonic() + deadline
    while not condition():
        if proc is not None and proc.poll() is not None:
            out, err = proc.communicate()
            raise AssertionError(f"the process exited ({proc.returncode}) before {what}\nstdout:\n{out[-2000:]}\nstderr:\n{err[-3000:]}")
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {deadline:.0f}s waiting for {what}")
        time.sleep(0.01)  # a polling interval, not a wait for the race to resolve


def finish(proc: subprocess.Popen[str], timeout: float = DEADLINE) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]
