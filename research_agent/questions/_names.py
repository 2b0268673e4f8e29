"""Object names in a question: splitting lists, cleaning articles, quotes and type words, telling a name from a clause."""

from __future__ import annotations

import re

from ._base import _NoMatch, words


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
        # only a lower-case type word is one: "Lake Orrin" and "Harbour Magazine" are names
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

