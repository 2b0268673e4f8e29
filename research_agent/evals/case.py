"""The evaluation-case format and its loader.

A case is a folder holding ``case.toml`` and ``pages/<host>/<path>`` (served as
``https://<host>/<path>`` on loopback and indexed for local search).  The full
format is documented in ``evalsets/README.md``; in short::

    id = "quick-01"                # must equal the folder name
    category = "quick_complete"    # see `Category`
    question = "Compare A and B on license"
    description = "what the case tests and why the expected ending is right"
    model_script = "script.jsonl"  # optional, relative to the case folder

    [contract]                     # optional; else parse_question(question)
    objects = ["A", {name = "B", aliases = ["B DB"], official_domains = ["b.example"]}]
    dimensions = ["license", {name = "deployment", kind = "enum", values = ["self-hosted", "managed"]}]
    min_sources = 2

    [budget]
    max_steps = 30                 # also max_time, max_tokens, max_cost

    [expect]
    end_kind = "completed"
    max_tool_calls = 9             # optional upper bound
    stop_reason = "evidence_sufficient"  # optional

    [expect.cells]
    "A/license" = "confirmed"

    [[faults]]
    url = "https://mirror.example/b.html"
    kind = "timeout"

Every error `load_case` raises is a `CaseError` whose message starts with the
file and names the key (``evalsets/x/case.toml: key `expect.end_kind`: ...``).
"""

from __future__ import annotations

import tomllib
from pathlib import Path, PurePosixPath
from typing import Any, Literal, get_args
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from research_agent.contract import (
    ContractError,
    TaskContract,
    contract_from_mapping,
    parse_question,
    split_cell_key,
)
from research_agent.tools.faults import Fault

__all__ = [
    "CATEGORIES",
    "CaseBudget",
    "CaseError",
    "CaseExpect",
    "CaseFault",
    "EvalCase",
    "QuestionRefused",
    "discover_cases",
    "load_case",
    "page_path_for_url",
]

CASE_FILE = "case.toml"
PAGES_DIR = "pages"
DEFAULT_SCRIPT = "script.jsonl"

Category = Literal[
    "quick_complete", "must_continue", "unavailable", "conflict", "loop", "risk", "budget",
    "ramdocs", "comparison", "musique",  # the real-data sets, built at test time (research_agent/evals/realdata.py)
]
CATEGORIES: tuple[str, ...] = get_args(Category)
EndKind = Literal["completed", "no_progress", "risk_abort", "budget_exhausted", "tool_failure", "user_cancelled"]
CellStatus = Literal["confirmed", "partial", "pending", "unavailable", "irrelevant"]

# Fault kinds whose response never contains the page: with `times = None`
# (every request fails) the page itself is not needed under pages/.
PAGELESS_FAULTS: frozenset[str] = frozenset(
    {"timeout", "http_404", "http_403", "http_429", "http_500", "reset", "empty", "binary", "huge", "redirect_loop"}
)


class CaseError(ValueError):
    """A case folder or its case.toml is invalid; the message names the file and the key."""


class QuestionRefused(CaseError):
    """A case without a [contract] table whose question the parser refuses.  The case is well-formed:
    reading its question is what failed, so an eval counts it as a miss (`discover_cases(refused=…)`)."""

    def __init__(self, message: str, case: "EvalCase") -> None:
        super().__init__(message)
        self.case = case


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CaseBudget(_Strict):
    max_steps: int = Field(default=30, ge=1)
    """Tool rounds the run may take (one tool call per step)."""
    max_time: float | None = Field(default=None, gt=0)
    """Wall-clock seconds."""
    max_tokens: int | None = Field(default=None, ge=1)
    """Model tokens (LLM policy only)."""
    max_cost: float | None = Field(default=None, gt=0)
    """Model cost in USD (LLM policy only)."""


class CaseExpect(_Strict):
    end_kind: EndKind
    """The one correct ending of the run."""
    cells: dict[str, CellStatus] = Field(default_factory=dict)
    """Expected status per cell, keyed "Object/dimension"; cells not listed are not checked."""
    max_tool_calls: int | None = Field(default=None, ge=0)
    """Upper bound on tool calls (search + visit) for the run to count as efficient."""
    stop_reason: str | None = None
    """Expected engine stop reason (e.g. "evidence_sufficient"), when it matters."""


