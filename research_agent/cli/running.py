"""`research run` and `research resume`: start or continue a task, watch it, interrupt it.

* Bad input never reaches the database: everything a run needs is checked
  before `compose.start` writes the task row.
* Ctrl-C calls the run's cancel token (a bool assignment, safe in a signal
  handler) and shows a notice that stays until the process exits (the live
  view draws it; in line mode it is written once).  A second Ctrl-C restores
  Python's default handler and interrupts at once (exit 130).
* Resume rebuilds the config from the settings stored with the task and lets
  flags given now override them.
* A retried tool call waits out its backoff through `backoff_sleep` (the
  module attribute, looked up per wait): tests put a fake clock there, so a
  run against a failing page never really sleeps.
"""

from __future__ import annotations

import json
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional, get_args

import typer

from ._app import EXIT_EPILOG, EXIT_INTERRUPTED, ConfigOpt, DbOpt, FaultOpt, JsonOpt, QuietOpt, app
from ._common import BadInput, bad_input, compose, config, err, fail, open_store, preflight, running_pid, store_for
from .contract_input import build_contract, contract_toml

if TYPE_CHECKING:
    from engine import CancelToken

    from ..config import ResearchConfig
    from ..contract import TaskContract
    from ..store import Store, TaskRecord

__all__ = ["CANCEL_NOTICE", "resume", "run", "sigint_cancels"]

CANCEL_NOTICE = "cancelling: the current step finishes, then the state is saved (Ctrl-C again to quit now)"
_TASK_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")

backoff_sleep: Callable[[float], None] = time.sleep
"""How a run waits out a retry backoff (the seam for a fake clock in tests)."""


def _backoff_wait(seconds: float) -> None:
    backoff_sleep(seconds)
_BACKENDS = ("local", "searxng", "tavily", "brave")


def _faults(specs: list[str], cfg: ResearchConfig) -> list:
    """Hidden testing aid: `--fault URL=KIND[:TIMES]`; URL `*` means every corpus page."""
    if not specs:
        return []
    from pydantic import ValidationError

    from ..tools.faults import Fault, FaultKind
    from ..tools.localweb import iter_corpus

    faults: list[Fault] = []
    for spec in specs:
        url, sep, kind = spec.rpartition("=")
        if not sep or not url or not kind:
            raise BadInput(f"--fault {spec!r}: use URL=KIND[:TIMES], e.g. https://host/page.html=slow")
        kind, _, times = kind.partition(":")
        urls = [f.url for f in iter_corpus(cfg.corpus_path())] if url == "*" else [url]
        try:
            faults += [Fault.model_validate({"url": u, "kind": kind, "times": int(times) if times else None}) for u in urls]
        except (ValidationError, ValueError) as exc:
            kinds = ", ".join(get_args(FaultKind))
            raise BadInput(f"--fault {spec!r}: KIND is one of {kinds}; TIMES a whole number") from exc
    return faults


@contextmanager
def sigint_cancels(token: CancelToken, notify: Callable[[str], None] | None = None) -> Iterator[None]:
    """First Ctrl-C cancels the run cooperatively; a second one interrupts at once.

    `notify` shows the notice (the live view keeps it on screen until exit); without
    one it is written to stderr with `os.write`, which is safe in a signal handler."""
    import os

    def handler(signum: int, frame: Any) -> None:
        token.cancel()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if notify is not None:
            notify(CANCEL_NOTICE)
        else:
            os.write(2, f"\n{CANCEL_NOTICE}\n".encode())

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread (e.g. an embedding test): no handler
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _execute(call: Callable[..., Any], *, store: Store, task_id: str, contract: TaskContract,
             limits: dict[str, float | None], start_step: int, quiet: bool, as_json: bool, faults: list) -> NoReturn:
    from rich.text import Text

    from ..endings import EXIT_CODES, STATUS_LABEL, EndKind
    from ..live import LiveView, live_mode
    from ..store import StoreError

    console = err()
    root = compose()
    token = root.StoreCancelToken(store, task_id)
    steps = limits.get("steps")
    view = LiveView(console, contract, task_id=task_id, max_steps=None if steps is None else int(steps), start_step=start_step,
                    limits=limits, mode=live_mode(console, quiet))
    try:
        with sigint_cancels(token, view.notify), view:
            outcome = call(cancel_token=token, on_step=view.on_step, faults=faults or None, sleep=_backoff_wait)
    except KeyboardInterrupt:
        fail(f"interrupted; task {task_id} keeps every completed step: `research resume {task_id}` continues it",
             EXIT_INTERRUPTED)
    except root.ResumeError as exc:
        fail(str(exc))
    except StoreError as exc:
        fail(f"{exc} (task {task_id} keeps its last checkpoint)", EXIT_CODES[EndKind.FAILED])
    if as_json:
        sys.stdout.write(json.dumps(outcome.report_json, indent=2, default=str) + "\n")
    else:
        sys.stdout.write(outcome.report_md)
    sys.stdout.flush()
    why = outcome.stop_reason or "no stop reason"
    if outcome.stop_detail:
        why += f": {outcome.stop_detail}"
    console.print(Text(f"task {outcome.task_id}: {STATUS_LABEL[outcome.end_kind]} — {outcome.end_kind.value} ({why})"))
    raise typer.Exit(outcome.exit_code)


