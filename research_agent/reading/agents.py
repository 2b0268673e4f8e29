"""Agent nouns: a dimension named by who does a verb ("developer", "distributor", "manufacturer").

A noun made from a verb with -er or -or names the one who does that verb, never when or how much: the developer of
a game is whoever "developed" it ("developed by Tidewell Studios", "developer Tidewell Studios"), a publisher whoever
"published" it. Without this a dimension such as "publisher" fell into the family of its verb's event (a release
date) and was answered by a year.

The verb is found from the noun by English morphology (develop-er, distribut-or, manufactur-er, suppl-ier) and kept
only when spaCy's lemma index knows it as a verb while the noun itself is no verb ("number", "water", "monitor" are
verbs of their own, not agents); its past forms come from the same tables (the lemmatizer's exceptions for
"built", "made", "written", else the regular -ed).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import Family

__all__ = ["agent_family"]


@lru_cache(maxsize=1)
def _verb_tables() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """The verbs spaCy's English lemmatizer indexes, and each verb's inflected forms from its exception table."""
    from .nlp import pipeline

    lookups = pipeline().get_pipe("lemmatizer").lookups  # type: ignore[attr-defined]
    verbs = frozenset(lookups.get_table("lemma_index")["verb"])
    forms: dict[str, list[str]] = {}
    for form, lemmas in lookups.get_table("lemma_exc")["verb"].items():
        for lemma in lemmas:
            forms.setdefault(lemma, []).append(form)
    return verbs, {k: tuple(v) for k, v in forms.items()}


def _verb_of(noun: str) -> str | None:
    verbs, _ = _verb_tables()
    if len(noun) < 5 or noun in verbs or not noun.endswith(("er", "or")):
        return None
    stem = noun[:-2]
    for verb in (stem + "e", stem, stem[:-1] + "y" if stem.endswith("i") else "", stem[:-1] if stem[-1:] == stem[-2:-1] else ""):
        if verb and verb in verbs:
            return verb
    return None


def _past_forms(verb: str) -> tuple[str, ...]:
    _, irregular = _verb_tables()
    irregular_past = tuple(f for f in irregular.get(verb, ()) if not f.endswith(("s", "ing")))
    if irregular_past:
        return irregular_past
    if verb.endswith("e"):
        regular = verb + "d"
    elif re.search(r"[^aeiou]y$", verb):
        regular = verb[:-1] + "ied"
    else:
        regular = verb + "ed"
    return (regular,)


@lru_cache(maxsize=256)
def agent_family(head: str) -> Family | None:
    """The family that reads the agent of `head`'s verb as a name, or None when `head` is no agent noun."""
    verb = _verb_of(head.lower())
    if verb is None:
        return None
    past = "|".join(re.escape(f) for f in _past_forms(verb))
    noun = re.escape(head.lower())
    return Family(
        f"agent:{verb}", "person", ((head.lower(),),), (noun + "s?", past),
        patterns=(
            # "developed by X", "Developed by X and …", "developed and published by X", "distributed in Europe by X"
            rf"\b(?i:{past})\s+(?:(?:and|,)\s+[a-z]+ed\s+)?(?:[a-z]+\s+[A-Z][\w-]*\s+)?by\s+(?:the\s+)?(?P<v>NAME)",
            rf"\b{noun}s?(?:\s+is|\s+was|,)?\s+(?P<v>NAME)",  # "developer Tidewell Studios", "its publisher, Korra"
        ),
        query_words=(head.lower(),),
    )
