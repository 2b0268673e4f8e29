"""Durations: "30-day free trial", "two weeks", "seven days", "a 14-day trial", "one year", "48 hours",
"a fortnight".

Canonical is in days ("30 day"; a week is 7, a month 30, a year 365 days); with a contract
unit ("week", "hours") `number` is in that unit.  "a"/"an" count as one only after a word that
introduces a length of time ("for a year", "within a week"), not in "once a day".
"""

from __future__ import annotations

import re
from functools import lru_cache

from ._numbers import DIGITS, WORDS, parse_number, qualifier_before
from ._units import UNITS, Unit, resolve
from ._value import Value, fmt_number

_DAY_MS = UNITS["day"].factor
_DURATION = re.compile(
    rf"(?<![\w.,$€£¥#])(?:(?P<num>{DIGITS}|\b(?:{WORDS})\b)|\b(?P<a>an?))"
    r"(?:\s|-)(?P<unit>seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?|secs?|mins?|hrs?|h|wks?|yrs?)"
    r"(?![\w])(?!-old\b)",
    re.I,
)
_HINT = re.compile(r"second|minute|hour|day|week|fortnight|month|year|\d[\s-](?:secs?|mins?|hrs?|h|wks?|yrs?)\b", re.I)
_ABBREVIATED = frozenset({"sec", "secs", "min", "mins", "hr", "hrs", "h", "wk", "wks", "yr", "yrs"})
"""A unit's abbreviation ("31 min", "8 hrs") is a duration only after a number written in digits, never after "a"
or a number word."""
_A_INTRO = re.compile(r"\b(?:for|within|after|in|over|than|of|last|about|nearly|almost)\s+$", re.I)


def durations(sentence: str, unit: str | None = None) -> list[Value]:
    """Every length of time, in text order; canonical in days."""
    want = resolve(unit) if unit else None
    if want is not None and want.dimension != "time":
        return []
    return list(_durations(sentence, want))


@lru_cache(maxsize=256)
def _durations(sentence: str, want: Unit | None) -> tuple[Value, ...]:
    if not _HINT.search(sentence):
        return ()
    out: list[Value] = []
    for m in _DURATION.finditer(sentence):
        if m["a"] and not _A_INTRO.search(sentence, max(0, m.start() - 8), m.start()):
            continue  # "once a day", "a day later"
        if m["unit"].lower() in _ABBREVIATED and not (m["num"] and m["num"][:1].isdigit()):
            continue
        count = 1.0 if m["a"] else parse_number(m["num"])
        if count is None:
            continue
        unit_word = m["unit"].lower()
        ms = count * (14 * _DAY_MS if unit_word.startswith("fortnight") else UNITS[unit_word].factor)
        days = ms / _DAY_MS
        out.append(Value(
            "duration", f"{fmt_number(days)} day", m.group(0), m.start(), m.end(),
            number=float(f"{(ms / want.factor if want else days):.15g}"),
            unit=want.symbol if want else "day",
            qualifier=qualifier_before(sentence, m.start()),
        ))
    return tuple(out)
