"""Main text, title, date and language of a fetched document.

HTML goes through trafilatura's ``bare_extraction`` with comments off and
tables kept (their cell text joins the main text), on a tree parsed once, its
definition lists written as the two-column tables they are (``definition_lists``); the
title and date are found by trafilatura's own metadata steps for those two
fields (``_title_and_date``); the title falls back to ``<title>``. The date is the publication date its metadata states
(``page_date.metadata_date``: meta tags, ``<time datetime>``, JSON-LD, a date in the URL), as
``YYYY-MM-DD`` — never a year from the text. The language comes from the page's own ``<html lang>`` (the
primary subtag, lowercased); no statistical language guess is made.

Plain text and Markdown pass through unchanged (line endings normalised,
surrounding whitespace stripped). Their title is the first Markdown heading,
else the first non-empty line; their date is a ``date:`` line in a leading
front-matter block (``---`` … ``---``), if any; a ``title:`` line there wins
over the heading, and the block itself is not part of the text.

``decode_body`` turns response bytes into text: declared charset, else a
``<meta charset>`` in the first 4 KiB, else UTF-8, else Windows-1252.
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass

from typing import Any

import trafilatura
from lxml.html import HtmlElement
from trafilatura.metadata import examine_meta, extract_meta_json, extract_title, extract_url
from trafilatura.settings import Document, Extractor
from trafilatura.utils import load_html

from research_agent.tools.blocks import with_blocks
from research_agent.tools.corpus_hygiene import decode_text
from research_agent.tools.definition_lists import definition_lists_as_tables
from research_agent.tools.page_date import metadata_date

__all__ = ["HTML_TYPES", "TEXT_TYPES", "ExtractedPage", "decode_body", "extract_page", "media_type_for_path"]

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
TEXT_TYPES = frozenset({"text/plain", "text/markdown", "text/x-markdown"})

_HTML_LANG = re.compile(r"""<html\b[^>]*?\blang\s*=\s*["']?\s*([A-Za-z]{2,3})""", re.IGNORECASE)
_TITLE_TAG = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_ISO_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")


@dataclass(frozen=True)
class ExtractedPage:
    """What the extractor found in one document."""

    title: str | None
    text: str
    date: str | None
    language: str | None = None


def media_type_for_path(name: str) -> str:
    """The media type the local corpus uses for a file name (html, markdown or plain text)."""
    lowered = name.lower()
    if lowered.endswith((".md", ".markdown")):
        return "text/markdown"
    if lowered.endswith(".txt"):
        return "text/plain"
    return "text/html"


def decode_body(data: bytes, charset: str | None = None) -> str:
    """Decode document bytes with ``corpus_hygiene.decode_text`` (BOM, declared charset, ``<meta charset>``,
    UTF-8, charset-normalizer, Windows-1252), so a UTF-16 file never reaches the index as NUL bytes."""
    return decode_text(data, charset)


def extract_page(html: str, url: str, *, content_type: str | None = None) -> ExtractedPage:
    """Extract a document. ``content_type`` is the media type (no parameters);
    when None it is guessed from the URL's file extension."""
    media_type = (content_type or media_type_for_path(url.split("?", 1)[0])).lower()
    if media_type in TEXT_TYPES:
        return _extract_text(html)
    return _extract_html(html, url)


def _extract_html(html: str, url: str) -> ExtractedPage:
    language = _html_language(html)
    fallback_title = _title_tag(html)
    options = Extractor(output_format="python", comments=False, tables=True, url=url)
    tree = load_html(html, options.max_file_size)
    if tree is None:
        return ExtractedPage(title=fallback_title, text="", date=None, language=language)
    title, date = _title_and_date(tree, url, options.date_params)
    definition_lists_as_tables(tree)
    document = trafilatura.bare_extraction(tree, options=options)
    if not isinstance(document, Document):  # None: nothing extracted (a dict only with as_dict=True)
        return ExtractedPage(title=fallback_title, text="", date=None, language=language)
    text = (document.text or "").strip()
    if text and "\n" not in text:  # the baseline rescue of a short page: one line (`blocks`)
        fresh = load_html(html, options.max_file_size)
        if fresh is not None:
            definition_lists_as_tables(fresh)
            text = with_blocks(fresh, text)
    return ExtractedPage(title=(title or "").strip() or fallback_title, text=text, date=_iso_date(date),
                         language=language)


def _title_and_date(tree: HtmlElement, url: str, date_params: dict[str, Any]) -> tuple[str | None, str | None]:
    """The title and date ``trafilatura.extract_metadata`` finds, by the same steps in the same order on
    the same tree, without the author (a deep copy of the tree), site name, categories, tags and license
    it also looks for: that was a fifth of a visit's time, for fields a page never shows."""
    meta = examine_meta(tree)
    try:
        meta = extract_meta_json(tree, meta)
    except Exception:  # noqa: BLE001 - trafilatura guards its JSON-LD parser the same way
        pass
    if not meta.title:
        meta.title = extract_title(tree)
    if not meta.url:
        meta.url = extract_url(tree, url)
    meta.date = metadata_date(tree, meta.url, date_params.get("max_date"))
    meta.clean_and_trim()
    return meta.title, meta.date


def _extract_text(text: str) -> ExtractedPage:
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    lines = text.split("\n")
    front: dict[str, str] = {}
    if lines and lines[0].strip() == "---":
        for end, line in enumerate(lines[1:], start=1):
            if line.strip() == "---":
                lines = lines[end + 1 :]
                text = "\n".join(lines).strip()
                break
            key, _, value = line.partition(":")
            front[key.strip().lower()] = value.strip().strip("'\"")
        else:
            front = {}  # an unclosed block is not front matter
    title = front.get("title") or _first_heading(lines)
    if title is None:
        title = next((line.strip() for line in lines if line.strip() and line.strip() != "---"), None)
    return ExtractedPage(title=title, text=text, date=_iso_date(front.get("date")))


def _first_heading(lines: list[str]) -> str | None:
    for line in lines:
        heading = _MD_HEADING.match(line)
        if heading:
            return heading.group(1).strip()
    return None


def _title_tag(html: str) -> str | None:
    match = _TITLE_TAG.search(html)
    if not match:
        return None
    title = re.sub(r"\s+", " ", html_lib.unescape(match.group(1))).strip()
    return title or None


def _html_language(html: str) -> str | None:
    match = _HTML_LANG.search(html[:4096])
    return match.group(1).lower() if match else None


def _iso_date(value: str | None) -> str | None:
    if not value:
        return None
    match = _ISO_DATE.search(value)
    return match.group(1) if match else None
