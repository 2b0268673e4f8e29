"""The parts of a page-reading request the perfect reader model needs: the page and the cells asked.

`page_ask(body)` reads a chat-completions request body and returns None when it is not a
page-reading (`extract`) request.  The parts come from the typed request the program sends
beside the prompt, in the body's ``research_request`` field (its wire form: ``kind``, ``cells``
— each with ``cell``, ``object``, ``aliases`` — and ``page`` with ``url`` and ``text``).  A body
without that field (a program that does not send it) is read from the prompt instead: the cells'
JSON after "Cells (JSON):" and the page between the data delimiters.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..llm.scripted import task_of
from ..policy.prompts import PAGE_CLOSE, PAGE_OPEN

__all__ = ["WIRE_FIELD", "AskedCell", "PageAsk", "page_ask"]

WIRE_FIELD = "research_request"


@dataclass(frozen=True)
class AskedCell:
    cell: str
    names: list[str] = field(default_factory=list)
    """The object's name and aliases, as the request gives them."""

    @classmethod
    def of(cls, data: dict[str, Any]) -> "AskedCell":
        return cls(str(data["cell"]), [str(n) for n in [data.get("object"), *(data.get("aliases") or [])] if n])


@dataclass(frozen=True)
class PageAsk:
    url: str
    text: str
    """The page text as the model is shown it."""
    cells: list[AskedCell]


def page_ask(body: dict[str, Any]) -> PageAsk | None:
    wire = body.get(WIRE_FIELD)
    if isinstance(wire, dict):
        if wire.get("kind") != "extract":
            return None
        page = wire.get("page") or {}
        return PageAsk(str(page.get("url") or ""), str(page.get("text") or ""),
                       [AskedCell.of(c) for c in wire.get("cells") or [] if c.get("cell")])
    return _from_prompt(body.get("messages") or [])


def _between(text: str, start: str, end: str) -> str:
    at = text.find(start)
    if at < 0:
        return ""
    at += len(start)
    stop = text.find(end, at)
    return text[at:] if stop < 0 else text[at:stop]


def _from_prompt(messages: list[dict[str, Any]]) -> PageAsk | None:
    if task_of(messages) != "extract":
        return None
    user = next((str(m.get("content") or "") for m in messages if m.get("role") == "user"), "")
    marker = "Cells (JSON):\n"
    at = user.find(marker)
    cells, _ = json.JSONDecoder().raw_decode(user, at + len(marker)) if at >= 0 else ([], 0)
    url = _between(user, "Page URL: ", "\n").strip()
    text = _between(user, PAGE_OPEN + "\n", "\n" + PAGE_CLOSE)
    return PageAsk(url, text, [AskedCell.of(c) for c in cells if c.get("cell")])
