"""The `research` command line: start, watch, interrupt, resume and read runs.

Commands (one module each group): `run`, `resume` (running.py); `list`,
`show`, `report`, `cancel` (tasks.py); `trace` (trace_cmd.py); `replay`
(replay_cmd.py); `index`, `eval` (index_eval.py); `db upgrade`, `submit`,
`batch`, `worker` (scale_cmds.py).  Results (reports, tables, timelines, JSON) go to
**stdout**; progress, the live view, the one-line summary and errors go to
**stderr**.  Importing this package loads typer and the command modules only:
the research stack (pydantic models, sqlmodel, trafilatura, httpx, openai) is
imported inside the commands that need it, so `--help`, `--version` and
`list` start fast.  Exit codes: `EXIT_EPILOG` and docs/cli.md.
"""

from __future__ import annotations

from . import running, tasks, trace_cmd, replay_cmd, index_eval, scale_cmds  # noqa: F401, I001  (register the commands, in help order)
from ._app import EXIT_BAD_INPUT, EXIT_EPILOG, EXIT_INTERRUPTED, app
from .contract_input import build_contract, contract_toml
from .running import sigint_cancels
from .trace_view import format_step

_sigint_cancels = sigint_cancels  # the name the cancel tests use

__all__ = ["EXIT_BAD_INPUT", "EXIT_EPILOG", "EXIT_INTERRUPTED", "app", "build_contract", "contract_toml",
           "format_step", "main"]


def main() -> None:
    """Console-script entry point.

    After the command has returned (its state saved, its output written), the process
    ends with `os._exit`: the interpreter's teardown of the research stack (lxml,
    trafilatura, sqlalchemy…) takes about a second, which a cancelled run would
    otherwise add after its summary line.  Every checkpoint is a committed SQLite
    transaction, so nothing is left to flush but stdout and stderr."""
    import os
    import sys

    code = app(standalone_mode=False)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass  # `research list | head`: the reader left; nothing more to say
    os._exit(code if isinstance(code, int) else 0)
