"""Checks on a finding the reader did not make itself (an LLM's proposal).

`check_finding` applies the reader's rules to a proposed `(cell, value,
quote)`: the quote must be attributable to the cell's object on that page
(`attribution.attribute`, with the page's subject as the discourse) and must
itself carry the value (typed in the dimension's kind).  It returns the typed
value, or the reason the finding is refused — a typed reason, never a message
to parse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from ..contract import DimensionSpec, ObjectSpec
from .attribution import Named, Subjects, attribute, mentions, page_subject
from .extract import dimension_profile, value_in, values_for
from .site import site_subject
from .values import Value

__all__ = ["Checked", "check_finding"]

Refusal = Literal["unattributed", "no_value"]


@dataclass(frozen=True)
class Checked:
    value: Value | None
    refusal: Refusal | None = None
    matched: str = ""


def check_finding(
    objects: Sequence[ObjectSpec], obj: ObjectSpec, dim: DimensionSpec, value: str, quote: str, title: str,
    url: str | None = None,
) -> Checked:
    named = [Named.of(o) for o in objects]
    discourse = Subjects(page_subject(title, named) or site_subject(url, title, named))
    ents = mentions(quote, named, page_object=discourse.current)
    typed = value_in(value, dim)
    prof = dimension_profile(dim)
    in_quote = [v for v in values_for(quote, prof, dim) if typed is None or v.canonical == typed.canonical]
    span = (in_quote[0].start, in_quote[0].end) if in_quote else None
    att = attribute(quote, named, discourse, value_span=span, ents=ents, target=obj.name)
    if att is None or att.obj != obj.name:
        return Checked(None, "unattributed")
    if typed is None:
        return Checked(in_quote[0] if in_quote else None, None if in_quote else "no_value", att.matched)
    return Checked(typed, None, att.matched)
