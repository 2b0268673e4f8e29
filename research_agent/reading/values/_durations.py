"""Durations: "30-day free trial", "two weeks", "seven days", "a 14-day trial", "one year", "48 hours",
"a fortnight", "1 hour 15 minutes".

Canonical is in days ("30 day"; a week is 7, a month 30, a year 365 days); with a contract
unit ("week", "hours") `number` is in that unit.  "a"/"an" count as one only after a word that
introduces a length of time ("for a year", "within a week"), not in "once a day".  A span written in
several units, the larger first ("1 hour 15 minutes", "2 min 05 s"), is one value: their sum.
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
    factors: list[float] = []
    spans: list[float] = []
    for m in _DURATION.finditer(sentence):
        if m["a"] and not _A_INTRO.search(sentence, max(0, m.start() - 8), m.start()):
            continue  # "once a day", "a day later"
        if m["unit"].lower() in _ABBREVIATED and not (m["num"] and m["num"][:1].isdigit()):
            continue
        count = 1.0 if m["a"] else parse_number(m["num"])
        if count is None:
            continue
        unit_word = m["unit"].lower()
        factor = 14 * _DAY_MS if unit_word.startswith("fortnight") else UNITS[unit_word].factor
        ms = count * factor
        if out and _JOINED.fullmatch(sentence[out[-1].end:m.start()]) \
                and factor < factors[-1] and ms < factors[-1] and m["num"] and m["num"][:1].isdigit():
            last = out.pop()  # "1 hour 15 minutes": one span, written in two units
            spans[-1] += ms
            out.append(_value(sentence, last.start, m.end(), spans[-1], want, last.qualifier))
            continue
        factors.append(factor)
        spans.append(ms)
        days = ms / _DAY_MS
        out.append(Value(
            "duration", f"{fmt_number(days)} day", m.group(0), m.start(), m.end(),
            number=float(f"{(ms / want.factor if want else days):.15g}"),
            unit=want.symbol if want else "day",
            qualifier=qualifier_before(sentence, m.start()),
        ))
    return tuple(_with_seconds(sentence, v, want) for v in out)


_JOINED = re.compile(r"\s+(?:and\s+)?")
_SECONDS = re.compile(r"\s*(?:and\s+)?(?P<n>\d{1,2})\s?(?:s|secs?|seconds?)(?![\w])")


def _value(sentence: str, start: int, end: int, ms: float, want: Unit | None, qualifier: str | None) -> Value:
    days = ms / _DAY_MS
    return Value("duration", f"{fmt_number(days)} day", sentence[start:end], start, end,
                 number=float(f"{(ms / want.factor if want else days):.15g}"), unit=want.symbol if want else "day",
                 qualifier=qualifier)


def _with_seconds(sentence: str, v: Value, want: Unit | None) -> Value:
    """ "2 min 05 s": the seconds after a count of minutes belong to it (a bare "s" is a unit only there)."""
    m = _SECONDS.match(sentence, v.end)
    if m is None or not re.search(r"min", v.display, re.I) or int(m["n"]) >= 60:
        return v
    ms = v.number * (want.factor if want else _DAY_MS) + int(m["n"]) * UNITS["second"].factor  # type: ignore[operator]
    return _value(sentence, v.start, m.end(), ms, want, v.qualifier)
