"""When two values say the same thing though their canonical strings differ in precision.

Canonical strings keep the precision the source wrote, so "founded in 2012" ("2012") and
"founded in January 2012" ("2012-01") are not equal.  `agree` is the looser test a reader
uses before calling two sources in conflict: a date agrees with any more precise date inside
it (a year with its months and days, a decade with its years, a century ("C18") with its years and decades
— 1700 and 1800 both, as writers count either way — "16 January" with 16 January of
any year), an unversioned licence family
with any version of it ("GPL" with "GPL-3.0"); everything else must be equal.
"""

from __future__ import annotations

import re

from ._value import Value

_DECADE = re.compile(r"^(\d{3})0s$")
_YEARISH = re.compile(r"^(\d{4})(?:-\d{2}(?:-\d{2})?)?$")
_DECADE_YEAR = re.compile(r"^(\d{4})s$")
_CENTURY = re.compile(r"^C(\d{1,2})$")
_FAMILIES = ("GPL", "LGPL", "AGPL", "BSD", "MPL", "EPL")


def _date_within(coarse: str, fine: str) -> bool:
    if fine.startswith(coarse + "-") or (coarse.startswith("--") and fine[4:] == coarse[1:]):
        return True
    decade, year = _DECADE.match(coarse), _YEARISH.match(fine) or _DECADE_YEAR.match(fine)
    if (century := _CENTURY.match(coarse)) and year:
        return (int(year[1]) - 1) // 100 + 1 == int(century[1]) or int(year[1]) // 100 + 1 == int(century[1])
    return bool(decade and year and year[1][:3] == decade[1])


def _licence_within(family: str, licence: str) -> bool:
    return family in _FAMILIES and licence.startswith(family + "-") and licence[len(family) + 1:][:1].isdigit()


def agree(a: Value, b: Value) -> bool:
    """True when `a` and `b` state the same value, allowing one to be more precise than the other."""
    if a.kind != b.kind:
        return False
    if a.canonical == b.canonical:
        return True
    if a.kind == "date":
        return _date_within(a.canonical, b.canonical) or _date_within(b.canonical, a.canonical)
    if a.kind == "license":
        return _licence_within(a.canonical, b.canonical) or _licence_within(b.canonical, a.canonical)
    return False


def within(coarse: Value, fine: Value) -> bool:
    """True when `coarse` states `fine` at the same or a coarser precision ("1990" for "2 June 1990", "the 1990s"
    for "1995"), never the other way ("1995" is not what "the 1990s" says)."""
    return coarse.kind == fine.kind and (coarse.canonical == fine.canonical or (
        coarse.kind == "date" and _date_within(coarse.canonical, fine.canonical)))
