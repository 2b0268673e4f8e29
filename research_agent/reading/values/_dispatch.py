"""`find_values`: one entry point over the recognisers, by kind; `kinds_in` for unknown kinds."""

from __future__ import annotations

from collections.abc import Callable

from ._booleans import booleans
from ._counts import counts
from ._dates import dates, year_ranges
from ._durations import durations
from ._intervals import intervals
from ._licenses import licenses
from ._lists import name_lists
from ._money import money
from ._nationalities import nationalities
from ._quantities import quantities
from ._units import resolve
from ._value import Value
from ._versions import versions

_PLAIN: dict[str, Callable[[str], list[Value]]] = {
    "date": dates,
    "year-range": year_ranges,
    "money": money,
    "count": counts,
    "license": licenses,
    "version": versions,
    "boolean": booleans,
    "nationality": nationalities,
    "interval": intervals,
    "list": name_lists,
}
KINDS: tuple[str, ...] = ("date", "year-range", "quantity", "money", "duration", "count", "license",
                          "version", "boolean", "nationality")


def find_values(sentence: str, kind: str, *, unit: str | None = None) -> list[Value]:
    """Every value of `kind` in the sentence, in text order.

    `unit` (a contract's unit, any convertible spelling) applies to quantities, durations and
    money: values of another dimension are dropped and `number` is in that unit.
    The contract kind "number" (today's `DimensionSpec.kind`) is accepted: with a unit it is a
    quantity (or a price, for a currency); without one, every quantity, price and count.
    ValueError for an unknown kind or unit.
    """
    if kind == "number":
        if unit:
            return find_values(sentence, "quantity", unit=unit)
        return sorted(quantities(sentence) + money(sentence) + counts(sentence), key=lambda v: v.start)
    if kind == "quantity":
        want = resolve(unit) if unit else None
        if want is not None and want.dimension.startswith("currency:"):
            return [v for v in money(sentence) if v.unit == want.symbol]
        return quantities(sentence, unit)
    if kind == "duration":
        return durations(sentence, unit)
    if kind == "money" and unit:
        code = resolve(unit).symbol
        return [v for v in money(sentence) if v.unit == code or v.canonical == "0"]
    recogniser = _PLAIN.get(kind)
    if recogniser is None:
        raise ValueError(f"unknown value kind {kind!r}: expected one of {', '.join(KINDS)} (or number)")
    return recogniser(sentence)


def kinds_in(sentence: str) -> set[str]:
    """The kinds of value the sentence carries (to infer a dimension of unknown kind)."""
    return {kind for kind in KINDS if find_values(sentence, kind)}


_MEASURED = ("duration", "money", "quantity")


def measured_canonical(phrase: str) -> str | None:
    """The comparison form of a phrase that opens with a measured value — a quantity, a price or a span with its
    unit ("2.4 watts in standby" → "2.4 W") — so that a free-text answer and the same value written elsewhere as a
    number with its unit agree; None when it opens with none."""
    lead = phrase.lstrip(" ±~≈")
    offset = len(phrase) - len(lead)
    found = [v for kind in _MEASURED for v in find_values(lead, kind) if v.start == 0 and v.unit]
    return max(found, key=lambda v: v.end).canonical if found and offset <= 1 else None
