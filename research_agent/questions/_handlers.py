"""The shape handlers: from a matched question shape to its objects and dimensions (see the package docstring)."""

from __future__ import annotations

import re

from ._base import Handler, MissingDimension, QuestionReading, _NoMatch, _reading, words
from ._clauses import _complement_dims, _decider, _split_name
from ._names import (
    _CLAUSE_WORDS, _CONJUNCTION, _CONNECTORS, _EDGE, _dims, _name, _namey, _objects, _one_or_list, _pair,
)



def _compare(m: re.Match[str]) -> QuestionReading:
    return _reading("compare", _objects(m["objs"]), _dims(m["dims"]))


def _compare_with(m: re.Match[str]) -> QuestionReading:
    return _reading("compare", [*_objects(m["a"]), *_objects(m["b"])], _dims(m["dims"]))


def _what_of(m: re.Match[str]) -> QuestionReading:
    dims, objs = m["dims"], m["objs"]
    # "the date of birth of X": a lower-case head before the next "of" still belongs to the dimension
    while (head := re.match(r"^([a-z][a-z -]*?)\s+of\s+(.+)$", objs)) and not _CONJUNCTION.search(head[1]):
        dims, objs = f"{dims} of {head[1]}", head[2]
    objs = _IN_ORGANISATION.sub("", objs)  # "… of Admiral Morgan in the United States Navy": the organisation
    # qualifies the question, it is not part of the name (a place such as "Lake in the Hills" keeps its words)
    described = _DESCRIBED.match(objs)
    if described and not any(w in _CLAUSE_WORDS or w in _CONNECTORS for w in described["desc"].split()):
        objs = described["name"]  # "the plant species Aiea": lower-case words before a name describe it
    return _reading("the D of X", [_name(o, strict=False) for o in _one_or_list(objs)], _dims(dims))


_IN_ORGANISATION = re.compile(
    r"\s+in\s+the\s+(?:[A-Z][\w'’.-]*\s+)*(?:Navy|Army|Air Force|Marine Corps|Marines|Senate|House of [A-Z]\w+|Parliament"
    r"|Congress|Assembly|Party|League|Cabinet|Government|Ministry|Council|Corps|Guard|Legion|Orchestra|Band)$"
)
_DESCRIBED = re.compile(r"^(?:the|a|an)\s+(?P<desc>(?:[a-z][a-z-]*\s+){1,3})(?P<name>[A-Z0-9].*)$")


def _clause_pair(m: re.Match[str]) -> QuestionReading:
    objects = _pair(m["objs"])
    if len(objects) < 2:
        raise _NoMatch("which of two")
    return _reading("which of two", objects, [_decider(m["clause"])])


def _vs_colon(m: re.Match[str]) -> QuestionReading:
    rest = m["rest"].strip()
    if re.match(r"(?:which|who)\b", rest, re.I):
        return _reading("A vs B: which", _objects(m["objs"]), [_decider(rest)])
    return _reading("A vs B: X", _objects(m["objs"]), _dims(rest))


def _which_of(m: re.Match[str]) -> QuestionReading:
    return _reading("which of A or B", _objects(m["objs"]), [_decider("which " + m["clause"])])


def _than(m: re.Match[str]) -> QuestionReading:
    return _reading("A than B", _pair(f"{m['a']} or {m['b']}"), [_decider(f"which is {m['adj']}")], at_least=2)


def _before(m: re.Match[str]) -> QuestionReading:
    return _reading("A before B", _pair(f"{m['a']} or {m['b']}"), [_decider(f"which was {m['verb']} first")], at_least=2)


def _no_dimension(m: re.Match[str]) -> QuestionReading:
    objects = _objects(m["objs"])
    shown = " and ".join(objects) or "them"
    raise MissingDimension(
        f"the question names no dimension to compare {shown} on; ask \"Compare A and B on X\" "
        "or add --dimension NAME",
        objects,
    )


def _same(m: re.Match[str]) -> QuestionReading:
    noun = " ".join(m["noun"].strip(_EDGE).lower().split())
    return _reading("same D", _pair(f"{m['a']} or {m['b']}"), [noun], at_least=2)


def _both_split(m: re.Match[str]) -> QuestionReading:
    second, complement = _split_name(m["rest"])
    return _reading("both A and B", _pair(f"{m['a']} or {second}"), _complement_dims(complement), at_least=2)


def _both_middle(m: re.Match[str]) -> QuestionReading:
    return _reading("A and B both", _pair(f"{m['a']} or {m['b']}"), _complement_dims(m["comp"]), at_least=2)


_ADVERB = frozenset({"first", "originally", "initially", "officially", "formally", "actually", "last", "finally"})


