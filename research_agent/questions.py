"""Question shapes: the offline, rule-based reading of a question into objects + dimensions.

`read_question(question)` tries the shapes below in order and returns the
first that reads (`QuestionReading`: the shape's name, the objects, the
dimensions); `contract.parse_question` turns that into a `TaskContract`.  A
question no shape reads raises `ContractError` with today's message (how to
phrase it, `--object/--dimension`, `--contract FILE.toml`); a shape that
reads the objects but finds nothing that decides the answer ("Compare A and
B") raises `MissingDimension`, which carries the objects it read.

Comparisons (objects split on ``,``, ``and``, ``or``, ``&``, ``vs``, ``versus``):

* "Compare A, B and C on X and Y" (also ``by``, ``in terms of``, ``regarding``,
  ``for``, ``across``, ``with respect to``); "A vs B on X"; "A versus B: X".
* "A or B: which is cheaper?", "Which is older, A or B?", "Which of A or B is
  faster?", "Is A cheaper than B?" — the comparative names the dimension
  through the ``[comparatives]`` table of ``question_words.toml`` (cheaper →
  price, older → founded, larger → size, faster → speed, longer → length,
  taller → height, …); when the objects are people (the clause starts with
  "Who" or its type noun is a person noun: "Which actor is older") the
  ``[comparatives_people]`` table wins (older/younger → born).
* "Which was founded first, A or B?", "Which magazine was started first, A or
  B?", "Who was born first, A or B?", "Who died first, …", "Was A born
  before B?" — the verb through ``[event_verbs]``; verbs that mean a thing
  came into being (established, formed, started, launched, …) compare on
  "founded".
* "Which band has more members, A or B?" → "number of members" (``more`` /
  ``fewer`` + a plural noun counts it); "Which city has the larger
  population, A or B?" → "population" (the noun itself).
* "Were A and B of the same nationality?", "Are A and B from the same
  country?" → the noun after "same".
* "Are both A and B …?", "Are A and B both …?" — the complement decides:
  a demonym (a capitalised word in ``[demonyms]`` or ending in -an, -ian,
  -ese, -ish, -i) → "nationality"; a job noun (``[occupation_nouns]``) →
  "occupation" (both when both occur: "American film directors");
  "<verb> by …" → the agent of ``[agent_verbs]`` ("made by Apple" → manufacturer);
  "located/based in …", "in …", "from …" → "location"; a phrase in
  ``[complements]`` → its dimension ("open source" → license); otherwise
  **the complement's head word**, singular: its last word ("rock bands" →
  "band", "still active" → "active").

One object:

* "When was X founded/established/born/released/built/elected?", "When did
  X die?", "What year was the album "X" released?" — the first lower-case
  ``[event_verbs]`` word after the object (an adverb such as "first" in front
  of it is skipped) gives the dimension: founded, established, formed,
  started, created, launched, incorporated, opened, born, died, released,
  published, aired, built (also constructed, erected, completed), elected,
  introduced — names the reader's lexicon knows.
* "What/Who is the D of X?" ("What is the population of X?", "Who is the
  architect of X?", "What is the genre of the film X?"); "Who was X's
  father?", "What is X's profession?" → D.
* "Who directed the film "X"?" → director, through ``[agent_verbs]`` (wrote →
  author, designed → architect, composed → composer, …).
* "Who is the D in/associated with X?" ("Who is the main character in X?",
  "Who is the band associated with the album "X"?") → D.
* "What license does A use?", "Which license is A released under?", "What
  sport is X associated with?", "What sport did X play?", "What country is X
  from?", "What political party does X belong to?", "What state is X located
  in?" → the noun phrase after What/Which; "Under which license is A
  released?" → license.
* "Where is X located?" → location ("Where was X born?", "In what city was X
  born?" → birthplace); "In which state is X located?" → state; "X was formed
  in which country?" → country ("… in which year?" → the verb: formed).
* "X >> relation" (MuSiQue's decomposition form) → object X, dimension relation.

wh + auxiliary + subject + predicate, when no shape above reads the verb (tried last):

* "When was X held?", "When was X confirmed by the Senate?", "When did X become
  Grand Duke of Tuscany?", "What year did X take place?" → the subject is the
  shortest leading name that reads strictly and is followed by a verb (a
  participle after was/has, any word after did); the dimension is the verb's
  ``[event_verbs]`` entry, else "date". "When was the construction of X
  started?" → the event noun's ``[event_nouns]`` entry (construction → built).
* "When did X begin his professional career?", "… start playing for Y?", "…
  make his debut?" → career start (a player's debut, not a founding).
* "Where was X primarily active in his career?" → location (born →
  birthplace, buried → burial place).
* "What war did X end?" → war; "What type of aircraft was involved in X?" →
  type of aircraft; "What gender is the student body of X?" → gender; "What is
  the state where X was born?" → state (city/town/place → birthplace); "What
  is another common name for X?" → common name.
* "What is "X"?" → definition; "Who was X?" → occupation (X must be a name:
  "What is love?" stays unreadable).
* "1st arrondissement is located in which city?", "487th refers to which type
  of unit?" → the subject before the predicate, the noun after which/what.

A quoted title inside a longer description is the object ("the main song in the
"Footloose" soundtrack" → Footloose); lower-case words between an article and a
name describe it ("the plant species Aiea" → Aiea); a disambiguation in
parentheses is dropped ("Arteaga (footballer)" → Arteaga); a type word after
the name ("the Salt Road album") and an organisation after "in the" ("Admiral
Morgan in the United States Navy") are not the name; "Hajin/Nor Hachn" is a
name and an alias (`object_entry`).

Object names: surrounding whitespace, quotes and closing punctuation are
stripped; a lower-case leading article ("the", "a", "an") is dropped with a
type word that follows it ("the album "X"" → X; ``[type_words]``) — the type
word is **not** kept as an alias, because an alias is a name pages must use
and "the album X" is not one; the question keeps it for queries and models.
A capitalised "The" is part of a name and kept ("The Beatles"). In "the D of
X", a comma list without and/or is one name ("Lawrence, Wisconsin") and an
appositive after it (", the retired teacher …") is dropped.  The same object
twice, or an empty name, is refused by the contract's own validation.

Dimension names and their kinds are the contract's business (`DimensionSpec`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .errors import ContractError

__all__ = ["MissingDimension", "QuestionReading", "UNREADABLE", "object_entry", "read_question"]

UNREADABLE = (
    "could not read objects and dimensions from the question; phrase it as "
    "\"Compare A, B and C on X and Y\", pass --object/--dimension, or give --contract FILE.toml"
)


class MissingDimension(ContractError):
    """The question names objects but nothing that decides between them."""

    def __init__(self, message: str, objects: list[str]) -> None:
        super().__init__(message)
        self.objects = objects


class _NoMatch(Exception):
    """A shape's pattern matched but its parts do not read: the next shape is tried."""


