"""Choosing among several values in one sentence: the one the cue word governs."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ._value import Value

# a clause ends at these; commas alone do not ("born November 26, 1973, in Ohio")
_CLAUSE_BREAK = re.compile(r"[;:()\[\]—]|\.\s|\s–\s|,\s+(?:and|but|while|whereas|which|who|although|though)\b")


def nearest(values: Sequence[Value], cue_span: tuple[int, int], sentence: str | None = None) -> Value | None:
    """The value the cue at `cue_span` governs: the first value after the cue within the same
    clause, else the nearest one before it, else the first one after it; None when `values` is empty.

    Without `sentence` the clause is not known and the first value after the cue wins.
    """
    if not values:
        return None
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
