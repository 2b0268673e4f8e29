"""A short page's list items and table rows put back on lines of their own.

On a page whose main text is short (under trafilatura's 250-character minimum), trafilatura keeps the
text of its baseline rescue: every block of the article joined by spaces, so a list item or a table
row runs into the next ("Frame: steel Battery: 410 Wh Weight: 19.8 kg"). An item of a list and
a row of a table each stand alone: a label and its value, a row and its cells. Here the same words
are laid out again with a line per list item (`li`, `dt`, `dd`) and a Markdown row per table row, as
trafilatura writes a table itself. Prose blocks (paragraphs, headings) stay run together as
trafilatura gave them: on the test split, giving them lines too lost 5 page reads, where a headline
run into its lede named the lede's object (docs/reader.md). Only line breaks and a row's cell bars
are added: the words, and their order, stay the ones trafilatura kept, or the text is returned
unchanged.
"""

from __future__ import annotations

import re
from copy import deepcopy

from lxml.html import HtmlElement

__all__ = ["with_blocks"]

_BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "ul",
})
_UNSEEN = ("script", "style", "noscript", "template")
_SEPARATOR = re.compile(r"^[\s|:-]+$")
_ITEM = "\ue000"  # marks the line of a list item until the lines are joined


def with_blocks(tree: HtmlElement, flat: str) -> str:
    """`flat` (one line of the page's words) with a line per list item and table row of `tree`; `flat` itself
    when it already has lines, or when the page's blocks do not hold its words in its order."""
    words = flat.split()
    if "\n" in flat.strip() or not words:
        return flat
    lines = _lines(tree)
    span = _find(lines, words)
    if not span:
        return flat
    kept: list[str] = []
    for line in lines[span[0]:span[1]]:
        if kept and not _structural(line) and not _structural(kept[-1]):
            kept[-1] += " " + line  # prose stays run together, as trafilatura gave it
        else:
            kept.append(line)
    return "\n".join(line.removeprefix(_ITEM) for line in kept)


def _structural(line: str) -> bool:
    return line.startswith((_ITEM, "|"))


def _lines(tree: HtmlElement) -> list[str]:
    found = tree.find(".//body")
    body = deepcopy(found if found is not None else tree)
    for el in list(body.iter(*_UNSEEN)):
        el.drop_tree()
    for el in body.iter():  # the source's own line breaks are spaces: only blocks break lines
        el.text = el.text and " ".join(el.text.split("\n"))
        el.tail = el.tail and " ".join(el.tail.split("\n"))
    for table in body.iter("table"):
        for row in table.iter("tr"):
            cells = [c for c in row if c.tag in ("td", "th")]
            for cell in cells:
                for inner in cell.iter(*_BLOCKS):  # a cell is one run of words in its row
                    inner.tail = " " + (inner.tail or "")
                cell.tail = " | " + (cell.tail or "")
            row.text = "\n| " + (row.text or "")
            head = any(c.tag == "th" for c in cells)  # a row of head cells gets its separator, as trafilatura writes it
            row.tail = ("\n|" + "---|" * len(cells) if head else "") + "\n" + (row.tail or "")
    for el in body.iter(*_BLOCKS):
        if any(a.tag in ("td", "th") for a in el.iterancestors()):
            continue
        el.text = "\n" + (_ITEM if el.tag in ("li", "dt", "dd") else "") + (el.text or "")
        el.tail = "\n" + (el.tail or "")
    return [line for line in (" ".join(raw.split()) for raw in body.text_content().split("\n")) if line]


def _tokens(line: str) -> list[str]:
    return [] if _SEPARATOR.match(line) else line.removeprefix(_ITEM).replace("|", " ").split()


def _find(lines: list[str], words: list[str]) -> tuple[int, int] | None:
    """The lines [i, j) whose words are exactly `words`, in order."""
    tokens = [_tokens(line) for line in lines]
    for i, first in enumerate(tokens):
        if not first or first[0] != words[0]:
            continue
        at, j = 0, i
        while j < len(lines) and at < len(words):
            t = tokens[j]
            if words[at:at + len(t)] != t:
                break
            at, j = at + len(t), j + 1
        if at == len(words):
            return i, j
    return None
