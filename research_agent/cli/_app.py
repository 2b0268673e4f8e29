"""The typer application, its shared options and exit codes.

Imported by every command module; it imports typer and click only, so
`research --help`, `--version` and `list` start without the research stack.
Usage errors (a bad option value, a missing argument, an unknown command) are
printed as one `error:` line and exit 2 (`OneLineGroup.main`), instead of
click's boxed message.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperGroup

from typer._click import exceptions as click_exc  # typer vendors click (pyproject: typer>=0.27)

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_EPILOG", "EXIT_INTERRUPTED", "ConfigOpt", "DbOpt", "FaultOpt", "JsonOpt",
    "QuietOpt", "app", "version_text",
]

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

EXIT_EPILOG = (
    "Exit codes: 0 completed · 2 bad input or usage · 3 no_progress · "
    "4 budget_exhausted · 5 risk_abort · 6 tool_failure · 7 user_cancelled · 8 failed · "
    "130 interrupted by a second Ctrl-C. "
    "The database defaults to $RESEARCH_HOME/research.db (RESEARCH_HOME defaults to ~/.research); "
    "--db overrides it."
)


def version_text() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"research {version('research')}"
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "research (not installed)"


def _usage_line(exc: click_exc.UsageError) -> str:
    message = " ".join(exc.format_message().split())
    ctx = exc.ctx
    where = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
    return f"error: {message}{where}"


class OneLineGroup(TyperGroup):
    """The root command: click's errors become one `error:` line (exit 2 for usage)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            rv = super().main(args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False,
                              windows_expand_args=windows_expand_args, **extra)
            code = rv if isinstance(rv, int) else 0
        except click_exc.NoArgsIsHelpError as exc:  # `research` alone: the help, as before
            print(exc.ctx.get_help() if exc.ctx else "", file=sys.stderr)
            code = EXIT_BAD_INPUT
        except click_exc.UsageError as exc:
            print(_usage_line(exc), file=sys.stderr, flush=True)
            code = EXIT_BAD_INPUT
        except click_exc.ClickException as exc:
            print("error: " + " ".join(exc.format_message().split()), file=sys.stderr, flush=True)
            code = exc.exit_code
        except typer.Abort:
            print("error: aborted", file=sys.stderr, flush=True)
            code = 1
        if standalone_mode:
            sys.exit(code)
        return code


def _show_version(value: bool) -> None:
    if value:
        print(version_text())
        raise typer.Exit(0)


app = typer.Typer(
    name="research",
    cls=OneLineGroup,
    help="A deep-research agent that knows why it stops.",
    epilog=EXIT_EPILOG,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """A deep-research agent that knows why it stops."""


DbOpt = Annotated[Optional[str], typer.Option("--db", help="SQLite database file, or a postgresql:// URL (default: $RESEARCH_DATABASE_URL, else $RESEARCH_HOME/research.db).")]
ConfigOpt = Annotated[Optional[Path], typer.Option("--config", help="TOML config file (default: $RESEARCH_HOME/config.toml).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout instead of Markdown / a table.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No live view and no per-step lines; only the summary.")]
FaultOpt = Annotated[list[str], typer.Option("--fault", hidden=True, help="Testing aid: inject URL=KIND[:TIMES] into the local web.")]