def _event(m: re.Match[str]) -> QuestionReading:
    tokens = m["rest"].split()
    for i, token in enumerate(tokens[1:], start=1):
        word = token.strip(_EDGE)
        if word.islower() and word in words().event_verbs:
            name = tokens[:i]
            while name and name[-1].lower() in _ADVERB:
                name.pop()
            dim = "career start" if _career_start([t.strip(_EDGE) for t in tokens[i:]]) else words().event_verbs[word]
            # one name: "Procter and Gamble" is not two objects
            return _reading("when", [_name(" ".join(name))], [dim])
    raise _NoMatch("when")


def _topic_event(m: re.Match[str]) -> QuestionReading:
    verb = m["verb"].lower()
    if verb not in words().event_verbs:
        raise _NoMatch("topic, when")
    return _reading("X, when was he D", [_name(m["rest"])], [words().event_verbs[verb]])


def _agent(m: re.Match[str]) -> QuestionReading:
    verb = m["verb"].lower()
    if verb not in words().agent_verbs:
        raise _NoMatch("who did")
    # "Who directed the film adaptation of "Cry, the Beloved Country"?": the adaptation is named by the work
    obj = re.sub(r"^the\s+(?:(?:film|movie|television|tv|stage)\s+)?adaptation\s+of\s+", "", m["obj"].strip(), flags=re.I)
    # "Who composed the musical setting for the Liturgy of …?": a part of a work is named by the work
    obj = re.sub(r"^the\s+(?:[a-z-]+\s+){1,2}(?:for|of)\s+(?=(?:the\s+)?[A-Z\"“])", "", obj)
    return _reading("who did", [_name(obj)], [words().agent_verbs[verb]])


def _how_many(m: re.Match[str]) -> QuestionReading:
    """ "How many libraries are part of the LCLS?" → "number of libraries"."""
    noun = " ".join(m["noun"].lower().split())
    return _reading("how many", [_name(m["obj"])], [f"number of {noun}"])


def _single(shape: str, dimension: str | None = None, strict: bool = True) -> Handler:
    def handle(m: re.Match[str]) -> QuestionReading:
        dim = dimension or " ".join(m["dim"].strip(_EDGE).lower().split())
        return _reading(shape, [_name(m["obj"], strict)], [dim])

    return handle


def _where(m: re.Match[str]) -> QuestionReading:
    verb = (m["verb"] or "").lower()
    dim = {"born": "birthplace", "buried": "burial place"}.get(verb, "location")
    return _reading("where", [_name(m["obj"])], [dim])


def _in_which(m: re.Match[str]) -> QuestionReading:
    dim = "birthplace" if (m["verb"] or "").lower() == "born" else " ".join(m["dim"].lower().split())
    return _reading("in which D", [_name(m["obj"])], [dim])


def _x_in_which(m: re.Match[str]) -> QuestionReading:
    dim = " ".join(m["dim"].lower().split())
    verb = (m["verb"] or "").lower()
    if dim in ("year", "date", "decade", "century", "month") and verb in words().event_verbs:
        dim = words().event_verbs[verb]  # "X was formed in which year?" asks when it was formed
    return _reading("X in which D", [_name(m["obj"])], [dim])



# ------------------------------------------------------------------ wh + auxiliary + subject + predicate

_IRREGULAR_PARTICIPLES = frozenset(
    "held built made won begun sung fought led set put run done seen given taken born sold told found kept left lost met "
    "paid read sent spent struck taught bought brought caught chosen drawn driven fallen flown grown hidden known ridden "
    "shown spoken stolen sworn thrown worn shot hung laid sunk split cast dug spun shut bound hit cut upheld overthrown".split()
)
_NOT_VERBS = frozenset("the a an of in on at to for with by and or from as its his her their".split())
_DISAMBIGUATION = re.compile(r"\s*\([^()]*\)")  # "Arteaga (footballer)": the page title's disambiguation


def _participle(word: str) -> bool:
    return word in _IRREGULAR_PARTICIPLES or re.fullmatch(r"[a-z-]{2,}(?:ed|en|wn)", word) is not None


def _subject_predicate(rest: str, aux: str, adjective: bool = False) -> tuple[str, list[str]]:
    """ "Judge Cummings confirmed by the Senate" → ("Judge Cummings", ["confirmed", "by", "the", "Senate"]): the
    shortest leading name that reads strictly, followed by a verb — a participle after "was"/"has", any word
    after "did" (with `adjective`, also an adjective: "active"); an adverb between them ("first held") is skipped."""
    tokens = _DISAMBIGUATION.sub("", rest).split()
    be = aux.lower() not in ("did", "does", "do")
    for i in range(1, len(tokens)):
        predicate = tokens[i:]
        while len(predicate) > 1 and predicate[0] in _ADVERB | {"primarily", "mainly", "mostly", "usually"}:
            predicate = predicate[1:]
        verb = predicate[0]
        predicative = _participle(verb) or (adjective and re.fullmatch(r"[a-z-]+(?:ive|ent|ant|ful|ous|al)", verb) is not None)
        if not re.fullmatch(r"[a-z][a-z-]*", verb) or verb in _NOT_VERBS or (be and not predicative):
            continue
        try:
            return _name(" ".join(tokens[:i])), predicate
        except _NoMatch:
            continue
    raise _NoMatch("subject and predicate")


