"""Nationalities from demonyms and country names: "American", "British", "from Canada".

The canonical form is the country's name from `demonyms.tsv` ("American" → "United States").
A compound "English-American" or "German-born American" is one value: canonical is the last
part (the nationality: "United States") and the first part is the qualifier ("origin England",
"born in Germany"), so "American" and "English-American" agree on nationality, and a reader
that needs the origin still has it.  A demonym naming a language ("French-language", "Polish:",
"the English language") is not a nationality.  A country name counts only after "from", "citizen of",
"native of" or "born in" — "Canada" alone is a place, not a nationality; `countries_named` gives every
country a sentence names, for a dimension that asks where something is ("a lake in Oregon, United States").
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from ._value import Value, per_sentence


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], dict[str, str], re.Pattern[str], re.Pattern[str]]:
    demonyms: dict[str, str] = {}
    countries: dict[str, str] = {}
    text = resources.files(__package__).joinpath("demonyms.tsv").read_text(encoding="utf-8")
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        country = cols[0]
        for d in cols[1].split(","):
            demonyms[d.strip()] = country
        for name in [country, *(cols[2].split(",") if len(cols) > 2 else [])]:
            countries[name.strip()] = country
    dem = "|".join(re.escape(d) for d in sorted(demonyms, key=len, reverse=True))
    cty = "|".join(re.escape(c) for c in sorted(countries, key=len, reverse=True))
    demonym_re = re.compile(
        rf"(?<![\w-])(?P<a>{dem})(?:(?P<join>-born\s+|-)(?P<b>{dem}))?(?P<born>-born)?(?![\w])(?![\s-]+language|\s*:)"
    )
    country_re = re.compile(
        rf"\b(?P<cue>from|citizen of|native of|national of|born in)\s+(?:the\s+)?(?P<c>{cty})(?![\w])"
    )
    return demonyms, countries, demonym_re, country_re


@per_sentence
def nationalities(sentence: str) -> list[Value]:
    """Every nationality the sentence states, in text order."""
    demonyms, countries, demonym_re, country_re = _tables()
    found: list[Value] = []
    for m in demonym_re.finditer(sentence):
        a = demonyms[m["a"]]
        qualifier: str | None
        if m["b"]:
            origin = "born in" if "born" in m["join"] else "origin"
            canonical, qualifier = demonyms[m["b"]], f"{origin} {a}"
        else:
            canonical, qualifier = a, ("born" if m["born"] else None)
        found.append(Value("nationality", canonical, m.group(0), m.start(), m.end(), qualifier=qualifier))
    for m in country_re.finditer(sentence):
        found.append(Value("nationality", countries[m["c"]], m["c"], m.start("c"), m.end("c"),
                           qualifier="born" if m["cue"] == "born in" else None))
    return sorted(found, key=lambda v: v.start)


@per_sentence
def countries_named(sentence: str) -> list[Value]:
    """Every country the sentence names as a location ("in Canada", "Oregon, United States"), in text order,
    canonical as `nationalities` gives it: where a thing is, not what a person is."""
    countries = _tables()[1]
    found = [("c" if m["c"] else "p", m) for m in _country_names().finditer(sentence)]
    return [Value("nationality", countries[m[g]], m[g], m.start(g), m.end(g)) for g, m in found]


@lru_cache(maxsize=1)
def _country_names() -> re.Pattern[str]:
    """A country as the last part of a location: "in (the) <country>", "<place>, <country>", a part of it ("the
    west coast of <country>", "a province of <country>") or its possessive ("<country>'s largest port")."""
    names = "|".join(re.escape(c) for c in sorted(_tables()[1], key=len, reverse=True))
    return re.compile(rf"(?:\b(?:in|of)\s+(?:the\s+)?|,\s+)(?P<c>{names})(?![\w-])|(?<![\w-])(?P<p>{names})(?=['’]s\b)")
