"""The `research` command line: start, watch, interrupt, resume and read runs.

Commands: `run`, `resume`, `cancel`, `list`, `show`, `report`, `trace`,
`index`, `eval`.  Results (reports, tables, timelines) go to **stdout**;
progress, the live view, the one-line summary and errors go to **stderr**, so
`research run "…" > report.md` keeps a clean report.

Design
------
* **Bad input never reaches the database.**  Everything a run needs is
  checked before `compose.start` writes the task row: the question (empty,
  over 2,000 characters), the contract (file, flags or parse), the config,
  the corpus folder, the search backend's settings, the model spec and the
  database itself.  Any of these failing prints one line, `error: <message>`
  naming the fix, and exits 2.
* **One composition root.**  The CLI never builds an engine; it calls
  `compose.start` / `compose.resume` with a cancel token and an `on_step`
  callback (the live view, `live.py`).
* **Cancel is cooperative.**  Ctrl-C calls the run's `StoreCancelToken.cancel()`
  (a bool assignment, safe in a signal handler); `research cancel` sets the
  task's flag in the store, which the token polls.  Either way no new tool call
  starts, the state is saved, the run ends `user_cancelled` (exit 7) with a
  partial report.  A second Ctrl-C restores Python's default behaviour and
  interrupts at once (exit 130; the last checkpoint stays resumable).
* **Resume uses the task's own settings.**  `research resume` rebuilds the
  config from the settings stored with the task (corpus, backend, model,
  traces…) and lets flags given now override them.  Paths are stored
  absolute so a resume works from any directory.

Exit codes are in `EXIT_EPILOG` (and `docs/cli.md`).
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional, get_args

import typer
from engine import CancelToken
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .config import ConfigError, ResearchConfig, load_config, model_settings, research_home
from .contract import (
    MAX_QUESTION_CHARS,
    ContractError,
    TaskContract,
    contract_from_mapping,
    load_contract,
    parse_question,
)
from .endings import EXIT_CODES, STATUS_LABEL, EndKind
from .live import STATUS_STYLE, LiveView, live_mode
from .store import Store, StoreError, TaskRecord, UnknownTask

__all__ = ["app", "main"]

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

EXIT_EPILOG = (
    "Exit codes: 0 completed · 2 bad input or usage · 3 no_progress · "
    "4 budget_exhausted · 5 risk_abort · 6 tool_failure · 7 user_cancelled · 8 failed · "
    "130 interrupted by a second Ctrl-C. "
    "The database defaults to $RESEARCH_HOME/research.db (RESEARCH_HOME defaults to ~/.research); "
    "--db overrides it."
)

app = typer.Typer(
    name="research",
    help="A deep-research agent that knows why it stops.",
    epilog=EXIT_EPILOG,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_TASK_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_BACKENDS = ("local", "searxng", "tavily", "brave")
_LIST_STATUSES = ("created", "running", "completed", "partial", "aborted", "failed")


class BadInput(Exception):
    """Input the CLI refuses before touching the database; the message names the fix."""


# ------------------------------------------------------------------ output


def _err() -> Console:
    # Built per call so it binds to the current sys.stderr (CliRunner swaps it).
    return Console(stderr=True, highlight=False, soft_wrap=True)


def _out() -> Console:
    return Console(file=sys.stdout, highlight=False)


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    one_line = " ".join(str(message).split())
    print(f"error: {one_line}", file=sys.stderr, flush=True)
    raise typer.Exit(code)


@contextmanager
def _bad_input() -> Iterator[None]:
    """Turn the errors that mean "fix your input" into one line and exit 2."""
    try:
        yield
    except (BadInput, ContractError, ConfigError, StoreError) as exc:
        _fail(str(exc))


def _compose():
    """The composition root, imported on first use: it pulls in the tools and
    their libraries (about a second), which `list`, `show` or `cancel` never need."""
    from . import compose

    return compose


# ------------------------------------------------------------------ config


def _absolute(path: Path | None) -> Path | None:
    return None if path is None else path.expanduser().resolve()


def _finish_config(cfg: ResearchConfig) -> ResearchConfig:
    """Defaults that depend on the user's home, and absolute paths for resume."""
    update: dict[str, Any] = {}
    if "traces" not in cfg.model_fields_set:
        update["traces"] = research_home() / "traces"
    for name in ("db", "corpus", "risk_policy", "prices_file"):
        value = getattr(cfg, name)
        if value is not None:
            update[name] = _absolute(value)
    update["traces"] = _absolute(update.get("traces", cfg.traces))
    kind, sep, rest = cfg.model.partition(":")
    if kind == "scripted" and sep and rest:
        update["model"] = f"scripted:{_absolute(Path(rest))}"
    return cfg.model_copy(update=update)


