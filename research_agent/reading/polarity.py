"""Polarity and modality: does the clause that carries a value assert it?

A value is evidence only when the clause that carries it states it as a
present fact.  Four facts about English, read from spaCy's dependency parse
(`reading.nlp`), never from the surface order of words:

* **Negation** — a `neg` dependent of the clause's verb ("has never been
  open source", "does not cost $5") or of an adverb it governs ("is no longer
  free").  A contrast after the negation ("not $5 but $7": a conjunct joined
  by "but") is asserted.
* **Questions** — a sentence that ends in "?" asks; it states nothing.
* **Reported doubt** — the clause is the complement (`ccomp`, `xcomp`) of a
  reporting verb of doubt ("claims that …", "is rumoured to …", "alleged"),
  of a first-person hearsay verb ("I read somewhere that …", "I think …"), or
  carries one as a parenthetical ("… is 3 kg, I think"),
  or carries a hedging adverb ("reportedly", "allegedly", "supposedly").
* **Past states** — "used to", "until 2020", "previously", "formerly": the
  value held once.  A date is the time of an event, so a past state never
  hides a date ("was founded in 2009").

The clause of a value is found by walking up the parse from the value's
first token to the nearest clause head; negation and doubt are looked for on
that head and on the heads governing it through complements (`xcomp`,
`ccomp`) — "does not seem to be", "it is claimed that" — never across a
relative clause, an apposition or a coordinated clause, which have their own
polarity ("X, which is not free, uses MIT" asserts MIT).

Only sentences with a closed-class trigger word (a negator, "?", a doubt or
past-state word) are parsed at all; the rest are positive without a parse.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import TYPE_CHECKING

from .clauses import parsed, token_at
from .values import Value

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["Polarity", "asserted", "polarity"]


class Polarity(str, Enum):
    """How the clause carrying a value states it."""

    POSITIVE = "positive"
    NEGATED = "negated"
    QUESTION = "question"
    DOUBTED = "doubted"
    PAST = "past"


_TRIGGER = re.compile(
    r"\?|n['’]t\b|\b(?:not|never|no|nor|neither|claim\w*|alleg\w*|rumou?r\w*|reportedly|supposedly|purported\w*|"
    r"speculat\w*|used\s+to|until|till|previously|formerly|I)\b",
    re.I,
)
_NEGATOR = re.compile(r"\b(?:not|never|no longer)\b|n['’]t\b", re.I)
_CLAUSE_DEPS = frozenset({"ROOT", "ccomp", "xcomp", "advcl", "relcl", "acl", "conj", "csubj", "parataxis", "pcomp"})
_GOVERNED = frozenset({"ccomp", "xcomp"})
"""A clause that is the complement of the verb above it: that verb's negation or doubt covers it."""
_DOUBT_VERBS = frozenset({"claim", "allege", "rumour", "rumor", "speculate", "purport", "doubt", "deny"})
_DOUBT_NOUNS = frozenset({"rumour", "rumor", "claim", "allegation", "speculation", "gossip"})
_HEARSAY = frozenset({"read", "hear", "think", "guess", "believe", "assume", "remember", "suppose"})
_HEDGES = frozenset({"reportedly", "allegedly", "supposedly", "purportedly", "rumouredly", "rumoredly"})
_PAST_ADVERBS = frozenset({"previously", "formerly"})
_UNTIL = frozenset({"until", "till"})


def polarity(sentence: str, start: int, end: int, *, date: bool = False) -> Polarity:
    """How the clause carrying the value at `sentence[start:end]` states it; `date`: the value is a date (a
    past state then says nothing against it)."""
    if not _TRIGGER.search(sentence):
        return Polarity.POSITIVE
    if sentence.rstrip().rstrip("\"'”’)").endswith("?"):
        return Polarity.QUESTION
    doc = parsed(sentence)
    if doc is None:
        return Polarity.POSITIVE
    token = token_at(doc, start)
    if token is None:
        return Polarity.POSITIVE
    return _judge(token, start, end, date)


