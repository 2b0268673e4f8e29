"""Parsers turn a model's text into a `Decision`.

`Parser.parse(text, context=None) -> Decision` raises `ParseError` when the
text is not a decision; the engine treats that as a step error (recovery
policy), never as a silent no-op.

`JsonDecisionParser` accepts exactly one of

    {"final": "<answer>"}
    {"actions": [{"name": "<tool>", "args": {...}}, ...]}      (at least one)
    {"wait": true}

optionally with "rationale" (or "thought").  The JSON may be wrapped in a
``` fence or surrounded by prose: the first JSON object in the text is used.
The payload is validated with pydantic, since model output crosses a boundary.
"""

from __future__ import annotations

import json
import re
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ParseError
from .types import Action, Decision


class Parser(Protocol):
    """Turns model output text into a Decision."""

    def parse(self, text: str, context: Any = None) -> Decision: ...


class _ActionPayload(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    args: dict[str, Any] = Field(default_factory=dict)


class _DecisionPayload(BaseModel):
    model_config = ConfigDict(extra="ignore")
    final: str | None = None
    actions: list[_ActionPayload] | None = None
    wait: bool = False
    rationale: str | None = None
    thought: str | None = None


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def _first_json_object(text: str) -> Any:
    fenced = _FENCE.search(text)
    candidate = fenced.group(1) if fenced else text
    try:
        return json.loads(candidate)
    except json.JSONDecodeError:
        pass
    start = candidate.find("{")
    while start != -1:
        try:
            obj, _ = json.JSONDecoder().raw_decode(candidate, start)
            return obj
        except json.JSONDecodeError:
            start = candidate.find("{", start + 1)
    raise ParseError("no JSON object in model output", text)


class JsonDecisionParser:
    """Parses the JSON decision format described in the module docstring."""

    def parse(self, text: str, context: Any = None) -> Decision:
        obj = _first_json_object(text)
        if not isinstance(obj, dict):
            raise ParseError(f"expected a JSON object, got {type(obj).__name__}", text)
        try:
            payload = _DecisionPayload.model_validate(obj)
        except ValidationError as exc:
            raise ParseError(f"invalid decision: {exc.errors()[0]['msg']}", text) from exc
        present = {"final": payload.final is not None, "actions": payload.actions is not None, "wait": payload.wait}
        chosen = [k for k, on in present.items() if on]
        if len(chosen) != 1:
            raise ParseError(f"a decision needs exactly one of final/actions/wait, got {chosen or 'none'}", text)
        rationale = payload.rationale or payload.thought
        if payload.final is not None:
            return Decision.final(payload.final, rationale=rationale)
        if payload.actions is not None:
            if not payload.actions:
                raise ParseError("'actions' is empty; use {\"wait\": true} to do nothing", text)
            return Decision.act([Action(a.name, a.args) for a in payload.actions], rationale=rationale)
        return Decision.wait(rationale=rationale)
