"""Quantities with a unit: "256 TiB", "2 TiB per file", "12 ms", "25%", "1,200 km2", "10,000 requests per second".

A number without a unit is not a quantity (that is a count, a year or a version).  The canonical
form is the magnitude in the dimension's base unit ("20 GB" and "20,000 MB" → "20000000000 B");
`number`/`unit` are in the caller's unit when one is asked for, else in the base unit.
A "per <time>" after the unit makes a rate ("12 MB/s" → B/s); any other "per <noun>" is a
qualifier ("per file"), not part of the value.  A range "36 to 46 cm" gives both ends in the
unit written once (qualifiers "from" and "until").

A size written as two or three lengths crossed ("120 × 65 cm", "30 x 22 in", "90 × 45 × 30 cm", "60 cm by
1.2 m") is one value, the object's extent: its canonical form is each length in metres joined by "×" ("1.2×0.65 m"),
its `number` None (no one of the lengths is the size).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ._numbers import DIGITS, SCALE, WORDS, parse_number, qualifier_before
from ._units import ABBREV_RATES, RATE_NOUNS, UNITS, Unit, base_symbol, lookup, rate, resolve
from ._value import Value, fmt_number

_TEXT_EXCLUDED = {"in", "t", "us"}  # "5 in the", "5 t", "us": too ambiguous in running text
_SPELLINGS = sorted(
    (s for s, u in UNITS.items() if not u.dimension.startswith("currency") and s not in _TEXT_EXCLUDED),
    key=len,
    reverse=True,
)
_UNIT_ALT = "|".join(re.escape(s).replace(r"\ ", r"\s+") for s in _SPELLINGS) + r"|in(?=\s*(?:$|[|(),;]))"
"""The inch's "in" counts where nothing follows it in its phrase ("27.5 in (70 cm)", a table cell "19 in"): before a
word it is the preposition ("5 in the box")."""
_TIME_ALT = "|".join(re.escape(s) for s in sorted((s for s, u in UNITS.items() if u.dimension == "time"),
                                                  key=len, reverse=True))

_QUANTITY = re.compile(
    rf"(?<![\w.,$€£¥])(?:(?P<lo>{DIGITS})(?:\s*[–-]\s*|\s+to\s+|\s+and\s+)(?=\d))?"
    rf"(?P<num>{DIGITS}|\b(?:{WORDS})\b){SCALE}"
    rf"(?P<gap>\s?-?\s?)(?P<unit>{_UNIT_ALT}|(?:{'|'.join(RATE_NOUNS)}))(?![\w²])"
    rf"(?:(?P<rsep>\s*/\s*|\s+per\s+|\s+an?\s+|\s+every\s+)(?P<per>{_TIME_ALT})(?![\w²]))?"
    rf"(?:\s+per\s+(?P<perq>(?!{_TIME_ALT}\b)[a-z][a-z-]+))?",
    re.I,
)


_LENGTHS = sorted((s for s, u in UNITS.items() if u.dimension == "length"), key=len, reverse=True)
_LENGTH_ALT = "|".join(re.escape(s) for s in _LENGTHS)
_PART = rf"(?:{DIGITS})(?:\s?(?:{_LENGTH_ALT})(?![\w²]))?"
_SIZE = re.compile(
    rf"(?<![\w.,$€£¥])(?P<parts>{_PART}(?:\s*(?:[x×]|by)\s*{_PART}){{1,2}})\s?(?P<unit>{_LENGTH_ALT})?(?![\w²])", re.I)
_SIZE_PART = re.compile(rf"(?P<num>{DIGITS})(?:\s?(?P<unit>{_LENGTH_ALT})(?![\w²]))?", re.I)


def _sizes(sentence: str) -> list[Value]:
    """Sizes written as lengths crossed (see the module docstring): each length takes its own unit or the last one."""
    out = []
    for m in _SIZE.finditer(sentence):
        parts = list(_SIZE_PART.finditer(m["parts"]))
        last = m["unit"] or parts[-1]["unit"]
        if not last:
            continue  # "3 x faster", "10 × 20": no length
        units = [p["unit"] or last for p in parts]
        metres = []
        for p, u in zip(parts, units):
            number, unit = parse_number(p["num"]), lookup(u)
            if number is None or unit is None:
                break
            metres.append(fmt_number(number * unit.factor))
        else:
            out.append(Value("quantity", "×".join(metres) + " m", m[0], m.start(), m.end(), None, "m"))
    return out


_BOUND = frozenset("%gWVLh")
"""One-letter symbols that abbreviate no number word or plural ("240g", "45W", "12V", "2L", "24h"), unlike "m"
(million), "k" (thousand), "B" (billion) or "s" ("1990s"): written against the number, they still name the unit."""


def _unit_of(m: re.Match[str]) -> Unit | None:
    """The (possibly rate) unit a match names, or None when it is no quantity."""
    word = m["unit"]
    noun = RATE_NOUNS.get(word.lower())
    per = lookup(m["per"]) if m["per"] else None
    if noun is not None:  # "10,000 requests per second", "5,000 rps"
        if word.lower() in ABBREV_RATES:
            return Unit(f"{noun}/s", f"rate:{noun}", 1.0) if per is None else None
        if per is None:
            return None  # "10,000 requests" is a count
        return Unit(f"{noun}/{per.symbol}", f"rate:{noun}", 1.0 / (per.factor / 1e3))
    unit = lookup(word)
    if unit is None:
        return None
    if len(word) == 1 and word not in _BOUND and not m["gap"].startswith(" "):
        return None  # "5m", "12s", "1990s": too ambiguous without a space
    if not m["num"][:1].isdigit() and len(word) <= 2:
        return None  # "one m"
    if per is not None and unit.dimension != "time":
        return rate(unit, per)
    return unit


def _signed(sentence: str, start: int) -> bool:
    """A minus sign written against the digits, after a space, a bracket or the start ("down to -24 °C (-11 °F)"): the
    number is negative. After a digit or a letter the dash joins (a range "10-20 °C", a compound "USB-C")."""
    return start > 0 and sentence[start - 1] in "-−" and (start == 1 or sentence[start - 2] in " \t(~:|/")


def _value(sentence: str, span: tuple[int, int], number: float, u: Unit, want: Unit | None,
           qualifiers: list[str | None]) -> Value:
    base = number * u.factor
    return Value(
        kind="quantity",
        canonical=f"{fmt_number(base)} {base_symbol(u.dimension)}",
        display=sentence[span[0]:span[1]],
        start=span[0],
        end=span[1],
        number=float(f"{(base / want.factor if want else base):.15g}"),
        unit=want.symbol if want else base_symbol(u.dimension),
        qualifier=", ".join(q for q in qualifiers if q) or None,
    )


def quantities(sentence: str, unit: str | None = None) -> list[Value]:
    """Every quantity with a unit, in text order; with `unit`, only those convertible to it, in it.

    ValueError naming `unit` when it is no unit we know."""
    want = resolve(unit) if unit else None
    return list(_quantities(sentence, want))


_HINT = re.compile(rf"\d|\b(?:{WORDS})\b", re.I)


@lru_cache(maxsize=256)
def _quantities(sentence: str, want: Unit | None) -> tuple[Value, ...]:
    if not _HINT.search(sentence):
        return ()
    sizes = _sizes(sentence) if want is None or want.dimension == "length" else []
    found: list[Value] = []
    for m in _QUANTITY.finditer(sentence):
        if any(v.start <= m.start() < v.end for v in sizes):
            continue
        u = _unit_of(m)
        number = parse_number(m["num"], m["scale"]) if u else None
        if u is None or number is None or (want and want.dimension != u.dimension):
            continue
        end = m.end("per") if m["per"] and u.dimension.startswith("rate") else m.end("unit")
        before = qualifier_before(sentence, m.start())
        per = f"per {m['perq']}" if m["perq"] else None
        if m["lo"]:  # "36 to 46 cm", "2–4 GB": the low end takes the unit written after the high one
            low = parse_number(m["lo"])
            assert low is not None
            found.append(_value(sentence, m.span("lo"), low, u, want, [before, "from", per]))
            found.append(_value(sentence, (m.start("num"), end), number, u, want, ["until", per]))
        else:
            start = m.start()
            if _signed(sentence, start) and m["num"][:1].isdigit():
                number, start = -number, start - 1
            found.append(_value(sentence, (start, end), number, u, want, [before, per]))
    return tuple(sorted(found + sizes, key=lambda v: v.start))
