"""Sentences parsed by spaCy's dependency parser, once each.

`parsed` caches one `Doc` per sentence text (the reader asks about the same
sentence for several cells and values); `token_at` finds the token holding a
value's first character.  spaCy loads on the first parse (`reading.nlp`), and
only sentences a rule needs are parsed (`polarity` parses a sentence only when
it holds a closed-class trigger word).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .nlp import ParserUnavailable, parse, tag

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["complement_clause", "parsed", "recognised", "tagged", "parsed_subject", "relative_clauses", "token_at"]


@lru_cache(maxsize=4096)
def parsed(sentence: str) -> Doc | None:
    """The sentence's parse (no named entities: `recognised` has them), or None when no pipeline is installed
    (the reader then keeps its surface rules)."""
    try:
        return parse([sentence], entities=False)[0]
    except ParserUnavailable:
        return None


@lru_cache(maxsize=1024)
def recognised(sentence: str) -> Doc | None:
    """The sentence's parse with its named entities typed, or None when no pipeline is installed."""
    try:
        return parse([sentence])[0]
    except ParserUnavailable:
        return None


@lru_cache(maxsize=4096)
def tagged(sentence: str) -> Doc | None:
    """The sentence's parts of speech (cheaper than `parsed`), or None when no pipeline is installed."""
    try:
        return tag(sentence)
    except ParserUnavailable:
        return None


def token_at(doc: Doc, start: int) -> Token | None:
    """The token holding character offset `start` (or the first one after it)."""
    for tok in doc:
        if tok.idx <= start < tok.idx + max(len(tok.text), 1) or tok.idx >= start:
            return tok
    return None


_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"})


def parsed_subject(sentence: str, start: int, end: int) -> bool:
    """Whether the parse makes a token of sentence[start:end] a clause's subject, or the proper-noun root of a
    verbless line; True when no parser is installed (the surface rules stand)."""
    doc = parsed(sentence)
    if doc is None:
        return True
    return any(t.dep_ in _SUBJECT_DEPS or (t.dep_ == "ROOT" and t.pos_ == "PROPN") for t in doc if start <= t.idx < end)


def relative_clauses(sentence: str) -> list[tuple[int, int, int]]:
    """The character spans of the relative clauses with a subject of their own, by the parse ("…, which comes
    out every two weeks"): what a relative clause says is about the noun it is attached to, so the sentence's
    subject is not the owner of a value inside it. Each span comes with where that noun (its antecedent)
    starts. Empty when no parser is installed."""
    doc = parsed(sentence)
    if doc is None:
        return []
    return [(t.left_edge.idx, t.right_edge.idx + len(t.right_edge.text), t.head.idx) for t in doc
            if t.dep_ == "relcl" and t.i > t.head.i and any(c.dep_ in _SUBJECT_DEPS for c in t.children)]


def complement_clause(sentence: str, pos: int) -> tuple[int, int] | None:
    """The span of the complement clause with a subject of its own that holds offset `pos`, by the parse ("The
    2020 survey found that [Brackwell's population was 4,210]"): such a clause states its own proposition, about
    its own subject, whatever the verb it complements. None when there is none or no parser."""
    doc = parsed(sentence)
    if doc is None:
        return None
    tok = token_at(doc, pos)
    while tok is not None and tok.head.i != tok.i:
        if tok.dep_ == "ccomp" and any(c.dep_ in _SUBJECT_DEPS for c in tok.children):
            return tok.left_edge.idx, tok.right_edge.idx + len(tok.right_edge.text)
        tok = tok.head
    return None
