"""What a dimension's name means, read compositionally: the one place that decides it.

A dimension name is a short English noun phrase ("maximum seats", "launch price",
"founding year", "battery capacity", "release cadence").  Its **head noun** decides
the kind of value that answers it; its **modifiers** select among the values a
sentence offers.  The phrase is parsed by the trained parser (`reading.nlp`), once
per name and cached; nothing here is imported at start-up.

* **The head decides the kind** (`_HEAD_KINDS`, a table about English, not about any
  case): price, cost, fee → money; size, storage, weight, range → a quantity; year,
  date → a date; licence → licence; version → version; trial, warranty, retention → a
  duration; cadence, frequency, interval → an interval ("every two weeks"); platforms →
  a list of names; "Windows support" → yes/no.  A plural
  head with no other kind under a selecting modifier counts its own unit ("maximum
  seats" → a count of seats; "max connections", "maximum open files"), and so does a
  limit on a noun ("seat limit"); a bare plural ("awards", "instruments") is no count.
  "launch price" is a price (its head), not a launch date (its modifier).
* **Generic heads** ("year", "date", "place", "number of", "type of", "cause of") say
  little by themselves: the lexicon family the whole name maps to decides ("founding
  year" → founded, "place of birth" → birthplace, "number of employees" → employees).
  A head with a meaning of its own keeps the whole name's family only when the family's
  key words hold the head ("maximum database size" → max size); "launch price" is not
  a founding because "launch" is one of that family's words.
* **Modifiers select**: maximum / max / peak / limit → the largest value; minimum /
  starting / base / entry → the lowest; latest / current / newest → the newest.
* **A unit names its quantity**: a figure in the units of the quantity the head names
  needs no other cue ("weighs 2.3 kg" for a weight, "cruises at 38 km/h" for a top
  speed, "41 dB" for a noise level), and a figure in other units is no answer.
* **A head the reader does not know** ("distributor") gets no guessed value kind: it
  is read only from a clause holding the dimension's own words (`known` is False).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from .agents import agent_family
from .features import feature_cue, feature_values
from .lexicon import Family, cue_pattern, family_named, infer_kind

if TYPE_CHECKING:
    from .values import Value

__all__ = ["Meaning", "Profile", "fitting", "label_by_stem", "stems_held", "word_stems", "label_by_head", "label_head", "head_units", "unit_of", "infer_profile", "meaning", "profile_of", "select_value", "SELECTORS", "told_apart", "with_counted_noun"]

_MONEY = frozenset("price pricing cost fee charge salary income revenue budget fare tuition wage subscription rent".split())
_INFORMATION = frozenset("storage memory ram quota disk bandwidth".split())
_LENGTH = frozenset("height length range distance width depth altitude elevation reach span diameter radius thickness".split())
_MASS = frozenset("weight mass".split())
_DURATION = frozenset("trial retention warranty lifetime lifespan life runtime window duration".split())
_PHYSICAL = frozenset("speed velocity power output draw consumption resolution brightness voltage torque loudness pressure "
                      "temperature volume force energy current airflow".split())
"""Heads that name a physical quantity written with a unit ("motor output", "peak brightness", "screen resolution",
"standby power draw", "energy consumption", "lowest temperature", "tank volume", "pull force")."""
_INTERVAL = frozenset("cadence frequency interval schedule".split())
_NO_TIME = _INFORMATION | _LENGTH | _MASS | _PHYSICAL | {"size", "capacity", "area"}
"""Quantity heads no span of time answers: a size, a weight, a capacity or a power is never "12 years"."""
_LIST = frozenset("platform integration browser".split())
_QUANTITY_UNITS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("speed", "velocity"), frozenset({"m/s", "B/s"})),
    **dict.fromkeys(("noise", "loudness"), frozenset({"dB"})),
    **dict.fromkeys(("brightness", "luminance"), frozenset({"nit", "lm"})),
    "torque": frozenset({"Nm"}),
    "voltage": frozenset({"V"}),
    "pressure": frozenset({"Pa"}),
    "temperature": frozenset({"°C", "°F"}),
    "volume": frozenset({"L", "cup"}),
    "force": frozenset({"N", "kg"}),
    "energy": frozenset({"Wh"}),
    "current": frozenset({"A"}),
    "airflow": frozenset({"L/s"}),
}
"""Heads whose quantity has units of its own, as written canonically: a speed is a length or an amount of data per
second, a noise is in decibels, a brightness in nits or lumens, a torque in newton-metres, a voltage in volts, a
pressure in pascals (written in Pa, kPa, bar or psi), a temperature in degrees, a volume in litres or cups, a force in
newtons, an energy in watt-hours, a current in amperes, an airflow in litres a second (written in m³/min or CFM)."""
_HEAD_UNITS: dict[str, str] = {**dict.fromkeys(_LENGTH, "m"), **dict.fromkeys(_MASS, "kg"), **dict.fromkeys(_INFORMATION, "B")}
"""The SI unit a quantity's head measures in: a range or height is a length, a weight a mass, storage bytes."""
_HEAD_KINDS: dict[str, str] = {
    **dict.fromkeys(_MONEY, "money"),
    **dict.fromkeys(_INFORMATION | _LENGTH | _MASS | _PHYSICAL | {"size", "capacity", "latency", "area", "rate"}, "quantity"),
    **dict.fromkeys(_DURATION, "duration"),
    **dict.fromkeys(_INTERVAL, "interval"),
    **dict.fromkeys(_LIST, "list"),
    "license": "license",
    "licence": "license",
    "licensing": "license",
    "version": "version",
    "support": "boolean",
}
"""Head noun (lemma) → the value kind of its answer."""

