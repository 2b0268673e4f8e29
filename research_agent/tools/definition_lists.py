"""Definition lists as the two-column tables they are.

An HTML definition list (``<dl>``) pairs each term (``<dt>``) with its description (``<dd>``): a spec sheet's
"Suction power" → "6,000 Pa".  The extractor writes ``<dt>`` and ``<dd>`` as separate list items, so the pairing
is lost and a reader sees a label on one line and a bare value on the next.  Before extraction each list
becomes a table with one row per (term, description) — the shape a label table already has — so the reader
reads it as it reads "| Weight | 268 g |"; the extractor writes such a table with no delimiter row, so none of its
rows is a header (`reading.tables.table_rows`).  A description after several terms is paired with the last one;
a list with no pair is left alone.
"""

from __future__ import annotations

from lxml.etree import SubElement
from lxml.html import HtmlElement, fromstring

__all__ = ["definition_lists_as_tables"]


def definition_lists_as_tables(tree: HtmlElement) -> None:
    """Replace every ``<dl>`` in `tree` that pairs a term with a description by a two-column ``<table>``, in place."""
    for dl in list(tree.iter("dl")):
        rows = _pairs(dl)
        parent = dl.getparent()
        if not rows or parent is None:
            continue
        table = fromstring("<table></table>")
        for term, description in rows:
            row = SubElement(table, "tr")
            SubElement(row, "td").text = term
            SubElement(row, "td").text = description
        table.tail = dl.tail
        parent.replace(dl, table)


def _pairs(dl: HtmlElement) -> list[tuple[str, str]]:
    """(term, description) pairs of one list, in order; a nested list's items stay with it."""
    out: list[tuple[str, str]] = []
    term: str | None = None
    for el in dl.iter("dt", "dd"):
        if _owner(el) is not dl:
            continue
        text = " ".join(el.text_content().split())
        if el.tag == "dt":
            term = text
        elif term and text:
            out.append((term, text))
    return out


def _owner(el: HtmlElement) -> HtmlElement | None:
    node = el.getparent()
    while node is not None and node.tag != "dl":
        node = node.getparent()
    return node