def _config(file: Path | None, overrides: dict[str, Any]) -> ResearchConfig:
    return _finish_config(load_config(file, overrides))


def _open_store(cfg: ResearchConfig) -> Store:
    return Store(cfg.db_path())


def _store_for(db: Path | None, config_file: Path | None) -> Store:
    return _open_store(_config(config_file, {"db": db}))


def _preflight(cfg: ResearchConfig) -> None:
    """What `compose` would only find out after writing the task row."""
    if cfg.search_backend == "local" and not cfg.corpus_path().is_dir():
        raise BadInput(f"corpus folder {cfg.corpus_path()} does not exist; pass --corpus DIR")
    if cfg.search_backend == "searxng" and not cfg.searxng_url:
        raise BadInput("the searxng backend needs a URL; pass --search-url URL or set SEARXNG_URL")
    if cfg.search_backend == "tavily" and not cfg.tavily_api_key:
        raise BadInput("the tavily backend needs an API key; set TAVILY_API_KEY")
    if cfg.search_backend == "brave" and not cfg.brave_api_key:
        raise BadInput("the brave backend needs an API key; set BRAVE_API_KEY")
    _resolve_model(cfg)


def _resolve_model(cfg: ResearchConfig):
    if cfg.model == "offline":
        return None
    from .llm.openai_model import ModelRejected
    from .llm.resolve import resolve_model

    try:
        return resolve_model(cfg.model, config=cfg)
    except (ValueError, ModelRejected) as exc:
        raise BadInput(str(exc)) from exc


def _faults(specs: list[str], cfg: ResearchConfig):
    """Hidden testing aid: `--fault URL=KIND[:TIMES]`; URL `*` means every corpus page."""
    from pydantic import ValidationError

    from .tools.faults import Fault, FaultKind
    from .tools.localweb import iter_corpus

    faults: list[Fault] = []
    for spec in specs:
        url, sep, kind = spec.rpartition("=")
        if not sep or not url or not kind:
            raise BadInput(f"--fault {spec!r}: use URL=KIND[:TIMES], e.g. https://host/page.html=slow")
        kind, _, times = kind.partition(":")
        urls = [f.url for f in iter_corpus(cfg.corpus_path())] if url == "*" else [url]
        try:
            faults += [Fault(url=u, kind=kind, times=int(times) if times else None) for u in urls]
        except (ValidationError, ValueError) as exc:
            kinds = ", ".join(get_args(FaultKind))
            raise BadInput(f"--fault {spec!r}: KIND is one of {kinds}; TIMES a whole number") from exc
    return faults


# ------------------------------------------------------------------ contract


def _check_question(question: str | None) -> str | None:
    if question is None:
        return None
    q = question.strip()
    if not q:
        raise BadInput('the question is empty: ask something, e.g. research run "Compare A and B on license"')
    if len(q) > MAX_QUESTION_CHARS:
        raise BadInput(
            f"the question is {len(q)} characters; the limit is {MAX_QUESTION_CHARS}: shorten it, "
            "or put objects and dimensions in --contract FILE.toml"
        )
    return q


def _model_contract(question: str, cfg: ResearchConfig) -> TaskContract:
    """With a model, the model reads the question (aliases, synonyms, official domains, constraints
    the rule parse cannot see).  If it cannot, the rule-based parse is used when it reads the
    question — said on stderr — and otherwise the input is refused with how to give a contract."""
    from engine import ModelError

    from .policy.llm import LLMPolicy

    try:
        return LLMPolicy(_resolve_model(cfg), reply_tokens=cfg.reply_tokens(),
                         max_invalid_retries=cfg.llm_invalid_retries).draft_contract(question)
    except ModelError as exc:
        why = f"{type(exc).__name__}: {exc}"
        try:
            contract = parse_question(question)
        except ContractError:
            raise BadInput(
                f"the model could not draft a contract for the question ({why}); "
                "pass --object/--dimension or --contract FILE.toml"
            ) from exc
        print(f"warning: the model could not draft a contract ({why[:300]}); using the rule-based parse",
              file=sys.stderr)
        return contract