def _judge(token: Token, start: int, end: int, date: bool) -> Polarity:
    contrasted = _contrasted(token)
    head = _clause_head(token)
    first = True
    while True:
        if not contrasted and _negated(head):
            return Polarity.NEGATED
        if _hedged(head) or (not first and _doubting(head)) or any(c.dep_ == "parataxis" and _doubting(c) for c in head.children):
            return Polarity.DOUBTED
        if not date and (_past(head, start, end) or (first and _until(token, start, end))):
            return Polarity.PAST
        if head.dep_ not in _GOVERNED or head.head.i == head.i:
            return Polarity.POSITIVE
        head, first = _clause_head(head.head), False


def _clause_head(token: Token) -> Token:
    """The nearest token at or above `token` that heads a clause (a verb or the root)."""
    t = token
    while t.head.i != t.i:
        if t.dep_ in _CLAUSE_DEPS and t.pos_ in ("VERB", "AUX"):
            return t
        t = t.head
    return t


def _contrasted(token: Token) -> bool:
    """ "not $5 but $7": a conjunct joined by "but"/"rather" stands against the negation."""
    t = token
    while t.head.i != t.i and t.dep_ not in _CLAUSE_DEPS - {"conj"}:
        if t.dep_ == "conj" and any(c.dep_ == "cc" and c.lower_ in ("but", "rather") for c in t.head.children):
            return True
        t = t.head
    return False


def _negated(head: Token) -> bool:
    if any(c.dep_ == "prep" and c.lower_ in _UNTIL for c in head.children):
        return False  # "not until 1990", "did not retire until 1990": only then, which asserts it
    for child in head.children:
        if child.dep_ == "neg":
            return True
        if child.dep_ == "advmod" and any(g.dep_ == "neg" for g in child.children):
            return True  # "no longer"
    return False


def _hedged(head: Token) -> bool:
    return any(c.dep_ == "advmod" and c.lower_ in _HEDGES for c in head.children)


def _doubting(head: Token) -> bool:
    """A verb that reports its complement as doubtful: "claims", "is rumoured", "I read somewhere"."""
    if head.lemma_.lower() in _DOUBT_VERBS:
        return True
    subjects = [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")]
    if any(s.lemma_.lower() in _DOUBT_NOUNS for s in subjects):
        return True
    return head.lemma_.lower() in _HEARSAY and any(s.lower_ == "i" for s in subjects)


def _past(head: Token, start: int, end: int) -> bool:
    """ "used to", "previously", "formerly", "until 2020" on the clause: the value held once."""
    if head.dep_ == "xcomp" and head.head.lemma_ == "use" and head.head.tag_ == "VBD":
        return True
    if any(child.dep_ == "advmod" and child.lower_ in _PAST_ADVERBS for child in head.children):
        return True
    return _until(head, start, end, deep=False)


def _until(token: Token, start: int, end: int, deep: bool = True) -> bool:
    """An "until <time>" phrase on the token (`deep`: anywhere below it) that does not hold the value itself."""
    found = token.subtree if deep else token.children
    for t in found:
        if t.dep_ == "prep" and t.lower_ in _UNTIL and not any(start <= u.idx < end for u in t.subtree):
            return True
    return False


_READS_NEGATION = frozenset({"boolean", "enum"})
"""Kinds whose recogniser reads a negation itself ("does not support SSO" → no)."""


def asserted(sentence: str, value: Value, kind: str) -> Value | None:
    """The value the sentence asserts at `value`'s place, or None: a negated, asked, doubted or past clause
    confirms nothing, except that a negated open-source class reads as its negation ("has never been open
    source" → proprietary) and a yes/no or choice kind reads the negation itself."""
    pol = polarity(sentence, value.start, value.end, date=kind == "date")
    if pol is Polarity.POSITIVE:
        return value
    if pol is Polarity.NEGATED and (kind in _READS_NEGATION or value.kind == "boolean"):
        return value
    if pol is Polarity.NEGATED and kind == "license" and value.canonical == "open-source":
        negators = list(_NEGATOR.finditer(sentence, 0, value.start))
        start = negators[-1].start() if negators else value.start  # shown as written: "never been open source"
        return Value("license", "proprietary", sentence[start:value.end], start, value.end, qualifier="negated")
    return None
