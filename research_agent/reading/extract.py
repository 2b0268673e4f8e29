"""Extraction: from one opened page to findings for the open cells.

For each sentence (segmented so that initials and abbreviations survive) and
each target cell `object × dimension`:

1. **relevance** — the sentence carries a cue of the dimension: the
   contract's keywords or the lexicon family's cue words (lemma-tolerant
   regexes); some families need no cue when the value kind itself answers the
   dimension (a demonym for nationality, an SPDX id for license);
2. **values** — the values of the dimension's kind in the sentence
   (`reading.values`); for phrase kinds the family's patterns or vocabulary;
3. **attribution** — each value must belong to the cell's object
   (`reading.attribution`): the sentence names it, or refers to it while the
   page is about it, and no other named entity is the subject of the value's
   clause;
4. **governance** — among the object's values, the one the cue governs (the
   first after the cue in the clause, else the nearest before).

One finding per cell and page: the best-supported sentence wins (named
mention over reference, a cue over none, earlier over later).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Sequence

from ..contract import DimensionSpec, ObjectSpec
from .attribution import _descriptor  # noqa: F401 - shared rule: demonyms are not names
from .attribution import (
    Attribution, EntityMention, Named, Subjects, attribute, mask_parentheses, mentions, page_subject, page_vocabulary,
    names_only, sentence_subject,
)
from .acronyms import expansions, is_acronym
from .dimensions import Profile, fitting, head_units, infer_profile, meaning, profile_of, told_apart, unit_of, with_counted_noun
from .lexicon import Family, compiled_patterns, cue_pattern
from .phrases import modifies_a_prepositional_object
from .readings import Reading, Target
from .gates import refusal as gate_refusal, title_only
from .polarity import asserted
from .segment import split_sentences
from .site import makers_site, own_site, site_subject
from .codes import coded_values
from .premodifier import measured_before_head
from .columns import column_readings
from .features import feature_values
from .echo import echo_readings, echoed, outranked
from .headings import heading_split
from .asked import question_before
from .sections import cued_by, headings_over
from .tables import headed_rows, label_readings, squash, table_readings
from .governed import NOUN_AFTER, governed, selected
from .values import Value, countries_named, find_values, measured_canonical

__all__ = ["Reading", "Target", "read_page", "dimension_profile", "value_in"]

_UNNAMED = frozenset({"reference", "fragment"})
_FIRST_PERSON = re.compile(r"\s*(?:we|our|us)\b", re.I)
_HOW_RANK = {"name": 0, "alias": 0, "variant": 1, "model": 1, "word": 1, "short": 1, "reference": 2, "fragment": 3, "title": 4, "carried": 4, "partial": 5}
_VAGUE = frozenset({"source-available", "open source", "open-source", "copyleft", "permissive", "free software"})
"""Category words a more specific value on the same page outranks ("source-available" vs "BUSL-1.1")."""
_CURRENCIES = frozenset({"usd", "eur", "gbp", "jpy", "$", "€", "£", "chf", "cad", "aud", "inr"})


def dimension_profile(dim: DimensionSpec) -> Profile:
    """The reader's profile of a dimension: the kind and cues its name's meaning gives (`reading.dimensions`)."""
    return profile_of(dim.keywords, dim.kind, meaning(dim.name))


# ----------------------------------------------------------------- values


def _phrase_values(sentence: str, prof: Profile, dim: DimensionSpec) -> list[Value]:
    fam = prof.family
    out: list[Value] = []
    if fam is not None and fam.patterns:
        for pat in compiled_patterns(fam):  # most specific first: the first pattern that matches decides
            for m in pat.finditer(sentence):
                v = _trim_name(m.group("v"))
                if prof.kind == "person" and _descriptor(v.split()[0]):
                    continue  # "the American post-hardcore band Quicksand": a demonym is not the name
                if len(v) >= 2:
                    out.append(Value("text", _canon_text(v), v, m.start("v"), m.start("v") + len(v)))
            if out:
                break
    elif fam is not None and fam.vocabulary:
        low = sentence if fam.case_sensitive else sentence.lower()
        hits: list[Value] = []
        forms = [(w if fam.case_sensitive else w.lower(), w.lower()) for w in fam.vocabulary] + list(fam.word_forms)
        plural = "" if fam.case_sensitive else "s?"
        for word, canon in sorted(forms, key=lambda f: len(f[0]), reverse=True):
            for m in re.finditer(r"(?<![\w-])" + re.escape(word) + plural + r"(?![\w+#]|-(?!language\b))", low):
                if any(h.start <= m.start() < h.end for h in hits):
                    continue
                end = m.end()
                if fam.name == "language" and (tail := re.match(r"[- ]language\b", sentence[end:])):
                    end += tail.end()  # "a Punjabi-language film": shown as written
                hits.append(Value("text", canon, sentence[m.start():end], m.start(), end))
        out = sorted(hits, key=lambda v: v.start)
    elif prof.kind == "phrase":
        out = _complement(sentence, fam.name if fam else dim.name)
    return out


_COPULA = re.compile(
    r"\b(?:is|was|are|were|works as|worked as|served as|became)\s+(?:(?:the\s+(?:title|name)\s+of\s+)?(?:an?|the|one of the)\s+)?", re.I
)
"""A copula and its article; "is the title of a studio album" is "a studio album"."""
_DROP = re.compile(
    r"^(?:(?:\d{4}s?|former|retired|professional|famous|well-known|noted|leading|renowned|award-winning|prolific|first|"
    r"[A-Z][a-z]+-born|"
    r"[A-Z][a-z]+(?:-[A-Z][a-z]+)*n|[A-Z][a-z]+(?:ish|ese|ian|an|i|ic))\s+)+"
)
_PHRASE_END = re.compile(
    r"\s*(?:[,;(]|(?<![\w-])(?:who|which|that|whose|known|best|from|born|based|with|for|of|in|by|at|on|starring|featuring|"
    r"released|directed|written|produced|located|founded|formed|created|to|and\s+(?:is|was|has|had))\b|$)"
)
_GENRE_HEADS = re.compile(r"\s+(?:film|movie|album|novel|song|single|series|game|video game|television series|play|musical|band|EP)\b.*$", re.I)


def _complement(sentence: str, family: str) -> list[Value]:
    masked = mask_parentheses(sentence)
    m = _COPULA.search(masked)
    if family == "occupation":  # "was a barrister", "became mayor"; not "was allegedly murdered", "was responsible for"
        m = next((c for c in _COPULA.finditer(masked) if not re.match(r"(?:is|was|are|were)\s+$", c.group(0), re.I)), None)
    if family == "definition":  # "was founded in 1869 and is the oldest chess club": the copula with an article
        m = next((c for c in _COPULA.finditer(masked) if re.search(r"\b(?:an?|the)\s+$", c.group(0), re.I)), None)
    if not m:
        return []
    rest = sentence[m.end():]
    skip = 0
    while True:  # leading years, demonyms ("South Korean", "English-American") and stock adjectives
        lead = _DROP.match(rest[skip:])
        nat = [v for v in find_values(rest[skip:skip + 40], "nationality") if v.start == 0]
        step = max(lead.end() if lead else 0, (nat[0].end + len(rest[skip + nat[0].end:]) - len(rest[skip + nat[0].end:].lstrip())) if nat else 0)
        if step == 0:
            break
        skip += step
    body = rest[skip:]
    end = _PHRASE_END.search(body)
    phrase = body[: end.start()] if end else body
    key = phrase
    if family == "genre":
        key = _GENRE_HEADS.sub("", phrase)  # "action-comedy film": compared as "action-comedy", shown as written
    elif family == "occupation" and re.fullmatch(r"[a-z-]+\s+and\s+[a-z-]+", phrase.strip()):
        key = phrase.split()[0]  # "actress and director": compared on the first of two, shown as written
    phrase = phrase.strip(" ,.;:")
    if not phrase or len(phrase) > 80 or not re.search(r"[a-z]", phrase):
        return []
    start = m.end() + skip
    if family == "definition" and not re.search(r"\b(?:an?|the)\s+$", m.group(0), re.I):
        return []  # "is collected in …", "was 12": a definition names a kind of thing, with its article
    if family == "definition" and not skip and (art := re.search(r"\b(?:an?|the)\s+$", m.group(0), re.I)):
        start = m.start() + art.start()  # "is a butterfly zoo": what it is, with its article, as written
        phrase = sentence[start:m.end()] + phrase
    return [Value("text", _canon_text(key), phrase, start, start + len(phrase))]


_KEEP_DOT = frozenset({"jr.", "sr.", "st.", "inc.", "ltd.", "co.", "corp.", "bros."})


def _trim_name(v: str) -> str:
    v = v.strip(" ,;:'\"’")
    v = re.sub(r"['’]s$", "", v)
    last = v.split()[-1].lower() if v.split() else ""
    if v.endswith(".") and last not in _KEEP_DOT and len(last) > 2:
        v = v[:-1]
    return v


def _canon_text(v: str) -> str:
    return " ".join(re.findall(r"[\w'’-]+", v.lower().replace("’", "'"))).strip()


def _free_text(sentence: str, dim: DimensionSpec) -> list[Value]:
    """An unknown dimension's value: the phrase after "<keyword> is/are/was/of", cut at the clause's end."""
    out = []
    for kw in dim.keywords:
        for m in re.finditer(re.escape(kw) + r"(?:\s+(?:is|are|was|were|of)|\s*:)\s+(?P<v>(?:[^.;,()]|(?<=\d)[.,](?=\d)){2,60})", sentence, re.I):
            v = re.split(r"\s+(?:limited|because|which|while|whereas|but|due|thanks|as of|according)\b", m["v"])[0].strip()
            if v:
                out.append(Value("text", measured_canonical(v) or _canon_text(v), v, m.start("v"), m.start("v") + len(v)))
    return sorted(out, key=lambda v: v.start)


def _enum_values(sentence: str, dim: DimensionSpec) -> list[Value]:
    low = sentence.lower()
    hits = []
    for v in dim.values:
        m = re.search(r"(?<![\w-])" + re.escape(v.lower()) + r"(?![\w-])", low)
        if m:
            hits.append((m.start(), m.end(), v))
    if not hits:
        return []
    neg = re.search(r"\b(?:not|no|never|doesn't|does not|don't|do not|cannot|can't|isn't|is not|lacks|without)\b", low)
    if neg and neg.start() < min(h[0] for h in hits):
        return []
    hits.sort()
    labels = sorted({h[2].lower() for h in hits})
    return [Value("enum", "+".join(labels), ", ".join(h[2] for h in hits), hits[0][0], hits[-1][1])]


def _numeric_kind(dim: DimensionSpec) -> tuple[str, ...]:
    unit = (dim.unit or "").lower()
    if unit in _CURRENCIES:
        return ("money",)
    if unit:
        return ("quantity",)
    return ("quantity", "money")


def values_for(sentence: str, prof: Profile, dim: DimensionSpec) -> list[Value]:
    try:
        return _values_for(sentence, prof, dim)
    except ValueError:  # a contract unit the recognisers do not know: compare as written
        return _values_for(sentence, prof, dim.model_copy(update={"unit": None}))


def _values_for(sentence: str, prof: Profile, dim: DimensionSpec) -> list[Value]:
    kind = prof.kind
    if kind == "enum":
        return _enum_values(sentence, dim)
    if kind in ("person", "place", "words", "phrase"):
        return _phrase_values(sentence, prof, dim)
    if kind == "number":
        out: list[Value] = []
        for k in _numeric_kind(dim):
            out += find_values(sentence, k, unit=dim.unit)
        return sorted(out, key=lambda v: v.start)
    if kind == "text":
        named = _phrase_values(sentence, prof, dim) if prof.family is not None and prof.family.patterns else []
        return named or _free_text(sentence, dim) or feature_values(sentence, dim.name)
    if kind == "nationality" and prof.family is not None and prof.family.name == "country":
        # a place's country is the country its definition puts it in ("X is a lake in Oregon, United States");
        # elsewhere a country named is where something happened, not what the object is
        found = find_values(sentence, kind, unit=dim.unit)
        window = _definition_window(sentence)
        placed = [c for c in countries_named(sentence) if window and window[0] <= c.start < window[1]]
        return sorted(found + [c for c in placed if not any(v.start <= c.start < v.end for v in found)],
                      key=lambda v: v.start)
    if kind == "date":
        out = []
        for v in find_values(sentence, kind, unit=dim.unit):
            if not (out and out[-1].start <= v.start < out[-1].end):  # the end of a range already read
                out.append(_as_range(sentence, v))
        return out
    return [with_counted_noun(sentence, v, prof.meaning) for v in fitting(prof.meaning, find_values(sentence, kind, unit=dim.unit), sentence)]


_YEAR_RANGE = re.compile(r"\s*[-–]\s*(\d{4}|\d{2})(?![\d-])")


def _as_range(sentence: str, v: Value) -> Value:
    """ "Built in 1810-11", "between 1861–1862": a year range is compared on its first year, shown as written."""
    if not re.fullmatch(r"\d{4}", v.display):
        return v
    m = _YEAR_RANGE.match(sentence, v.end)
    if not m:
        return v
    end_year = int(m[1]) if len(m[1]) == 4 else int(v.display[:2] + m[1])
    if not int(v.display) < end_year <= int(v.display) + 30:
        return v
    lead = re.search(r"\bbetween\s+$", sentence[max(0, v.start - 12):v.start], re.I)  # "between 1861–1862", as written
    start = v.start - (len(lead[0]) if lead else 0)
    return Value(v.kind, v.canonical, sentence[start:m.end()], start, m.end(), v.number, v.unit, v.qualifier)


def value_in(text: str, dim: DimensionSpec) -> Value | None:
    """The first value of the dimension's kind in `text` (for a value a model wrote)."""
    prof = dimension_profile(dim)
    vals = values_for(text, prof, dim)
    if not vals and prof.kind in ("person", "place", "words", "phrase", "text"):
        t = text.strip()
        return Value("text", _canon_text(t), t, 0, len(t)) if t else None
    return vals[0] if vals else None


