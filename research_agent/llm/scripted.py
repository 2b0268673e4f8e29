"""Recorded model scripts: `--model scripted:path.jsonl`.

A script is a JSONL file, one model output per line (blank lines and lines
starting with `#` are skipped):

    {"text": "any text, sent as the model's answer"}
    {"json": {"tool": "search", "query": "redis license", "cell": "Redis/license"}}
    {"when": {"task": "plan"}, "json": {...}}
    {"when": {"task": "extract", "contains": "redis.io"}, "json": {"findings": [...]}}
    {"when": {"task": "plan"}, "json": {...}, "times": 3}
    {"when": {"task": "judge"}, "raise": "unavailable"}
    {"text": "...", "usage": {"prompt_tokens": 900, "completion_tokens": 40}}

Selection is by what the request is and holds, never by how many messages
came before: for each request the *first unused line whose `when` matches*
is played and used up.  `when` keys (all must hold); the first five are read
from the typed request (`llm/request.py`), the last three from the prompt text:

    task          the request's kind: contract | plan | extract | judge | synthesize
    step          a plan request's step (its state view's `step`)
    url           an extract request's page URL
    cell          a judge request's cell key
    question      the request's question (a plan request: its state view's)
    contains      a string, or a list of strings, the last user message must contain
    not_contains  a string, or a list, the last user message must not contain
    any_contains  a string, or a list, some message (any role) must contain

A line without `when` matches any request.  `times` (default 1) lets one line
answer that many matching requests.  `raise` plays a failure instead of an
answer: "unavailable" (`ModelUnavailable`), "rejected" (`ModelRejected`) or
"invalid" (`ModelOutputInvalid`).  `usage` overrides the token estimate.
When no unused line matches, the model raises `ScriptExhausted`: a script
never repeats a default answer.  An empty file is an error; a file of
comments only is a script with no answers (what `research eval --record`
writes for a run that never called the model): any request exhausts it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.model import Message, ModelResponse, ScriptedModel
from engine.types import Usage

from .openai_model import ModelOutputInvalid, ModelRejected, ModelUnavailable
from ..user_files import read_user_text
from .request import ExtractRequest, JudgeRequest, ModelRequest, PlanRequest, RequestKind


class ScriptError(ValueError):
    """A script file cannot be read; the message names the file, line and key."""


class When(BaseModel):
    model_config = ConfigDict(extra="forbid")

    task: RequestKind | None = None
    """The kind of request."""
    step: int | None = None
    """A plan request's step."""
    url: str | None = None
    """An extract request's page URL."""
    cell: str | None = None
    """A judge request's cell key."""
    question: str | None = None
    """The request's question."""
    contains: str | list[str] | None = None
    """Text the last user message must contain."""
    not_contains: str | list[str] | None = None
    """Text the last user message must not contain."""
    any_contains: str | list[str] | None = None
    """Text some message must contain."""


class ScriptUsage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    prompt_tokens: int = Field(default=0, ge=0)
    completion_tokens: int = Field(default=0, ge=0)
    cost: float = Field(default=0.0, ge=0)


class ScriptLine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str | None = None
    """The answer text."""
    json_: Any = Field(default=None, alias="json")
    """An answer given as JSON (sent as its JSON text)."""
    raise_: Literal["unavailable", "rejected", "invalid"] | None = Field(default=None, alias="raise")
    """Play a model failure instead of an answer."""
    when: When | None = None
    """Which requests this line may answer."""
    times: int = Field(default=1, ge=1)
    """How many matching requests this line answers."""
    usage: ScriptUsage | None = None
    """Token usage to report instead of the estimate."""

    @model_validator(mode="after")
    def _one_output(self) -> "ScriptLine":
        given = [self.text is not None, self.json_ is not None, self.raise_ is not None]
        if sum(given) != 1:
            raise ValueError("give exactly one of `text`, `json` or `raise`")
        return self


def _last_user(messages: list[Message]) -> str:
    for m in reversed(messages):
        if m.get("role") == "user":
            return str(m.get("content") or "")
    return ""


def _as_list(v: str | list[str] | None) -> list[str]:
    if v is None:
        return []
    return [v] if isinstance(v, str) else list(v)


def question_of(request: ModelRequest) -> str | None:
    """The question a request carries (a plan request: its state view's)."""
    return request.view.question if isinstance(request, PlanRequest) else request.question