_GENERIC = frozenset("year date day month time place cause type kind sort number count total amount name".split())
"""Heads that say little alone: the family the whole name maps to decides."""
_LIMITS = frozenset("limit cap ceiling maximum max".split())
"""Heads that bound a noun before them ("seat limit"): a count of that noun, the largest."""
_MEASURES_OF = frozenset("length duration period amount level".split())
"""Heads that measure the noun before them: "trial length" is the trial's duration, not a distance."""

SELECTORS: dict[str, str] = {
    **dict.fromkeys("maximum max peak top largest highest upper most limit cap ceiling".split(), "max"),
    **dict.fromkeys("minimum min starting lowest base entry smallest cheapest least".split(), "min"),
    **dict.fromkeys("latest current newest recent".split(), "newest"),
}
"""Modifiers that select among a sentence's values."""


@dataclass(frozen=True)
class Meaning:
    """What a dimension name asks for."""

    name: str
    head: str | None
    """The head noun's lemma ("seat" for "maximum seats"), None when the name has no noun."""
    kind: str
    """The value kind: a `values` kind, a phrase kind of the lexicon, "list", "interval", or "text" when unknown."""
    family: Family | None
    """The lexicon family whose cue words and patterns read the dimension, if any."""
    counted: str | None = None
    """For a count of a unit: the noun counted ("seat")."""
    select: str | None = None
    """"max", "min" or "newest": which of a clause's values answers."""
    words: tuple[str, ...] = ()
    """The name's content words (lemmas of its nouns, adjectives and verbs), cues of its own."""

    @property
    def known(self) -> bool:
        """The head's kind is known (a table entry, a family or a counted unit): values of that kind may be read."""
        return self.kind != "text"


def _phrase(name: str):  # noqa: ANN202 - a spaCy Doc; spaCy is imported lazily
    from .nlp import parse

    return parse(["the " + name.strip()])[0]


def _head_token(doc):  # noqa: ANN001, ANN202
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    if root.pos_ in ("NOUN", "PROPN"):
        return root
    return next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ in ("NOUN", "PROPN")), None)


def _family_through(name: str, head: str | None, plural: bool, noun_modified: bool = True) -> Family | None:
    """The whole name's family, unless the head has a meaning of its own that the family's key words do not hold:
    "launch price" is a price (its head), not a launch; "maximum open files" counts files, it is no opening;
    "gender composition" keeps the gender family."""
    whole = family_named(name)
    if head is None or head in _GENERIC:
        return whole
    holds = whole is not None and any(head in key or head.rstrip("s") in key or f"{head}s" in key for key in whole.keys)
    own = family_named(head)
    if own is None and head not in _HEAD_KINDS and not plural:
        # "open source": an adjective's family ("opened") is not the head's meaning; a noun modifier names what
        # the head measures ("gender composition")
        return whole if holds or noun_modified else None
    return whole if holds else own


