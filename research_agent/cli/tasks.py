"""`research list`, `show`, `report` and `cancel`: read (or flag) stored tasks."""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from ._app import EXIT_EPILOG, ConfigOpt, DbOpt, JsonOpt, app
from ._common import BadInput, absolute, bad_input, config, fail, open_store, out, process_alive, status_label, store_for, task_label

if TYPE_CHECKING:
    from ..store import Store, TaskRecord

__all__ = ["cancel", "list_tasks", "report", "show"]

_LIST_STATUSES = ("created", "running", "completed", "partial", "aborted", "failed")
_FORMATS = ("md", "json", "html")


@app.command(epilog=EXIT_EPILOG)
def cancel(
    task_id: Annotated[str, typer.Argument(help="The running task to stop.")],
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Ask the process running a task to stop before its next tool call."""
    with bad_input():
        store = store_for(db, config_file)
        task = store.load_task(task_id)
        if task.status not in ("created", "running"):
            print(f"task {task_id} is not running (status: {task.status}); nothing to cancel")
            raise typer.Exit(0)
        runs = store.runs(task_id)
        pid = runs[-1].pid if runs else None
        if runs and runs[-1].ended_at is None and pid and not process_alive(pid) and pid != os.getpid():
            print(f"task {task_id} is not running (its process {pid} is gone); "
                  f"`research resume {task_id}` continues it from the last checkpoint")
            raise typer.Exit(0)
        store.request_cancel(task_id)
    where = f" (process {pid})" if pid else ""
    print(f"cancel requested for task {task_id}{where}: no new tool call starts, the state is saved, "
          f"and the run ends user_cancelled; `research resume {task_id}` continues it")


def _when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def _list_rows(store: Store, status: str | None, limit: int) -> list[dict[str, Any]]:
    return [
        {
            "id": t.id,
            "status": status_label(store, t),
            "end_kind": t.end_kind.value if t.end_kind and t.status not in ("created", "running") else None,
            "steps": t.usage.steps,
            "question": t.question,
            "updated": t.updated_at,
        }
        for t in store.list_tasks(status, limit=limit)
    ]


def _summary_rows(path: Path, status: str | None, limit: int) -> list[dict[str, Any]] | None:
    """`_list_rows` read by `store.listing` (no pydantic models, no state); None: ask the `Store`."""
    from ..store.listing import summaries

    found = summaries(path, status, limit)
    if found is None:
        return None
    return [
        {"id": t.id, "status": task_label(t.status, t.end_kind, t.last_pid, t.last_ended if t.runs else None),
         "end_kind": t.end_kind if t.end_kind and t.status not in ("created", "running") else None,
         "steps": t.steps, "question": t.question, "updated": t.updated_at}
        for t in found
    ]


@app.command("list", epilog=EXIT_EPILOG)
def list_tasks(
    status: Annotated[Optional[str], typer.Option("--status", help="completed | partial | aborted | failed | running | an end kind (budget_exhausted…).")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many tasks, newest first.")] = 50,
    as_json: JsonOpt = False,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Tasks in the database, most recently updated first (questions are never cut)."""
    from ..endings import EndKind

    with bad_input():
        if status is not None and status not in _LIST_STATUSES and status not in {k.value for k in EndKind}:
            known = ", ".join([*_LIST_STATUSES, *(k.value for k in EndKind)])
            raise BadInput(f"--status {status!r}: use one of {known}")
        where: Any = _plain_db_path(config_file, db)
        rows = None if where is None else _summary_rows(where, status, limit)
        if rows is None:  # a config file, no database yet, an older schema, an error: the full path decides
            cfg = config(config_file, {"db": db})
            where = cfg.db_path() if not cfg.database_url else _safe(cfg.database_url)
            rows = None if cfg.database_url else _summary_rows(where, status, limit)
            if rows is None:  # the store creates, migrates or says what is wrong
                rows = _list_rows(open_store(cfg), status, limit)
    if as_json:
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return
    if not rows:
        print("no tasks" + (f" with status {status}" if status else "") + f" in {where}", file=sys.stderr)
        return
    if not sys.stdout.isatty():
        _print_plain(rows)
        return
    _print_table(rows)


def _plain_db_path(config_file: Path | None, db: str | None) -> Path | None:
    """The database when no config file is involved (the usual case): `--db`, else the default under
    `$RESEARCH_HOME` — without loading the config model.  None when a config file may set `db`, or
    when the database is PostgreSQL (`--db postgresql://…`, RESEARCH_DATABASE_URL)."""
    from ..home import config_file_path, default_db
    from ..store.pg_url import is_pg_url

    if config_file is not None or config_file_path().exists() or is_pg_url(db):
        return None
    if db is None and os.environ.get("RESEARCH_DATABASE_URL"):
        return None
    return absolute(Path(db)) if db is not None else default_db()


def _safe(url: str) -> str:
    from ..store.pg_url import safe_url

    return safe_url(url)


def _print_plain(rows: list[dict[str, Any]]) -> None:
    """In a pipe: tab-separated columns, the whole question last (nothing cut, easy to `cut`)."""
    print("id\tstatus\tend kind\tsteps\tupdated\tquestion")
    for r in rows:
        print("\t".join([r["id"], r["status"], r["end_kind"] or "—", str(r["steps"]), _when(r["updated"]),
                         " ".join(r["question"].split())]))


def _print_table(rows: list[dict[str, Any]]) -> None:
    """On a terminal: a table whose question column wraps rather than being cut."""
    from rich.table import Table

    cells = [[r["id"], r["status"], r["end_kind"] or "—", str(r["steps"]), " ".join(r["question"].split()),
              _when(r["updated"])] for r in rows]
    table = Table(show_lines=False, expand=True)
    for i, col in enumerate(("id", "status", "end kind", "steps", "question", "updated")):
        if col == "question":
            table.add_column(col, overflow="fold", ratio=1, min_width=12)
        else:
            width = max(len(col), *(len(c[i]) for c in cells))
            table.add_column(col, no_wrap=True, min_width=width, justify="right" if col == "steps" else "left")
    for c in cells:
        table.add_row(*c)
    out().print(table)


def _cells(store: Store, task: TaskRecord) -> list[dict[str, Any]]:
    state = store.load_state(task.id)
    rows = []
    for key in task.task_contract.cell_keys():
        c = state.cells.get(key)
        if c is None:
            continue
        rows.append({
            "cell": key, "object": c.object, "dimension": c.dimension, "status": c.status,
            "value": c.conclusion or c.value, "sources": len(c.source_ids), "source_ids": list(c.source_ids),
            "conflict": c.conflict, "conflict_note": c.conflict_note,
        })
    return rows


@app.command(epilog=EXIT_EPILOG)
def show(
    task_id: Annotated[str, typer.Argument(help="The task whose state table to show.")],
    as_json: JsonOpt = False,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """The object × dimension grid: each cell's status, value, sources and conflict flag."""
    with bad_input():
        store = store_for(db, config_file)
        task = store.load_task(task_id)
        cells = _cells(store, task)
    if as_json:
        sys.stdout.write(json.dumps(cells, indent=2) + "\n")
        return
    _print_grid(store, task, cells)


def _print_grid(store: Store, task: TaskRecord, cells: list[dict[str, Any]]) -> None:
    from rich.table import Table
    from rich.text import Text

    from ..live import STATUS_STYLE

    contract = task.task_contract
    label = status_label(store, task)
    ended = f" ({task.end_kind.value})" if task.end_kind and label not in ("Running", "Interrupted") else ""
    table = Table(title=f"task {task.id} — {label}{ended}", show_lines=True)
    table.add_column("object", style="bold")
    for d in contract.dimensions:
        table.add_column(d.name)
    by_key = {c["cell"]: c for c in cells}
    for o in contract.objects:
        row: list[Any] = [o.name]
        for d in contract.dimensions:
            c = by_key.get(f"{o.name}/{d.name}")
            if c is None:
                row.append("—")
                continue
            text = Text(c["status"], style=STATUS_STYLE.get(c["status"], ""))
            if c["value"]:
                text.append(f"\n{c['value']}")
            text.append(f"\n{c['sources']} source{'s' if c['sources'] != 1 else ''}", style="dim")
            if c["conflict"]:
                text.append("\nconflict", style="bold magenta")
            row.append(text)
        table.add_row(*row)
    out().print(table)


@app.command(epilog=EXIT_EPILOG)
def report(
    task_id: Annotated[str, typer.Argument(help="The task whose latest report to print.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help="md | json | html (html is written to a file: --output).")] = "md",
    as_json: JsonOpt = False,
    output: Annotated[Optional[Path], typer.Option("--output", "-O", help="Write the report to this file (default for html: report-<task>.html).")] = None,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """The latest stored report of a task (Markdown, JSON, or one self-contained HTML file)."""
    fmt = "json" if as_json else fmt
    with bad_input():
        if fmt not in _FORMATS:
            raise BadInput(f"--format {fmt!r}: use md, json or html")
        store = store_for(db, config_file)
        store.load_task(task_id)
        body = _report_body(store, task_id, fmt)
        if body is None:
            raise BadInput(f"task {task_id} has no report yet (no run of it has ended); `research resume {task_id}` finishes one")
    if fmt == "html" or output is not None:
        target = output or Path(f"report-{task_id}.html")
        try:
            target.write_text(body, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {target}: {exc.strerror}")
        print(f"wrote {target}", file=sys.stderr)
        return
    sys.stdout.write(body if body.endswith("\n") else body + "\n")


def _report_body(store: Store, task_id: str, fmt: str) -> str | None:
    if fmt != "html":
        return store.report(task_id, fmt)  # type: ignore[arg-type]
    raw = store.report(task_id, "json")
    if raw is None:
        return None
    from ..report_html import render_html
    from .trace_cmd import trace_data

    facts = json.loads(raw)
    return render_html(facts, timeline=trace_data(store, task_id, None, with_runs=False))