def _typed_match(when: When, request: ModelRequest | None) -> bool:
    """The `when` keys read from the typed request; a request given untyped matches none of them."""
    if request is None:
        return all(v is None for v in (when.task, when.step, when.url, when.cell, when.question))
    return (
        (when.task is None or request.kind == when.task)
        and (when.step is None or (isinstance(request, PlanRequest) and request.view.step == when.step))
        and (when.url is None or (isinstance(request, ExtractRequest) and request.page.url == when.url))
        and (when.cell is None or (isinstance(request, JudgeRequest) and request.cell.cell == when.cell))
        and (when.question is None or question_of(request) == when.question)
    )


def matches(when: When | None, messages: list[Message], request: ModelRequest | None = None) -> bool:
    if when is None:
        return True
    if not _typed_match(when, request):
        return False
    last = _last_user(messages)
    if any(s not in last for s in _as_list(when.contains)):
        return False
    if any(s in last for s in _as_list(when.not_contains)):
        return False
    everything = "\n".join(str(m.get("content") or "") for m in messages)
    return all(s in everything for s in _as_list(when.any_contains))


@dataclass
class ScriptSelector:
    """The callable behind a loaded script: picks the first unused matching line."""

    lines: list[ScriptLine]
    origin: str = "script"
    remaining: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.remaining:
            self.remaining = [line.times for line in self.lines]

    def __call__(self, messages: list[Message], request: ModelRequest | None = None) -> ModelResponse | None:
        for i, line in enumerate(self.lines):
            if self.remaining[i] > 0 and matches(line.when, messages, request):
                self.remaining[i] -= 1
                return self._play(line, i)
        return None  # ScriptedModel turns this into ScriptExhausted

    def _play(self, line: ScriptLine, index: int) -> ModelResponse:
        where = f"{self.origin} line {index + 1}"
        if line.raise_ == "unavailable":
            raise ModelUnavailable(f"scripted failure ({where}): model unavailable")
        if line.raise_ == "rejected":
            raise ModelRejected(f"scripted failure ({where}): request rejected")
        if line.raise_ == "invalid":
            raise ModelOutputInvalid(f"scripted failure ({where}): output invalid")
        text = line.text if line.text is not None else json.dumps(line.json_)
        if line.usage is None:
            return ModelResponse(text=text)  # ScriptedModel estimates the usage
        u = line.usage
        return ModelResponse(
            text=text,
            usage=Usage(u.prompt_tokens, u.completion_tokens, u.prompt_tokens + u.completion_tokens, u.cost),
        )


def parse_script(text: str, *, origin: str = "script") -> list[ScriptLine]:
    lines: list[ScriptLine] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        try:
            data = json.loads(s)
        except json.JSONDecodeError as exc:
            raise ScriptError(f"{origin} line {n}: not valid JSON ({exc.msg})") from exc
        if not isinstance(data, dict):
            raise ScriptError(f"{origin} line {n}: each line must be a JSON object")
        try:
            lines.append(ScriptLine.model_validate(data))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "(line)"
            raise ScriptError(f"{origin} line {n}: key `{where}`: {first['msg']}") from exc
    if not lines and not text.strip():
        raise ScriptError(f"{origin}: the script is empty; it holds no outputs")
    return lines  # comments only: a recording of a run that never called the model


class ScriptModel(ScriptedModel):
    """The engine's `ScriptedModel` playing a `ScriptSelector`, which also sees each typed request."""

    def __init__(self, selector: ScriptSelector, *, name: str, cost_per_token: float = 0.0) -> None:
        super().__init__(self._select, name=name, cost_per_token=cost_per_token)
        self.selector = selector
        self._request: ModelRequest | None = None

    def generate(self, messages: list[Message], *, request: ModelRequest | None = None, **kwargs: Any) -> ModelResponse:
        self._request = request
        return super().generate(messages, **kwargs)

    def _select(self, messages: list[Message]) -> ModelResponse | None:
        return self.selector(messages, self._request)


def load_script(path: str | Path, *, cost_per_token: float = 0.0) -> ScriptModel:
    """A `ScriptModel` playing the JSONL script at `path` (see the module docstring)."""
    p = Path(path)
    text = read_user_text(p, "script file", ScriptError)
    lines = parse_script(text, origin=str(p))
    return ScriptModel(ScriptSelector(lines, origin=str(p)), name=f"scripted:{p}", cost_per_token=cost_per_token)