def build_contract(
    question: str | None,
    *,
    contract_file: Path | None,
    objects: list[str],
    dimensions: list[str],
    min_sources: int | None,
    cfg: ResearchConfig,
) -> TaskContract:
    """--contract file > --object/--dimension flags > the model's draft (with a model) > parse_question."""
    question = _check_question(question)
    if contract_file is not None:
        contract = load_contract(contract_file, question)
    elif objects or dimensions:
        if question is None:
            raise BadInput('give the question too: research run "<question>" --object A --dimension X')
        try:
            parsed = parse_question(question).model_dump(mode="json")
        except ContractError:
            parsed = {}
        data = {
            "question": question,
            "objects": list(objects) or parsed.get("objects", []),
            "dimensions": list(dimensions) or parsed.get("dimensions", []),
        }
        if not data["objects"]:
            raise BadInput("no objects: the question names none; add --object NAME (repeatable)")
        if not data["dimensions"]:
            raise BadInput("no dimensions: the question names none; add --dimension NAME (repeatable)")
        contract = contract_from_mapping(data, origin="flags", source="flags")
    else:
        if question is None:
            raise BadInput('no question: research run "Compare A and B on X", or pass --contract FILE.toml')
        if cfg.model == "offline":
            contract = parse_question(question)
        else:
            contract = _model_contract(question, cfg)
    if min_sources is not None and min_sources != contract.min_sources:
        data = {**contract.model_dump(mode="json"), "min_sources": min_sources}
        contract = contract_from_mapping(data, origin="--min-sources", source=contract.source)
    return contract


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def contract_toml(contract: TaskContract) -> str:
    """The contract as a TOML file `--contract` reads back (the origin tag is left out)."""
    data = contract.model_dump(mode="json", exclude={"source"})
    lines = [f"{k} = {_toml_value(v)}" for k, v in data.items() if not isinstance(v, list) or (v and not isinstance(v[0], dict))]
    for table in ("objects", "dimensions", "constraints"):
        for row in data.get(table, []):
            lines += ["", f"[[{table}]]"]
            lines += [f"{k} = {_toml_value(v)}" for k, v in row.items() if v is not None and v != []]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ running


def _process_alive(pid: int | None) -> bool:
    if not pid or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _running_pid(store: Store, task: TaskRecord) -> int | None:
    """The pid of a live process running the task, if any."""
    if task.status not in ("created", "running"):
        return None
    runs = store.runs(task.id)
    if not runs or runs[-1].ended_at is not None:
        return None
    pid = runs[-1].pid
    return pid if _process_alive(pid) else None


@contextmanager
def _sigint_cancels(token: CancelToken) -> Iterator[None]:
    """First Ctrl-C cancels the run cooperatively; a second one interrupts at once."""

    def handler(signum: int, frame: Any) -> None:
        token.cancel()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        # os.write is safe in a signal handler; rich and print are not.
        os.write(2, b"\ncancelling: the current step finishes, then the state is saved (Ctrl-C again to quit now)\n")

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread (e.g. an embedding test): no handler
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _execute(
    call: Callable[..., Any],
    *,
    store: Store,
    task_id: str,
    contract: TaskContract,
    limits: dict[str, float | None],
    start_step: int,
    quiet: bool,
    as_json: bool,
    faults: list,
) -> NoReturn:
    err = _err()
    compose = _compose()
    token = compose.StoreCancelToken(store, task_id)
    view = LiveView(
        err, contract, task_id=task_id, max_steps=limits.get("steps"), start_step=start_step, limits=limits,
        mode=live_mode(err, quiet),
    )
    try:
        with _sigint_cancels(token), view:
            outcome = call(cancel_token=token, on_step=view.on_step, faults=faults or None)
    except KeyboardInterrupt:
        _fail(
            f"interrupted; task {task_id} keeps every completed step: `research resume {task_id}` continues it",
            EXIT_INTERRUPTED,
        )
    except compose.ResumeError as exc:
        _fail(str(exc))
    except StoreError as exc:
        _fail(f"{exc} (task {task_id} keeps its last checkpoint)", EXIT_CODES[EndKind.FAILED])
    if as_json:
        sys.stdout.write(json.dumps(outcome.report_json, indent=2, default=str) + "\n")
    else:
        sys.stdout.write(outcome.report_md)
    sys.stdout.flush()
    label = STATUS_LABEL[outcome.end_kind]
    why = outcome.stop_reason or "no stop reason"
    if outcome.stop_detail:
        why += f": {outcome.stop_detail}"
    err.print(Text(f"task {outcome.task_id}: {label} — {outcome.end_kind.value} ({why})"))
    raise typer.Exit(outcome.exit_code)