# ----------------------------------------------------------------- reading


def _lifespan(sentence: str, ents: list[EntityMention], obj: str, which: str) -> tuple[Value, EntityMention, bool] | None:
    """ "Name (1964 – 9 September 2014)": the first date is the birth, the second the death."""
    for e in ents:
        if e.obj != obj:
            continue
        # "Thomas Belasyse, 1st Earl Fauconberg PC (c. 1627 – 31 December 1700)": a title between name and span;
        # "{'1': …}" before the parenthesis is markup debris; post-nominal letters belong to the name ("… MBE (")
        m = re.match(r"(?:\s+(?:[A-Z]{2,5}|[JS]r\.?)(?![\w.]))*(?:,\s+(?:[A-Z0-9][\w'’.-]*(?:\s+(?:of|de|von|the|and|upon|under)\b)?[\s,-]*){1,12}?)?\s*(?:\{[^{}]*\}\s*)?"
                     r"\(([^()]{4,80})\)", sentence[e.end:])
        if not m or not re.search(r"[–—-]|\bto\b", m.group(1)):
            continue
        offset = e.end + m.start(1)
        dates = [v for v in find_values(m.group(1), "date") if v.kind == "date"]
        if len(dates) >= 2:
            v = dates[0] if which == "born" else dates[1]
            value = Value(v.kind, v.canonical, v.display, v.start + offset, v.end + offset, v.number, v.unit, v.qualifier)
            return value, e, m.group(0).lstrip().startswith(",")
    return None