CaseFault = Fault
"""A fault in `[[faults]]`: `research_agent.tools.faults.Fault` (url, kind, times, retry_after),
the same model the local web applies, so a case can never name a fault the server cannot inject."""


class EvalCase(_Strict):
    id: str = Field(min_length=1)
    category: Category
    question: str = Field(min_length=1)
    description: str = ""
    """What the case tests and why the expected ending is right."""
    contract: dict[str, Any] | None = None
    """Raw contract table (validated by `contract_from_mapping` at load time)."""
    budget: CaseBudget = Field(default_factory=CaseBudget)
    expect: CaseExpect
    faults: list[CaseFault] = Field(default_factory=list)
    model_script: str | None = None
    """JSONL script for the scripted-LLM path, relative to the case folder (default `script.jsonl`)."""
    root: Path
    """The case folder (set by the loader, never written in case.toml)."""

    @property
    def case_file(self) -> Path:
        return self.root / CASE_FILE

    @property
    def pages_dir(self) -> Path:
        return self.root / PAGES_DIR

    @property
    def model_script_path(self) -> Path | None:
        """The recorded model script `scripted:auto` replays: `model_script`, else a
        `script.jsonl` in the case folder, else None."""
        if self.model_script:
            return self.root / self.model_script
        default = self.root / DEFAULT_SCRIPT
        return default if default.is_file() else None

    @property
    def record_target(self) -> Path:
        """Where `research eval --record` writes this case's model answers."""
        return self.root / (self.model_script or DEFAULT_SCRIPT)

    def contract_model(self) -> TaskContract:
        """The task contract: the `[contract]` table, else the question parsed."""
        if self.contract is not None:
            return contract_from_mapping(self.contract, question=self.question, origin=str(self.case_file), source="file")
        return parse_question(self.question)

    def hosts(self) -> list[str]:
        """Hosts that have a folder under pages/."""
        if not self.pages_dir.is_dir():
            return []
        return sorted(p.name for p in self.pages_dir.iterdir() if p.is_dir())


def page_path_for_url(pages_dir: Path, url: str) -> Path | None:
    """The file under `pages_dir` that serves `url` (None when the URL has no host).

    ``https://h/a/b.html`` → ``pages/h/a/b.html``; a path ending in ``/`` (or
    empty) → ``index.html`` in that folder.
    """
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if not host:
        return None
    path = parts.path or "/"
    if path.endswith("/"):
        path += "index.html"
    rel = PurePosixPath(path.lstrip("/"))
    return pages_dir / host / Path(*rel.parts) if rel.parts else pages_dir / host / "index.html"


def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def load_case(path: Path) -> EvalCase:
    """Load and validate one case; `path` is the case folder or its case.toml."""
    path = Path(path)
    file = path if path.name == CASE_FILE else path / CASE_FILE
    where = str(file)
    case = _validated(_read_toml(file, where), file.parent, where)
    _check_layout(case, where)
    _check_cells(case, _contract_of(case, where), where)
    _check_faults(case, where)
    _check_script(case, where)
    return case


