"""Checks on a finding the reader did not make itself (an LLM's proposal).

`check_finding` applies the reader's rules to a proposed `(cell, value,
quote)`: the quote must be attributable to the cell's object on that page
(`attribution.attribute`, with the page's subject as the discourse) and must
itself carry the value (typed in the dimension's kind).  It returns the typed
value, or the reason the finding is refused — a typed reason, never a message
to parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Sequence

from ..contract import DimensionSpec, ObjectSpec
from .attribution import EntityMention, Named, Subjects, attribute, mentions, page_subject, page_vocabulary
from .dimensions import Profile
from .extract import dimension_profile, read_sentence, value_in, values_for
from .gates import name_gloss, squash
from .phrases import argument_of_another_verb, entity_of_another_kind, modifier_only
from .polarity import Polarity, asserted, polarity
from .readings import Target
from .segment import split_sentences
from .site import site_subject
from .values import Value, within

__all__ = ["Checked", "check_finding"]

Refusal = Literal["unattributed", "no_value", "ungoverned", "other_value", "negated", "question", "doubted", "past"]
"""Why a finding is refused: its quote is not about the object, carries no value of the dimension's kind,
dates another event than the dimension's (`ungoverned`), puts another name or phrase in the dimension's place
(`other_value`), or carries it in a clause that does not assert it (`polarity.Polarity`)."""


@dataclass(frozen=True)
class Checked:
    value: Value | None
    refusal: Refusal | None = None
    matched: str = ""
    """How the quote names the object and what matched (`name:Okapi Boards`, `partial:Marlette Township`), as the
    reader records its own findings: a weak attribution stays weak whichever policy proposed the finding."""
    quote: str = ""
    """The sentence the check read: the quote, or the page's sentence it is a piece of."""


def check_finding(
    objects: Sequence[ObjectSpec], obj: ObjectSpec, dim: DimensionSpec, value: str, quote: str, title: str,
    url: str | None = None, page_text: str = "",
) -> Checked:
    """`page_text`, when given, is the page the quote comes from: its vocabulary tells the reader what it tells
    it on its own pages (a capitalised word the page also writes in lower case is no name; a page that says
    "he"/"she" is about a person, whose bare surname then names them on their own page)."""
    named = [Named.of(o) for o in objects]
    quote = _whole_sentence(quote, page_text)
    discourse = Subjects(page_subject(title, named) or site_subject(url, title, named))
    ents = mentions(quote, named, page_object=discourse.current, common=page_vocabulary(page_text) if page_text else
                    frozenset(), title_object=discourse.page_object)
    typed = value_in(value, dim)
    prof = dimension_profile(dim)
    found = values_for(quote, prof, dim)
    in_quote = [v for v in found if typed is None or v.canonical == typed.canonical]
    in_quote = in_quote or _as_written(quote, value, typed, prof.kind)
    span = (in_quote[0].start, in_quote[0].end) if in_quote else None
    att = attribute(quote, named, discourse, value_span=span, ents=ents, target=obj.name)
    if att is None or att.obj != obj.name:
        return Checked(None, "unattributed")
    pool = in_quote or found
    if typed is not None and not in_quote:  # the quote's value the model's is a coarser form of ("2013" of "13 May 2013")
        pool = sorted(pool, key=lambda v: not _same_value(typed, v))
    said = asserted(quote, pool[0], prof.kind) if pool else None
    if pool and (said is None or (typed is not None and said.canonical != typed.canonical == pool[0].canonical)):
        # "has never been open source" offered as open source: the quote says the negation
        return Checked(None, _REFUSALS[polarity(quote, pool[0].start, pool[0].end, date=prof.kind == "date")])
    if typed is not None and not in_quote and pool and prof.kind not in _WORDS \
            and not any(_same_value(typed, v) for v in [*pool, *([said] if said else [])]):
        return Checked(None, "no_value")  # "formed in 1990" offered as 1985: the quote holds another value
    if said is not None and not _dates_the_event(quote, said, ents, Target("", obj, dim), named, discourse):
        return Checked(None, "ungoverned")
    glossed = span is not None and name_gloss(quote, span)  # "Tarn (Welsh: Y Tarn)": another name of the thing
    if typed is None and glossed:
        return Checked(None, "no_value")
    if typed is None:
        return Checked(said, None if said else "no_value", f"{att.how}:{att.matched}", quote)
    if not pool and prof.kind in _WORDS and squash(typed.display) not in squash(quote):
        return Checked(None, "no_value")  # a name or phrase the quote does not write is not read from it
    if prof.kind in _WORDS and in_quote and _not_the_phrase(quote, in_quote[0], prof):
        return Checked(None, "no_value")
    if prof.kind in _WORDS and _reads_another(quote, typed, ents, Target("", obj, dim), named, discourse, prof):
        return Checked(None, "other_value")
    if glossed:
        return Checked(None, "no_value")
    return Checked(typed, None, f"{att.how}:{att.matched}", quote)