def read_sentence(
    sentence: str, ents: list[EntityMention], target: Target, named: Sequence[Named], discourse: Subjects, prof: Profile,
    asked: bool = False,
) -> Reading | None:
    cue, fam = prof.cues.search(sentence), prof.family
    unit = head_units(prof.meaning) if not target.dim.unit else frozenset()
    if (expanded := _acronym_reading(sentence, target, fam)) is not None:
        return expanded
    found = _lifespan(sentence, ents, target.obj.name, fam.name) if fam is not None and fam.name in ("born", "died") else None
    if found is not None and not cue and (life := _lifespan_reading(sentence, ents, target, named, discourse, found)):
        return life
    if cue is None and prof.kind == "money" and fam is not None and fam.name == "price":
        cue = _RATE.search(sentence)  # "$12/user/mo" answers a price by itself
    coded = cue is None and prof.kind == "text" and prof.family is None and not prof.cue_optional and not asked
    vals = values_for(sentence, prof, target.dim) if cue is not None or prof.cue_optional or unit or asked else []
    if coded:
        vals = _unknown_kind_values(sentence, ents, target.dim.name)
    if unit:  # a quantity in another unit is not this one; one in the head's own unit names it ("weighs 21.4 kg")
        vals = [v for v in vals if unit_of(v) in unit]
    unit_cued = cue is None and (bool(unit) and prof.by_head or coded or asked) and bool(vals)
    if cue is None and not prof.cue_optional and not unit_cued:
        return None
    if prof.kind == "count":
        vals = [v for v in vals if not re.search(r"%|percent", v.display, re.I)]
    if cue is None and not unit_cued:
        # no cue word: only the definitional complement counts ("X is an American director", "X is
        # proprietary software"), not a demonym or a licence named anywhere else in the sentence
        window = _definition_window(sentence)
        vals = [v for v in vals if window and window[0] <= v.start < window[1]]
    if prof.kind == "nationality":  # "a remake of the Danish novel": the novel's, not the subject's
        vals = [v for v in vals if not modifies_a_prepositional_object(sentence, v.start, v.end)]
    if not vals:
        return None
    ents = names_only(sentence, ents)
    owned = _owned(sentence, vals, ents, target, named, discourse, prof, unit, asked)
    if not owned:
        return None
    # a measure before the name's head is no cue word: its reading ranks below a cued one on the page
    weak, cued = False, cue is not None or unit_cued and not (coded and all(v.kind != "text" for v in vals))
    if (prof.kind == "nationality" or (fam is not None and fam.name in _DEFINED_FIRST)) and cue is not None:
        cue, owned = _defined_first(sentence, owned, prof, cue)
    if cue is not None:
        cues = [(m.start(), m.end()) for m in prof.cues.finditer(sentence)]
        cues = [c for c in cues if not _apposed_to_other(sentence, c, ents, target.obj.name)] or cues
        if fam is not None and fam.weak_cues:
            weak_re = cue_pattern(fam.weak_cues)
            weak = all(weak_re.fullmatch(sentence[a:b]) for a, b in cues)
            # "completed during the 1250s, but rebuilt around 1627": a strong cue governs before a weak one
            cues = [c for c in cues if not weak_re.fullmatch(sentence[c[0]:c[1]])] or cues
        chosen = governed([v for v, _ in owned], cues, sentence if prof.kind in NOUN_AFTER else None)
        chosen = selected([v for v, _ in owned], cues, sentence, prof) or chosen
    else:
        chosen = owned[0][0]
    if prof.kind == "date":  # "(footballer, born 1896) … (born 4 January 1896, …)": the same date, finer, elsewhere
        chosen = next((v for v, _ in owned if v.canonical.startswith(chosen.canonical + "-")), chosen)
    if fam is not None and fam.name in ("born", "died") and found is not None and found[0].canonical.startswith(chosen.canonical + "-"):
        # "Bert Smith (footballer, born 1892) Bertram "Bert" Smith (7 March 1892 – …)": the life span says it finer
        return Reading(target.key, found[0].canonical, found[0].display, sentence, next(a for _, a in owned), cued, weak)
    att = next(a for v, a in owned if v is chosen)
    return Reading(target.key, chosen.canonical, chosen.display, sentence, att, cued, weak)