def _read_toml(file: Path, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise CaseError(f"{where}: no such file (a case folder needs a {CASE_FILE})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CaseError(f"{where}: not valid TOML: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise CaseError(f"{where}: not UTF-8 text: {exc}") from exc


def _validated(raw: dict[str, Any], root: Path, where: str) -> EvalCase:
    if "root" in raw:
        raise CaseError(f"{where}: key `root`: unknown key (the case folder is set by the loader)")
    try:
        return EvalCase.model_validate({**raw, "root": root})
    except ValidationError as exc:
        err = exc.errors()[0]
        msg = "unknown key" if err["type"] == "extra_forbidden" else err["msg"]
        if err["type"] == "missing":
            msg = "required key is missing"
        raise CaseError(f"{where}: key `{_loc(err['loc'])}`: {msg}") from exc


def _check_layout(case: EvalCase, where: str) -> None:
    """The folder is named by the id and lives under its category's folder (when under one)."""
    root = case.root
    if case.id != root.name:
        raise CaseError(f"{where}: key `id`: {case.id!r} must equal the case folder name {root.name!r}")
    if root.parent.name in CATEGORIES and root.parent.name != case.category:
        raise CaseError(
            f"{where}: key `category`: {case.category!r} but the case lives under {root.parent.name}/"
        )


def _contract_of(case: EvalCase, where: str) -> TaskContract:
    try:
        return case.contract_model()
    except ContractError as exc:
        text = str(exc)
        if case.contract is not None:
            # contract_from_mapping names `key \`objects.0.kind\``: prefix the table
            text = text.replace(f"{case.case_file}: key `", f"{where}: key `contract.", 1)
            if not text.startswith(where):
                text = f"{where}: key `contract`: {text}"
            raise CaseError(text) from exc
        raise QuestionRefused(f"{where}: key `question`: no [contract] table and the question does not parse: {text}",
                              case) from exc


def _check_cells(case: EvalCase, contract: TaskContract, where: str) -> None:
    """Expected cells name known objects and dimensions."""
    objects = [o.name for o in contract.objects]
    dims = [d.name for d in contract.dimensions]
    for key in case.expect.cells:
        obj, dim = split_cell_key(key)
        if "/" not in key:
            raise CaseError(f"{where}: key `expect.cells.\"{key}\"`: a cell key is \"Object/dimension\"")
        if obj not in objects:
            raise CaseError(f"{where}: key `expect.cells.\"{key}\"`: unknown object {obj!r} (the contract has {objects})")
        if dim not in dims:
            raise CaseError(f"{where}: key `expect.cells.\"{key}\"`: unknown dimension {dim!r} (the contract has {dims})")


def _check_faults(case: EvalCase, where: str) -> None:
    """The case has pages; each fault names an http(s) URL whose page exists when the fault serves it."""
    if not case.pages_dir.is_dir():
        raise CaseError(f"{where}: key `(pages)`: the case has no {PAGES_DIR}/ folder next to {CASE_FILE}")
    hosts = set(case.hosts())
    for i, fault in enumerate(case.faults):
        key = f"faults[{i}].url"
        parts = urlsplit(fault.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise CaseError(f"{where}: key `{key}`: {fault.url!r} is not an http(s) URL with a host")
        host = parts.hostname.lower()
        if fault.kind in PAGELESS_FAULTS and fault.times is None:
            continue
        if host not in hosts:
            raise CaseError(
                f"{where}: key `{key}`: host {host!r} has no folder under {PAGES_DIR}/ "
                f"(a `{fault.kind}` fault{'' if fault.times is None else ' with `times`'} serves the page)"
            )
        page = page_path_for_url(case.pages_dir, fault.url)
        if page is None or not page.is_file():
            raise CaseError(f"{where}: key `{key}`: no page {page} for {fault.url!r}")


def _check_script(case: EvalCase, where: str) -> None:
    script = case.model_script_path
    if case.model_script is not None and (script is None or not script.is_file()):
        raise CaseError(f"{where}: key `model_script`: no such file {script}")


def discover_cases(paths: list[Path], refused: list[EvalCase] | None = None) -> list[EvalCase]:
    """Every case under `paths` (a case folder, a case.toml or a folder of cases), sorted by category then id.

    With a `refused` list, a case whose question the parser refuses (`QuestionRefused`) is appended to it
    instead of raising; without one it raises like any invalid case."""
    files: set[Path] = set()
    for p in paths:
        p = Path(p)
        if p.is_file() and p.name == CASE_FILE:
            files.add(p.resolve())
        elif p.is_dir():
            files.update(f.resolve() for f in p.rglob(CASE_FILE) if PAGES_DIR not in f.relative_to(p).parts[:-1])
        else:
            raise CaseError(f"{p}: no such case folder or {CASE_FILE}")
    cases = []
    for f in sorted(files):
        try:
            cases.append(load_case(f))
        except QuestionRefused as exc:
            if refused is None:
                raise
            refused.append(exc.case)
    seen: dict[str, Path] = {}
    for c in cases:
        if c.id in seen:
            raise CaseError(f"{c.case_file}: key `id`: {c.id!r} is also the id of {seen[c.id]}")
        seen[c.id] = c.case_file
    order = {c: i for i, c in enumerate(CATEGORIES)}
    return sorted(cases, key=lambda c: (order[c.category], c.id))
