"""A page's date from its metadata only — never from a year in its text.

A year the body mentions ("registered as a company in 2012", "set up in 2011") says when something
happened, not when the page was written; a guessed date then decides conflicts as "the newest source".
So the date is looked for only where a publisher states it:

* ``<meta>`` elements whose name, property, itemprop or http-equiv names a date
  (``article:published_time``, ``og:updated_time``, ``date``, ``dc.date``, ``last-modified``, …);
* ``<time datetime="…">`` attributes (the attribute, not the element's text);
* JSON-LD ``datePublished`` / ``dateCreated`` / ``dateModified``;
* a date in the URL path (``/2024/05/14/…``);
* for a page fetched from the web, the HTTP ``Last-Modified`` header (``date_from_http``).

htmldate (trafilatura's date finder) reads all of these, and with ``extensive_search=False`` still
falls back to date-like strings in the page (headings, elements whose class says "date", loose
patterns in the text). It is therefore handed a **metadata-only copy** of the page — those elements
and nothing else, with no text — so none of its fallbacks can reach the body. The publication date is
preferred over the last modification (``original_date=True``).
"""

from __future__ import annotations

import json
import re
from datetime import date
from email.utils import parsedate_to_datetime

from htmldate import find_date
from lxml.html import HtmlElement, fromstring

__all__ = ["date_from_http", "metadata_copy", "metadata_date"]

# The name of a date field, in any of the vocabularies pages use (Open Graph, Dublin Core, schema.org,
# sailthru, parsely, http-equiv): every such name spells out a date, a time, or a publishing event.
_DATE_FIELD = re.compile(r"date|time|publish|modif|updat|creat|issued|lastmod", re.IGNORECASE)
_FIELD_ATTRS = ("name", "property", "itemprop", "http-equiv")
_JSONLD_KEYS = ("datePublished", "dateCreated", "dateModified")
_ISO = re.compile(r"^(\d{4}-\d{2}-\d{2})")
_NUMERIC = re.compile(r"(?<!\d)((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)")


def metadata_copy(tree: HtmlElement) -> HtmlElement:
    """A new document holding only the page's date metadata (see the module docstring), with no text."""
    parts: list[str] = []
    for meta in tree.iter("meta"):
        if any(_DATE_FIELD.search(meta.get(a) or "") for a in _FIELD_ATTRS) and meta.get("content"):
            parts.append(_element("meta", {a: meta.get(a) or "" for a in (*_FIELD_ATTRS, "content") if meta.get(a)}))
    for script in tree.iter("script"):
        if (script.get("type") or "").strip().lower() == "application/ld+json":
            fields = _jsonld_dates(script.text or "")
            if fields:
                parts.append(f'<script type="application/ld+json">{json.dumps(fields)}</script>')
    times = [_element("time", {a: t.get(a) or "" for a in ("datetime", "pubdate", "class") if t.get(a)})
             for t in tree.iter("time") if t.get("datetime")]
    return fromstring(f"<html><head>{''.join(parts)}</head><body>{''.join(times)}</body></html>")


def metadata_date(tree: HtmlElement, url: str | None, max_date: str | None = None) -> str | None:
    """The page's publication (else modification) date as ``YYYY-MM-DD`` from its metadata or URL, or None."""
    copy = metadata_copy(tree)
    found = find_date(copy, url=url or None, extensive_search=False, original_date=True, max_date=max_date)
    match = _ISO.match(found or "")
    if match:
        return match.group(1)
    return _numeric_meta_date(copy, max_date)


def _numeric_meta_date(copy: HtmlElement, max_date: str | None) -> str | None:
    """A ``YYYY-MM-DD`` (or ``/`` or ``.``) date in a date-named meta field htmldate does not know by name
    (``sn-post-date``, ``parsely-pub-date``, …): the first valid one, not after ``max_date`` or today."""
    latest = max_date or date.today().isoformat()
    for meta in copy.iter("meta"):
        for y, m, d in _NUMERIC.findall(meta.get("content") or ""):
            try:
                found = date(int(y), int(m), int(d)).isoformat()
            except ValueError:
                continue
            if found <= latest:
                return found
    return None


def date_from_http(last_modified: str | None) -> str | None:
    """An HTTP ``Last-Modified`` header as ``YYYY-MM-DD`` (None when absent or unparseable)."""
    if not last_modified:
        return None
    try:
        when = parsedate_to_datetime(last_modified)
    except (TypeError, ValueError):
        return None
    return when.date().isoformat() if when.date() <= date.today() else None


def _element(tag: str, attrs: dict[str, str]) -> str:
    quoted = " ".join(f'{k}="{_escape(v)}"' for k, v in attrs.items())
    return f"<{tag} {quoted}></{tag}>"


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _jsonld_dates(text: str) -> dict[str, str]:
    """The date fields of a JSON-LD block, first occurrence of each, wherever they nest."""
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    out: dict[str, str] = {}
    stack = [data]
    while stack:
        item = stack.pop(0)
        if isinstance(item, dict):
            for key in _JSONLD_KEYS:
                if isinstance(item.get(key), str) and key not in out:
                    out[key] = item[key]
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out
