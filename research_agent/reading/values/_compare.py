"""When two values say the same thing though their canonical strings differ in precision.

Canonical strings keep the precision the source wrote, so "founded in 2012" ("2012") and
"founded in January 2012" ("2012-01") are not equal.  `agree` is the looser test a reader
uses before calling two sources in conflict: a date agrees with any more precise date inside
it (a year with its months and days, a decade with its years, a century ("C18") with its years and decades
— 1700 and 1800 both, as writers count either way — "16 January" with 16 January of
any year), an unversioned licence family
with any version of it ("GPL" with "GPL-3.0"); everything else must be equal.  `converted_alike` (and
`same_measure`, on two values as written) says when two quantities are one measure written in two units, each
rounded as written ("17 ft" and "5.2 m"); `same_price` when two prices are one sum, written with and without the
period it is charged per ("$31" and "$31 a month"); `same_statement` when two findings' canonical values are one
statement at two precisions ("2019" and "2019-03", a description and a longer one opening with its words).
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


_WRITTEN = re.compile(r"\d[\d,]*(?:\.(\d+))?")


def _rounding(v: Value) -> float | None:
    """Half a unit of the last digit the source wrote, in the value's canonical unit ("17 ft" → 0.1524 m)."""
    m = _WRITTEN.search(v.display)
    if m is None or v.number is None:
        return None
    written = float(m.group(0).replace(",", ""))
    if written == 0:
        return None
    return 0.5 * 10 ** -len(m.group(1) or "") * abs(v.number / written)


def converted_alike(a: Value, b: Value) -> bool:
    """True when `a` and `b` are one measure written in two units, each rounded as written: "17 ft" and "5.2 m",
    "143 lb" and "65 kg", "45 mph" and "72 km/h". A figure converted to another unit is rounded to the digits the
    writer kept, so the two agree when they lie within the rounding of the less precise. Only across units as
    written ("5.2 m" and "5.26 m" are two figures, not one converted)."""
    if a.kind != b.kind or a.kind not in ("quantity", "duration") or a.unit != b.unit or a.unit is None:
        return False
    if a.number is None or b.number is None or a.canonical == b.canonical:
        return a.canonical == b.canonical
    unit_a, unit_b = (_WRITTEN.sub("", v.display).strip(" -").lower() for v in (a, b))
    ra, rb = _rounding(a), _rounding(b)
    if unit_a == unit_b or ra is None or rb is None:
        return False
    return abs(a.number - b.number) <= max(ra, rb)


def same_measure(display_a: str, display_b: str) -> bool:
    """The two values as written are each one measure, and one measure in two units (`converted_alike`)."""
    from ._dispatch import find_values

    def single(display: str) -> list[Value]:
        return [found[0] for kind in ("quantity", "duration") if len(found := find_values(display, kind)) == 1]

    return any(converted_alike(a, b) for a in single(display_a) for b in single(display_b))


_PRICE = re.compile(r"([A-Z]{3}) (\d+(?:\.\d+)?)(/.+)?")


def same_price(canonical_a: str, canonical_b: str) -> bool:
    """One sum in one currency, written once with the period or unit it is charged per and once without ("$31" and
    "$31 a month"): the bare sum is the same price, stated less precisely."""
    a, b = _PRICE.fullmatch(canonical_a), _PRICE.fullmatch(canonical_b)
    return bool(a and b and a[1] == b[1] and float(a[2]) == float(b[2]) and (a[3] is None) != (b[3] is None))


_DATED = re.compile(r"\d{4}(?:-\d{2}(?:-\d{2})?)?|\d{3}0s|C\d{1,2}")


def same_statement(canonical_a: str, canonical_b: str) -> bool:
    """One statement at two precisions: a date and a finer date inside it ("2012" and "2012-01"), or a description
    and a longer one opening with the same words ("oiled oak" and "oiled oak with a walnut inlay"): the
    longer adds detail the shorter does not deny."""
    if _DATED.fullmatch(canonical_a) and _DATED.fullmatch(canonical_b):
        return _date_within(canonical_a, canonical_b) or _date_within(canonical_b, canonical_a)
    a, b = canonical_a.split(), canonical_b.split()
    short, long = sorted((a, b), key=len)
    return bool(short) and len(short) < len(long) and long[: len(short)] == short and any(c.isalpha() for c in short[0])
