"""Questions read through the reader's dependency parse, when no surface shape reads them (tried last).

The parser (`reading.nlp`, loaded on first use) gives the roles a question's closed-class words
set up — the wh-word, the auxiliary or modal, the main verb's lemma, the noun "how many"
counts, a comparative adjective; the **names** are read as the other shapes read them
(capitalised words, a quoted title: `_clauses._split_name`), because a parser trained on news
misreads invented product names ("Is Okapi Boards open-source software?").

* "How many N can/could/will a Y have/handle/hold?" → Y, "maximum N" (a modal asks for the
  limit); "How many N does Y have?" is read by the surface shapes ("number of N").
* "How much does X cost?" → price; "How often does X <verb>?" → "<verb> cadence" ("release
  cadence": an interval).
* "Is/Are X <complement>?" → the complement's dimension, as "Are A and B both …?" reads it
  ("open source" → license, a demonym → nationality); "Is A or B <comparative>?" → the
  comparative's dimension ("older" → founded).
* "Does/Do X have (a) N?" → N ("free trial"); "Does/Do X <verb> Y?" → "Y support" (whether X
  supports, runs on or works with Y); two subjects joined by "and" ("Do A and B both support Y?")
  are two objects.
"""

from __future__ import annotations

import re

from ._base import QuestionReading, _NoMatch, _reading, words
from ._clauses import _complement_dims, _split_name
from ._names import _EDGE, clean_object

__all__ = ["read_parsed"]

_MODALS = frozenset({"can", "could", "will", "would", "may", "might"})
_YES_NO = frozenset({"is", "are", "was", "were"})
_DO = frozenset({"does", "do", "did"})
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)


def _names(text: str) -> tuple[list[str], str]:
    """The leading names of `text` ("Pell and Quill both support …", "the Volt X or the Zip 2 …") and the rest."""
    objects: list[str] = []
    rest = text.strip()
    while True:
        rest = _ARTICLE.sub("", rest)
        name, rest = _split_name(rest)
        name = clean_object(name)
        if not name:
            break
        objects.append(name)
        joined = re.match(r"(?:,\s*|\s*)(?:and|or)\s+|,\s*", rest, re.I)
        if not joined:
            break
        rest = rest[joined.end():]
    rest = re.sub(r"^(?:both|each|either)\s+", "", rest.strip(), flags=re.I)
    return objects, rest


def _lemmas(text: str) -> list[tuple[str, str, str]]:
    from ..reading.nlp import parse

    return [(t.text, t.lemma_.lower(), t.tag_) for t in parse([text])[0]]


def _how(tokens: list[tuple[str, str, str]], body: str) -> QuestionReading:
    second = tokens[1][1] if len(tokens) > 1 else ""
    if second == "many":
        modal = "|".join(_MODALS)
        m = re.match(rf"how\s+many\s+(?P<noun>[a-z][a-z -]*?)\s+(?P<aux>{modal})\s+(?P<rest>.+)$", body, re.I)
        if m is None:
            raise _NoMatch("how many")
        objects, _ = _names(m["rest"])
        return _reading("how many can X have", objects[:1], [f"maximum {m['noun'].lower()}"])
    m = re.match(r"how\s+(?:much|often)\s+(?:does|do|did)\s+(?P<rest>.+)$", body, re.I)
    if m is None:
        raise _NoMatch("how")
    objects, verb = _names(m["rest"])
    verb_lemma = next((lemma for text, lemma, _ in _lemmas(verb) if text.lower() == verb.split()[0].lower()), "") if verb else ""
    if second == "much" and verb_lemma in ("cost", "charge"):
        return _reading("how much does X cost", objects, ["price"])
    if second == "often" and verb_lemma:
        return _reading("how often does X", objects, [f"{verb_lemma} cadence"])
    raise _NoMatch("how")


def _is(body: str) -> QuestionReading:
    objects, complement = _names(body.split(None, 1)[1] if " " in body else "")
    comp = complement.strip(_EDGE)
    if not objects or not comp:
        raise _NoMatch("is X")
    tags = _lemmas(comp)
    comparative = len(tags) <= 2 and (tags[-1][2] == "JJR" or tags[0][1] in ("more", "less"))
    if comparative and len(objects) >= 2:
        adj = " ".join(t[0].lower() for t in tags)
        dim = words().comparatives.get(adj)
        if dim is None:
            raise _NoMatch("is A or B")
        return _reading("is A or B ADJ", objects, [dim], at_least=2)
    return _reading("is X COMPLEMENT", objects, _complement_dims(comp))


def _does(body: str) -> QuestionReading:
    objects, predicate = _names(body.split(None, 1)[1] if " " in body else "")
    if not objects or not predicate:
        raise _NoMatch("does X")
    tokens = _lemmas(predicate)
    verb = tokens[0][1]
    rest = " ".join(t[0] for t in tokens[1:]).strip(_EDGE)
    rest = re.sub(r"^(?:(?:on|with|for|under|in)\s+)?(?:the|a|an)?\s*", "", rest, flags=re.I).strip()
    if not rest:
        raise _NoMatch("does X")
    if verb in ("have", "offer", "include"):
        return _reading("does X have N", objects, [rest.lower() if rest.islower() else rest])
    return _reading("does X VERB Y", objects, [f"{rest} support"])


def read_parsed(body: str) -> QuestionReading:
    """The question read through the parse (see the module docstring); `_NoMatch` when it does not read."""
    first = body.split(None, 1)[0].lower() if body.strip() else ""
    if first == "how":
        return _how(_lemmas(body), body)
    if first in _YES_NO:
        return _is(body)
    if first in _DO:
        return _does(body)
    raise _NoMatch("parsed")
