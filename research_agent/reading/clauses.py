"""Clause structure from spaCy's dependency parse: which noun phrase a modifier describes.

One fact about English carries this module: **an apposition, a relative
clause or a participial modifier describes its own head**.  In "Pell is built
by Morrow Labs, a firm founded in 2009" the year sits in "founded in 2009",
which modifies "firm", an apposition of "Morrow Labs": the founding belongs to
Morrow Labs, whatever the sentence's subject is.  In "Pell, a database first
released in 2009, …" the same walk ends at "Pell" itself.  A predicate nominal
("Pell is a database released in 2009") describes the clause's subject, so the
walk stops there and the subject rule applies; so does a noun inside a prepositional
phrase on another noun ("a company in Coburg, Germany, that has made …"), where
the attachment is ambiguous and the small parser often picks the nearer noun.
A relative clause with a subject of its own ("the school, where he played
soccer") belongs to that subject, not to the noun it hangs on.

Sentences are parsed once each (`parsed`, cached), and only those that hold a
candidate value (`reading.nlp` loads spaCy on first use).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .nlp import ParserUnavailable, parse

if TYPE_CHECKING:
    from .attribution import EntityMention

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["describes_another", "described_head", "parsed", "token_at"]

_MODIFIERS = frozenset({"appos", "acl", "relcl"})
_CLAUSES = frozenset({"ROOT", "ccomp", "advcl", "conj", "parataxis", "csubj", "xcomp"})
_NAME_PARTS = frozenset({"compound", "flat", "nmod", "amod", "det", "poss"})


@lru_cache(maxsize=4096)
def parsed(sentence: str) -> Doc | None:
    """The sentence's parse, or None when no pipeline is installed (the reader then keeps its surface rules)."""
    try:
        return parse([sentence])[0]
    except ParserUnavailable:
        return None


def token_at(doc: Doc, start: int) -> Token | None:
    """The token holding character offset `start` (or the first one after it)."""
    for tok in doc:
        if tok.idx <= start < tok.idx + max(len(tok.text), 1) or tok.idx >= start:
            return tok
    return None


def described_head(sentence: str, start: int) -> tuple[int, int] | None:
    """The character span of the noun phrase that the modifier holding `sentence[start]` describes — an
    apposition, a relative clause or a participial phrase — or None when the value sits in a clause of its
    own (its subject decides) or in a predicate nominal."""
    doc = parsed(sentence)
    tok = token_at(doc, start) if doc is not None else None
    while tok is not None and tok.head.i != tok.i:
        if tok.dep_ in _MODIFIERS and _own_subject(tok):
            return None  # "the school, where he played soccer": a relative clause with its own subject is his
        if tok.dep_ in _MODIFIERS:
            head = tok.head
            while head.dep_ == "appos" and head.head.i != head.i:
                head = head.head  # "Morrow Labs, a firm founded in …": the firm is Morrow Labs
            if head.dep_ in ("attr", "acomp") or head.pos_ in ("VERB", "AUX", "NUM"):
                return None  # "Pell is a database released in 2009": the predicate describes the subject
            if head.dep_ == "pobj" and head.head.head.pos_ in ("NOUN", "PROPN"):
                return None  # "a company in Coburg, Germany, that has made …": the modifier may hang on either noun
            return _phrase(head)
        if tok.dep_ in _CLAUSES and tok.pos_ in ("VERB", "AUX"):
            return None
        tok = tok.head
    return None


def _own_subject(clause: Token) -> bool:
    """The clause has a subject other than a relative pronoun ("where he played", not "which was founded")."""
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.tag_ not in ("WDT", "WP", "WP$") and c.lower_ != "that"
               for c in clause.children)


def _phrase(head: Token) -> tuple[int, int]:
    """The head noun with the words of its name before it ("Morrow Labs", "the Harbour Board")."""
    left = head
    for child in head.lefts:
        if child.dep_ in _NAME_PARTS:
            left = min(left, child.left_edge, key=lambda t: t.i)
    return left.idx, head.idx + len(head.text)


def describes_another(sentence: str, start: int, ents: "list[EntityMention]", obj: str) -> bool:
    """The value at `start` sits in a modifier of a named entity that is not `obj` (an apposition, a relative
    clause, a participial phrase): it describes that entity."""
    if all(e.obj == obj for e in ents):
        return False  # no other entity is named: nothing else to describe (and no parse needed)
    span = described_head(sentence, start)
    if span is None:
        return False
    owners = [e for e in ents if e.start < span[1] and span[0] < e.end]
    return bool(owners) and all(e.obj != obj for e in owners)