@dataclass(frozen=True)
class QuestionReading:
    shape: str
    """Which shape read the question (for tests and traces)."""
    objects: list[str]
    dimensions: list[str]


@dataclass(frozen=True)
class _Words:
    comparatives: dict[str, str]
    comparatives_people: dict[str, str]
    event_verbs: dict[str, str]
    event_nouns: dict[str, str]
    how_adjectives: dict[str, str]
    order_as_founded: frozenset[str]
    agent_verbs: dict[str, str]
    type_words: tuple[str, ...]
    person_nouns: frozenset[str]
    occupation_nouns: frozenset[str]
    demonyms: frozenset[str]
    complements: dict[str, str]
    trailing_nouns: frozenset[str]


@cache
def words() -> _Words:
    """The word tables of ``question_words.toml`` (read once)."""
    raw = tomllib.loads(Path(__file__).with_name("question_words.toml").read_text(encoding="utf-8"))
    return _Words(
        comparatives=raw["comparatives"],
        comparatives_people=raw["comparatives_people"],
        event_verbs=raw["event_verbs"],
        event_nouns=raw["event_nouns"],
        how_adjectives=raw["how_adjectives"],
        order_as_founded=frozenset(raw["order_as_founded"]["words"]),
        agent_verbs=raw["agent_verbs"],
        type_words=tuple(sorted(raw["type_words"]["words"], key=len, reverse=True)),
        person_nouns=frozenset(raw["person_nouns"]["words"]),
        occupation_nouns=frozenset(raw["occupation_nouns"]["words"]),
        demonyms=frozenset(raw["demonyms"]["words"]),
        complements=raw["complements"],
        trailing_nouns=frozenset(raw["trailing_nouns"]["words"]) | frozenset(raw["type_words"]["words"]),
    )


