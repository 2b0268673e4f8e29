"""Echoes: a specific value a sentence says about an object without saying what it is of.

A fact about evidence: two independent pages that write the same specific value about the same object agree
on it, even when only one of them says what the value is of. A spec line on one page gives "Weight: 17.8 kg";
a review writes "at 17.8 kg it goes up the stairs easily" without the word "weight". The review is a second
source for the weight only because the value is specific — a measured quantity with its unit, a sum of money,
a span of time, a day of a month, a count written with the noun the dimension counts ("300 participants") — so a
coincidence is unlikely; a bare year, a bare count or a name is not (a page about a company writes many years and
places that are not its founding).

An echo is read from a sentence that gives the cell no reading of its own, or only a reading carried to the object
from an earlier sentence on a page whose title names neither (too weak to state a value, `names.How`), for a value
of the dimension's kind (and of its head's unit: "weight" is a mass) that is specific, where the sentence's own rules attribute that
value to the cell's object, as for any reading (`owned`: attribution, polarity and the precision gates) — or
where the only name in the sentence is the object's model name without its maker ("the K5" for "Ardent K5"),
which alone is too loose to read a value by.

A page may also state a cell's value twice, differently (a claim and a measurement; a figure before and after a
change): the reader keeps one reading per cell and page, and the others were its own readings, cued and attributed.
Each of them whose value is specific is kept as an echo (`outranked`): the page stated it, so another page stating
it agrees with this one.

An echo never states a value: its attribution is `echo` (`How`), and the cell rules (`cell_rules`) count it as
a source only for the value other findings state.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from .attribution import Attribution, EntityMention, _name_tail
from .dimensions import Profile, head_units, unit_of
from .readings import Reading, Target
from .values import Value, find_values

__all__ = ["echo_readings", "echoed", "outranked", "specific"]

_FULL_DATE = re.compile(r"\d{4}-\d\d-\d\d")
_SPECIFIC_KINDS = frozenset({"quantity", "money", "duration", "interval"})
_READS_SPECIFIC = _SPECIFIC_KINDS | {"date", "number"}
"""Dimension kinds whose values can be specific ("number" reads quantities and money)."""


def specific(v: Value) -> bool:
    """A value two pages are unlikely to write about one object by chance: a quantity, a sum of money or a span of
    time with its unit, or a date to the day."""
    if v.kind in _SPECIFIC_KINDS:
        return bool(v.unit) and v.number not in (None, 0)
    return v.kind == "date" and _FULL_DATE.fullmatch(v.canonical) is not None


def _with_its_noun(v: Value, prof: Profile) -> bool:
    """The count is shown with a noun of the dimension's name after it ("300 participants", `with_counted_noun`)."""
    m = prof.meaning
    nouns = [w for w in (m.counted, *m.words) if w] if m is not None else []
    return bool(nouns) and re.search(r"\s(?:" + "|".join(map(re.escape, nouns)) + r")(?:e?s)?$", v.display, re.I) is not None


def _by_model_name(vals: list[Value], ents: list[EntityMention], target: Target) -> list[tuple[Value, Attribution]]:
    """The only name in the sentence is the object's model name without its maker ("the K5" for "Ardent K5")."""
    tails = [e for e in ents if e.obj is None and _name_tail(e.text, target.obj.name)]
    if len(tails) != 1 or len(ents) != 1:
        return []
    return [(v, Attribution(target.obj.name, "short", tails[0].text)) for v in vals]


def echo_readings(
    sentence: str,
    ents: list[EntityMention],
    target: Target,
    prof: Profile,
    values: Callable[[str], list[Value]],
    owned: Callable[[list[Value]], list[tuple[Value, Attribution]]],
) -> list[Reading]:
    """The specific values the sentence says about the target's object (see the module docstring), with the
    attribution that ties each to it: the caller applies its page rules to that, then makes them `echoed`."""
    if prof.kind == "text":  # a head the reader does not know: any specific value, which only a stated one's equal counts
        vals = [v for kind in sorted(_SPECIFIC_KINDS) for v in find_values(sentence, kind) if specific(v)]
    elif prof.kind == "count":  # a count written with the noun the dimension counts ("300 participants") is specific
        vals = [v for v in values(sentence) if _with_its_noun(v, prof) and (v.number or 0) >= 2]
    elif prof.kind not in _READS_SPECIFIC:
        return []  # its values are names, words, counts, licences or versions: never specific, not worth reading
    else:
        unit = head_units(prof.meaning) if not target.dim.unit else frozenset()
        vals = [v for v in values(sentence) if specific(v) and (not unit or unit_of(v) in unit)]
    if not vals:
        return []
    mine = owned(vals) or _by_model_name(vals, ents, target)
    return [Reading(target.key, v.canonical, v.display, sentence, att, False) for v, att in mine]


def echoed(r: Reading) -> Reading:
    """The reading as an echo: attributed `echo`, the attribution it had kept in `matched`."""
    return replace(r, attribution=Attribution(r.attribution.obj, "echo", f"{r.attribution.how} {r.attribution.matched}"))


def outranked(spoken: list[Reading], best: dict[str, Reading], values: Callable[[Reading], list[Value]]) -> list[Reading]:
    """The readings a stronger one on the same page outranked, with another value that is specific (`values`: the
    values of the reading's dimension in its quote), as echoes."""
    return [echoed(r) for r in spoken if (b := best.get(r.cell)) is not None and b is not r and b.canonical != r.canonical
            and any(v.canonical == r.canonical and specific(v) for v in values(r))]
