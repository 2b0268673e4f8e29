"""Choosing among several values in one sentence: the one the cue word governs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from ._value import Value

# A clause ends at these. Commas alone do not ("born November 26, 1973, in Ohio"), nor colons
# ("Born : 28 May 1860") or parentheses ("born in Babruysk (now Belarus) in 1850").
_CLAUSE_BREAK = re.compile(r"[;\[\]—]|\.\s|\s–\s|,\s+(?:and|but|while|whereas|which|who|although|though|when)\b")


def nearest(values: Sequence[Value], cue_span: tuple[int, int], sentence: str | None = None, *,
            range_end: Literal["from", "until"] | None = None) -> Value | None:
    """The value the cue at `cue_span` governs: the first value after the cue within the same
    clause, else the nearest one before it, else the first one after it; None when `values` is empty.

    Without `sentence` the clause is not known and the first value after the cue wins.
    `range_end`: when the chosen value is one end of a range ("(1860–1881)"), the end the cue
    asks for — "from" for a cue that starts something (born, founded), "until" for one that ends it.
    """
    if not values:
        return None
    chosen = _governed(values, cue_span, sentence)
    if range_end and chosen.qualifier in ("from", "until") and chosen.qualifier != range_end:
        return _partner(values, chosen) or chosen
    return chosen


def _governed(values: Sequence[Value], cue_span: tuple[int, int], sentence: str | None) -> Value:
    cue_start, cue_end = cue_span
    after = sorted((v for v in values if v.start >= cue_end), key=lambda v: v.start)
    before = sorted((v for v in values if v.end <= cue_start), key=lambda v: v.end)
    if after and (sentence is None or not _CLAUSE_BREAK.search(sentence, cue_end, after[0].start)):
        return after[0]
    if before:
        return before[-1]
    if after:
        return after[0]
    return min(values, key=lambda v: abs(v.start - cue_start))  # a value overlapping the cue


def _partner(values: Sequence[Value], end: Value) -> Value | None:
    """The other end of the range `end` belongs to (the neighbouring value with the other qualifier)."""
    ordered = sorted(values, key=lambda v: v.start)
    i = ordered.index(end)
    j = i + 1 if end.qualifier == "from" else i - 1
    if 0 <= j < len(ordered) and ordered[j].qualifier == ("until" if end.qualifier == "from" else "from"):
        return ordered[j]
    return None
