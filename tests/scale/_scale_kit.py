"""Helpers of the worker tests: waiting, reading the store and the traces."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

RESEARCH = str(Path(sys.executable).parent / "research")

QUESTION = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"


def wait_for(what: Callable[[], Any], timeout: float, message: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = what()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {message}")


def query(url: str, sql: str, *args: Any) -> list[tuple]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(sql, args).fetchall()


def snapshot(url: str, task_id: str) -> tuple:
    """Everything a commit about the task would change."""
    return (
        query(url, "SELECT status, end_kind, usage_json, updated_at, lease_epoch FROM tasks WHERE id = %s", task_id),
        query(url, "SELECT step, generation, updated_at FROM state WHERE task_id = %s", task_id),
        query(url, "SELECT id, ended_at, steps, usage_json FROM runs WHERE task_id = %s ORDER BY number", task_id),
        query(url, "SELECT count(*) FROM actions WHERE task_id = %s", task_id),
        query(url, "SELECT run_id, format FROM reports WHERE task_id = %s ORDER BY run_id, format", task_id),
    )


def executed_calls(traces: Path, run_id: str) -> list[str]:
    """The tool calls a run's committed (traced) steps executed: tool and arguments."""
    path = traces / run_id / "steps.jsonl"
    if not path.exists():
        return []
    last: dict[int, dict] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            last[row["step"]] = row
    calls = []
    for row in last.values():
        actions = (row.get("decision") or {}).get("actions") or []
        for action, result in zip(actions, row.get("action_results", [])):
            if result.get("status") in ("ok", "error"):
                args = {k: v for k, v in action.get("args", {}).items() if k != "cell"}
                calls.append(f"{action['name']}:{json.dumps(args, sort_keys=True)}")
    return calls


def research(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([RESEARCH, *args], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})
