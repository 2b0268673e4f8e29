"""`RecordingModel`: play any model and write what it answered as a replayable script.

Each call to the wrapped model appends one line to a JSONL script in the
format `scripted.py` reads, so `--model scripted:<that file>` replays the
run without the model.  Lines are chosen on replay by what the request
contains, never by position alone:

    plan        {"when": {"task": "plan", "any_contains": "\\"step\\":7,"}, ...}
    extract     {"when": {"task": "extract", "any_contains": "Page URL: <url>\\n"}, ...}
    judge       {"when": {"task": "judge", "any_contains": "{\\"cell\\":\\"<key>\\","}, ...}
    synthesize  {"when": {"task": "synthesize"}, ...}
    contract    {"when": {"task": "contract", "any_contains": "<the question>"}, ...}

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
import re
import threading
from pathlib import Path
from typing import Any

from engine.model import Message, Model, ModelResponse

from .openai_model import ModelOutputInvalid, ModelRejected, ModelUnavailable
from .scripted import task_of

_STEP = re.compile(r'"step":\d+,')
_URL = re.compile(r"^Page URL: .*\n", re.M)
_CELL = re.compile(r'^\{"cell":(?:"(?:[^"\\]|\\.)*"),', re.M)


def marker(messages: list[Message]) -> dict[str, Any]:
    """The `when` that picks this request's answer on replay."""
    task = task_of(messages)
    when: dict[str, Any] = {"task": task} if task else {}
    first_user = next((str(m.get("content") or "") for m in messages if m.get("role") == "user"), "")
    found = None
    if task == "plan":
        found = _STEP.search(first_user)
    elif task == "extract":
        found = _URL.search(first_user)
    elif task == "judge":
        found = _CELL.search(first_user)
    if found:
        when["any_contains"] = found.group(0)
    elif task == "contract":
        when["any_contains"] = first_user[:400]
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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.path.exists() or self.path.stat().st_size == 0:
            # the header also makes a run that never calls the model a valid, empty recording
            self.path.write_text(f"# recorded by `research` from model {self.name}; replay with --model scripted:{self.path.name}\n",
                                 encoding="utf-8")

    def generate(self, messages: list[Message], **kwargs: Any) -> ModelResponse:
        when = marker(messages)
        try:
            response = self.inner.generate(messages, **kwargs)
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