# ------------------------------------------------------------------ commands

DbOpt = Annotated[Optional[Path], typer.Option("--db", help="SQLite database (default: $RESEARCH_HOME/research.db).")]
ConfigOpt = Annotated[Optional[Path], typer.Option("--config", help="TOML config file (default: $RESEARCH_HOME/config.toml).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of Markdown / a table.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No live view and no per-step lines; only the summary.")]
FaultOpt = Annotated[list[str], typer.Option("--fault", hidden=True, help="Testing aid: inject URL=KIND[:TIMES] into the local web.")]


@app.command(epilog=EXIT_EPILOG)
def run(
    question: Annotated[Optional[str], typer.Argument(help='The question, e.g. "Compare A, B and C on license and pricing".')] = None,
    contract: Annotated[Optional[Path], typer.Option("--contract", help="Task contract TOML (wins over flags and the question).")] = None,
    objects: Annotated[list[str], typer.Option("--object", "-o", help="An object to cover (repeatable).")] = [],
    dimensions: Annotated[list[str], typer.Option("--dimension", "-d", help="A dimension that decides the answer (repeatable).")] = [],
    min_sources: Annotated[Optional[int], typer.Option("--min-sources", min=1, max=10, help="Independent sources a key claim needs.")] = None,
    corpus: Annotated[Optional[Path], typer.Option("--corpus", help="Local corpus folder (pages/<host>/…) (default: the demo corpus).")] = None,
    search: Annotated[Optional[str], typer.Option("--search", help="Search backend: local | searxng | tavily | brave.")] = None,
    search_url: Annotated[Optional[str], typer.Option("--search-url", help="SearXNG base URL.")] = None,
    model: Annotated[Optional[str], typer.Option("--model", help="offline | rules | openai:<name> | scripted:<path.jsonl>.")] = None,
    show_contract: Annotated[bool, typer.Option("--show-contract", help="Print the contract (TOML, or JSON with --json) and exit.")] = False,
    max_steps: Annotated[Optional[int], typer.Option("--max-steps", min=1, help="Step budget.")] = None,
    max_time: Annotated[Optional[float], typer.Option("--max-time", min=0.001, help="Wall-time budget in seconds.")] = None,
    max_tokens: Annotated[Optional[int], typer.Option("--max-tokens", min=1, help="Model-token budget.")] = None,
    max_cost: Annotated[Optional[float], typer.Option("--max-cost", min=0.000001, help="Model-cost budget in USD.")] = None,
    traces: Annotated[Optional[Path], typer.Option("--traces", help="Trace folder (default: $RESEARCH_HOME/traces).")] = None,
    as_json: JsonOpt = False,
    task_id: Annotated[Optional[str], typer.Option("--task-id", help="Use this task id instead of a generated one.")] = None,
    quiet: QuietOpt = False,
    db: DbOpt = None,
    config: ConfigOpt = None,
    fault: FaultOpt = [],
) -> None:
    """Research a question until the evidence is sufficient (or say why not)."""
    with _bad_input():
        if search is not None and search not in _BACKENDS:
            raise BadInput(f"--search {search!r}: use one of {', '.join(_BACKENDS)}")
        cfg = _config(
            config,
            {
                "db": db, "corpus": corpus, "search_backend": search, "searxng_url": search_url, "model": model,
                "max_steps": max_steps, "max_time": max_time, "max_tokens": max_tokens, "max_cost": max_cost,
                "traces": traces,
            },
        )
        task_contract = build_contract(
            question, contract_file=contract, objects=objects, dimensions=dimensions, min_sources=min_sources, cfg=cfg
        )
        if show_contract:
            sys.stdout.write(
                task_contract.model_dump_json(indent=2) + "\n" if as_json else contract_toml(task_contract)
            )
            raise typer.Exit(0)
        _preflight(cfg)
        faults = _faults(fault, cfg)
        if task_id is not None and not _TASK_ID.match(task_id):
            raise BadInput(f"--task-id {task_id!r}: use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit")
        store = _open_store(cfg)
        task_id = task_id or _compose().new_task_id()
        try:
            store.load_task(task_id)
        except UnknownTask:
            pass
        else:
            raise BadInput(f"task {task_id} already exists; `research resume {task_id}` continues it")
    _execute(
        lambda **kw: _compose().start(store, cfg, task_contract, task_id=task_id, **kw),
        store=store, task_id=task_id, contract=task_contract, start_step=0,
        limits={"steps": cfg.max_steps, "time": cfg.max_time, "tokens": cfg.max_tokens, "cost": cfg.max_cost},
        quiet=quiet, as_json=as_json, faults=faults,
    )