def _unknown_kind_values(sentence: str, ents: list[EntityMention], name: str) -> list[Value]:
    """For a dimension of unknown kind whose name the sentence does not write: a code in a clause writing a word of
    the name ("ciphered with XTS-AES-128"), a measure before the name's head ("a 4 mm clearance"); never an object's
    name."""
    found = coded_values(sentence, name) + measured_before_head(sentence, name)
    return [v for v in found if not any(e.obj and e.start < v.end and v.start < e.end for e in ents)]


def _owned(
    sentence: str, vals: list[Value], ents: list[EntityMention], target: Target, named: Sequence[Named],
    discourse: Subjects, prof: Profile, unit: frozenset[str] = frozenset(), asked: bool = False,
) -> list[tuple[Value, Attribution]]:
    """The values the sentence asserts (`polarity.asserted`) for the target's object, with their attribution. A value
    in the units of the quantity the dimension's head names carries its cue in itself ("rates the X to 1,200 metres")."""
    owned: list[tuple[Value, Attribution]] = []
    for v in vals:
        att = attribute(sentence, named, discourse, value_span=(v.start, v.end), ents=ents, target=target.obj.name)
        if att is None or att.obj != target.obj.name:
            continue
        if att.clause is not None and not asked and not (prof.by_head and unit_of(v) in unit) and not any(m.start() in att.clause and not v.start <= m.start() < v.end
                                              for m in prof.cues.finditer(sentence)):
            continue  # the parse's owner holds the value, and the dimension's cue must be in that clause too
        said = asserted(sentence, v, prof.kind)
        if said is not None and gate_refusal(sentence, said, prof.kind, prof.cues, target.obj.names) is None:
            owned.append((said, att))
    return owned


