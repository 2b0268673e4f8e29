"""A question and its answer: in a FAQ, an interview or a forum reply, the sentence after a question answers it.

"How long is the warranty? Two years on every part." — the answer names its value and often no dimension word at
all: the question carries the dimension ("How often are new builds cut?" … "Every nine weeks."). A sentence
answers the question right before it; a bare "Yes." / "No." / "A:" between them is part of the answer ("Is there a
setup charge? No. Setup is included in every plan."). The answer is read as cued by the dimension the question asks
about; whose value it is stays the attribution's work (the question's name, else the page's object).
"""

from __future__ import annotations

import re

__all__ = ["question_before"]

_QUESTION = re.compile(r"\?[\"'”’)]*\s*$")
_BARE_ANSWER = re.compile(r"^\s*(?:A\s*[:.]|yes|no|yep|nope|sure|correct|indeed)?[\s.,!:]*$", re.I)


def question_before(sentences: list[str], i: int) -> str | None:
    """The question sentence `i` answers: the one before it, or before a bare answer word; None when it answers none
    (or is itself a question)."""
    if _QUESTION.search(sentences[i]):
        return None
    j = i - 1
    if j >= 0 and _BARE_ANSWER.match(sentences[j]):
        j -= 1
    return sentences[j] if j >= 0 and _QUESTION.search(sentences[j]) else None