@app.command(epilog=EXIT_EPILOG)
def resume(
    task_id: Annotated[str, typer.Argument(help="The task to continue (`research list` shows ids).")],
    add_steps: Annotated[Optional[int], typer.Option("--add-steps", min=0, help="Extra steps on top of what is left.")] = None,
    add_time: Annotated[Optional[float], typer.Option("--add-time", min=0, help="Extra seconds.")] = None,
    add_tokens: Annotated[Optional[int], typer.Option("--add-tokens", min=0, help="Extra model tokens.")] = None,
    add_cost: Annotated[Optional[float], typer.Option("--add-cost", min=0, help="Extra USD.")] = None,
    corpus: Annotated[Optional[Path], typer.Option("--corpus", help="Override the task's corpus folder.")] = None,
    search_url: Annotated[Optional[str], typer.Option("--search-url", help="Override the SearXNG base URL.")] = None,
    model: Annotated[Optional[str], typer.Option("--model", help="Override the model.")] = None,
    traces: Annotated[Optional[Path], typer.Option("--traces", help="Override the trace folder.")] = None,
    as_json: JsonOpt = False,
    quiet: QuietOpt = False,
    db: DbOpt = None,
    config: ConfigOpt = None,
    fault: FaultOpt = [],
) -> None:
    """Continue a stopped task from its last checkpoint (never repeats a tool call)."""
    with _bad_input():
        store = _store_for(db, config)
        task = store.load_task(task_id)
        if task.end_kind == EndKind.COMPLETED and task.status == "completed":
            print(f"task {task_id} is already complete; nothing to resume", file=sys.stderr)
            body = store.report(task_id, "json" if as_json else "md")
            if body:
                sys.stdout.write(body if body.endswith("\n") else body + "\n")
            raise typer.Exit(0)
        pid = _running_pid(store, task)
        if pid is not None:
            raise BadInput(f"task {task_id} is running in process {pid}; stop it first with `research cancel {task_id}`")
        stored = {k: v for k, v in task.config.items() if k in ResearchConfig.model_fields and v is not None}
        now = {"db": db, "corpus": corpus, "searxng_url": search_url, "model": model, "traces": traces}
        stored.pop("db", None)
        cfg = _config(config, {**stored, **{k: v for k, v in now.items() if v is not None}})
        _preflight(cfg)
        faults = _faults(fault, cfg)
        contract = task.task_contract
    add = {"steps": add_steps, "time": add_time, "tokens": add_tokens, "cost": add_cost}
    limits = _resumed_limits(task, add)
    _execute(
        lambda **kw: _compose().resume(store, task_id, cfg, add=add, **kw),
        store=store, task_id=task_id, contract=contract, limits=limits, start_step=task.usage.steps,
        quiet=quiet, as_json=as_json, faults=faults,
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


@app.command(epilog=EXIT_EPILOG)
def cancel(
    task_id: Annotated[str, typer.Argument(help="The running task to stop.")],
    db: DbOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Ask the process running a task to stop before its next tool call."""
    with _bad_input():
        store = _store_for(db, config)
        task = store.load_task(task_id)
        if task.status not in ("created", "running"):
            print(f"task {task_id} is not running (status: {task.status}); nothing to cancel")
            raise typer.Exit(0)
        runs = store.runs(task_id)
        pid = runs[-1].pid if runs else None
        if runs and runs[-1].ended_at is None and pid and not _process_alive(pid) and pid != os.getpid():
            print(
                f"task {task_id} is not running (its process {pid} is gone); "
                f"`research resume {task_id}` continues it from the last checkpoint"
            )
            raise typer.Exit(0)
        store.request_cancel(task_id)
    where = f" (process {pid})" if pid else ""
    print(
        f"cancel requested for task {task_id}{where}: no new tool call starts, the state is saved, "
        f"and the run ends user_cancelled; `research resume {task_id}` continues it"
    )


def _status_label(store: Store, task: TaskRecord) -> str:
    if task.status in ("created", "running"):
        runs = store.runs(task.id)
        last = runs[-1] if runs else None
        if last is not None and last.ended_at is None and not _process_alive(last.pid) and last.pid != os.getpid():
            return "Interrupted"
        return task.status.capitalize()
    return STATUS_LABEL[task.end_kind] if task.end_kind else task.status.capitalize()


def _when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


@app.command("list", epilog=EXIT_EPILOG)
def list_tasks(
    status: Annotated[
        Optional[str],
        typer.Option("--status", help="completed | partial | aborted | failed | running | an end kind (budget_exhausted…)."),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many tasks, newest first.")] = 50,
    as_json: JsonOpt = False,
    db: DbOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Tasks in the database, most recently updated first."""
    with _bad_input():
        if status is not None and status not in _LIST_STATUSES and status not in {k.value for k in EndKind}:
            known = ", ".join([*_LIST_STATUSES, *(k.value for k in EndKind)])
            raise BadInput(f"--status {status!r}: use one of {known}")
        store = _store_for(db, config)
        tasks = store.list_tasks(status, limit=limit)
        rows = [
            {
                "id": t.id,
                "status": _status_label(store, t),
                "end_kind": t.end_kind.value if t.end_kind and t.status not in ("created", "running") else None,
                "steps": t.usage.steps,
                "question": t.question,
                "updated": t.updated_at,
            }
            for t in tasks
        ]
    if as_json:
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return
    if not rows:
        print("no tasks" + (f" with status {status}" if status else "") + f" in {store.path}", file=sys.stderr)
        return
    cells = [
        [r["id"], r["status"], r["end_kind"] or "—", str(r["steps"]), _short(r["question"], 60), _when(r["updated"])]
        for r in rows
    ]
    headers = ("id", "status", "end kind", "steps", "question", "updated")
    table = Table(show_lines=False, expand=True)
    for i, col in enumerate(headers):
        if col == "question":  # takes what is left; cut with an ellipsis rather than wrapped
            table.add_column(col, no_wrap=True, overflow="ellipsis", ratio=1, min_width=12)
        else:
            width = max(len(col), *(len(c[i]) for c in cells))
            table.add_column(col, no_wrap=True, min_width=width, justify="right" if col == "steps" else "left")
    for c in cells:
        table.add_row(*c)
    _out().print(table)


def _cells(store: Store, task: TaskRecord) -> list[dict[str, Any]]:
    state = store.load_state(task.id)
    contract = task.task_contract
    out = []
    for key in contract.cell_keys():
        c = state.cells.get(key)
        if c is None:
            continue
        out.append(
            {
                "cell": key,
                "object": c.object,
                "dimension": c.dimension,
                "status": c.status,
                "value": c.conclusion or c.value,
                "sources": len(c.source_ids),
                "source_ids": list(c.source_ids),
                "conflict": c.conflict,
                "conflict_note": c.conflict_note,
            }
        )
    return out


@app.command(epilog=EXIT_EPILOG)
def show(
    task_id: Annotated[str, typer.Argument(help="The task whose state table to show.")],
    as_json: JsonOpt = False,
    db: DbOpt = None,
    config: ConfigOpt = None,
) -> None:
    """The object × dimension grid: each cell's status, value, sources and conflict flag."""
    with _bad_input():
        store = _store_for(db, config)
        task = store.load_task(task_id)
        cells = _cells(store, task)
    if as_json:
        sys.stdout.write(json.dumps(cells, indent=2) + "\n")
        return
    contract = task.task_contract
    label = _status_label(store, task)
    title = f"task {task_id} — {label}" + (f" ({task.end_kind.value})" if task.end_kind and label not in ("Running", "Interrupted") else "")
    table = Table(title=title, show_lines=True)
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
    _out().print(table)


@app.command(epilog=EXIT_EPILOG)
def report(
    task_id: Annotated[str, typer.Argument(help="The task whose latest report to print.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help="md | json.")] = "md",
    db: DbOpt = None,
    config: ConfigOpt = None,
) -> None:
    """The latest stored report of a task."""
    with _bad_input():
        if fmt not in ("md", "json"):
            raise BadInput(f"--format {fmt!r}: use md or json")
        store = _store_for(db, config)
        store.load_task(task_id)
        body = store.report(task_id, fmt)  # type: ignore[arg-type]
        if body is None:
            raise BadInput(f"task {task_id} has no report yet (no run of it has ended); `research resume {task_id}` finishes one")
    sys.stdout.write(body if body.endswith("\n") else body + "\n")


# ------------------------------------------------------------------ trace


def _step_lines(path: Path) -> list[dict[str, Any]]:
    """The step lines of one run, the last line per step winning (amended stops)."""
    by_step: dict[int, dict[str, Any]] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        raw = raw.strip()
        if not raw:
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError:
            continue  # a line cut short by a killed process
        if line.get("kind", "step") == "step" and isinstance(line.get("step"), int):
            by_step[line["step"]] = line
    return [by_step[k] for k in sorted(by_step)]


def _describe_actions(line: dict[str, Any]) -> str:
    decision = line.get("decision") or {}
    parts = []
    for a in decision.get("actions") or []:
        args = a.get("args") or {}
        if "query" in args:
            parts.append(f'{a.get("name")} "{args["query"]}"')
        elif "url" in args:
            parts.append(f'{a.get("name")} {args["url"]}')
        else:
            parts.append(str(a.get("name")))
    if not parts:
        mode = decision.get("mode")
        return "final answer" if mode == "final" else "no tool call"
    return "; ".join(parts)


def format_step(line: dict[str, Any]) -> list[str]:
    """A step line of steps.jsonl as readable text (one main line, details indented)."""
    s = line.get("summary") or {}
    head = f"step {line['step']:>3}  {_describe_actions(line)}"
    bits = [f"new evidence: {'yes' if s.get('new_evidence') else 'no'}"]
    if s.get("gaps_closed"):
        bits.append("gaps closed: " + ", ".join(s["gaps_closed"]))
    if s.get("focus"):
        bits.append(f"cell: {s['focus']}")
    # an amended line (a stop decided after the step was written) keeps the step's old summary
    bits.append("next: " + ("stop" if line.get("stop_reason") else str(s.get("next", "continue"))))
    out = [head, "          " + " · ".join(bits)]
    for r in line.get("action_results") or []:
        if r.get("status") not in ("ok", "success"):
            why = r.get("error") or r.get("error_type") or r.get("status")
            out.append(f"          {r.get('name')} {r.get('status')}: {why}")
    for why in s.get("refused") or []:
        if why:
            out.append(f"          refused: {why}")
    retries = [c for c in line.get("critic_outputs") or [] if c.get("action") == "retry"]
    if line.get("retries") or retries:
        reasons = "; ".join(str(c.get("reason") or c.get("detail") or "") for c in retries if c.get("reason") or c.get("detail"))
        out.append(f"          critic retry #{line.get('retries') or len(retries)}" + (f": {reasons}" if reasons else ""))
    if line.get("error"):
        out.append(f"          error: {line['error']}")
    if line.get("stop_reason"):
        stop = f"          STOP {line['stop_reason']}"
        if line.get("stop_detail"):
            stop += f": {line['stop_detail']}"
        out.append(stop)
        if s.get("sufficiency"):
            out.append(f"          sufficiency: {s['sufficiency']}")
    return out


@app.command(epilog=EXIT_EPILOG)
def trace(
    target: Annotated[str, typer.Argument(help="A task id (every run of it) or a run id (<task>-r<N>).")],
    traces: Annotated[Optional[Path], typer.Option("--traces", help="Trace folder (default: the task's own).")] = None,
    db: DbOpt = None,
    config: ConfigOpt = None,
) -> None:
    """A readable step timeline: tool and query/URL, new evidence, gaps closed, refusals, decisions, stop."""
    with _bad_input():
        store = _store_for(db, config)
        run_filter: str | None = None
        try:
            task = store.load_task(target)
        except UnknownTask:
            m = re.match(r"^(?P<task>.+)-r\d+$", target)
            if m is None:
                raise
            task = store.load_task(m["task"])
            run_filter = target
        runs = [r for r in store.runs(task.id) if run_filter in (None, r.id)]
        if not runs:
            raise BadInput(f"no run {target} in {store.path}; `research trace {task.id}` lists every run")
        root = _absolute(traces) or Path(task.config.get("traces") or research_home() / "traces")
        found = [(r, root / r.id / "steps.jsonl") for r in runs]
        if not any(p.exists() for _, p in found):
            raise BadInput(f"no trace of task {task.id} under {root}; pass --traces DIR")
    print(f"task {task.id}: {task.question}")
    for r, path in found:
        ended = f"{r.end_kind.value} ({r.stop_reason})" if r.end_kind else "did not finish (interrupted)"
        print(f"\nrun {r.id} ({r.kind}) — {ended}")
        if not path.exists():
            print(f"  no trace at {path}")
            continue
        for line in _step_lines(path):
            for text in format_step(line):
                print(text)


# ------------------------------------------------------------------ index and eval


@app.command(epilog=EXIT_EPILOG)
def index(
    directory: Annotated[Path, typer.Argument(help="Corpus folder (pages/<host>/… or plain files).")],
    db_path: Annotated[Optional[Path], typer.Option("--db-path", help="Index file (default: cached under $RESEARCH_HOME/indexes).")] = None,
) -> None:
    """Build (or refresh) the local search index of a corpus."""
    with _bad_input():
        if not directory.is_dir():
            raise BadInput(f"{directory} is not a folder; pass the corpus folder (with pages/<host>/…)")
    compose = _compose()
    path = _absolute(db_path) or compose.corpus_index_path(directory)
    idx, count = compose.build_index(directory, path)
    try:
        hosts = sorted(idx.hosts())
    finally:
        idx.close()
    print(f"indexed {count} document{'s' if count != 1 else ''} from {directory} into {path}")
    print("hosts: " + (", ".join(hosts) if hosts else "none"))
    if count == 0:
        print(f"warning: no .html/.htm/.md/.txt page with text under {directory}", file=sys.stderr)


@app.command("eval", epilog=EXIT_EPILOG)
def eval_(
    paths: Annotated[Optional[list[Path]], typer.Argument(help="Case folders or evalset folders (default: evalsets/).")] = None,
    baselines: Annotated[bool, typer.Option("--baselines", help="Also run the max-steps and stagnation baselines.")] = False,
    json_path: Annotated[Optional[Path], typer.Option("--json", help="Write the metrics as JSON to this file.")] = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Cases run in parallel (processes).")] = 2,
    model: Annotated[str, typer.Option("--model", help="offline | rules | openai:<name> | scripted:<path.jsonl> | scripted:auto (each case's recorded script).")] = "offline",
    record: Annotated[bool, typer.Option("--record", help="Write the model's answers to each case's script file (replayed by --model scripted:auto).")] = False,
) -> None:
    """Run evaluation cases and print the stopping metrics per category."""
    try:
        from .evals.runner import run_eval
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{__package__}.evals.runner", f"{__package__}.evals"):
            raise
        _fail("the eval runner (research_agent.evals.runner) is not installed in this build")
    from .config import REPO_ROOT
    from .evals.case import CaseError

    chosen = list(paths or []) or [REPO_ROOT / "evalsets"]
    if model != "scripted:auto":
        with _bad_input():
            _resolve_model(ResearchConfig(**model_settings(load_config(), model)))
    try:
        code = run_eval(chosen, baselines=baselines, json_path=json_path, workers=workers, model=model, record=record)
    except CaseError as exc:
        _fail(str(exc))
    raise typer.Exit(code)


def main() -> None:
    """Console-script entry point."""
    app()