@app.command(epilog=EXIT_EPILOG)
def run(
    question: Annotated[Optional[str], typer.Argument(help='The question, e.g. "Compare A, B and C on license and pricing".')] = None,
    contract: Annotated[Optional[Path], typer.Option("--contract", help="Task contract TOML (wins over flags and the question).")] = None,
    objects: Annotated[list[str], typer.Option("--object", "-o", help="An object to cover (repeatable).")] = [],
    dimensions: Annotated[list[str], typer.Option("--dimension", "-d", help="A dimension that decides the answer (repeatable).")] = [],
    min_sources: Annotated[Optional[int], typer.Option("--min-sources", min=1, max=10, help="Independent sources a key claim needs.")] = None,
    corpus: Annotated[Optional[Path], typer.Option("--corpus", help="Local corpus: any folder of .html/.md/.txt, flat, nested or pages/<host>/… (default: the demo corpus).")] = None,
    search: Annotated[Optional[str], typer.Option("--search", help="Search backend: local | searxng | tavily | brave (web backends visit the web).")] = None,
    search_url: Annotated[Optional[str], typer.Option("--search-url", help="SearXNG base URL.")] = None,
    with_corpus: Annotated[bool, typer.Option("--with-corpus", help="With a web backend, also search and read the local corpus (implied by --corpus).")] = False,
    model: Annotated[Optional[str], typer.Option("--model", help="offline | rules | openai:<name> | scripted:<path.jsonl>.")] = None,
    show_contract: Annotated[bool, typer.Option("--show-contract", help="Print the contract (TOML, or JSON with --json) and exit.")] = False,
    max_steps: Annotated[Optional[int], typer.Option("--max-steps", min=1, help="Step budget.")] = None,
    max_time: Annotated[Optional[float], typer.Option("--max-time", min=0.001, help="Wall-time budget in seconds.")] = None,
    max_tokens: Annotated[Optional[int], typer.Option("--max-tokens", min=1, help="Model-token budget.")] = None,
    max_cost: Annotated[Optional[float], typer.Option("--max-cost", min=0.000001, help="Model-cost budget in USD.")] = None,
    max_tool_calls: Annotated[Optional[int], typer.Option("--max-tool-calls", min=1, help="Tool-call budget (searches and page reads; refused actions cost none).")] = None,
    traces: Annotated[Optional[Path], typer.Option("--traces", help="Trace folder (default: $RESEARCH_HOME/traces).")] = None,
    as_json: JsonOpt = False,
    task_id: Annotated[Optional[str], typer.Option("--task-id", help="Use this task id instead of a generated one.")] = None,
    quiet: QuietOpt = False,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
    fault: FaultOpt = [],
) -> None:
    """Research a question until the evidence is sufficient (or say why not)."""
    with bad_input():
        if search is not None and search not in _BACKENDS:
            raise BadInput(f"--search {search!r}: use one of {', '.join(_BACKENDS)}")
        cfg = config(config_file, {
            "db": db, "corpus": corpus, "search_backend": search, "searxng_url": search_url, "model": model,
            "max_steps": max_steps, "max_time": max_time, "max_tokens": max_tokens, "max_cost": max_cost,
            "max_tool_calls": max_tool_calls, "traces": traces, "with_corpus": with_corpus or None,
        })
        task_contract = build_contract(question, contract_file=contract, objects=objects, dimensions=dimensions,
                                       min_sources=min_sources, cfg=cfg)
        if show_contract:
            sys.stdout.write(task_contract.model_dump_json(indent=2) + "\n" if as_json else contract_toml(task_contract))
            raise typer.Exit(0)
        preflight(cfg)
        faults = _faults(fault, cfg)
        if task_id is not None and not _TASK_ID.match(task_id):
            raise BadInput(f"--task-id {task_id!r}: use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit")
        store = open_store(cfg)
        task_id = task_id or compose().new_task_id()
        if _exists(store, task_id):
            raise BadInput(f"task {task_id} already exists; `research resume {task_id}` continues it")
    _execute(
        lambda **kw: compose().start(store, cfg, task_contract, task_id=task_id, **kw),
        store=store, task_id=task_id, contract=task_contract, start_step=0,
        limits={"steps": cfg.max_steps, "time": cfg.max_time, "tokens": cfg.max_tokens, "cost": cfg.max_cost},
        quiet=quiet, as_json=as_json, faults=faults,
    )