def _acronym_reading(sentence: str, target: Target, fam: Family | None) -> Reading | None:
    """ "vibrational circular dichroism (VCD)": what the acronym stands for, named right there."""
    if fam is None or fam.name != "definition" or not is_acronym(target.obj.name) or not _MEANING.search(target.dim.name):
        return None
    for a, b in expansions(sentence, target.obj.name):
        phrase = sentence[a:b]
        return Reading(target.key, _canon_text(phrase), phrase, sentence, Attribution(target.obj.name, "name", target.obj.name), True)
    return None


def _lifespan_reading(
    sentence: str, ents: list[EntityMention], target: Target, named: Sequence[Named], discourse: Subjects,
    found: tuple[Value, EntityMention, bool],
) -> Reading | None:
    life, holder, titled = found
    att = attribute(sentence, named, discourse, value_span=(life.start, life.end), ents=ents, target=target.obj.name)
    if titled and (att is None or att.obj != target.obj.name):
        att = Attribution(holder.obj or target.obj.name, holder.how or "name", holder.text)  # the title is the person's
    if att is not None and att.obj == target.obj.name:
        return Reading(target.key, life.canonical, life.display, sentence, att, True)
    return None


def _defined_first(
    sentence: str, owned: list[tuple[Value, Attribution]], prof: Profile, cue: re.Match[str]
) -> tuple[re.Match[str] | None, list[tuple[Value, Attribution]]]:
    """ "X is an American player … in the Turkish League": the definition states the nationality; "X is a former
    American football offensive lineman … of the National Football League": and the sport (when the definition
    comes before the cue)."""
    window = _definition_window(sentence)
    defined = [v for v, _ in owned if window and window[0] <= v.start < window[1]]
    if prof.kind != "nationality" and window and window[0] > cue.start():
        defined = []  # "where he played soccer and was his school's American football placekicker": not the definition
    if defined:
        return None, [(v, a) for v, a in owned if v is defined[0]]
    return cue, owned


