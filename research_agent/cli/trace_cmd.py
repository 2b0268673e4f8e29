"""`research trace`: the step timeline of a task or of one of its runs."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from ._app import EXIT_EPILOG, ConfigOpt, DbOpt, JsonOpt, app
from ._common import BadInput, absolute, bad_input, store_for
from .trace_view import StateIndex, format_step, step_entry, step_lines

if TYPE_CHECKING:
    from ..store import Store

__all__ = ["trace", "trace_data"]


def _task_and_filter(store: Store, target: str):
    from ..store import UnknownTask

    try:
        return store.load_task(target), None
    except UnknownTask:
        m = re.match(r"^(?P<task>.+)-r\d+$", target)
        if m is None:
            raise
        return store.load_task(m["task"]), target


def trace_data(store: Store, target: str, traces: Path | None, *, with_runs: bool = True) -> dict[str, Any]:
    """The timeline of every run of a task (or one run) as a JSON-able dict.

    Raises BadInput when no trace is found and `with_runs` is set (the command);
    the HTML report (`with_runs=False`) gets an empty timeline instead."""
    from ..home import research_home

    task, run_filter = _task_and_filter(store, target)
    runs = [r for r in store.runs(task.id) if run_filter in (None, r.id)]
    if not runs:
        raise BadInput(f"no run {target} in {store.path}; `research trace {task.id}` lists every run")
    root = absolute(traces) or Path(task.config.get("traces") or research_home() / "traces")
    found = [(r, *_run_lines(store, root, r.id)) for r in runs]
    if with_runs and not any(where for _, where, _ in found):
        raise BadInput(f"no trace of task {task.id} under {root}; pass --traces DIR")
    index = StateIndex(store.load_state(task.id))
    return {
        "task_id": task.id,
        "question": task.question,
        "runs": [
            {
                "run_id": r.id, "kind": r.kind,
                "end_kind": r.end_kind.value if r.end_kind else None, "stop_reason": r.stop_reason,
                "trace": where,
                "steps": [step_entry(line, index) for line in lines or []],
            }
            for r, where, lines in found
        ],
    }


def _run_lines(store: Store, root: Path, run_id: str) -> tuple[str | None, list[dict[str, Any]] | None]:
    """Where the run's step lines come from and the lines: its `steps.jsonl` here, else the lines a
    queue worker kept in the store (docs/scale.md); (None, None) when there are neither."""
    path = root / run_id / "steps.jsonl"
    if path.exists():
        return str(path), step_lines(path)
    kept = store.step_lines(run_id)
    if not kept:
        return None, None
    return f"{store.path} (step_lines)", [json.loads(line) for line in kept]


@app.command(epilog=EXIT_EPILOG)
def trace(
    target: Annotated[str, typer.Argument(help="A task id (every run of it) or a run id (<task>-r<N>).")],
    traces: Annotated[Optional[Path], typer.Option("--traces", help="Trace folder (default: the task's own).")] = None,
    as_json: JsonOpt = False,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """A step timeline: tool and query/URL, values and quotes added, cells moved, refusals, stop checks."""
    with bad_input():
        data = trace_data(store_for(db, config_file), target, traces)
    if as_json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return
    print(f"task {data['task_id']}: {data['question']}")
    for r in data["runs"]:
        ended = f"{r['end_kind']} ({r['stop_reason']})" if r["end_kind"] else "did not finish (interrupted)"
        print(f"\nrun {r['run_id']} ({r['kind']}) — {ended}")
        if r["trace"] is None:
            print("  no trace for this run")
            continue
        for entry in r["steps"]:
            for text in format_step(entry):
                print(text)