def _exists(store: Store, task_id: str) -> bool:
    from ..store import UnknownTask

    try:
        store.load_task(task_id)
    except UnknownTask:
        return False
    return True


@app.command(epilog=EXIT_EPILOG)
def resume(
    task_id: Annotated[str, typer.Argument(help="The task to continue (`research list` shows ids).")],
    add_steps: Annotated[Optional[int], typer.Option("--add-steps", min=0, help="Extra steps on top of what is left.")] = None,
    add_time: Annotated[Optional[float], typer.Option("--add-time", min=0, help="Extra seconds.")] = None,
    add_tokens: Annotated[Optional[int], typer.Option("--add-tokens", min=0, help="Extra model tokens.")] = None,
    add_cost: Annotated[Optional[float], typer.Option("--add-cost", min=0, help="Extra USD.")] = None,
    corpus: Annotated[Optional[Path], typer.Option("--corpus", help="Override the task's corpus folder (e.g. one with more sources).")] = None,
    search_url: Annotated[Optional[str], typer.Option("--search-url", help="Override the SearXNG base URL.")] = None,
    model: Annotated[Optional[str], typer.Option("--model", help="Override the model.")] = None,
    traces: Annotated[Optional[Path], typer.Option("--traces", help="Override the trace folder.")] = None,
    as_json: JsonOpt = False,
    quiet: QuietOpt = False,
    db: DbOpt = None,
    config_file: ConfigOpt = None,
    fault: FaultOpt = [],
) -> None:
    """Continue a stopped task from its last checkpoint (never repeats a tool call)."""
    from ..config import ResearchConfig
    from ..endings import EndKind

    with bad_input():
        store = store_for(db, config_file)
        task = store.load_task(task_id)
        if getattr(store, "url", None):  # PostgreSQL: the workers resume it (docs/scale.md)
            from .scale_cmds import requeue

            raise typer.Exit(requeue(store, task, {"steps": add_steps, "time": add_time, "tokens": add_tokens,
                                                   "cost": add_cost}))
        if task.end_kind == EndKind.COMPLETED and task.status == "completed":
            print(f"task {task_id} is already complete; nothing to resume", file=sys.stderr)
            body = store.report(task_id, "json" if as_json else "md")
            if body:
                sys.stdout.write(body if body.endswith("\n") else body + "\n")
            raise typer.Exit(0)
        if task.end_kind == EndKind.NO_PROGRESS and task.status not in ("created", "running"):
            raise BadInput(
                f"task {task_id} ended no_progress: no open cell has an untried path left, so a resume cannot "
                "change it; start a new task with more sources (--corpus DIR), another backend (--search) or a "
                f"wider contract (--contract FILE): `research report {task_id}` shows the commands"
            )
        pid = running_pid(store, task)
        if pid is not None:
            raise BadInput(f"task {task_id} is running in process {pid}; stop it first with `research cancel {task_id}`")
        stored = {k: v for k, v in task.config.items() if k in ResearchConfig.model_fields and v is not None}
        now = {"db": db, "corpus": corpus, "searxng_url": search_url, "model": model, "traces": traces}
        stored.pop("db", None)
        cfg = config(config_file, {**stored, **{k: v for k, v in now.items() if v is not None}})
        preflight(cfg)
        faults = _faults(fault, cfg)
        contract = task.task_contract
    add = {"steps": add_steps, "time": add_time, "tokens": add_tokens, "cost": add_cost}
    _execute(
        lambda **kw: compose().resume(store, task_id, cfg, add=add, **kw),
        store=store, task_id=task_id, contract=contract, limits=_resumed_limits(task, add),
        start_step=task.usage.steps, quiet=quiet, as_json=as_json, faults=faults,
    )


def _resumed_limits(task: TaskRecord, add: dict[str, float | None]) -> dict[str, float | None]:
    """Totals the resumed run may reach: used so far + what was left + what is added now."""
    used = task.usage
    pairs = {"steps": ("max_steps", used.steps), "time": ("max_time", used.elapsed_seconds),
             "tokens": ("max_tokens", used.tokens), "cost": ("max_cost", used.cost)}
    out: dict[str, float | None] = {}
    for key, (limit_key, spent) in pairs.items():
        limit = task.budget.get(limit_key)
        out[key] = None if limit is None else spent + max(0, limit - spent) + (add.get(key) or 0)
    return out
