"""The `Value` a recogniser returns, and the number formatting every canonical form shares."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache, wraps


@dataclass(frozen=True)
class Value:
    """One typed value found in a sentence."""

    kind: str
    """What sort of value: one of `KINDS` (see the package docstring)."""
    canonical: str
    """The comparison form: two sources agree iff their canonical strings are equal."""
    display: str
    """Exactly `sentence[start:end]`: the value as the source wrote it."""
    start: int
    """Offset of `display` in the sentence."""
    end: int
    """End offset of `display` in the sentence."""
    number: float | None = None
    """Magnitude in `unit` (the canonical unit, or the caller's unit), when numeric."""
    unit: str | None = None
    """The unit `number` is in ("B", "ms", "day", "USD", "%", ...), when numeric."""
    qualifier: str | None = None
    """What the source said around the value: "about", "up to", "early", "per file", ..."""


def fmt_number(x: float) -> str:
    """A stable text form: 15 significant digits (float noise such as 4.02e9 → 4019999999.9999995
    dropped), integers without a point, never an exponent."""
    text = format(Decimal(f"{x:.15g}"), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def per_sentence(recognise: Callable[[str], list[Value]]) -> Callable[[str], list[Value]]:
    """Memoise a recogniser on the sentence: the reader, `counts` and `kinds_in` ask about the
    same sentence several times. Values are frozen, so sharing them is safe; the list is a copy."""
    cached = lru_cache(maxsize=256)(lambda sentence: tuple(recognise(sentence)))

    @wraps(recognise)
    def wrapper(sentence: str) -> list[Value]:
        return list(cached(sentence))

    return wrapper


def anchored(pattern: re.Pattern[str], anchor: re.Pattern[str], sentence: str) -> Iterator[re.Match[str]]:
    """`pattern.finditer(sentence)`, tried only where `anchor` says a value can start.

    A long alternation that can begin with many things (a digit, a month, a qualifier) is what
    costs when tried at every character; patterns that begin with one cheap test gain nothing."""
    last = 0
    for a in anchor.finditer(sentence):
        if a.start() < last:
            continue
        m = pattern.match(sentence, a.start())
        if m:
            last = m.end()
            yield m
