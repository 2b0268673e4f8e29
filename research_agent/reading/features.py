"""A feature asked yes or no: "frost protection", "night mode", "oven safe".

A dimension the reader knows no kind for, named by a feature a thing has or lacks, is answered by a clause that
predicates that feature of the thing, in any of its word forms ("is frost-protected", "has no night mode", "comes
without oven-safe parts"): a negation before it in the clause says "no", else the clause says "yes". The
feature's words are matched by their stems (the first letters every form shares), joined by a space or a hyphen.
Only such a predicate counts: the feature named as a subject or in a question states nothing, and "is a …" or "is
the …" says what the thing is, not a feature it has.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .values import Value

__all__ = ["feature_cue", "feature_values"]

_STOP = frozenset("the of and for with per a an".split())
_NEGATION = re.compile(r"\b(?:not|no|never|without|lacks?|lacking|isn't|aren't|doesn't|don't|won't|can't|cannot|nor)\b", re.I)
_PREDICATE = re.compile(
    r"\b(?:is|are|was|were|be|been|being|isn't|aren't|has|have|had|offers?|includes?|supports?|comes?\s+with|"
    r"ships?\s+with|adds?|gets?|features?|provides?|lacks?|without|no)\b(?:\s+\w+){0,4}?\s*$",
    re.I,
)

_CLASSIFIES = re.compile(r"(?:is|are|was|were|be|been|being|isn't|aren't)\b.*\b(?:a|an|the|one)\b", re.I)


@lru_cache(maxsize=256)
def feature_cue(name: str) -> str | None:
    """The regex (no boundaries) of the feature's word forms, or None for a name too short to stem."""
    words = [w for w in re.findall(r"[A-Za-z]+", name) if w.lower() not in _STOP]
    if len(words) < 2 or not any(len(w) >= 4 for w in words):
        return None  # one noun ("members", "country") names a thing asked for, not a feature
    stems = [re.escape(w if len(w) < 5 else w[: max(4, len(w) - 3)]) + r"\w*" for w in words]
    return r"[\s-]+".join(stems)


def feature_values(sentence: str, name: str) -> list[Value]:
    """Yes or no, for each place the clause predicates the feature."""
    cue = feature_cue(name)
    if cue is None or "?" in sentence:
        return []
    out = []
    for m in re.finditer(r"(?<![\w-])" + cue + r"(?![\w])", sentence, re.I):
        clause_start = max(sentence.rfind(c, 0, m.start()) for c in (";", ",", ".", ":", "|", "(")) + 1
        before = sentence[clause_start:m.start()]
        said = _PREDICATE.search(before)
        if said is None or _CLASSIFIES.match(said.group(0)):
            continue  # "is a record label" says what the thing is, not a feature it has
        start = clause_start + said.start()
        no = _NEGATION.search(before) is not None
        out.append(Value("boolean", "no" if no else "yes", sentence[start:m.end()], start, m.end()))
    return out