@lru_cache(maxsize=512)
def meaning(name: str) -> Meaning:
    """The meaning of a dimension name (see the module docstring)."""
    low = name.lower().strip()
    doc = _phrase(low)
    head_tok = _head_token(doc)
    head = head_tok.lemma_.lower() if head_tok is not None else None
    words = tuple(t.lemma_.lower() for t in doc if t.pos_ in ("NOUN", "PROPN", "ADJ", "VERB") and len(t.text) > 2)
    mods = [c for c in head_tok.children if c.dep_ in ("amod", "compound", "nmod", "advmod")] if head_tok is not None else []
    select = next((SELECTORS[w] for m in mods for w in (m.text.lower(), m.lemma_.lower()) if w in SELECTORS), None)
    plural = head_tok is not None and head_tok.tag_ in ("NNS", "NNPS")
    family = _family_through(low, head, plural, any(m.pos_ in ("NOUN", "PROPN") for m in mods))
    if head is not None and head not in _HEAD_KINDS and (family is None or family.kind in ("date", "words")) \
            and (agent := agent_family(head)) is not None:
        # "publisher", "distributor": who did the verb, never when ("published in 1998"); an instrument noun
        # ("processor", "charger") stays a text dimension, read as written
        return Meaning(name, head, "text", agent, None, select, words)
    if head in _LIMITS and (noun := next((m for m in mods if m.pos_ == "NOUN" and m.dep_ == "compound"), None)) is not None:
        inner = meaning(noun.text)
        if inner.kind in ("text", "count"):  # "seat limit": a count of seats, the largest
            return Meaning(name, noun.lemma_.lower(), "count", None, noun.lemma_.lower(), "max", words)
        return Meaning(name, inner.head, inner.kind, inner.family, inner.counted, "max", words)
    if head in _MEASURES_OF and (noun := next((m for m in mods if m.pos_ == "NOUN" and m.dep_ == "compound"), None)) is not None:
        inner = meaning(noun.text)
        if inner.kind in _NUMERIC:  # a measure is a number, whatever it measures: a "performer length" names no performer
            return Meaning(name, inner.head, inner.kind, inner.family, inner.counted, select, words)
        if head == "level" and family is None:  # "vibration level": a level of something the head does not type is a quantity
            return Meaning(name, head, "quantity", None, None, select, words)
    if head == "time" and family is None and mods:  # "boot time", "delivery time": how long the activity takes
        return Meaning(name, head, "duration", None, None, select, words)
    if head is not None and head in _HEAD_KINDS and not (head in _GENERIC and family is not None):
        kind = _HEAD_KINDS[head]
        return Meaning(name, head, kind, family if family is not None and family.kind == kind else None, None,
                       select, words)
    if family is not None:
        counted = head if family.kind == "count" and head not in _GENERIC else None
        return Meaning(name, head, family.kind, family, counted, select, words)
    if plural and head not in _GENERIC and select is not None:
        return Meaning(name, head, "count", None, head, select, words)  # a count of seats, the largest
    return Meaning(name, head, "text", None, None, select, words)


_MAX_MARK = re.compile(
    r"\b(?:up to|at most|no more than|not more than|a maximum of|maximum of|max(?:imum)?|limit(?:ed)? (?:of|to|at)|caps?(?:ped)? "
    r"(?:out )?at|tops? out at|peaks? at|as many as|as much as|ceiling of)\s+(?:about\s+|around\s+)?$", re.I
)
_MIN_MARK = re.compile(
    r"\b(?:starting at|starts at|starting from|starts from|from|as low as|begins? at|beginning at|a minimum of|minimum of|"
    r"at least|min(?:imum)?)\s+(?:just\s+)?$", re.I
)


def select_value(values: list[Value], sentence: str, select: str | None) -> Value | None:
    """The value a selecting modifier asks for among a clause's candidates, or None to leave the choice as it is.

    A value the text itself marks ("up to 5,000", "caps out at 2,048"; "starting at $9") wins; else the
    largest (max, newest) or the lowest (min) of those with a number."""
    if select is None or len(values) < 2:
        return None
    mark = _MAX_MARK if select in ("max", "newest") else _MIN_MARK
    marked = [v for v in values if mark.search(sentence, max(0, v.start - 30), v.start)]
    pool = marked or [v for v in values if v.number is not None]
    if not pool:
        return None
    numbered = [v for v in pool if v.number is not None]
    if not numbered:
        return pool[0]
    return (max if select in ("max", "newest") else min)(numbered, key=lambda v: v.number or 0.0)



