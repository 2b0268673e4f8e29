"""Whose value is it, by the dependency parse: the fallback when the surface rules name no owner.

English ties a value to what it describes through the clause that carries it:

* the **subject of the nearest clause** that governs the value owns it ("Acme Robotics employs 340
  people"); a fronted participle with no subject of its own ("Founded in 2011 and based in Tartu, Acme
  Robotics builds …") takes the subject of the clause it is attached to;
* a subject or object that is the **dimension's noun with the object attached** — as a compound ("the Keel
  Cell warranty"), a possessor ("the X2's battery"), or an "of / for / on" complement ("the warranty on its
  Keel Cell") — makes the object the owner;
* a value a verb **changes a thing to** is that thing's, not the changer's: "Keelson has raised the seat limit
  on Harbor Rooms to 64" (the verb's direct object, with the object attached, owns the `to` phrase;
  `changed_owner`);
* a value inside a **relative clause, participle or apposition attached to a noun** belongs to that noun
  ("Morrow Labs, a firm founded in 2009": the firm's year, never Pell's);
* a value in a **gapped conjunct** belongs to the subject left in it ("X holds 32 litres and the Y 27 litres":
  `gapped_subject`).

The walk goes up from the value's token to the first clause with a subject (or to the first noun it is
attached to); the owner is the object named there, or no one.  Only a strong mention (by name, alias,
variant or the page subject's short form) is returned, and only when no other named entity holds that
place: the parse decides structure, the names still decide who.  The dimension's cue must be a word of the
clause that carries the value (`extract._owned` checks it against the token offsets returned here).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol, Sequence, TypeVar

from .clauses import parsed, relative_clauses

if TYPE_CHECKING:
    from spacy.tokens import Token


class Mention(Protocol):
    """A name found in the sentence (`attribution.EntityMention`): where, and which contract object, if any."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def obj(self) -> str | None: ...
    @property
    def how(self) -> str | None: ...


M = TypeVar("M", bound=Mention)

__all__ = ["STRONG", "antecedent", "changed_owner", "for_complement", "gapped_subject", "parse_owner"]

_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj"})
_ATTACHED = frozenset({"compound", "poss", "nmod"})
_COMPLEMENT_PREPS = frozenset({"of", "for", "on", "from"})
_NOUN_MODIFIERS = frozenset({"acl", "relcl", "appos", "amod"})
STRONG = frozenset({"name", "alias", "variant", "model", "word", "short"})
"""The mentions that may own a value: never a weak one (a title, a longer name, a carried reference)."""


def parse_owner(sentence: str, value_span: tuple[int, int], ents: Sequence[M]) -> tuple[M, tuple[int, ...]] | None:
    """The mention the parse makes the value's owner and where the tokens of the clause that carries the value
    start, or None (no parse, no clause subject, another entity)."""
    head = _value_head(sentence, value_span)
    if head is None:
        return None
    holder = _holder(head)
    if holder is None:
        return None
    found = _named_in(holder, ents)
    if found is None and holder.dep_ in _SUBJECTS and not _names_anyone(holder, ents):
        # "A 5,000 mAh battery keeps the X2 running …": a subject naming no one acts on the object — the
        # object is the verb's direct object, or attached to it
        obj = next((c for c in holder.head.children if c.dep_ == "dobj"), None)
        found = _named_in(obj, ents) if obj is not None else None
    if found is None or found.how not in STRONG:
        return None
    verb = next((a for a in head.ancestors if a.pos_ in ("VERB", "AUX")), None)
    return found, _own_tokens(verb if verb is not None else holder)


def changed_owner(sentence: str, value_span: tuple[int, int], ents: Sequence[M]) -> tuple[M, tuple[int, ...]] | None:
    """The mention the value is the new state of, when a verb changes a thing to it: in "Keelson has raised the
    seat limit on Harbor Rooms from 40 to 64" the subject is the agent of the change and the verb's direct
    object (the limit on Harbor Rooms) is what is now 64. None unless the value is the `to` phrase of a verb
    whose direct object carries one strong contract-object mention."""
    head = _value_head(sentence, value_span)
    if head is None or head.dep_ != "pobj" or head.head.dep_ != "prep" or head.head.lower_ != "to":
        return None
    verb = head.head.head
    if verb.dep_ == "prep" and verb.lower_ == "from":  # "from 40 to 64": the parse hangs "to" on "from"
        verb = verb.head
    if verb.pos_ != "VERB":
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    found = _named_in(obj, ents) if obj is not None else None
    if found is None or found.how not in STRONG:
        return None
    return found, _own_tokens(verb)


def _value_head(sentence: str, value_span: tuple[int, int]) -> Token | None:
    """The token that heads the value's words in the sentence's parse (None: no parse)."""
    doc = parsed(sentence)
    if doc is None:
        return None
    value = [t for t in doc if value_span[0] <= t.idx < value_span[1]]
    if not value:
        return None
    return next((t for t in value if not (value_span[0] <= t.head.idx < value_span[1]) or t.head.i == t.i), value[0])


def _own_tokens(head: Token) -> tuple[int, ...]:
    """Where the tokens of the clause headed by `head` start, without the clauses embedded in it: the clause
    that carries the value."""
    return tuple(t.idx for t in head.subtree if _in_clause(t, head))


def _in_clause(tok: Token, head: Token) -> bool:
    node = tok
    while node.i != head.i:
        if node.dep_ in _EMBEDDED:
            return False
        node = node.head
    return True


_EMBEDDED = frozenset({"relcl", "acl", "advcl", "ccomp", "xcomp", "conj", "appos", "parataxis"})


