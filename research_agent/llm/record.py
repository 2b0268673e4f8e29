"""`RecordingModel`: play any model and write what it answered as a replayable script.

Each call to the wrapped model appends one line to a JSONL script in the
format `scripted.py` reads, so `--model scripted:<that file>` replays the
run without the model.  Lines are chosen on replay by what the typed request
holds (`llm/request.py`), never by position alone:

    plan        {"when": {"task": "plan", "step": 7}, ...}
    extract     {"when": {"task": "extract", "url": "<page url>"}, ...}
    judge       {"when": {"task": "judge", "cell": "<key>"}, ...}
    synthesize  {"when": {"task": "synthesize"}, ...}
    contract    {"when": {"task": "contract", "question": "<the question>"}, ...}

A replay that asks something the recording never saw (a different step, an
unseen page) finds no line and fails loudly with `ScriptExhausted` instead of
playing an answer to another question.  A retry after an invalid answer
carries the same marker, so it takes the next line for that marker: the
recorded order is kept.  Failures are recorded as `raise` lines; usage as
the model reported it.  Nothing but the answer text, the marker and the
usage is written: no prompt, no key.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from engine.model import Message, Model, ModelResponse

from .openai_model import ModelOutputInvalid, ModelRejected, ModelUnavailable
from .request import ContractRequest, ExtractRequest, JudgeRequest, ModelRequest, PlanRequest


def marker(request: ModelRequest | None) -> dict[str, Any]:
    """The `when` that picks this request's answer on replay (empty for an untyped request)."""
    if request is None:
        return {}
    when: dict[str, Any] = {"task": request.kind}
    if isinstance(request, PlanRequest):
        when["step"] = request.view.step
    elif isinstance(request, ExtractRequest):
        when["url"] = request.page.url
    elif isinstance(request, JudgeRequest):
        when["cell"] = request.cell.cell
    elif isinstance(request, ContractRequest):
        when["question"] = request.question
    return when


def _answer(text: str) -> dict[str, Any]:
    """`{"json": …}` when the answer is exactly one JSON value (readable scripts), else the text
    verbatim — fences, chatter and garbage replay as the model wrote them."""
    try:
        value = json.loads(text)
    except ValueError:
        return {"text": text}
    return {"json": value} if json.dumps(value, ensure_ascii=False) == text.strip() else {"text": text}


class RecordingModel:
    """Forwards every call to `inner` and appends the answer to the script at `path`."""

    def __init__(self, inner: Model, path: str | Path) -> None:
        self.inner = inner
        self.path = Path(path)
        self.name = getattr(inner, "name", "model")
        self._lock = threading.Lock()
        if self.path.is_dir():
            raise ValueError(f"record_script {self.path}: is a folder, not a script file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists() or self.path.stat().st_size == 0:
                # the header also makes a run that never calls the model a valid, empty recording
                self.path.write_text(f"# recorded by `research` from model {self.name}; replay with --model scripted:{self.path.name}\n",
                                     encoding="utf-8")
        except OSError as exc:  # a setting the user gave: refused as bad input, before the run
            raise ValueError(f"record_script {self.path}: cannot write the script ({exc.strerror or exc})") from exc

    def generate(self, messages: list[Message], *, request: ModelRequest | None = None, **kwargs: Any) -> ModelResponse:
        when = marker(request)
        try:
            response = self.inner.generate(messages, request=request, **kwargs)
        except (ModelUnavailable, ModelRejected, ModelOutputInvalid) as exc:
            kind = {ModelUnavailable: "unavailable", ModelRejected: "rejected"}.get(type(exc), "invalid")
            self._write({"when": when, "raise": kind})
            raise
        line: dict[str, Any] = {"when": when, **_answer(response.text or "")}
        u = response.usage
        if u is not None and (u.total_tokens or u.cost):
            line["usage"] = {"prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens,
                             "cost": round(u.cost, 8)}
        self._write(line)
        return response

    def _write(self, line: dict[str, Any]) -> None:
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
