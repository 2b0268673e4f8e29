"""Helpers every command shares: one-line errors, consoles, config and store.

Heavy libraries (pydantic through the config, sqlmodel through the store,
rich) are imported inside the functions, so importing this module costs
nothing at start-up.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from ._app import EXIT_BAD_INPUT

if TYPE_CHECKING:
    from rich.console import Console

    from ..config import ResearchConfig
    from ..store import Store, TaskRecord

__all__ = [
    "BadInput", "absolute", "bad_input", "compose", "config", "err", "fail", "open_store", "out", "task_label",
    "preflight", "process_alive", "resolve_model", "running_pid", "status_label", "store_for",
]


class BadInput(Exception):
    """Input the CLI refuses before touching the database; the message names the fix."""


def err() -> Console:
    from rich.console import Console

    # Built per call so it binds to the current sys.stderr (CliRunner swaps it).
    return Console(stderr=True, highlight=False, soft_wrap=True)


def out() -> Console:
    from rich.console import Console

    return Console(file=sys.stdout, highlight=False)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    one_line = " ".join(str(message).split())
    print(f"error: {one_line}", file=sys.stderr, flush=True)
    raise typer.Exit(code)


@contextmanager
def bad_input() -> Iterator[None]:
    """Turn the errors that mean "fix your input" into one line and exit 2."""
    try:
        yield
    except Exception as exc:
        if isinstance(exc, _input_errors()):
            fail(str(exc))
        raise


def _input_errors() -> tuple[type[Exception], ...]:
    """BadInput, ConfigError, StoreError and ContractError (from `errors.py`, which loads no model)."""
    from ..config import ConfigError
    from ..errors import ContractError
    from ..store import StoreError

    return (BadInput, ConfigError, StoreError, ContractError)


def compose():
    """The composition root, imported on first use: it pulls in the tools and
    their libraries (about a second), which `list`, `show` or `cancel` never need."""
    from .. import compose as module

    return module


def absolute(path: Path | None) -> Path | None:
    return None if path is None else path.expanduser().resolve()


def _finish_config(cfg: ResearchConfig) -> ResearchConfig:
    """Defaults that depend on the user's home, and absolute paths for resume."""
    from ..home import research_home

    update: dict[str, Any] = {}
    if "traces" not in cfg.model_fields_set:
        update["traces"] = research_home() / "traces"
    for name in ("db", "corpus", "risk_policy", "prices_file"):
        value = getattr(cfg, name)
        if value is not None:
            update[name] = absolute(value)
    update["traces"] = absolute(update.get("traces", cfg.traces))
    if cfg.model.kind == "scripted":
        update["model"] = cfg.model.with_script(Path(cfg.model.script).expanduser().resolve())
    return cfg.model_copy(update=update)


def config(file: Path | None, overrides: dict[str, Any]) -> ResearchConfig:
    from ..config import load_config
    from ..store.pg_url import is_pg_url

    db = overrides.get("db")
    if is_pg_url(db):  # `--db postgresql://…`: the PostgreSQL store (docs/scale.md)
        overrides = {**overrides, "db": None, "database_url": db}
    elif db is not None:
        overrides = {**overrides, "db": None, "database_url": None}
        cfg = _finish_config(load_config(file, overrides))
        return cfg.model_copy(update={"db": absolute(Path(db)), "database_url": None})
    return _finish_config(load_config(file, overrides))


def open_store(cfg: ResearchConfig) -> Store:
    from ..construct import open_store as build

    return build(cfg)


def store_for(db: str | None, config_file: Path | None) -> Store:
    return open_store(config(config_file, {"db": db}))


def check_corpus(path: Path, flag: str = "--corpus") -> None:
    """A corpus must be an existing folder; a file or a missing path is named as such."""
    if path.is_file():
        raise BadInput(f"{flag} {path} is a file, not a folder; pass the folder that holds your pages")
    if not path.is_dir():
        raise BadInput(f"corpus folder {path} does not exist; pass {flag} DIR")


def preflight(cfg: ResearchConfig) -> None:
    """What `compose` would only find out after writing the task row."""
    if cfg.search_backend == "local" or cfg.corpus is not None:
        check_corpus(cfg.corpus_path())
    if cfg.search_backend == "searxng" and not cfg.searxng_url:
        raise BadInput("the searxng backend needs a URL; pass --search-url URL or set SEARXNG_URL")
    if cfg.search_backend == "tavily" and not cfg.tavily_api_key:
        raise BadInput("the tavily backend needs an API key; set TAVILY_API_KEY")
    if cfg.search_backend == "brave" and not cfg.brave_api_key:
        raise BadInput("the brave backend needs an API key; set BRAVE_API_KEY")
    if cfg.risk_policy is not None:
        from criteria.risk_policy import RiskPolicy, RiskPolicyError

        try:
            RiskPolicy.from_toml(cfg.risk_policy)
        except RiskPolicyError as exc:
            raise BadInput(str(exc)) from exc
    resolve_model(cfg)


def resolve_model(cfg: ResearchConfig):
    if not cfg.model.uses_model:  # no model: nothing to import
        return None
    from ..construct import make_model
    from ..llm.openai_model import ModelRejected

    try:
        return make_model(cfg)
    except (ValueError, ModelRejected) as exc:
        raise BadInput(str(exc)) from exc


def process_alive(pid: int | None) -> bool:
    if not pid or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def running_pid(store: Store, task: TaskRecord) -> int | None:
    """The pid of a live process running the task, if any."""
    if task.status not in ("created", "running"):
        return None
    runs = store.runs(task.id)
    if not runs or runs[-1].ended_at is not None:
        return None
    pid = runs[-1].pid
    return pid if process_alive(pid) else None


def status_label(store: Store, task: TaskRecord) -> str:
    last = store.runs(task.id)[-1:] if task.status in ("created", "running") else []
    return task_label(task.status, task.end_kind, last[0].pid if last else None,
                      (last[0].ended_at is not None) if last else None)


def task_label(status: str, end_kind: str | None, last_pid: int | None, last_ended: bool | None) -> str:
    """The status a user sees: an open task whose last run (`last_ended` None: no run yet) stopped without
    ending, in a process that is gone, is "Interrupted"; an ended one shows its end kind's label."""
    from ..endings import STATUS_LABEL, EndKind

    if status in ("created", "running"):
        if last_ended is False and not process_alive(last_pid) and last_pid != os.getpid():
            return "Interrupted"
        return status.capitalize()
    return STATUS_LABEL[EndKind(end_kind)] if end_kind else status.capitalize()