_DEFINED_FIRST = frozenset({"sport", "position"})
"""Families whose value, when the definition states it, wins over a cued one elsewhere in the sentence."""
_MEANING = re.compile(r"defin|mean|refer|stand|abbreviat|acronym|expan", re.I)
"""Dimensions that ask what a name stands for (not "primary activity"): an acronym's expansion answers them."""
_APPOSED = re.compile(r"[A-Z][\w'’.&-]*,\s*$")


def _apposed_to_other(sentence: str, cue: tuple[int, int], ents: list[EntityMention], obj: str) -> bool:
    """ "… the merger with Harrow Periodicals, founded 1931 by …": a cue right after another entity's name and a
    comma describes that entity, not the clause's subject."""
    if not _APPOSED.search(sentence, 0, cue[0]):
        return False
    before = sentence[: cue[0]].rstrip().rstrip(",").rstrip()
    owner = next((e for e in ents if e.end == len(before)), None)
    return owner is None or owner.obj != obj


_DEF_COPULA = re.compile(
    r"\b(?:is|was|are|were|has been|had been)\s+(?!(?:\w+ed|\w+en|by|not|also|still)\b)(?:(?:an?|the|one of the)\s+)?", re.I
)
_DEF_END = re.compile(r"[;:]|,\s+(?:who|which|where|whose|and|but|while)\b|\s+(?:who|which|that|whose)\b|\.\s*$")