def _whole_name(holder: Token, found: Mention) -> bool:
    """The mention is the holder's whole proper name: "Halden" is no mention of Halden Shipping inside
    "the Halden Group"."""
    chain = [holder, *(t for t in holder.children if t.pos_ == "PROPN" and t.dep_ == "compound")]
    inside = [found.start <= t.idx < found.end for t in chain]
    return holder.pos_ != "PROPN" or not any(inside) or all(inside)


def _holder(tok: Token) -> Token | None:
    """The noun that owns the value at `tok`: the nearest governing clause's subject, or the noun the value's
    phrase modifies."""
    node = tok
    while node.head.i != node.i:
        parent = node.head
        if parent.pos_ in ("NOUN", "PROPN") and node.dep_ in _NOUN_MODIFIERS | {"nummod", "quantmod"} and node.i != tok.i:
            return parent  # a relative clause, participle or apposition on a noun: that noun's value
        if parent.pos_ in ("VERB", "AUX"):
            subj = next((c for c in parent.children if c.dep_ in _SUBJECTS), None)
            if subj is not None:
                if subj.tag_ in ("WDT", "WP") and parent.dep_ == "relcl":
                    return parent.head  # "… the app, which ships every month": the noun the clause is on
                return subj
            if parent.dep_ == "advcl" and parent.tag_ in ("VBN", "VBG"):
                node = parent  # a fronted participle: the clause it is attached to decides
                continue
        node = parent
    return None


def _named_in(noun: Token, ents: Sequence[M]) -> M | None:
    """The one contract-object mention that is `noun` itself, or attached to it as a compound, possessor or
    of/for/on complement; None when another named entity is there too."""
    hit = _mentions_on(noun, ents)
    objs = {e.obj for e in hit}
    if len(objs) != 1 or None in objs or not _whole_name(noun, hit[0]):
        return None
    return hit[0]


def _names_anyone(noun: Token, ents: Sequence[M]) -> bool:
    """The subject names a contract object (then it decides, and said no)."""
    return any(e.obj is not None for e in _mentions_on(noun, ents))


def _mentions_on(noun: Token, ents: Sequence[M]) -> list[M]:
    """The mentions that overlap `noun` or what is attached to it."""
    spans = [(t.idx, t.idx + len(t.text)) for t in _attached(noun)]
    return [e for e in ents if any(s < e.end and e.start < end for s, end in spans)]


def _attached(noun: Token) -> list[Token]:
    out = [noun]
    for child in noun.children:
        if child.dep_ in _ATTACHED or child.dep_ == "appos":
            out += list(child.subtree)
        elif child.dep_ == "prep" and child.lower_ in _COMPLEMENT_PREPS:
            out += [t for c in child.children if c.dep_ == "pobj" for t in c.subtree]
    return out


_RELATIVE_AFTER_COMMA = re.compile(r",\s+(?:who|whom|whose|which)\b", re.I)


def antecedent(sentence: str, pos: int, ents: Sequence[M]) -> M | None:
    """The named noun a relative clause holding `pos` is attached to ("…founded Quarry Weekly, which comes out
    every two weeks"): the clause is about it. None when the value is in no relative clause or its noun is no
    name (a pronoun or common noun: the clause rules decide). Parsed only when a relative pronoun after a comma
    comes before the value."""
    if not _RELATIVE_AFTER_COMMA.search(sentence, 0, pos):
        return None
    for rel_start, rel_end, head in relative_clauses(sentence):
        if rel_start <= pos < rel_end and not (rel_start <= head < rel_end):
            return next((e for e in ents if e.start <= head < e.end), None)
    return None


_GAP_BEFORE = re.compile(r"(?:^|,|;|\b(?:and|or|while|whereas|but|against|versus|vs\.?|to))\s+(?:the\s+)?$", re.I)
_GAP_BETWEEN = re.compile(r"(?:'s?|’s?)?\s+(?:(?:to|at|for|with|on)\s+)?", re.I)
_GAP_AFTER = re.compile(r"\s*(?:$|[.,;:)(—–]|\s-\s|\b(?:and|or|while|whereas|but)\b)")


def gapped_subject(sentence: str, value_span: tuple[int, int], ents: Sequence[M]) -> M | None:
    """The subject of a gapped conjunct: "X holds 32 litres and the Y 27 litres", "X goes down to -24 °C and the Y
    to -16 °C", "X rates its pump at 85 W, Y at 115 W". English leaves out the verb a second conjunct shares with
    the first; what is left is a subject and a value (or the value's preposition), and the value is that subject's."""
    holder = next((e for e in ents if e.end <= value_span[0] and _GAP_BETWEEN.fullmatch(sentence, e.end, value_span[0])), None)
    if holder is None or not _GAP_BEFORE.search(sentence, 0, holder.start):
        return None
    return holder if _GAP_AFTER.match(sentence, value_span[1]) else None


_FOR_AFTER = re.compile(r"\s+(?:(?:per|a|an|each)\s+[\w-]+\s+)?for\s+(?:the\s+)?", re.I)


def for_complement(sentence: str, value_span: tuple[int, int], ents: Sequence[M]) -> M | None:
    """The named thing a value is stated for: "says nine weeks for the Y", "lists 410 g a shoe for the Y". A "for"
    phrase right after a figure says what the figure is of."""
    m = _FOR_AFTER.match(sentence, value_span[1])
    if m is None:
        return None
    return next((e for e in ents if e.start == m.end() and e.obj is not None), None)
