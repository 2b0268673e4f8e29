"""The reader: from page text to typed, attributed values — one reader for both policies.

* `segment` — sentence segmentation that survives initials and abbreviations;
* `attribution` — which object a sentence (or a value in it) is about;
* `lexicon` — what a dimension name means: value kind, cue words, patterns;
* `values` — typed value recognisers (dates, quantities, money, durations,
  counts, licences, versions, yes/no, nationality);
* `extract` — one page → the best reading per open cell;
* `verify` — the same attribution and value checks applied to a finding
  someone else (a model) proposed.

The reducer only applies what the reader returns.
"""

from __future__ import annotations

from ..contract import ObjectSpec
from .attribution import Attribution, Named, lead_mentions, page_subject
from .extract import Reading, Target, dimension_profile, read_page, value_in
from .verify import check_finding

__all__ = [
    "Attribution",
    "Named",
    "Reading",
    "Target",
    "check_finding",
    "dimension_profile",
    "lead_mentions",
    "named",
    "page_subject",
    "read_page",
    "value_in",
]


def named(obj: ObjectSpec) -> Named:
    """An object as attribution sees it."""
    return Named.of(obj)
