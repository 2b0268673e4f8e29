"""Counts: numbers of things without a unit — "about 85 people" (qualifier "about"), "9,523",
"1.2 million", "employs 1,400 staff", "seven members".

A number is a count only when no other recogniser claims it: years and dates, quantities with
a unit, prices, durations and versions are not counts, nor are ordinals ("21st"), numbers
glued to a hyphen ("48-bit"), "No. 5", "#3", or "one" in "one of".
"""

from __future__ import annotations

import re

from .dates import dates
from .durations import durations
from .money import money
from .numbers import DIGITS, SCALES, WORDS, parse_number, qualifier_before
from .quantities import quantities
from .value import Value, fmt_number, per_sentence
from .versions import versions

_COUNT = re.compile(
    rf"(?<![\w.,$€£¥#/:-])(?P<num>{DIGITS}|\b(?:{WORDS})\b)"
    r"(?:\s(?P<scale>thousand|million|billion|trillion))?"
    r"(?![\w%°]|[.,:/]\d|-\w)",
    re.I,
)
_NOT_BEFORE = re.compile(r"(?:\bNo\.|\bnumber|\bpage|\bp\.|\bchapter|\bvolume|\bvol\.|\bno|\bany|\bevery|\beach)\s*$", re.I)
_ONE_WORDS = {"one", "zero"}


_HINT = re.compile(rf"\d|\b(?:{WORDS})\b", re.I)


@per_sentence
def counts(sentence: str) -> list[Value]:
    """Every count in the sentence, in text order."""
    if not _HINT.search(sentence):
        return []
    taken = [(v.start, v.end) for f in (dates, quantities, money, durations, versions) for v in f(sentence)]
    out: list[Value] = []
    for m in _COUNT.finditer(sentence):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        if m["num"].lower() in _ONE_WORDS or _NOT_BEFORE.search(sentence, max(0, m.start() - 10), m.start()):
            continue
        value = parse_number(m["num"], m["scale"] if m["scale"] and m["scale"].lower() in SCALES else None)
        if value is None:
            continue
        out.append(Value("count", fmt_number(value), m.group(0), m.start(), m.end(), number=value,
                         qualifier=qualifier_before(sentence, m.start())))
    return out
