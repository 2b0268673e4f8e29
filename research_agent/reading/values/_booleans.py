"""Yes/no: a negation anywhere in the sentence says "no", else an affirming verb says "yes".

The rule the first reader (`normalize.value_from_sentence`, now removed) applied; display is the word that decided it.
"""

from __future__ import annotations

import re

from ._value import Value, per_sentence

_NEGATION = re.compile(
    r"\b(?:not|no|never|doesn't|does not|don't|do not|cannot|can't|isn't|is not|lacks|without|unsupported)\b", re.I
)
_AFFIRM = re.compile(r"\b(?:supports?|supported|provides?|offers?|includes?|available|yes|can)\b", re.I)


@per_sentence
def booleans(sentence: str) -> list[Value]:
    """[the yes/no the sentence states] or []."""
    m = _NEGATION.search(sentence)
    if m:
        return [Value("boolean", "no", m.group(0), m.start(), m.end())]
    m = _AFFIRM.search(sentence)
    if m:
        return [Value("boolean", "yes", m.group(0), m.start(), m.end())]
    return []