# ------------------------------------------------------------------ names

_LIST_SPLIT = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,|\s+and\s+|\s+or\s+|\s*&\s*)\s*", re.I)
_OBJ_SPLIT = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,|\s+and\s+|\s+or\s+|\s*&\s*|\s+(?:vs\.?|versus)\s+)\s*", re.I)
_CONJUNCTION = re.compile(r"\s(?:and|or|vs\.?|versus)\s|&", re.I)
_EDGE = " \t.,;:!?\"'“”‘’`"
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")  # lower case only: a capital "The" belongs to the name
_APPOSITIVE = re.compile(r",\s+(?:the|a|an)\s+[a-z].*$")


_QUOTED = re.compile(r"\"[^\"]+\"|“[^”]+”")
_TITLED = re.compile(r"(?:(?:the|a|an)\s+)?(?:[a-z]+\s+){0,4}[\"“](?P<t>[^\"”]+)[\"”](?:\s+[a-z]+){0,2}")


# a qualifier of the question, not of the name: "Furna according to the 2010 census", "Kaliganj Upazila
# according to the 1991 Bangladesh census", "Riceville as of 2010"
_QUALIFIER = re.compile(r"\s+(?:according to|as of|as per|in the \d{4} census|at the \d{4} census)\b.*$", re.I)


_WORK_WORDS = frozenset({"album", "single", "song", "film", "movie", "novel", "book", "race", "tournament", "game", "video"})


def object_entry(name: str) -> str | dict[str, object]:
    """An object for the contract: "Hajin/Nor Hachn" is one place under two names (name + alias); a pair
    with a part under five letters ("AC/DC", "TCP/IP Stack") is one name."""
    parts = name.split("/")
    if len(parts) == 2 and all(len(re.sub(r"\W", "", p)) >= 5 and _namey(p.strip()) for p in parts):
        return {"name": parts[0].strip(), "aliases": [parts[1].strip()]}
    return name


def clean_object(text: str) -> str:
    """An object name as the question gives it, less quotes, articles, a type word and a qualifier."""
    text = _QUALIFIER.sub("", text)
    title = _QUOTED.fullmatch(text.strip(" \t.,;:!?")) or _TITLED.fullmatch(text.strip(" \t.,;:!?"))
    if title:  # 'the "Classic Hits" album': the quoted title is the name
        return title["t"].strip(_EDGE) if "t" in title.groupdict() else title[0].strip(_EDGE)
    name = text.strip(_EDGE)
    article = _ARTICLE.match(name)
    if article:
        name = name[article.end():]
        # "the Rage Against the Machine album", "the New England 200 race": a type word after the name
        tail = name.rsplit(" ", 1)
        if len(tail) == 2 and tail[1] in _WORK_WORDS and _namey(tail[0].split()[-1]) and tail[0].split()[-1] not in ("TV",):
            name = tail[0]
    for type_word in words().type_words:
        rest = name[len(type_word):]
        # only a lower-case type word is one: "Lake Tana" and "Arthur's Magazine" are names
        if name.startswith(type_word) and rest[:1] == " " and rest.strip(_EDGE):
            name = rest
            break
    return name.strip(_EDGE)




_PAIR_SPLIT = re.compile(r"\s*(?:,\s*or\s+|,|\s+or\s+|\s+(?:vs\.?|versus)\s+)\s*", re.I)


def _pair(text: str) -> list[str]:
    """Objects of an "A or B" question: "and" and "&" stay inside names ("Procter and Gamble")."""
    return _objects(text, _PAIR_SPLIT)


