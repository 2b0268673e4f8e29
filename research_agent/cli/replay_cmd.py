"""`research replay`: re-judge a recorded task's stop decisions under other settings, at no tool or model cost."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ._app import EXIT_EPILOG, ConfigOpt, DbOpt, JsonOpt, app
from ._common import BadInput, bad_input, fail, store_for

__all__ = ["replay"]

_FORMATS = ("md", "json", "html")


@app.command(epilog=EXIT_EPILOG)
def replay(
    task_id: Annotated[str, typer.Argument(help="The recorded task to re-judge (`research list` shows ids).")],
    min_sources: Annotated[Optional[int], typer.Option("--min-sources", min=1, max=10, help="Independent sources a value needs to be confirmed.")] = None,
    max_steps: Annotated[Optional[int], typer.Option("--max-steps", min=1, help="Step budget of the task.")] = None,
    max_tool_calls: Annotated[Optional[int], typer.Option("--max-tool-calls", min=1, help="Tool-call budget of the task.")] = None,
    max_tokens: Annotated[Optional[int], typer.Option("--max-tokens", min=1, help="Model-token budget of the task.")] = None,
    max_cost: Annotated[Optional[float], typer.Option("--max-cost", min=0.000001, help="Model-cost budget of the task in USD.")] = None,
    max_seconds: Annotated[Optional[float], typer.Option("--max-seconds", min=0.001, help="Wall-time budget of the task in seconds.")] = None,
    stagnation: Annotated[Optional[int], typer.Option("--stagnation", min=1, help="Steps without a state change that end the run no_new_evidence.")] = None,
    max_duplicates: Annotated[Optional[int], typer.Option("--max-duplicates", min=1, help="Already-run actions proposed in a row that end the run duplicate_path.")] = None,
    max_failures: Annotated[Optional[int], typer.Option("--max-failures", min=1, help="Failures in a row of one tool that end the run tool_unavailable.")] = None,
    report: Annotated[bool, typer.Option("--report", help="Print the report the run would have written at that step instead of the summary.")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="With --report: md | json | html (html is written to a file: --output).")] = "md",
    output: Annotated[Optional[Path], typer.Option("--output", "-O", help="With --report: write it to this file.")] = None,
    as_json: JsonOpt = False,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
) -> None:
    """Where a recorded task would have stopped under other stop settings, and what that saves (no tool or model call)."""
    from ..replay import NotReplayable, Recording, ReplaySettings, replay as replay_task
    from ..replay.result import render_text, replay_result, report_for

    with bad_input():
        if fmt not in _FORMATS:
            raise BadInput(f"--format {fmt!r}: use md, json or html")
        asked = ReplaySettings(
            min_sources=min_sources, max_steps=max_steps, max_tool_calls=max_tool_calls, max_tokens=max_tokens,
            max_cost=max_cost, max_seconds=max_seconds, max_unchanged_steps=stagnation, max_duplicates=max_duplicates,
            max_consecutive_failures=max_failures,
        )
        store = store_for(db, config_file)
        try:
            replayed = replay_task(Recording.load(store, task_id), asked)
        except NotReplayable as exc:
            raise BadInput(str(exc)) from exc
        result = replay_result(replayed)
        if report and replayed.stop is None:
            raise BadInput(f"with {result.settings} the run does not stop within the recording ({result.note}): "
                           "there is no report to write")
    if report:
        _write_report(*report_for(replayed), fmt=fmt, output=output, task_id=task_id)
        print(render_text(result).splitlines()[2], file=sys.stderr)
        return
    sys.stdout.write(result.model_dump_json(indent=2) + "\n" if as_json else render_text(result))


def _write_report(md: str, js: dict, *, fmt: str, output: Path | None, task_id: str) -> None:
    if fmt == "html":
        from ..report_html import render_html

        body = render_html(js)
    else:
        body = md if fmt == "md" else json.dumps(js, indent=2, default=str)
    if fmt == "html" or output is not None:
        target = output or Path(f"replay-{task_id}.html")
        try:
            target.write_text(body, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {target}: {exc.strerror}")
        print(f"wrote {target}", file=sys.stderr)
        return
    sys.stdout.write(body if body.endswith("\n") else body + "\n")
