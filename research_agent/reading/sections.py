"""A section heading says what the paragraphs under it are about.

A review or a spec page groups its sentences under short headings ("Battery", "Warranty and support", "Price"):
"Hesketh quotes 27 hours for the Rove 4" under "Battery" states the battery life without the words. A heading is a
line of at most four words with no sentence punctuation at its end and no table cell; it holds for the sentences
after it until the next heading. A sentence under a heading that carries a dimension's cue is read as cued by it,
as an answer is by its question (`asked`); whose value it is stays the attribution's work. A table row is not: its
own label says what its values are.
"""

from __future__ import annotations

import re

__all__ = ["cued_by", "headings_over"]

_HEADING = re.compile(r"^[A-Z][^|.!?:;]*$")


def headings_over(sentences: list[str]) -> list[str | None]:
    """For each sentence, the section heading it stands under (None before the first, and for a heading itself)."""
    out: list[str | None] = []
    current: str | None = None
    for s in sentences:
        line = s.strip()
        if len(line.split()) <= 4 and _HEADING.match(line):
            current = line
            out.append(None)
        else:
            out.append(current)
    return out


def cued_by(cues: re.Pattern[str], sentence: str, question: str | None, heading: str | None) -> bool:
    """The sentence is read as cued by the question it answers or by the heading it stands under (a table row is
    not: its own label says what its values are)."""
    asked = question is not None and cues.search(question) is not None
    return asked or (heading is not None and "|" not in sentence and cues.search(heading) is not None)
