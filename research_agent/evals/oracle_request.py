"""The parts of a page-reading request the perfect reader model needs: the page and the cells asked.

`page_ask(body)` reads a chat-completions request body; None when it is not a page-reading
(`extract`) request.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..llm.scripted import task_of
from ..policy.prompts import PAGE_CLOSE, PAGE_OPEN

__all__ = ["AskedCell", "PageAsk", "page_ask"]


@dataclass(frozen=True)
class AskedCell:
    cell: str
    names: list[str] = field(default_factory=list)
    """The object's name and aliases, as the request gives them."""


@dataclass(frozen=True)
class PageAsk:
    url: str
    text: str
    """The page text as the model is shown it."""
    cells: list[AskedCell]


def _between(text: str, start: str, end: str) -> str:
    at = text.find(start)
    if at < 0:
        return ""
    at += len(start)
    stop = text.find(end, at)
    return text[at:] if stop < 0 else text[at:stop]


def page_ask(body: dict[str, Any]) -> PageAsk | None:
    messages = body.get("messages") or []
    if task_of(messages) != "extract":
        return None
    user = next((str(m.get("content") or "") for m in messages if m.get("role") == "user"), "")
    marker = "Cells (JSON):\n"
    at = user.find(marker)
    cells, _ = json.JSONDecoder().raw_decode(user, at + len(marker)) if at >= 0 else ([], 0)
    asked = [AskedCell(c["cell"], [n for n in [c.get("object"), *(c.get("aliases") or [])] if n]) for c in cells]
    url = _between(user, "Page URL: ", "\n").strip()
    text = _between(user, PAGE_OPEN + "\n", "\n" + PAGE_CLOSE)
    return PageAsk(url, text, asked)
