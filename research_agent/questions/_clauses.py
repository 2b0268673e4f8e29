"""What decides a comparison ("which is cheaper" → price) and what a complement asks ("both open source" → license)."""

from __future__ import annotations

import re

from ..errors import ContractError
from ._base import _NoMatch, words
from ._names import _EDGE, _is_demonym, _namey, _singular



_WHO = r"(?P<who>who|which)(?:\s+(?P<type>[a-z][\w -]*?))??"  # lazy: no type word is tried first
_LATER = r"(?:first|earlier|earliest|last|later|latest|sooner|more recently|most recently)"
_DECIDERS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"^{_WHO}\s+(?:is|was|are|were)\s+(?:the\s+)?(?P<adj>(?:more|most|less|least)\s+[a-z]+|[a-z]+)$", re.I),
    re.compile(rf"^{_WHO}\s+(?:is|was|are|were)\s+(?:(?:first|originally)\s+)?(?P<verb>[a-z-]+)\s+{_LATER}$", re.I),
    re.compile(rf"^{_WHO}\s+(?P<verb>came out|[a-z-]+)\s+{_LATER}$", re.I),
    re.compile(
        rf"^{_WHO}\s+(?:has|had|have)\s+(?:the\s+)?(?P<cmp>more|most|fewer|fewest|less|least|larger|largest|bigger|biggest"
        r"|greater|greatest|smaller|smallest|higher|highest|lower|lowest)\s+(?P<noun>[a-z][a-z -]*)$",
        re.I,
    ),
    re.compile(rf"^{_WHO}\s+(?P<price>costs?\s+(?:less|more)|is\s+(?:less|more)\s+expensive)$", re.I),
)
_POPULATION_NOUNS = frozenset({"people", "inhabitants", "residents", "population"})


def _decider(clause: str) -> str:
    """The dimension a comparison clause ("which is cheaper", "who was born first") compares on."""
    text = clause.strip(_EDGE)
    for pattern in _DECIDERS:
        m = pattern.match(text)
        if m is None:
            continue
        groups = m.groupdict()
        people = m["who"].lower() == "who" or (groups["type"] or "").lower() in words().person_nouns
        found = _decided(groups, people)
        if found:
            return found
        word = groups.get("adj") or groups.get("verb") or groups.get("noun") or text
        raise ContractError(
            f"could not tell which dimension {word!r} compares; name it with --dimension NAME, "
            "or give --contract FILE.toml"
        )
    raise _NoMatch("comparison clause")


def _decided(groups: dict[str, str | None], people: bool) -> str | None:
    w = words()
    if groups.get("price"):
        return "price"
    if raw_adj := groups.get("adj"):
        adj = " ".join(raw_adj.lower().split())
        return (w.comparatives_people.get(adj) if people else None) or w.comparatives.get(adj)
    if raw_verb := groups.get("verb"):
        verb = raw_verb.lower()
        dim = "released" if verb == "came out" else w.event_verbs.get(verb)
        return "founded" if dim in w.order_as_founded else dim
    if raw_noun := groups.get("noun"):
        noun = " ".join(raw_noun.lower().split())
        if noun in _POPULATION_NOUNS:
            return "population"
        counted = (groups.get("cmp") or "").lower() in ("more", "most", "fewer", "fewest") and noun.endswith("s")
        return f"number of {noun}" if counted else noun
    return None


# ------------------------------------------------------------------ complements


def _split_name(text: str) -> tuple[str, str]:
    """A leading name (capitalised words, or a quoted title) and the rest of `text`."""
    text = text.strip()
    if text[:1] in "\"“'‘":
        close = {"\"": "\"", "“": "”", "'": "'", "‘": "’"}[text[0]]
        end = text.find(close, 1)
        if end > 0:
            return text[1:end], text[end + 1:].strip()
    tokens = text.split()
    taken = 0
    connectors = {"of", "the", "de", "da", "di", "del", "van", "von", "la", "le", "du", "y", "&"}
    while taken < len(tokens):
        token = tokens[taken]
        nxt = tokens[taken + 1] if taken + 1 < len(tokens) else ""
        if _namey(token) or (token.rstrip("'’") in connectors and nxt[:1].isupper()):  # "Cosimo de' Medici"
            taken += 1
        else:
            break
    while taken > 1 and _is_demonym(tokens[taken - 1].strip(_EDGE)):
        taken -= 1  # "… and Tim Burton American film directors": a demonym starts the complement
    return " ".join(tokens[:taken]), " ".join(tokens[taken:])


_PLACE_COMPLEMENT = re.compile(r"^(?:(?:located|based|situated|headquartered|found)\s+)?(?:in|at|near|from)\s+\S", re.I)


def _complement_dims(complement: str) -> list[str]:
    """The dimensions "Are A and B both <complement>?" asks about (see the module docstring)."""
    text = re.sub(r"^(?:both\s+)", "", complement.strip(_EDGE), flags=re.I)
    lowered = " ".join(text.lower().split())
    if lowered in words().complements:
        return [words().complements[lowered]]
    lead = lowered.split()
    for n in range(len(lead) - 1, 0, -1):  # "open-source software", "proprietary software": the modifier is the answer
        if " ".join(lead[:n]) in words().complements:
            return [words().complements[" ".join(lead[:n])]]
    agent = re.match(r"([a-z-]+)\s+by\s", text)
    if agent and agent[1] in words().agent_verbs:  # "made by Apple": who made them decides
        return [words().agent_verbs[agent[1]]]
    if re.match(r"born\s+(?:in|at)\s", text, re.I):
        return ["birthplace"]
    if _PLACE_COMPLEMENT.match(text):
        return ["location"]
    tokens = [t.strip(_EDGE) for t in text.split() if t.lower() not in ("a", "an", "the")]
    if not tokens:
        return []
    dims = []
    if any(_is_demonym(t) for t in tokens):
        dims.append("nationality")
    head = _singular(tokens[-1])
    if head in words().occupation_nouns:
        dims.append("occupation")
    return dims or [head]