def _objects(text: str, splitter: re.Pattern[str] = _OBJ_SPLIT) -> list[str]:
    # a quoted title is one name even when it holds "and" or a comma ("Flesh and Bone")
    quoted: list[str] = []

    def hold(m: re.Match[str]) -> str:
        quoted.append(m[0])
        return f"\x00{len(quoted) - 1}\x00"

    held = _QUOTED.sub(hold, text.strip())
    parts = [re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m[1])], p) for p in splitter.split(held)]
    return [o for o in (clean_object(p) for p in parts) if o]


def _one_or_list(text: str) -> list[str]:
    """Objects after "the D of": a list only when a conjunction joins them."""
    if _CONJUNCTION.search(_QUOTED.sub("", text)):
        return _objects(text)
    one = clean_object(_APPOSITIVE.sub("", text))
    return [one] if one else []


def _dims(text: str) -> list[str]:
    return [p for p in (p.strip(" .\"'") for p in _LIST_SPLIT.split(text.strip())) if p]


def _singular(word: str) -> str:
    w = word.lower()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if re.search(r"(?:ss|x|z|ch|sh)es$", w):
        return w[:-2]
    if w.endswith("s") and not re.search(r"(?:ss|us|is)$", w) and len(w) > 3:
        return w[:-1]
    return w


# -ian, -ean, -can, -kan, -ese, -ish, -ani, -aqi, -eli: endings of demonyms and rarely of surnames ("Ryan")
_DEMONYM_END = re.compile(r"(?:ian|ean|can|kan|ese|ish|ani|aqi|eli)$")


def _is_demonym(word: str) -> bool:
    return word[:1].isupper() and (word in words().demonyms or _DEMONYM_END.search(word) is not None)


# ------------------------------------------------------------------ deciders


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


# ------------------------------------------------------------------ shapes

Handler = Callable[[re.Match[str]], QuestionReading]


def _reading(shape: str, objects: list[str], dimensions: list[str], at_least: int = 1) -> QuestionReading:
    if len(objects) < at_least or not dimensions:
        raise _NoMatch(shape)
    return QuestionReading(shape, objects, dimensions)


