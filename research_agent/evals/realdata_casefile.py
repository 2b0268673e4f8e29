"""Writing one real-data case folder: case.toml, gold.json and one HTML page per document.

Shared by the RAMDocs and the comparison builders (`realdata`, `realdata_comparison`), with
the error both raise when the shared data is not there (`RealDataMissing`).
Pages carry no date and no boilerplate: the body is the document text, the `<title>`
what a search engine would show.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .case import CASE_FILE, PAGES_DIR
from .realdata_score import GOLD_FILE

__all__ = ["Page", "RealCase", "RealDataMissing", "opening_words", "page_html", "write_case"]


class RealDataMissing(FileNotFoundError):
    """../shared/data (or the file a set needs) is not there."""


@dataclass
class Page:
    url: str
    """https://<host>/<path>; served from pages/<host>/<path>."""
    title: str
    text: str
    heading: bool = True
    """Repeat the title as the page's <h1>. Off when the title is only the text's opening words (RAMDocs): a
    heading cut after 12 words ("… is an American death metal") reads as a sentence of its own."""


@dataclass
class RealCase:
    id: str
    category: str
    question: str
    description: str
    contract: dict | None
    """objects (names or {name, aliases}), dimensions (names or tables), min_sources; None: no [contract]
    table, the question is parsed when the case loads."""
    end_kind: str
    pages: list[Page]
    gold: dict
    cells: dict[str, str] = field(default_factory=dict)
    max_steps: int = 20


def opening_words(text: str, limit: int = 12) -> str:
    """At most `limit` words of the text's first sentence (what a result title would show)."""
    # not after an initial or a short abbreviation: "Simeon P. Smith House", "St. Michael Academy", "Dr. Who"
    first = re.split(r"(?<![\s.][A-Z]\.)(?<!\b[A-Z][a-z]\.)(?<=[.!?])\s+(?=[A-Z\"“(])", " " + text.strip(), maxsplit=1)[0].strip()
    words = first.split()
    return " ".join(words[:limit]).rstrip(",;:")


def page_html(title: str, text: str, heading: bool = True) -> str:
    paras = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()] or [text]
    body = "\n".join(f"<p>{html.escape(p.strip())}</p>" for p in paras)
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title></head>\n"
        f"<body><article>{f'<h1>{html.escape(title)}</h1>' if heading else ''}\n{body}\n</article></body></html>\n"
    )


def _toml(value) -> str:
    """A TOML value; JSON string escapes are valid TOML basic-string escapes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def write_case(dest: Path, case: RealCase) -> Path:
    """Write the case folder `dest/<id>` and return it."""
    root = Path(dest) / case.id
    pages = root / PAGES_DIR
    pages.mkdir(parents=True, exist_ok=True)
    for page in case.pages:
        host, _, path = page.url.split("://", 1)[1].partition("/")
        file = pages / host / (path or "index.html")
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(page_html(page.title, page.text, page.heading), encoding="utf-8")
    lines = [
        f"id = {_toml(case.id)}", f"category = {_toml(case.category)}", f"question = {_toml(case.question)}",
        f"description = {_toml(case.description)}",
        *(["", "[contract]", *(f"{k} = {_toml(v)}" for k, v in case.contract.items())] if case.contract is not None else []),
        "", "[budget]", f"max_steps = {case.max_steps}", "", "[expect]", f"end_kind = {_toml(case.end_kind)}",
    ]
    if case.cells:
        lines += ["", "[expect.cells]", *(f"{_toml(k)} = {_toml(v)}" for k, v in case.cells.items())]
    (root / CASE_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / GOLD_FILE).write_text(json.dumps(case.gold, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return root