@dataclass(frozen=True)
class Profile:
    """How the reader reads one dimension: its family, value kind, cue words and meaning."""

    family: Family | None
    kind: str
    cues: re.Pattern[str]
    cue_optional: bool
    meaning: Meaning | None = None
    """The dimension name read by its head and modifiers."""
    by_head: bool = True
    """The head alone names the dimension — a value in the head's own unit ("weighs 21.4 kg" is a weight), a spec
    label that is the head noun ("Weight: 2.4 kg") — except when another asked dimension has the same head
    (`told_apart`)."""


_NUMERIC = frozenset({"count", "quantity", "money", "duration"})
_LIST_CUES = (r"platforms?", r"runs? on", r"available (?:for|on)", r"supports?", r"supported", r"builds? for", r"ships? (?:builds )?for",
              r"targets?", r"compatible with", r"ports? (?:to|for)")
"""How English states what something runs on: "runs on", "ships builds for", "available for"."""
_INTERVAL_CUES = (r"every", r"releases?", r"released", r"ships?", r"puts? out", r"cadence", r"schedule", r"cycle",
                  r"(?:bi)?(?:weekly|monthly|yearly|annually|quarterly|fortnightly)")
_HEAD_VERBS: dict[str, tuple[str, ...]] = {"capacity": (r"holds?", r"holding")}
"""Heads English states with a verb of their own: what a thing holds is its capacity ("the hopper holds 38 litres")."""
_NAME_STOP = frozenset("the of per and for with what which number total amount maximum minimum max min size year date".split())


def _own_words(m: Meaning) -> tuple[str, ...]:
    """The name's content words as cues (plural-tolerant): "mailbox storage" → "mailbox", "storage"; a gerund
    modifying the head is also cued by its verb's forms ("towing capacity": "tows", "towed")."""
    words = [w for w in re.findall(r"[a-z]+", m.name.lower()) if len(w) >= 4 and w not in _NAME_STOP and w not in SELECTORS]
    if m.counted:
        words.append(m.counted)
    verbs = [re.escape(w[:-3]) + r"(?:e?s|e?d|e)" for w in words if w.endswith("ing") and len(w) >= 6 and w != m.head]
    return tuple(dict.fromkeys([*(re.escape(w) + r"(?:e?s)?" for w in words), *verbs]))


def profile_of(keywords: list[str], given_kind: str | None, m: Meaning) -> Profile:
    """The profile a contract dimension gets: its own keywords and the meaning's family cues; the contract's
    kind unless it is generic ("text", or "number" where the name says count, quantity, money or duration)."""
    fam = m.family
    cues = tuple(re.escape(k) for k in keywords if k) + (fam.cues if fam else ())
    kind: str = given_kind or "text"
    if kind == "text" or (kind == "number" and m.kind in _NUMERIC):
        kind = m.kind
    if kind in ("count", "quantity") or (fam is None and kind != "text"):
        cues += _own_words(m)
    if kind == "text" and fam is None and (feature := feature_cue(m.name)):
        cues += (feature,)
    cues += _HEAD_VERBS.get(m.head or "", ())
    if kind == "list":
        cues += _LIST_CUES
    if kind == "interval":
        cues += _INTERVAL_CUES
    optional = bool(fam and fam.cue_optional)
    return Profile(fam, kind, cue_pattern(cues), optional, m)


_WHEN_ONLY = frozenset({"date", "year-range"})
"""A date answers only a name that asks when (its head or family is a date): years are in every text."""


def infer_profile(prof: Profile, sentences: list[str]) -> Profile:
    """A dimension whose head the reader does not know takes the kind the sentences holding its own words carry —
    never a date ("distributor" is not answered by the film's year)."""
    if prof.kind != "text" or prof.family is not None:
        return prof
    from .values import kinds_in

    name = prof.meaning.name if prof.meaning is not None else ""
    kind = infer_kind([kinds_in(s) - _WHEN_ONLY for s in sentences if prof.cues.search(s) and not feature_values(s, name)])
    return Profile(None, kind, prof.cues, False, prof.meaning) if kind else prof