def _when_clause(m: re.Match[str]) -> QuestionReading:
    """ "When were the Harbour Games held?", "When did Ada Quill become Duchess of Lisle?",
    "When was the construction of the Harrow Tower started?": the event's own dimension when its verb
    or noun has one, else the date."""
    rest = _DISAMBIGUATION.sub("", m["rest"]).strip()
    noun = re.match(r"^(?:the\s+)?(?P<noun>[a-z]+)\s+of\s+(?P<obj>.+?)\s+(?P<verb>[a-z][a-z-]*)(?:\s+[a-z].*)?$", rest)
    if noun and noun["noun"] in words().event_nouns and _participle(noun["verb"]):
        return _reading("when, the N of X", [_name(noun["obj"])], [words().event_nouns[noun["noun"]]])
    name, predicate = _subject_predicate(rest, m["aux"])
    if _career_start(predicate):
        return _reading("when did X V", [name], ["career start"])
    return _reading("when did X V", [name], [words().event_verbs.get(predicate[0], "date")])


def _career_start(predicate: list[str]) -> bool:
    """ "begin his professional career", "start playing for …", "make his debut": a player's debut, not a founding."""
    starts = predicate[0] in ("begin", "start", "began", "started", "commence") and bool(
        {"career", "playing", "professionally"} & set(predicate[1:5])
    )
    return starts or "debut" in predicate


def _where_clause(m: re.Match[str]) -> QuestionReading:
    """ "Where was Deodato primarily active in his career?" → location ("… born …" → birthplace)."""
    name, predicate = _subject_predicate(m["rest"], m["aux"], adjective=True)
    dim = {"born": "birthplace", "buried": "burial place", "die": "death place", "died": "death place"}.get(predicate[0], "location")
    return _reading("where was X V", [name], [dim])


def _what_did(m: re.Match[str]) -> QuestionReading:
    """ "What war did the Pretoria Peace Agreement end?" → war: the noun after What/Which, whatever the verb."""
    name, _ = _subject_predicate(m["rest"], m["aux"])
    return _reading("what D did X V", [name], [" ".join(m["dim"].lower().split())])


def _what_was_done(m: re.Match[str]) -> QuestionReading:
    """ "What type of aircraft was involved in Flight 109?" → type of aircraft."""
    if not _participle(m["part"].lower()):
        raise _NoMatch("what D was V-ed in X")
    return _reading("what D was V-ed in X", [_name(m["obj"])], [" ".join(m["dim"].lower().split())])


def _where_born(m: re.Match[str]) -> QuestionReading:
    """ "What is the state where Judge Day was born?" → state; "the city where X was born" → birthplace."""
    name = _name(m["rest"])
    dim = " ".join(m["dim"].lower().split())
    if m["verb"].lower() == "born" and dim in ("city", "town", "village", "place", "birthplace"):
        dim = "birthplace"
    return _reading("the D where X was V", [name], [dim])


def _x_which(m: re.Match[str]) -> QuestionReading:
    """ "1st arrondissement is located in which city?", "487th refers to which type of unit?", "2017 Census of
    which country was conducted?": the subject first, the asked noun after which/what."""
    obj = m["obj"]
    if not _namey(obj.split()[0]):
        raise _NoMatch("X … which D")
    return _reading("X … which D", [_name(obj, strict=False)], [" ".join(m["dim"].lower().split())])


def _how_adjective(m: re.Match[str]) -> QuestionReading:
    """ "How tall is the Pell Tower?" → height (``[how_adjectives]``)."""
    dim = words().how_adjectives.get(m["adj"].lower())
    if dim is None:
        raise _NoMatch("how ADJ is X")
    return _reading("how ADJ is X", [_name(m["obj"])], [dim])


def _what_did_to(m: re.Match[str]) -> QuestionReading:
    """ "Which company developed Quillstore?", "Which river flows through Orrinford?" → the noun after which."""
    verb = m["verb"].lower()
    if not (_participle(verb) or verb.endswith("s")) or verb in _NOT_VERBS or verb in ("is", "was", "has", "does"):
        raise _NoMatch("which D V-ed X")
    return _reading("which D V-ed X", [_name(m["obj"])], [" ".join(m["dim"].lower().split())])


def _what_is(m: re.Match[str]) -> QuestionReading:
    """ "What is "I Love New York"?" → definition; "Who was Ada Venn?" → occupation."""
    dim = "definition" if m["wh"].lower() == "what" else "occupation"
    return _reading("what is X", [_name(m["obj"])], [dim])

