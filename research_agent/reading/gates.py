"""Precision gates: readings the reader never confirms a cell from, in one place.

A confirmed wrong cell is the worst failure the table can have, so a reading
passes these gates before it is evidence at all.  Each gate is a fact about
documents:

* **A value equal to the object's own name** says what the object is called,
  not what it has: a band, author or maker is never the object itself.
* **A page's title alone** names the page; a title such as "Tides (Rita Vale
  album)" is a heading, not a statement (a scraped title that runs on into the
  first sentence is not "alone").
* **A bare year range with no cue of the dimension in its clause** ("the
  1851–62 county survey") dates something else in the sentence.
* **A number without a unit and without the dimension's cue in its clause**
  counts something else: the cue must govern the number's own clause.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Iterable

from .attribution import clause_bounds
from .values import Value

__all__ = ["Gate", "name_gloss", "refusal", "squash", "title_only"]


class Gate(str, Enum):
    """Why a reading is not evidence."""

    OWN_NAME = "own_name"
    TITLE_ONLY = "title_only"
    UNCUED_RANGE = "uncued_range"
    UNCUED_NUMBER = "uncued_number"


_RANGE = re.compile(r"\d{4}\s*[-–—]\s*\d{2,4}")
_NUMERIC = frozenset({"count", "quantity", "number"})


def squash(text: str) -> str:
    """Lower case, letters and digits only: how two spellings of one name or phrase compare."""
    return re.sub(r"[\W_]+", "", text.lower())


def refusal(sentence: str, value: Value, kind: str, cues: re.Pattern[str], own_names: Iterable[str]) -> Gate | None:
    """The gate the reading of `value` in `sentence` fails, or None."""
    squashed = squash(value.display)
    if squashed and any(squashed == squash(n) for n in own_names if n):
        return Gate.OWN_NAME
    start, end = clause_bounds(sentence, value.start)
    cued = any(not (value.start <= m.start() < value.end) for m in cues.finditer(sentence, start, end))
    if kind == "date" and _RANGE.fullmatch(value.display.strip()) and not cued:
        return Gate.UNCUED_RANGE
    if kind in _NUMERIC and not value.unit and not cued:
        return Gate.UNCUED_NUMBER
    return None


def title_only(quote: str, title: str) -> bool:
    """The quote is the page's title, whole: a heading, not a statement.  (A title that runs on into the
    page's first sentence, as scraped pages' often do, holds statements: those are read.)"""
    return bool(title) and bool(squash(quote)) and squash(quote) == squash(title)


_GLOSS = re.compile(
    r"\s*(?:[\"“‘'«]|(?:[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?|transliterated|romani[sz]ed|lit\.|literally|pronounced)\s*:|"
    r"(?:lit\.|literally|also known as|also called|a\.k\.a\.|short for)\s)"
)


def name_gloss(sentence: str, span: tuple[int, int]) -> bool:
    """The value sits in a parenthesis part that glosses a name: another language's or script's form ("Welsh: Y
    Tarn", "transliterated: …"), a translation in quotes, "lit." or "also known as" — a name of the thing, never a
    value of one of its dimensions. Parts are split at ";" ("(Welsh: Y Tarn; born 1950)": the birth is a value)."""
    opened = sentence.rfind("(", 0, span[0])
    if opened < 0 or 0 <= sentence.find(")", opened) < span[0]:
        return False
    part_start = max(opened, sentence.rfind(";", opened, span[0])) + 1
    return _GLOSS.match(sentence, part_start) is not None