_TITLE_KIND = re.compile(r"\s*[^()]{1,150}?\s\((?P<kind>\d{4}(?:\s+[a-z][\w-]*){1,3})\)\s*")
"""A title whose parenthesis tells it apart by year and kind ("Moonfall (2019 film)"): it defines the name as
"a 2019 film", as a copula would."""

_YEAR_AFTER_NAME = re.compile(r"\(\s*\d{4}\s*\)\s*$")
"""A year in parentheses right before the definition ("Tides (2011) is an … album"): the defined work's year."""


def _definition_window(sentence: str) -> tuple[int, int] | None:
    """The span of the first copula's complement ("is an American film director" → "American film director"),
    with a year in parentheses right before it; for a title line, its parenthesis of year and kind."""
    masked = mask_parentheses(sentence)
    m = _DEF_COPULA.search(masked)
    if not m:
        titled = _TITLE_KIND.fullmatch(sentence)
        return titled.span("kind") if titled else None
    end = _DEF_END.search(masked, m.end())
    year = _YEAR_AFTER_NAME.search(sentence, 0, m.start())
    return year.start() if year else m.start(), end.start() if end else len(sentence)


_RATE = re.compile(r"(?<=\d)\s*/\s*(?:user|seat|member|agent|mo|month)s?\b|(?<=\d)\s+(?:per|a|each)\s+(?:user|seat|member|agent|month)\b", re.I)
"""A price written as a rate per user or per month is a price without a cue word."""
def read_page(
    objects: Sequence[ObjectSpec], targets: Sequence[Target], title: str, text: str, url: str | None = None,
    echoes: bool = False,
) -> list[Reading]:
    """The best reading per target cell on one page (see the module docstring); `url` lets an official
    page with a generic title ("Plans" on cobbledrive.example) be about its site's object; with `echoes`, also
    the specific values sentences say about an object without the dimension's cue (`reading.echo`)."""
    named, asked = [Named.of(o) for o in objects], [meaning(t.dim.name) for t in targets]
    sentences = [piece for s in split_sentences(text) for piece in heading_split(s, named)]
    profiles = {t.key: told_apart(infer_profile(dimension_profile(t.dim), sentences), asked) for t in targets}
    discourse = Subjects(page_subject(title, named) or site_subject(url, title, named))
    common = page_vocabulary(text)
    best: dict[str, tuple[tuple[int, ...], Reading]] = {}
    heard: list[Reading] = []
    spoken: list[Reading] = []
    rows, headed = table_readings(text, named, targets, profiles, values_for, Reading), headed_rows(text)
    rows += column_readings(text, named, targets, profiles, values_for, Reading)
    for row in rows:
        rank = (0, 0, int(row.canonical.lower() in _VAGUE), _HOW_RANK["name"], len(sentences))
        if row.cell not in best or rank < best[row.cell][0]:
            best[row.cell] = (rank, row)
    for t in targets:
        if discourse.page_object != t.obj.name:
            continue  # a label line speaks for the object only on its own page
        for row in label_readings(text, t, profiles[t.key], values_for, Reading, named):
            # a label holding the dimension's name outranks a line that only carries its cue
            own = set(squash(t.dim.name).split()) <= set(squash(row.quote).split())
            rank = (0, 0, int(row.canonical.lower() in _VAGUE), _HOW_RANK["fragment"], -1 if own else len(sentences))
            if row.cell not in best or rank < best[row.cell][0]:
                best[row.cell] = (rank, row)
    for i, (sentence, heading) in enumerate(zip(sentences, headings_over(sentences))):
        question = question_before(sentences, i)
        # a subject only a longer name made current ("Kaliganj" after "Kaliganj Upazila"-less text) lends no short form
        current, tabled = (None if discourse.weak else discourse.current), "|" in sentence and squash(sentence) in headed
        ents = mentions(sentence, named, page_object=current, common=common, title_object=discourse.page_object)
        for t in targets:
            answers = cued_by(profiles[t.key].cues, sentence, question, heading)
            r = None if tabled else read_sentence(sentence, ents, t, named, discourse, profiles[t.key], answers)
            if (r is None or r.attribution.how == "carried") and echoes:
                said = echo_readings(sentence, ents, t, profiles[t.key], partial(values_for, prof=profiles[t.key], dim=t.dim),
                                     partial(_owned, sentence, ents=ents, target=t, named=named, discourse=discourse, prof=profiles[t.key]))
                heard += [echoed(e) for e in said if _speaks(e, t, discourse, title, url)]
            if r is None or not _speaks(r, t, discourse, title, url):
                continue
            rank = (0 if r.cued else 1, int(r.weak), int(r.canonical.lower() in _VAGUE), _HOW_RANK.get(r.attribution.how, 3), i)
            spoken.append(r)
            if t.key not in best or rank < best[t.key][0] or _refines(r, rank, *best[t.key]):
                best[t.key] = (rank, r)
        discourse.update(sentence_subject(sentence, ents), sentence)
    if echoes:  # a value the page also stated for the cell, outranked by another reading, still agrees with others
        dims = {t.key: t.dim for t in targets}
        heard += outranked(spoken, {k: r for k, (_, r) in best.items()}, lambda r: values_for(r.quote, profiles[r.cell], dims[r.cell]))
    return [r for _, r in best.values()] + list({(e.cell, e.canonical): e for e in reversed(heard)}.values())