def told_apart(prof: Profile, asked: list[Meaning]) -> Profile:
    """Dimensions asked together that share a head noun ("towing weight", "empty weight") are told apart by their
    modifiers: the head word, its family's words and its unit say only that some weight is meant, so the
    dimension's cues are its modifiers alone ("towing", "empty"). A name with no modifier of its own keeps its cues.
    Dimensions measured in the same units ("height" and "reach") are not named by a figure's unit alone."""
    m = prof.meaning
    if m is not None and prof.by_head and head_units(m) and any(head_units(o) & head_units(m) and o.head != m.head for o in asked):
        prof = replace(prof, by_head=False)  # "height" and "reach" asked together: a metre names neither
    if m is None or m.head is None or m.head in _GENERIC or not any(o.head == m.head and o.name != m.name for o in asked):
        return prof
    mods = [w for w in m.words if w != m.head and w not in SELECTORS and w not in _GENERIC and w not in _NAME_STOP and len(w) >= 3]
    if not mods:
        return prof
    return replace(prof, cues=cue_pattern(tuple(re.escape(w) + r"(?:e?s)?" for w in mods)), by_head=False)


def head_units(m: Meaning | None) -> frozenset[str]:
    """The canonical units of the quantity a dimension's head names ("weight" → kg, "range" → m, "top speed" → m/s
    or B/s), or none. A head that measures the noun before it ("noise level") names that noun's quantity, and so does a
    capacity: a "storage capacity" is in bytes."""
    if m is None or not m.head or m.kind != "quantity":
        return frozenset()
    measures = m.head in _MEASURES_OF or m.head == "capacity"  # a capacity is measured in what it holds or bears
    noun = m.words[-2] if measures and len(m.words) >= 2 and m.words[-1] == m.head else m.head
    if m.head in _HEAD_UNITS:
        return frozenset({_HEAD_UNITS[m.head]})
    if noun in _HEAD_UNITS:
        return frozenset({_HEAD_UNITS[noun]})
    return _QUANTITY_UNITS.get(noun, frozenset())


def unit_of(v: "Value") -> str:
    """The canonical unit of a quantity value ("21.4 kg" → kg, "85 km" → m)."""
    return v.canonical.rpartition(" ")[2] if v.kind == "quantity" else ""


def with_counted_noun(sentence: str, v: "Value", m: Meaning | None) -> "Value":
    """A count shown with the noun it counts when that noun is a word of the dimension's name, as the sentence
    writes it ("9 languages", "300 notes", "12 simultaneous connections"): the number alone does not say what
    was counted. Its canonical number is unchanged."""
    nouns = [w for w in (m.counted, *m.words) if w and w not in _GENERIC and w not in SELECTORS] if m is not None else []
    if v.kind != "count" or not nouns:
        return v
    after = re.match(r"\s+(?:[\w-]+\s+)?(?:" + "|".join(map(re.escape, nouns)) + r")(?:e?s)?\b", sentence[v.end:], re.I)
    if after is None:
        return v
    return replace(v, display=sentence[v.start:v.end + after.end()])  # the span stays the number's: cues sit outside it


_PERIODS = {"monthly": "month", "annual": "year", "yearly": "year", "weekly": "week", "daily": "day", "hourly": "h"}
"""Modifiers that name the period a value is stated per ("monthly price" → per month)."""
_PERIOD_UNITS = frozenset(_PERIODS.values())


_FROM = re.compile(r"\bfrom\s+(?:about\s+|around\s+|just\s+)?$", re.I)
_TO = re.compile(r"^(?:\s+[\w-]+){0,4}?\s+to\s+(?:about\s+|around\s+|just\s+)?$", re.I)


_CHANGED_TO = re.compile(
    r"\b(?:switch|move|moving|change|changing|shift|migrat|revert|return|cut|rais|increas|reduc|lower|"
    r"extend|shorten|drop|bump|upgrad|downgrad)\w*\s+(?:[\w'’-]+\s+){0,4}?(?<!\bup\s)to\s+(?:an?\s+|the\s+|about\s+|around\s+|just\s+)?$",
    re.I)
"""A change and its new state: "switched to a monthly cycle", "cut the price to $9"; the sentence's other values of
the kind are what it changed from ("after years of shipping every quarter")."""
_PROJECTED = re.compile(r"\b(?:estimat|project|forecast|expect|predict)\w*\s+(?:[\w'’-]+\s+){0,5}$", re.I)
"""A change only estimated or expected ("is estimated by next year to have risen to 900") states no new value."""
_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
"""A year: a sentence that dates its values tells a history, each value true at its own time."""


