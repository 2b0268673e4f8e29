"""Which of a clause's values its cue governs: the number written right at a cue noun ("240 employees across 3
offices": 240; "population was 682"), then one holding a cue among its own words, then the nearest; and among
those, the one the dimension's selecting modifier asks for ("maximum seats": the largest; `dimensions.select_value`)."""

from __future__ import annotations

import re

from .dimensions import Profile, select_value
from .values import Value, nearest

__all__ = ["NOUN_AFTER", "governed", "selected"]

NOUN_AFTER = frozenset({"count", "quantity", "duration", "money"})
"""Kinds whose value is written before the noun it measures ("240 employees", "a 100GB quota", "a 30-day trial")."""
_BEFORE_CUE = re.compile(r"[\s-]*(?:of\s+)?(?:(?!(?:and|or|but|than|to|in|on|at|for|with|per|by|across)\s)[a-z]+\s+)?$")
"""What may stand between such a value and its cue noun: nothing, "of", one lower-case word ("50 GB of shared storage")."""


_AFTER_CUE = re.compile(
    r"\s*(?::|=)?\s*(?:(?:was|is|were|are|of|stood at|totall?ed|numbered|reached|estimated at|about|around|approximately|"
    r"roughly|nearly|almost|over|some|just)\s+){0,3}",
    re.I,
)
"""What may stand between a cue noun and the value it governs after it ("population was 682", "Population: 1,200")."""


def governed(values: list[Value], cues: list[tuple[int, int]], sentence: str | None = None) -> Value:
    """The value a cue governs. With `sentence` (`NOUN_AFTER` kinds), one right before or after a cue noun ("240
    employees across 3 offices": 240); then one holding a cue among its own words ("$6 per month"); then the nearest."""
    if sentence is not None and cues:
        # cue by cue, in the sentence's order, the value written right before it or right after it: "The population
        # was 682 …, increased to 766 residents" gives 682; "As of the census of 2010, there were 7,094 people, 3,038
        # households" gives 7,094 (nothing is right at "census"; 7,094 is right before "people")
        for span in sorted(cues):
            for v in values:
                if v.end <= span[0] and _BEFORE_CUE.fullmatch(sentence[v.end:span[0]]):
                    return v
            for v in values:
                if v.start >= span[1] and _AFTER_CUE.fullmatch(sentence[span[1]:v.start]):
                    return v
    best: tuple[int, Value] | None = next(((0, v) for a, b in sorted(cues) for v in values if v.start <= a and b <= v.end and b - a < v.end - v.start), None)
    for span in cues:
        near = nearest(values, span)
        if near is None:
            continue
        dist = near.start - span[1] if near.start >= span[1] else 1000 + span[0] - near.end
        if best is None or dist < best[0]:
            best = (dist, near)
    return best[1] if best else values[0]


_RANGE_END = re.compile(r"\s*(?:[–—-]|to)\s*")
"""What joins a range's two ends ("5–800 yards", "10 to 40 km"): both ends stand where its first does."""


def selected(values: list[Value], cues: list[tuple[int, int]], sentence: str, prof: Profile) -> Value | None:
    """The value the dimension's modifier selects ("maximum seats": the largest), among those written at a cue
    when some are ("up to 3 projects and 500 seats": the seats)."""
    if prof.meaning is None or prof.meaning.select is None:
        return None
    at_cue = [v for v in values if any(
        (v.end <= a and _BEFORE_CUE.fullmatch(sentence[v.end:a])) or (v.start >= b and _AFTER_CUE.fullmatch(sentence[b:v.start]))
        for a, b in cues)]
    at_cue += [v for v in values if v not in at_cue and any(_RANGE_END.fullmatch(sentence[u.end:v.start]) for u in at_cue)]
    return select_value(at_cue or values, sentence, prof.meaning.select)