def _speaks(r: Reading, t: Target, discourse: Subjects, title: str, url: str | None) -> bool:
    """The reading is a statement about its object on this page: a page's title alone is a heading (`gates`);
    "It"/"We"/a headless line speaks for the object only on a page titled with it, and "We are about 85 staff"
    is the vendor speaking on its own site (or its maker's), not a reviewer."""
    unnamed = r.attribution.how in _UNNAMED
    return not (title_only(r.quote, title) or (unnamed and discourse.page_object != t.obj.name)
                or (unnamed and _FIRST_PERSON.match(r.quote) and not _vendors(url, Named.of(t.obj))))


def _vendors(url: str | None, obj: Named) -> bool:
    """The page is on the object's own site, or on its maker's (`site`): its "we" is the vendor's."""
    return own_site(url, obj) or (url is not None and makers_site(url, obj))


def _refines(r: Reading, rank: tuple[int, ...], best_rank: tuple[int, ...], best: Reading) -> bool:
    """The same date at a finer precision, as well supported: "October 12, 1666" in the body refines "born 1666" in
    the heading."""
    finer = r.canonical.startswith(best.canonical + "-") and re.fullmatch(r"\d{4}(?:-\d\d){0,2}", r.canonical) is not None
    weak = lambda how: how in ("title", "carried", "partial")  # noqa: E731
    return finer and rank[:3] <= best_rank[:3] and (weak(best.attribution.how) or not weak(r.attribution.how))
