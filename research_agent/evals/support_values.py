"""Reader-independent checks that a quote states a value written another way.

The wrong-confirmation check (`support`) must not call the reader it measures, so the
few equivalences it accepts are written here, small and on purpose:

* quantities: "25 USD" ↔ "$25 per month", "4000 MB" ↔ "4 GB", "800 ms" ↔ "0.8 seconds", "two-year" ↔ "24 months",
  "27000 rps" ↔ "27,000 requests per second", "99.95 %" ↔ "99.95 percent" — the same
  number after converting both sides with our own unit table (0.5 % tolerance, so
  "2147.48 MB" ↔ "2 GiB");
* licences: an SPDX id ↔ the licence's written names ("Apache-2.0" ↔ "Apache License 2.0");
  ("US" is never microseconds: "1990 - 2022 US" states no duration);
* intervals: "every two weeks" ↔ "every fortnight" ↔ "biweekly", "monthly" ↔ "every month" —
  the same period in days, read by our own few words (a week 7 days, a month 30);
* yes/no answers: "yes" and "no" answer a question and are not phrases a quote contains;
  they are exempt from the value check (the object check still applies).
"""

from __future__ import annotations

import re

__all__ = ["ANSWER_WORDS", "same_interval", "same_license", "same_quantity"]

ANSWER_WORDS = frozenset({"yes", "no"})

# unit word → (dimension, factor to the base unit)
_UNITS: dict[str, tuple[str, float]] = {
    "b": ("bytes", 1), "bytes": ("bytes", 1), "kb": ("bytes", 1e3), "mb": ("bytes", 1e6), "gb": ("bytes", 1e9),
    "tb": ("bytes", 1e12), "kib": ("bytes", 2**10), "mib": ("bytes", 2**20), "gib": ("bytes", 2**30),
    "tib": ("bytes", 2**40), "megabytes": ("bytes", 1e6), "gigabytes": ("bytes", 1e9), "terabytes": ("bytes", 1e12),
    "µs": ("seconds", 1e-6), "microseconds": ("seconds", 1e-6), "ms": ("seconds", 1e-3),
    "milliseconds": ("seconds", 1e-3), "s": ("seconds", 1), "sec": ("seconds", 1), "seconds": ("seconds", 1),
    "second": ("seconds", 1), "minutes": ("seconds", 60), "usd": ("usd", 1), "$": ("usd", 1), "dollars": ("usd", 1),
    "eur": ("eur", 1), "€": ("eur", 1), "euros": ("eur", 1), "rps": ("rps", 1), "requests per second": ("rps", 1),
    "%": ("percent", 1), "percent": ("percent", 1), "per cent": ("percent", 1),
    "minute": ("seconds", 60), "hour": ("seconds", 3600), "hours": ("seconds", 3600), "day": ("seconds", 86400),
    "days": ("seconds", 86400), "week": ("seconds", 7 * 86400), "weeks": ("seconds", 7 * 86400),
    "month": ("seconds", 365 / 12 * 86400), "months": ("seconds", 365 / 12 * 86400), "year": ("seconds", 365 * 86400),
    "years": ("seconds", 365 * 86400),
}
_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_UNIT_RE = "|".join(sorted((re.escape(u) for u in _UNITS if u not in ("$", "€")), key=len, reverse=True))
_AMOUNT = re.compile(
    r"(?P<cur>[$€])?\s?(?P<num>\d[\d,]*(?:\.\d+)?)\s?(?P<mult>thousand|million|billion)?[\s-]?"
    r"(?P<unit>" + _UNIT_RE + r")?(?![\w])",
    re.I,
)
_MULT = {"thousand": 1e3, "million": 1e6, "billion": 1e9}

_LICENSES: dict[str, str] = {
    "apache-2.0": r"apache(?:\s+license)?,?\s*(?:version\s*|v)?2(?:\.0)?",
    "mit": r"\bmit\b",
    "gpl-3.0": r"\bgpl\s*(?:v|version\s*)?3|(?<!affero )(?<!lesser )general public license,?\s*(?:version\s*|v)?3",
    "gpl-2.0": r"\bgpl\s*(?:v|version\s*)?2|(?<!affero )(?<!lesser )general public license,?\s*(?:version\s*|v)?2",
    "agpl-3.0": r"\bagpl\s*(?:v|version\s*)?3?|affero general public license",
    "lgpl-3.0": r"\blgpl\s*(?:v|version\s*)?3?|lesser general public license",
    "mpl-2.0": r"\bmpl\s*(?:v|version\s*)?2?|mozilla public license",
    "busl-1.1": r"\bbusl\b|\bbsl\b|business source license",
    "bsd-2-clause": r"bsd\s*2-clause|2-clause\s+bsd|simplified bsd",
    "bsd-3-clause": r"bsd\s*3-clause|3-clause\s+bsd|new bsd|modified bsd",
    "isc": r"\bisc\b", "unlicense": r"\bunlicense\b", "epl-2.0": r"eclipse public license",
    "sspl-1.0": r"\bsspl\b|server side public license", "proprietary": r"proprietary|closed[- ]source",
}


def _amounts(text: str) -> list[tuple[str, float]]:
    """Every number with a unit in `text`; a number word up to twelve counts as its digits ("a two-year warranty")."""
    text = re.sub(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", lambda m: _NUMBER_WORDS[m[1].lower()], text, flags=re.I)
    out = []
    for m in _AMOUNT.finditer(text):
        unit = (m["unit"] or m["cur"] or "").lower()
        if unit not in _UNITS:
            continue
        dim, factor = _UNITS[unit]
        num = float(m["num"].replace(",", "")) * _MULT.get((m["mult"] or "").lower(), 1)
        out.append((dim, num * factor))
    return out


def same_quantity(display: str, quote: str) -> bool:
    """The quote states the displayed quantity, perhaps in another unit of the same kind."""
    want = _amounts(display)
    if len(want) != 1:
        return False
    dim, value = want[0]
    return any(d == dim and abs(v - value) <= 0.005 * max(abs(value), 1e-12) for d, v in _amounts(quote))


def same_license(display: str, quote: str) -> bool:
    """`display` is an SPDX id (or "proprietary") and the quote writes that licence's name."""
    pattern = _LICENSES.get(display.strip().lower())
    return bool(pattern and re.search(pattern, quote, re.I))


_PERIOD_DAYS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "quarter": 91, "year": 365}
_SMALL = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "other": 2, "couple of": 2}
_EVERY = re.compile(r"\bevery\s+(?:(\d+|a|one|two|three|four|five|six|other|couple of)\s+)?(day|week|fortnight|month|quarter|year)s?\b")
_ADVERBS = {"daily": 1, "weekly": 7, "fortnightly": 14, "biweekly": 14, "bi-weekly": 14, "monthly": 30, "bimonthly": 60,
            "bi-monthly": 60, "quarterly": 91, "yearly": 365, "annually": 365}


def _periods(text: str) -> set[int]:
    low = text.casefold()
    out = {_ADVERBS[w] for w in re.findall(r"\b(?:bi-?)?(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annually)\b", low)
           if w in _ADVERBS}
    for n, unit in _EVERY.findall(low):
        count = int(n) if n.isdigit() else _SMALL.get(n, 1)
        out.add(count * _PERIOD_DAYS[unit])
    return out


def same_interval(display: str, quote: str) -> bool:
    """The quote states the display's recurrence period, written another way."""
    want = _periods(display)
    return bool(want) and bool(want & _periods(quote))