def fitting(m: Meaning | None, values: list[Value], sentence: str = "") -> list[Value]:
    """The values of a sentence that can answer the dimension.

    * A head that measures no time (a size, a weight, a capacity) takes no span of time.
    * A change "from A to B" leaves B: A is a former state ("grew from 80 staff in 2020 to 210", "raised the rate
      from 2.5% to 2.9%"), unless the dimension asks for the lowest (a "starting price" from a range); so does a
      change to B with no year in the sentence ("switched to a monthly cycle after years of shipping every
      quarter"), unless it is only estimated or expected. A dated history holds each value at its own time.
    * A period modifier asks for the value stated per that period: a "monthly fee" is the "$12 per month", not the
      "$120 a year" beside it; when the sentence states none per that period, only the values stated per no period
      stay: "$9 per month" is no annual price (an annual plan is priced on its own terms)."""
    if m is not None and m.head in _NO_TIME:  # a span of time is no size, weight or capacity ("guaranteed for 15 years")
        values = [v for v in values if unit_of(v) != "ms"]
    if sentence and (m is None or m.select != "min"):
        values = [v for i, v in enumerate(values) if not (_FROM.search(sentence, 0, v.start) and any(
            _TO.match(sentence[v.end:w.start]) for w in values[i + 1:]))]
        if _YEAR.search(sentence) is None:
            changed = [v for v in values if (c := _CHANGED_TO.search(sentence, 0, v.start))
                       and not _PROJECTED.search(sentence, 0, c.start())]
            values = changed or values
    period = next((_PERIODS[w] for w in m.words if w in _PERIODS), None) if m is not None else None
    if period is None:
        return values
    return [v for v in values if v.canonical.endswith("/" + period)] or [
        v for v in values if not any(v.canonical.endswith("/" + p) for p in _PERIOD_UNITS)]


@lru_cache(maxsize=1024)
def label_head(label: str) -> str | None:
    """The head noun's lemma of a row's label ("Nominal capacity (kWh)" → "capacity"), a parenthesis left out."""
    head = _head_token(_phrase(re.sub(r"\([^)]*\)", " ", label).strip().lower()))
    return head.lemma_.lower() if head is not None else None


def label_by_head(label: str, m: Meaning | None) -> bool:
    """A label shares the dimension's head noun ("Nominal capacity" for "battery capacity") and selects nothing
    else ("Peak power" is no "continuous power"); generic heads ("year", "number") say too little."""
    if m is None or m.head is None or m.head in _GENERIC:
        return False
    select = next((SELECTORS[w] for w in re.findall(r"[a-z]+", label.lower()) if w in SELECTORS), None)
    return label_head(label) == m.head and select in (None, m.select)


_ENDINGS = ("ations", "ation", "ition", "ions", "ion", "ance", "ence", "ment", "ness", "ings", "ing", "ers", "ors", "er", "or",
            "ant", "ent", "ed", "es", "s", "e")
"""Endings English varies between a word's noun, verb and adjective forms ("insulation"/"insulated",
"resistance"/"resistant", "filling"/"filled")."""


@lru_cache(maxsize=1024)
def word_stems(name: str) -> tuple[str, ...]:
    """The stems of a dimension name's content words ("heat resistance rating" → "heat", "resist", "rating"):
    each word less the longest ending English varies, kept at four letters or more."""
    out = []
    for w in re.findall(r"[a-z]+", name.lower()):
        if len(w) < 4 or w in _NAME_STOP or w in SELECTORS:
            continue
        out.append(next((w[: -len(x)] for x in _ENDINGS if w.endswith(x) and len(w) - len(x) >= 4), w))
    return tuple(dict.fromkeys(out))


def label_by_stem(label: str, prof: Profile) -> bool:
    """A column header or a row label holds a word of a dimension of unknown kind, in any of its forms
    ("Insulated with" for "insulation rating", "Filled with" for "fill material")."""
    return stems_held(label, prof) > 0


def stems_held(label: str, prof: Profile) -> int:
    """How many of an unknown-kind dimension's word stems a label holds, in any of their forms (0 for a known kind)."""
    if prof.kind != "text" or prof.family is not None or prof.meaning is None:
        return 0
    words = re.findall(r"[a-z]+", re.sub(r"\([^)]*\)", " ", label).lower())
    return sum(any(w.startswith(s) for w in words) for s in word_stems(prof.meaning.name))