def _whole_sentence(quote: str, page_text: str) -> str:
    """The page's sentence a quote is a piece of ("Lights of the Port) is a 1999 … film" of "Harbour Lamps (Greek
    title; lit. Lights of the Port) is a 1999 … film"): a piece is read in its sentence, whose subject it may
    have cut off; a quote that is a whole sentence, or spans several, is read as quoted."""
    if not page_text:
        return quote
    piece = " ".join(quote.split())
    return next((s for s in _sentences(page_text) if piece in " ".join(s.split()) and len(s) > len(piece)), quote)


@lru_cache(maxsize=8)
def _sentences(page_text: str) -> tuple[str, ...]:
    return tuple(split_sentences(page_text))


def _not_the_phrase(quote: str, value: Value, prof: Profile) -> bool:
    """A name is the value only as a phrase of its own in the dimension's place: a person, a place or a
    descriptive phrase (an occupation, a genre) is named by a noun phrase, never by an adjective cut out of one
    ("American" of "an American horror film", "Norwegian" of "a Norwegian ski jumper"; a one-word answer — a
    school's kind, a licence word — may be an adjective), and not as the argument of another verb than the
    dimension's ("starring B" after "directed by A"; `phrases`), nor as a named entity of a type the dimension's value
    never is (a person for a place, a people or a language for a person or a maker: `phrases.entity_of_another_kind`)."""
    if prof.kind in _NAMED_BY_NOUNS and modifier_only(quote, value.start, value.end):
        return True
    agent = prof.kind == "text" and prof.family is not None and prof.family.name.startswith("agent:")
    if entity_of_another_kind(quote, value.start, value.end, "person" if agent else prof.kind):
        return True
    return argument_of_another_verb(quote, value.start, value.end, prof.cues)


def _same_value(a: Value, b: Value) -> bool:
    """The model's value `a` is the quote's `b` written as finely or more coarsely ("1990" for "2 June 1990",
    `values.within`; never "1785" for "the late 18th century" or "1985" for "the 1980s", which the quote does not
    say), or an amount with and without its rate."""
    if a.number is not None and a.number == b.number and a.unit == b.unit:
        return True  # "$9" and "$9 per user per month": the amount, with or without its rate
    return within(a, b)


def _dates_the_event(quote: str, value: Value, ents: list[EntityMention], target: Target, named: list[Named],
                     discourse: Subjects) -> bool:
    """A date answers a dimension only where the sentence says which event it dates: a sentence holds the dates
    of many events ("formed in 1990 … released Riot Act in 2003"), so a model's date must be the one the reader
    itself reads there for the cell — governed by the dimension's word, a life span after the name, or the
    definition ("a 1969 film")."""
    prof = dimension_profile(target.dim)
    if prof.kind != "date":
        return True
    read = read_sentence(quote, ents, target, named, discourse, prof)
    # the same date written at two precisions ("1961" and "2 June 1961"); a decade or century holding the year
    # is another reading of the sentence, not this one
    return read is not None and (read.canonical == value.canonical or read.canonical.startswith(value.canonical + "-")
                                 or value.canonical.startswith(read.canonical + "-"))


_REFUSALS: dict[Polarity, Refusal] = {
    Polarity.POSITIVE: "negated", Polarity.NEGATED: "negated", Polarity.QUESTION: "question",
    Polarity.DOUBTED: "doubted", Polarity.PAST: "past",
}


_WORDS = frozenset({"text", "person", "place", "words", "phrase"})
_NAMED_BY_NOUNS = frozenset({"person", "place", "phrase"})
"""Kinds whose value is a noun phrase (`_not_the_phrase`); "words" and "text" may be a bare adjective."""
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


def _reads_another(quote: str, value: Value, ents: list[EntityMention], target: Target, named: list[Named],
                   discourse: Subjects, prof: Profile) -> bool:
    """A sentence names many people, places and things, and only one of them stands in the dimension's place
    ("directed by A, starring B"; a title's translation in a parenthesis; the firm that used a building): where
    the reader itself reads a name or phrase for the cell from the quote, a model's name must be that one, whole or
    in part ("Okafor" or "Mira Okafor" beside "Mira Okafor"). Where the reader reads nothing there, the model's name
    stands or falls by the other checks."""
    read = read_sentence(quote, ents, target, named, discourse, prof)
    if read is None:
        return False
    mine, theirs = squash(read.canonical), squash(value.canonical)
    return not (mine in theirs or theirs in mine)
