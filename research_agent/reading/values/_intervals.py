"""Intervals: how often something recurs — "every two weeks", "every fortnight", "every 6 months",
"monthly", "twice a year", "once a quarter".

Canonical is the period in days ("14 day"; a week is 7, a month 30, a quarter 91, a year 365 days,
as `_durations.py` counts them), so "every fortnight" and "biweekly" agree.  A year in the same
sentence ("Since 2022 it puts out a patch release every fortnight") is a date, not the interval.
"""

from __future__ import annotations

import re

from ._numbers import DIGITS, WORDS, parse_number
from ._value import Value, fmt_number, per_sentence

_DAYS = {"day": 1.0, "week": 7.0, "fortnight": 14.0, "month": 30.0, "quarter": 91.0, "year": 365.0}
_UNIT = r"(?P<unit>days?|weeks?|fortnights?|months?|quarters?|years?)"
_EVERY = re.compile(
    rf"\bevery\s+(?:(?P<other>other)\s+|(?P<num>{DIGITS}|\b(?:{WORDS})\b)\s+)?{_UNIT}\b"
    rf"|\b(?P<times>once|twice|(?:{DIGITS}|\b(?:{WORDS})\b)\s+times)\s+(?:a|an|per|each)\s+(?P<per>day|week|fortnight|month|quarter|year)\b",
    re.I,
)
_ADVERB = re.compile(r"\b(?P<bi>bi-?)?(?P<adv>daily|weekly|fortnightly|monthly|quarterly|yearly|annually)\b", re.I)
_ADVERB_DAYS = {"daily": 1.0, "weekly": 7.0, "fortnightly": 14.0, "monthly": 30.0, "quarterly": 91.0, "yearly": 365.0,
                "annually": 365.0}


def _value(days: float, m: re.Match[str]) -> Value:
    return Value("interval", f"{fmt_number(days)} day", m.group(0), m.start(), m.end(), number=days, unit="day")


@per_sentence
def intervals(sentence: str) -> list[Value]:
    """Every recurrence period in the sentence, in text order; canonical in days."""
    out: list[Value] = []
    for m in _EVERY.finditer(sentence):
        if m["unit"]:
            count = 2.0 if m["other"] else (parse_number(m["num"]) if m["num"] else 1.0)
            if count is None:
                continue
            out.append(_value(count * _DAYS[m["unit"].lower().rstrip("s")], m))
            continue
        times = m["times"].lower()
        n = 1.0 if times == "once" else 2.0 if times == "twice" else parse_number(times.split()[0])
        if n:
            out.append(_value(_DAYS[m["per"].lower()] / n, m))
    for m in _ADVERB.finditer(sentence):
        days = _ADVERB_DAYS[m["adv"].lower()]
        out.append(_value(days * 2 if m["bi"] else days, m))
    return sorted(out, key=lambda v: v.start)
