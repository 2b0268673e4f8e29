"""The live view of a running task, on stderr.

`compose` calls `on_step(state, record, totals)` after every checkpoint; the
view shows what a person watching a run wants to know:

* the object × dimension grid, each cell's status in its colour (and its
  value once there is one);
* the step number and the budget used: steps/max, elapsed, tokens, cost
  (against their limits when the run has them);
* the last action: tool and query/URL, whether it brought new evidence,
  which gap it closed, or why it was refused.

Three modes (`live_mode`): `live` — a rich `Live` display, when stderr is a
terminal; `lines` — one short line per step (`step 3 visit https://… new
evidence: yes`), when stderr is a pipe or a file (CI logs, tests); `off` —
nothing, with `--quiet`.  The view only reads the state it is handed; it never
changes the run.  A rendering failure turns the view off (with one warning
line) instead of failing the run: the view is an observer, not part of the
research.
"""

from __future__ import annotations

import os
import time
from typing import Any, Literal

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.table import Table
from rich.text import Text

from .contract import TaskContract, cell_key
from .tools.canonical import display_url

__all__ = ["STATUS_STYLE", "LiveView", "LiveMode", "describe_action", "live_mode", "step_line"]

LiveMode = Literal["live", "lines", "off"]

STATUS_STYLE: dict[str, str] = {
    "confirmed": "bold green",
    "partial": "yellow",
    "pending": "dim",
    "unavailable": "red",
    "irrelevant": "dim strike",
}


def live_mode(console: Console, quiet: bool) -> LiveMode:
    if quiet:
        return "off"
    return "live" if console.is_terminal else "lines"


def describe_action(record: Any) -> str:
    """`search "query"` / `visit URL` for the step's tool calls (verbatim arguments)."""
    decision = getattr(record, "decision", None)
    parts: list[str] = []
    for action in getattr(decision, "actions", None) or []:
        args = action.args or {}
        if "query" in args:
            parts.append(f'{action.name} "{args["query"]}"')
        elif "url" in args:
            parts.append(f"{action.name} {display_url(args['url'])}")
        else:
            parts.append(action.name)
    if parts:
        return "; ".join(parts)
    mode = getattr(decision, "mode", None)
    return "final answer" if mode == "final" else "no tool call"


def step_line(record: Any) -> str:
    """One short line for a finished step."""
    summary = getattr(record, "summary", None) or {}
    line = f"step {record.step} {describe_action(record)} new evidence: {'yes' if summary.get('new_evidence') else 'no'}"
    if summary.get("gaps_closed"):
        line += " closed: " + ", ".join(summary["gaps_closed"])
    refused = [r for r in summary.get("refused") or [] if r]
    if refused:
        line += " refused: " + "; ".join(refused)
    failed = [r for r in getattr(record, "action_results", None) or [] if r.status == "error"]
    if failed:
        line += " failed: " + "; ".join(f"{r.name} {r.error_type or 'error'}" for r in failed)
    return line


def _fmt_seconds(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f}s"
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}m{secs:02d}s"


class LiveView:
    """Progress of one run on `console` (stderr); a context manager around the run."""

    def __init__(
        self,
        console: Console,
        contract: TaskContract,
        *,
        task_id: str,
        max_steps: int | None,
        start_step: int = 0,
        limits: dict[str, float | None] | None = None,
        mode: LiveMode = "lines",
    ) -> None:
        self.console = console
        self.contract = contract
        self.task_id = task_id
        self.mode: LiveMode = mode
        self.limits = {"steps": max_steps, **(limits or {})}
        self.step = start_step
        self.cells: dict[str, tuple[str, str | None]] = {k: ("pending", None) for k in contract.cell_keys()}
        self.totals: dict[str, Any] = {}
        self.last = "starting…"
        self._live: Live | None = None
        self._t_last = time.monotonic()
        self._done = False
        """Set when the run returned: the clock stops at the last step's figure."""
        self.notice: str | None = None
        """A message that stays on screen until exit (the Ctrl-C notice)."""

    # ------------------------------------------------------------ lifecycle
    def __enter__(self) -> "LiveView":
        if self.mode == "live":
            self._live = Live(self, console=self.console, refresh_per_second=4, transient=False)
            self._live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done = True
        if self._live is not None:
            self._live.stop()
            self._live = None

    # ------------------------------------------------------------ updates
    def notify(self, message: str) -> None:
        """Show `message` until the process exits; safe to call from a signal handler.

        The live display draws it as its first line on the next refresh (its own
        thread), so the redraw never erases it; other modes write it once with
        `os.write` (no locks, unlike rich or print)."""
        self.notice = message
        if self._live is None:
            os.write(2, f"\n{message}\n".encode())

    def on_step(self, state: Any, record: Any, totals: dict[str, Any]) -> None:
        """The `compose` callback: called after each step is checkpointed."""
        if self.mode == "off":
            return
        try:
            self._update(state, record, totals)
        except Exception as exc:  # noqa: BLE001 — see module docstring: the view must not end the run
            self.mode = "off"
            self.__exit__()
            self.console.print(Text(f"warning: live view turned off ({type(exc).__name__}: {exc})"))

    def _update(self, state: Any, record: Any, totals: dict[str, Any]) -> None:
        self.step = record.step
        self.totals = dict(totals)
        self._t_last = time.monotonic()
        for key, cell in state.cells.items():
            self.cells[key] = (cell.status, cell.conclusion or cell.value)
        self.last = step_line(record)
        if self.mode == "lines":
            self.console.print(Text(self.last), soft_wrap=True)
        elif self._live is not None:
            self._live.refresh()

    # ------------------------------------------------------------ rendering
    def _budget(self) -> Text:
        t = self.totals
        ticking = 0.0 if self._done else time.monotonic() - self._t_last
        elapsed = float(t.get("elapsed_seconds", 0.0)) + ticking

        def against(value: str, limit_key: str, fmt=str) -> str:
            limit = self.limits.get(limit_key)
            return f"{value}/{fmt(limit)}" if limit is not None else value

        parts = [
            "step " + against(str(self.step), "steps"),
            "elapsed " + against(_fmt_seconds(elapsed), "time", _fmt_seconds),
            "tokens " + against(str(t.get("tokens", 0)), "tokens"),
            "cost " + against(f"${float(t.get('cost', 0.0)):.4f}", "cost", lambda c: f"${c:.4f}"),
        ]
        return Text(f"task {self.task_id}  " + "  ".join(parts), style="bold")

    def _grid(self) -> Table:
        table = Table(show_lines=False, box=None, padding=(0, 2))
        table.add_column("")
        for d in self.contract.dimensions:
            table.add_column(d.name, overflow="ellipsis", max_width=32)
        for o in self.contract.objects:
            row: list[RenderableType] = [Text(o.name, style="bold")]
            for d in self.contract.dimensions:
                status, value = self.cells.get(cell_key(o.name, d.name), ("pending", None))
                text = Text(status, style=STATUS_STYLE.get(status, ""))
                if value:
                    text.append(f" {value}")
                row.append(text)
            table.add_row(*row)
        return table

    def __rich__(self) -> RenderableType:
        parts: list[RenderableType] = []
        if self.notice:
            parts.append(Text(self.notice, style="bold yellow"))
        parts += [self._budget(), self._grid(), Text("last: " + self.last, overflow="ellipsis", no_wrap=True)]
        return Group(*parts)
