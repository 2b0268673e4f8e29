"""Lenient but safe reading of the one JSON object in a model's reply.

Small local models, and the grammars local servers constrain them with,
produce JSON that strict `json.loads` refuses although its meaning is plain.
Accepted, in this order:

1. a ```json fenced block (closed or not) — its content is read, the rest ignored;
2. chatter before the first `{` and after the object's closing `}`;
3. raw control characters (newlines, tabs) inside strings (`strict=False`);
4. a truncated tail that can be closed: an unclosed string, object or array
   is closed, and a dangling `,`, `:` or key is cut back to the last complete
   member — so `{"findings": [{"cell": "A/b", "value": "MIT", "quote": "A is MI`
   reads as far as it is complete.

Nothing else is guessed: no single quotes, no comments, no trailing-comma
fixes in the middle, no invented values.  Anything not readable raises
`JSONReplyError` with a reason the policy shows to the model.  A repaired
reply is still validated by pydantic, and every quote is still checked
against the page, so leniency can lose a finding but never invent one.
"""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"```(?:json|JSON)?[ \t]*\n?(.*?)(?:```|\Z)", re.S)
_DECODER = json.JSONDecoder(strict=False)
_MAX_CUTS = 64


class JSONReplyError(ValueError):
    """A reply with no readable JSON object; the message says why (it is shown to the model)."""


def parse_reply_object(text: str) -> tuple[dict[str, Any], bool]:
    """The JSON object in `text`, and whether a truncated tail had to be closed."""
    s = (text or "").strip()
    if not s:
        raise JSONReplyError("the reply was empty; expected one JSON object")
    fenced = _FENCE.search(s)
    if fenced and "{" in fenced.group(1):
        s = fenced.group(1).strip()
    start = s.find("{")
    if start < 0:
        raise JSONReplyError(_not_object(s))
    s = s[start:]
    try:
        value, _ = _DECODER.raw_decode(s)
    except json.JSONDecodeError as exc:
        value = _close_truncated(s)
        if value is None:
            raise JSONReplyError(
                f"the reply is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
        return _object(value), True
    return _object(value), False


def _not_object(s: str) -> str:
    try:
        value = json.loads(s)
    except ValueError:
        return "the reply contains no JSON object (no `{`); expected one JSON object"
    return f"expected one JSON object, got a JSON {type(value).__name__}"


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise JSONReplyError(f"expected one JSON object, got a JSON {type(value).__name__}")
    return value


def _scan(s: str) -> tuple[list[str], bool, list[int]]:
    """Open brackets, whether the text ends inside a string, and the offsets of member
    separators (`,` outside strings) where the text can be cut back to."""
    stack: list[str] = []
    in_string = escaped = False
    cuts: list[int] = []
    for i, ch in enumerate(s):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append("}" if ch == "{" else "]")
        elif ch in "}]":
            if not stack or stack.pop() != ch:
                return [], False, []  # mismatched: not a truncation we can close
        elif ch == ",":
            cuts.append(i)
    return stack, in_string, cuts


def _closed(s: str) -> Any | None:
    stack, in_string, _ = _scan(s)
    if not stack:
        return None
    tail = s.rstrip()
    if in_string:
        if tail.endswith("\\"):
            tail = tail[:-1]
        tail += '"'
    candidate = tail + "".join(reversed(stack))
    try:
        return _DECODER.decode(candidate)
    except json.JSONDecodeError:
        return None


def _close_truncated(s: str) -> Any | None:
    """Close a reply cut off mid-way; cut back member by member until it parses."""
    stack, _, cuts = _scan(s)
    if not stack:
        return None
    value = _closed(s)
    for cut in list(reversed(cuts))[:_MAX_CUTS]:
        if value is not None:
            return value
        value = _closed(s[:cut])
    return value
