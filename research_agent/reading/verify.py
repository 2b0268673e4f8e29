"""Checks on a finding the reader did not make itself (an LLM's proposal).

`check_finding` applies the reader's rules to a proposed `(cell, value,
quote)`: the quote must be attributable to the cell's object on that page
(`attribution.attribute`, with the page's subject as the discourse) and must
itself carry the value (typed in the dimension's kind).  It returns the typed
value, or the reason the finding is refused — a typed reason, never a message
to parse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from ..contract import DimensionSpec, ObjectSpec
from .attribution import Named, Subjects, attribute, mentions, page_subject
from .extract import dimension_profile, value_in, values_for
from .gates import squash
from .polarity import Polarity, asserted, polarity
from .site import site_subject
from .values import Value

__all__ = ["Checked", "check_finding"]

Refusal = Literal["unattributed", "no_value", "negated", "question", "doubted", "past"]
"""Why a finding is refused: its quote is not about the object, carries no value of the dimension's kind, or
carries it in a clause that does not assert it (`polarity.Polarity`)."""


@dataclass(frozen=True)
class Checked:
    value: Value | None
    refusal: Refusal | None = None
    matched: str = ""


def check_finding(
    objects: Sequence[ObjectSpec], obj: ObjectSpec, dim: DimensionSpec, value: str, quote: str, title: str,
    url: str | None = None,
) -> Checked:
    named = [Named.of(o) for o in objects]
    discourse = Subjects(page_subject(title, named) or site_subject(url, title, named))
    ents = mentions(quote, named, page_object=discourse.current)
    typed = value_in(value, dim)
    prof = dimension_profile(dim)
    in_quote = [v for v in values_for(quote, prof, dim) if typed is None or v.canonical == typed.canonical]
    in_quote = in_quote or _as_written(quote, value, typed, prof.kind)
    span = (in_quote[0].start, in_quote[0].end) if in_quote else None
    att = attribute(quote, named, discourse, value_span=span, ents=ents, target=obj.name)
    if att is None or att.obj != obj.name:
        return Checked(None, "unattributed")
    pool = in_quote or values_for(quote, prof, dim)
    said = asserted(quote, pool[0], prof.kind) if pool else None
    if pool and (said is None or (typed is not None and said.canonical != typed.canonical == pool[0].canonical)):
        # "has never been open source" offered as open source: the quote says the negation
        return Checked(None, _REFUSALS[polarity(quote, pool[0].start, pool[0].end, date=prof.kind == "date")])
    if typed is None:
        return Checked(said, None if said else "no_value", att.matched)
    if not pool and prof.kind in _WORDS and squash(typed.display) not in squash(quote):
        return Checked(None, "no_value")  # a name or phrase the quote does not write is not read from it
    return Checked(typed, None, att.matched)


_REFUSALS: dict[Polarity, Refusal] = {
    Polarity.POSITIVE: "negated", Polarity.NEGATED: "negated", Polarity.QUESTION: "question",
    Polarity.DOUBTED: "doubted", Polarity.PAST: "past",
}


_WORDS = frozenset({"text", "person", "place", "words", "phrase"})
_YES = frozenset({"yes", "true"})


def _as_written(quote: str, value: str, typed: Value | None, kind: str) -> list[Value]:
    """The model's value where the quote writes it, when the recogniser finds no value there: a name or phrase
    verbatim ("The present chair is Ann Roe"); for a yes/no cell, the words the model gave ("OBE"), or the whole
    quote stating the fact for "true"/"yes" (a negated or doubted quote is refused later, by its polarity)."""
    at = quote.lower().find(value.strip().lower()) if value.strip() else -1
    if kind in _WORDS and at >= 0:
        v = quote[at:at + len(value.strip())]
        return [Value("text", typed.canonical if typed else v.lower(), v, at, at + len(v))]
    if kind == "boolean" and (at >= 0 or value.strip().lower() in _YES):
        start, end = (at, at + len(value.strip())) if at >= 0 else (0, len(quote.rstrip(" .")))
        return [Value("boolean", "yes", quote[start:end], start, end)]
    return []

