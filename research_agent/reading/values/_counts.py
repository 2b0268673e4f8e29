"""Counts: numbers of things without a unit — "about 85 people" (qualifier "about"), "9,523",
"1.2 million", "employs 1,400 staff", "seven members".

A number is a count only when no other recogniser claims it: years and dates, quantities with
a unit, prices, durations and versions are not counts, nor are ordinals ("21st"), numbers
glued to a hyphen ("48-bit"), "No. 5", "#3", "one" in "one of", nor a decimal without a
scale word ("2.0"; "1.2 million" is a count).
"""

from __future__ import annotations

import re

from ._dates import dates
from ._durations import durations
from ._licenses import licenses
from ._money import money
from ._numbers import DIGITS, SCALES, WORDS, parse_number, qualifier_before
from ._quantities import quantities
from ._value import Value, fmt_number, per_sentence
from ._versions import versions

_COUNT = re.compile(
    rf"(?<![0-9A-Za-zÀ-ɏ_.,$€£¥#/:'\"′-])(?P<num>{DIGITS}|\b(?:{WORDS})\b)"
    r"(?:\s(?P<scale>hundred|thousand|million|billion|trillion))?"
    r"(?![0-9A-Za-zÀ-ɏ_%°'\"′″]|[.,:/]\d|-\w)",  # CJK text glues numbers to words: "9,523人"
    re.I,
)
_NOT_BEFORE = re.compile(r"(?:\bNo\.|\bnumber|\bpage|\bp\.|\bchapter|\bvolume|\bvol\.|\bno|\bany|\bevery|\beach)\s*$", re.I)
_ONE_WORDS = {"one", "zero"}


_HINT = re.compile(rf"\d|\b(?:{WORDS})\b", re.I)


def _taken(sentence: str) -> str:
    """A mask of the sentence: "x" where another recogniser found its value, " " elsewhere."""
    mask = bytearray(b" " * len(sentence))
    for recognise in (dates, quantities, money, durations, versions, licenses):
        for v in recognise(sentence):
            mask[v.start:v.end] = b"x" * (v.end - v.start)
    return mask.decode("ascii")


@per_sentence
def counts(sentence: str) -> list[Value]:
    """Every count in the sentence, in text order."""
    if not _HINT.search(sentence):
        return []
    taken = _taken(sentence)
    out: list[Value] = []
    for m in _COUNT.finditer(sentence):
        if taken[m.start():m.end()].strip():
            continue
        if "." in m["num"] and not m["scale"]:
            continue  # "2.0", "240.7": a measure or a version, not a number of things
        if m["num"].lower() in _ONE_WORDS and not m["scale"] or _NOT_BEFORE.search(sentence, max(0, m.start() - 10), m.start()):
            continue
        value = parse_number(m["num"], m["scale"] if m["scale"] and m["scale"].lower() in SCALES else None)
        if value is None:
            continue
        out.append(Value("count", fmt_number(value), m.group(0), m.start(), m.end(), number=value,
                         qualifier=qualifier_before(sentence, m.start())))
    return out
