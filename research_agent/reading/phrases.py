"""What a span of a parsed sentence is, as a phrase: facts read from spaCy's dependency parse (`clauses.parsed`).

A model's value for a name or phrase dimension is a slice of its quote; whether that slice is a phrase of its
own or a piece cut out of a larger one is a fact of the sentence's structure, not of its words:

* `modifier_only` — the slice holds no head of its own: every word in it is an adjective modifying a noun
  outside it ("Norwegian" in "a Norwegian ski jumper", "American" in "an American horror film").  It says
  what kind of jumper or film, not who or what the thing is;
* `argument_of_another_verb` — the slice is an argument of a verb other than the dimension's own, where the
  sentence writes that verb: in "directed by A and starring B", B is who stars, not who directs.  A verb
  without arguments of its own shares those of the verb it is coordinated with ("written and directed by A").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .clauses import parsed, recognised

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["argument_of_another_verb", "entity_of_another_kind", "modifier_only", "modifies_a_prepositional_object"]

_NOT_A_PLACE = frozenset({"PERSON", "NORP", "LANGUAGE"})
_NOT_A_PERSON = frozenset({"NORP", "LANGUAGE"})
_NOT_KIND = {"place": _NOT_A_PLACE, "person": _NOT_A_PERSON}
"""The entity types (spaCy's NER) a place or a person (or organisation) never is: a place is no person, people or
language; who did something is no people or language. Only types the small model gets right almost always."""

_ADJECTIVAL = frozenset({"amod"})
_ARGUMENTS = frozenset({"dobj", "agent", "attr", "dative", "oprd"})


def modifier_only(sentence: str, start: int, end: int) -> bool:
    """True when `sentence[start:end]` is an adjectival modifier of a word outside the slice: every token of it
    that hangs from a word outside is an adjective on that word ("South African" of "a South African film")."""
    doc = parsed(sentence)
    if doc is None:
        return False
    tops = [t for t in doc if start <= t.idx < end and not t.is_punct and not start <= t.head.idx < end]
    return bool(tops) and all(t.dep_ in _ADJECTIVAL for t in tops)


def modifies_a_prepositional_object(sentence: str, start: int, end: int) -> bool:
    """True when `sentence[start:end]` is a modifier of a noun that is the object of a preposition: "British" in
    "X is a remake of the Danish novel" describes the novel, not X (a definition's own noun is no such object)."""
    doc = parsed(sentence)
    node = next((t for t in doc if start <= t.idx < end), None) if doc is not None else None
    if node is None or node.dep_ not in ("amod", "compound"):
        return False  # the value is a noun of its own ("in Norway"), not a modifier
    while node.dep_ in ("amod", "compound", "nmod") and node.head.i != node.i:
        node = node.head
    return node.dep_ == "pobj"


def entity_of_another_kind(sentence: str, start: int, end: int, kind: str) -> bool:
    """True when the named entity at `sentence[start:end]` is of a type the dimension's value never is ("Count
    Aldo Brenn" offered as a battle's location, "Icelandic" as a record's maker): the trained recogniser types names."""
    doc = recognised(sentence) if kind in _NOT_KIND else None
    ent = next((e for e in doc.ents if e.start_char <= start < e.end_char), None) if doc is not None else None
    return ent is not None and ent.label_ in _NOT_KIND[kind]


def argument_of_another_verb(sentence: str, start: int, end: int, cue: re.Pattern[str]) -> bool:
    """True when the sentence writes a verb of the dimension (`cue` matches the whole word) and the slice's
    nearest governing verb is another one, not coordinated with it."""
    doc = parsed(sentence)
    if doc is None:
        return False
    cue_verbs = [t for t in doc if t.pos_ == "VERB" and cue.fullmatch(t.text)]
    head = next((t for t in doc if start <= t.idx < end and not start <= t.head.idx < end), None)
    if not cue_verbs or head is None:
        return False
    verb = _governing_verb(head)
    if verb is None or start <= verb.idx < end:
        return False
    return not any(c == verb or (c in verb.conjuncts and not _has_arguments(c)) for c in cue_verbs)


def _has_arguments(verb: Token) -> bool:
    """The verb takes an object or agent of its own ("directed by A" in "directed by A and starring B"), so the
    verbs coordinated with it do not share it."""
    return any(c.dep_ in _ARGUMENTS for c in verb.children)


def _governing_verb(token: Token) -> Token | None:
    """The nearest verb (not an auxiliary or copula) above `token` in the parse."""
    while token.head.i != token.i:
        token = token.head
        if token.pos_ == "VERB":
            return token
    return None