def _compare(m: re.Match[str]) -> QuestionReading:
    return _reading("compare", _objects(m["objs"]), _dims(m["dims"]))


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
    """ "When was the Los Angeles Olympics held?", "When did Cosimo de' Medici become Grand Duke of Tuscany?",
    "When was the construction of the Time-Life Building started?": the event's own dimension when its verb
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

_CONNECTORS = frozenset(
    "of the and de da di del der des du la le van von y und for in on at a an to with & 's".split()
)
_CLAUSE_WORDS = frozenset("where who whom which that whose when while was were is are".split())


def _namey(token: str) -> bool:
    """A token that can be part of a name: capitalised, a number, or camel case ("iSpring")."""
    return token[:1].isupper() or token[:1].isdigit() or token != token.lower()


def _name(raw: str, strict: bool = True) -> str:
    """`raw` as an object name, or `_NoMatch` when it reads as a clause, not a name.

    Strict (the one-object shapes): capitalised words and digits joined by small connectors,
    perhaps ending in two common nouns ("Poplar station"), or a quoted title.  Lenient ("the D
    of X", "X >> D"): no relative-clause word ("where", "who", "that", "was", …) and no
    lower-case start — so "the D of X" keeps today's "Quarry Analytics dashboards" while "the
    city where X was born" is not an object.
    """
    name = clean_object(raw)
    tokens = name.split()
    if not tokens:
        raise _NoMatch("name")
    if any(q in raw for q in "\"“”"):
        return name
    if strict:
        # a name, perhaps followed by up to two common nouns ("Poplar station", "Danger Mouse TV series")
        core, tail = (tokens[:-2], tokens[-2:]) if len(tokens) > 2 else (tokens[:1], tokens[1:])
        ok = (
            tokens[0] not in _CONNECTORS
            and all(_namey(t) or t.rstrip("'’") in _CONNECTORS for t in core)
            and all(_namey(t) or t.rstrip("'’") in _CONNECTORS or t in words().trailing_nouns for t in tail)
        )
    else:
        ok = not any(t in _CLAUSE_WORDS for t in tokens) and (not tokens[0][:1].islower() or tokens[0] != tokens[0].lower())
    if not ok:
        raise _NoMatch("name")
    return name


_I = re.IGNORECASE
_ON = r"(?:on|by|in terms of|regarding|for|across|with respect to)"
_BE = r"(?:is|was|are|were)"
_TAIL = (
    r"(?:(?:mainly|primarily|mostly|usually)\s+)?(?:associated with|belongs? to|belonged to|play(?:s|ed)?|uses?|used|"
    r"ha(?:ve|s|d)|(?:released|licensed|distributed|available|published|offered) under|under|written in|implemented in|"
    r"affiliated with|(?:a )?member of|(?:a )?part of|represent(?:s|ed)?|speak|spoke|runs? on|supports?|compete[sd]? in|follows?|"
    r"known for|signed to|based on|named after|part of|(?:located|situated|based|headquartered)(?: in)?|specializes? in|"
    r"speciali[sz]ed in|play(?:s|ed)? in|from|in)"
)
_ROLE = r"(?P<dim>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"

SHAPES: tuple[tuple[re.Pattern[str], Handler], ...] = (
    # today's shapes, read exactly as before (tests/test_questions.py holds every evalset question to it)
    (re.compile(rf"^compare\s+(?P<objs>.+?)\s+{_ON}\s+(?P<dims>.+?)$", _I), _compare),
    (re.compile(r"^(?P<objs>.+?\s+(?:vs\.?|versus)\s+.+?)\s+(?:for|on|in terms of|regarding|by)\s+(?P<dims>.+?)$", _I), _compare),
    (re.compile(r"^which\s+of\s+(?P<objs>.+?)\s+(?:has|have|offers?|gives?|is)\s+(?:the\s+)?(?:best|lowest|highest|most|least"
                r"|cheapest|fastest|strongest)\s+(?P<dims>.+?)$", _I), _compare),
    (re.compile(rf"^(?:what|who)\s+{_BE}\s+the\s+(?P<dims>.+?)\s+of\s+(?P<objs>.+?)$", _I), _what_of),
    # two or more objects and what decides between them
    (re.compile(r"^(?P<objs>.+?\s+(?:vs\.?|versus)\s+.+?)\s*:\s*(?P<rest>.+)$", _I), _vs_colon),
    (re.compile(r"^(?P<objs>.+?\s+or\s+.+?)\s*:\s*(?P<clause>(?:which|who)\b.+)$", _I), _clause_pair),
    (re.compile(r"^which\s+of\s+(?:the\s+two,?\s+)?(?P<objs>.+?)\s+(?P<clause>(?:is|was|are|were|has|had|have|came|costs?"
                r"|died)\b.+)$", _I), _which_of),
    (re.compile(r"^(?P<clause>(?:which|who)\b[^,:]+?)\s*[,:]\s*(?P<objs>.+?\s+or\s+.+)$", _I), _clause_pair),
    (re.compile(r"^(?i:is|was|are|were)\s+(?P<a>.+?)\s+(?P<adj>(?:more|less)\s+[a-z]+|[a-z]+er)\s+than\s+(?P<b>.+)$"), _than),
    (re.compile(r"^(?i:was|were|is|are)\s+(?P<a>.+?)\s+(?P<verb>[a-z-]+)\s+(?:before|after|earlier than|later than)\s+"
                r"(?P<b>.+)$"), _before),
    (re.compile(r"^compare\s+(?P<objs>.+)$", _I), _no_dimension),
    (re.compile(r"^(?P<objs>[^:]+?\s+(?:vs\.?|versus)\s+[^:]+)$", _I), _no_dimension),
    (re.compile(r"^(?:are|were|is|was|do|did)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?:both\s+)?(?:(?:of|from|in|have|has|had|share"
                r"|shared|born in|play(?:ed)?)\s+)?(?:the\s+)?same\s+(?P<noun>[a-z][a-z -]*)$", _I), _same),
    (re.compile(r"^(?:are|were)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+both\s+(?P<comp>.+)$", _I), _both_middle),
    (re.compile(r"^(?:are|were)\s+(?:both\s+)?(?P<a>.+?)\s+and\s+(?P<rest>.+)$", _I), _both_split),
    # one object
    (re.compile(r"^when\s+(?:was|were|is|are|did|does|do|has|had)\s+(?P<rest>.+)$", _I), _event),
    (re.compile(r"^(?:in\s+)?(?:what|which)\s+(?:year|date|day|month|decade|century)\s+(?:was|were|is|are|did|does|do)\s+"
                r"(?P<rest>.+)$", _I), _event),
    (re.compile(r"^when\s+and\s+where\s+(?:was|were)\s+(?P<obj>.+?)\s+born$", _I), _single("when and where born", "born")),
    (re.compile(r"^how\s+many\s+(?P<noun>[a-z][a-z -]*?)\s+(?:are|were|is|was)\s+(?:there\s+)?(?:part\s+of|included\s+in|in|at"
                r"|on|within|located\s+in|listed\s+in)\s+(?P<obj>.+)$", _I), _how_many),
    (re.compile(r"^how\s+many\s+(?P<noun>[a-z][a-z -]*?)\s+(?:does|do|did)\s+(?P<obj>.+?)\s+(?:have|has|had|contain|include"
                r"|operate|run|own)$", _I), _how_many),
    (re.compile(r"^(?:which|what)\s+(?P<dim>line)\s+(?:is|was)\s+(?P<obj>.+?)\s+(?:a\s+)?station\s+on$", _I),
     _single("which line is X a station on")),
    (re.compile(r"^who\s+(?P<verb>[a-z-]+)\s+(?P<obj>.+)$", _I), _agent),
    (re.compile(rf"^(?:who|what)\s+{_BE}\s+(?P<obj>.+?)['’]s\s+(?P<dim>[a-z][a-z -]*)$", _I), _single("X's D")),
    (re.compile(rf"^(?:who|what)\s+{_BE}\s+the\s+(?P<dim>[a-z][a-z -]*?)\s+(?:associated with|performing in|behind"
                r"|responsible for|in)\s+(?P<obj>.+)$", _I), _single("the D in X")),
    (re.compile(r"^under\s+(?:what|which)\s+licen[cs]e\s+(?:is|was|are|were)\s+(?P<obj>.+?)\s+(?:released|licensed|distributed"
                r"|available|published|offered)$", _I), _single("under which license", "license")),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?i:does|do|did|is|was|are|were|has|have|had)\s+(?P<obj>.+?)\s+(?i:{_TAIL})$"),
     _single("what D does X")),
    # "What is Robin Wright known for?": what a person is known for is what they do
    (re.compile(r"^(?:what|who)\s+(?:is|was|are|were)\s+(?P<obj>.+?)\s+(?:(?:best|mainly|mostly|primarily|most)\s+)?known\s+for$",
                _I), _single("known for", "occupation")),
    (re.compile(r"^(?:who|whom)\s+(?:is|was|were)\s+(?P<obj>.+?)\s+(?:married|wed)\s+to$", _I), _single("married to", "spouse")),
    # "What does the term "Ibanag" refer to?", "What does the abbreviation "IGY" stand for?": what X is
    (re.compile(r"^what\s+(?:does|did|do)\s+(?:the\s+(?:term|word|name|abbreviation|acronym|title)\s+)?(?P<obj>.+?)\s+"
                r"(?:refer\s+to|stand\s+for|mean|denote|describe)$", _I), _single("what does X refer to", "definition")),
    # "2nd Duke of Newcastle, what year was he born?"
    (re.compile(r"^(?P<rest>[^,]+?),\s+(?:when|(?:in\s+)?(?:what|which)\s+(?:year|date))\s+(?:was|were|did)\s+(?:he|she|it|they)\s+"
                r"(?P<verb>[a-z-]+)$", _I), _topic_event),
    (re.compile(r"^where\s+(?:is|was|are|were)\s+(?P<obj>.+?)(?:\s+(?P<verb>located|situated|based|headquartered|found|published|printed|born"
                r"|buried))?$", _I), _where),
    (re.compile(rf"^in\s+(?:what|which)\s+(?P<dim>[a-z]+(?:\s+[a-z]+)?)\s+{_BE}\s+(?P<obj>.+?)(?:\s+(?P<verb>located|situated"
                r"|based|headquartered|found|born))?$", _I), _in_which),
    (re.compile(rf"^(?P<obj>.+?)\s+{_BE}\s+(?:(?P<verb>[a-z-]+)\s+)?(?:in|from|at)\s+(?:which|what)\s+"
                r"(?P<dim>[a-z]+(?:\s+[a-z]+)?)$", _I), _x_in_which),
    (re.compile(r"^(?P<obj>[^>]+?)\s*>>\s*(?P<dim>[^>]+)$"), _single("X >> D", strict=False)),
    # wh + auxiliary + subject + predicate, for verbs no shape above names
    (re.compile(r"^(?:when|(?:in\s+)?(?:what|which)\s+(?:year|date|day|month|decade|century))\s+"
                r"(?P<aux>was|were|is|are|did|does|do|has|had|have)\s+(?P<rest>.+)$", _I), _when_clause),
    (re.compile(r"^when\s+(?:is|was|are|were)\s+the\s+(?P<dims>[a-z][a-z -]*?)\s+of\s+(?P<objs>.+?)$", _I), _what_of),
    (re.compile(r"^where\s+(?P<aux>was|were|is|are|did|does|do)\s+(?P<rest>.+)$", _I), _where_clause),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?P<aux>does|do|did)\s+(?P<rest>.+)$"), _what_did),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?i:is|was|are|were)\s+(?P<part>[a-z-]+)\s+(?:in|to|by|at|on|for|with|from|into"
                r"|during|of)\s+(?P<obj>.+)$"), _what_was_done),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?i:is|was|are|were)\s+(?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?\s+of\s+"
                r"(?P<obj>.+)$"), _single("what D is the N of X")),
    (re.compile(r"^(?:what|which)\s+(?:is|was)\s+the\s+(?P<dim>[a-z]+(?:\s+[a-z]+)?)\s+(?:where|in which)\s+"
                r"(?P<rest>.+?)\s+(?P<aux>was|were|is|are)\s+(?P<verb>born|located|based|situated|founded|built)$", _I),
     _where_born),
    (re.compile(r"^(?:what|who)\s+(?:is|was)\s+(?:another|an?|the)\s+(?P<dim>[a-z][a-z -]*?)\s+for\s+(?P<obj>[^,&]+)$", _I),
     _single("the D for X")),
    (re.compile(rf"^(?P<wh>what|who)\s+{_BE}\s+(?P<obj>.+)$", _I), _what_is),
    (re.compile(rf"^how\s+(?P<adj>[a-z]+)\s+{_BE}\s+(?P<obj>.+)$", _I), _how_adjective),
    (re.compile(r"^how\s+many\s+(?:people|inhabitants|residents)\s+(?:live|lived|reside|resided)\s+in\s+(?P<obj>.+)$", _I),
     _single("how many people live in X", "population")),
    (re.compile(r"^how\s+did\s+(?P<obj>.+?)\s+die$", _I), _single("how did X die", "cause of death")),
    (re.compile(rf"^(?i:which|what)\s+{_ROLE}\s+(?P<verb>[a-z-]+)\s+(?:(?:through|into|in|at|on|near|across|along|for|over)\s+)?"
                r"(?P<obj>(?:the\s+)?[A-Z0-9\"“].*)$"), _what_did_to),
    (re.compile(r"^(?P<obj>[^\s?]+(?:\s+[^\s?]+)*?)\s+(?:[a-z-]+\s+){1,3}(?i:which|what)\s+(?P<dim>[a-z]+(?:\s+of\s+[a-z]+)?)"
                r"(?:\s+(?:is|was|are|were)\s+[a-z-]+)?$"), _x_which),
)


def read_question(question: str) -> QuestionReading:
    """Objects and dimensions of `question` by the first shape that reads it (see the module docstring).

    Raises `MissingDimension` when the objects are read but nothing decides the answer, and
    `ContractError` (today's message) when no shape reads the question.
    """
    body = question.strip().rstrip("?!. ")
    for pattern, handle in SHAPES:
        m = pattern.match(body)
        if m is None:
            continue
        try:
            return handle(m)
        except _NoMatch:
            continue
    raise ContractError(UNREADABLE)
