"""Numerals as people write them: "9,523", "9 523" (SI style), "1.5", "1.2 million", "seven", "twenty-five".

`NUMBER` is a regex fragment (named group `num`) that other recognisers embed; `parse_number`
turns its match into a float.  Number words cover zero to ninety-nine and "a dozen"; "a"/"an"
count as one only where a recogniser allows it (durations: "a year").
"""

from __future__ import annotations

import re

_SMALL = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
WORD_VALUES: dict[str, int] = {w: i for i, w in enumerate(_SMALL)}
WORD_VALUES.update({w: 20 + 10 * i for i, w in enumerate(_TENS)})
WORD_VALUES.update({"dozen": 12, "a dozen": 12, "a": 1, "an": 1})

SCALES: dict[str, float] = {
    "hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
    "k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9, "b": 1e9,
}

_WORD_ALT = (
    "(?:" + "|".join(_TENS) + r")(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?"
    "|" + "|".join(sorted(_SMALL, key=len, reverse=True)) + "|a dozen|dozen"
)
_SPACED = r"(?<![\d,.])\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?![\w,.]?\d)(?!\w)"
"""Thousands grouped by a space, a no-break or a thin space ("4 350", SI and ISO style)."""
DIGITS = _SPACED + r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
WORDS = _WORD_ALT
SCALE = r"(?:(?:\s(?=[a-z])|(?<=\d)(?=k\b))(?P<scale>hundred|thousand|million|billion|trillion|(?-i:k)\b))?"
"""A scale word after a space ("1.2 million"), or a lower-case "k" written against the digits ("72k", "3.6k"): the
thousands abbreviation, never a unit's prefix ("5 km", "95 kW")."""
# digits, or a number word on word boundaries, then an optional long-scale word
NUMBER = rf"(?P<num>{DIGITS}|\b(?:{WORDS})\b){SCALE}"


def word_value(text: str) -> float | None:
    """The value of a number word ("seven", "twenty-five", "a dozen"), or None."""
    w = text.lower().replace("-", " ").strip()
    if w in WORD_VALUES:
        return float(WORD_VALUES[w])
    parts = w.split()
    if len(parts) == 2 and parts[0] in _TENS and WORD_VALUES.get(parts[1], 99) < 10:
        return float(WORD_VALUES[parts[0]] + WORD_VALUES[parts[1]])
    return None


def parse_number(num: str, scale: str | None = None) -> float | None:
    """The float a `NUMBER` match stands for ("1,200" → 1200.0, "1.2" + "million" → 1.2e6)."""
    if num[:1].isdigit() or num[:1] == ".":
        value: float | None = float(re.sub(r"[,\s\u00a0\u202f\u2009]", "", num))
    else:
        value = word_value(num)
    if value is None:
        return None
    return value * SCALES[scale.lower()] if scale else value


_QUALIFIERS = (
    "about|approximately|approx\\.|around|roughly|nearly|almost|some|circa|c\\.|an estimated|estimated|"
    "over|more than|upwards of|at least|up to|at most|as many as|as much as|less than|fewer than|under|"
    "just over|just under|maximum of|a maximum of|minimum of|a minimum of|max\\.?|min\\.?"
)
QUALIFIER = re.compile(rf"(?:\b(?P<q>{_QUALIFIERS})\s+)$", re.I)
_CANON_QUALIFIER = {
    "approximately": "about", "approx.": "about", "around": "about", "roughly": "about", "some": "about",
    "circa": "about", "c.": "about", "an estimated": "about", "estimated": "about",
    "more than": "over", "upwards of": "over", "just over": "over",
    "fewer than": "less than", "under": "less than", "just under": "less than",
    "maximum of": "up to", "a maximum of": "up to", "max": "up to", "max.": "up to", "at most": "up to",
    "as many as": "up to", "as much as": "up to",
    "minimum of": "at least", "a minimum of": "at least", "min": "at least", "min.": "at least",
}


def qualifier_before(sentence: str, start: int) -> str | None:
    """The hedge word right before offset `start` ("about 85" → "about"), in a canonical spelling."""
    m = QUALIFIER.search(sentence, max(0, start - 24), start)
    if not m:
        return None
    q = m["q"].lower()
    return _CANON_QUALIFIER.get(q, q)
