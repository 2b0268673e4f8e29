"""The typed request inside a chat-completions body, as the perfect reader model reads it.

The program sends each model request's kind and typed parts beside the prompt, in the body's
``research_request`` field (`llm.request.to_wire`; `openai_request_parts = "loopback"`, the
default, sends it to loopback servers).  `wire_request(body)` reads it back with
`llm.request.from_wire`; `page_ask(request)` gives the page and the cells of a page-reading
(`extract`) request.  Nothing here searches prompt prose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..llm.request import ExtractRequest, ModelRequest, from_wire

__all__ = ["WIRE_FIELD", "AskedCell", "PageAsk", "page_ask", "wire_request"]

WIRE_FIELD = "research_request"


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


def wire_request(body: dict[str, Any]) -> ModelRequest:
    """The typed request of a body; `ValueError` when the body carries none (pydantic's included)."""
    wire = body.get(WIRE_FIELD)
    if not isinstance(wire, dict):
        raise ValueError(f"the request body has no {WIRE_FIELD!r} field (openai_request_parts must send it)")
    return from_wire(wire)


def page_ask(request: ModelRequest) -> PageAsk | None:
    """The page and the cells a page-reading request asks about; None for any other request."""
    if not isinstance(request, ExtractRequest):
        return None
    cells = [AskedCell(c.cell, [n for n in [c.object, *(c.aliases or [])] if n]) for c in request.cells]
    return PageAsk(request.page.url, request.page.text, cells)
