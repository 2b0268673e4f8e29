"""Quarantine: cut flagged passages out of a fetched page and decide whether the run may go on.

Detection is not the boundary; what a flagged passage may still do is.  A
passage the page screen flags is removed from the text the policy reads
(extraction, grounding, leads), so it can never become a quote, a lead or a
URL, and it is kept aside as data for the report and the trace.  The rest of
the page stays usable when it is clean.

The run ends (``abort`` is set) when:

* a passage matches an exfiltration rule or one of ``policy.abort_rules``
  (sending data out, moving money, revealing secrets, running code): the
  attempt itself is what a human must see;
* a cut passage, whatever rule flagged it, orders an exfiltration
  (``injection_structure.exfiltration_in``: secrets, personal data or the
  conversation sent out, the reader's report mailed to an outside address,
  money moved, code run, an internal, link-local or metadata address opened):
  exfiltration aborts whatever the phrasing, also when the passage could be
  cut out;
* the flagged passages cover ``policy.max_quarantined_share`` of the text or
  more: a page that is mostly instructions has nothing left worth reading.

Passages are cut at sentence granularity: each flagged span grows to the
sentence boundaries around it (within its line).  The text returned is the
normalised page text (``risk_screen.normalise_page``) when anything was cut,
and the original text untouched when nothing was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .injection_structure import exfiltration_in
from .risk_policy import RiskPolicy
from .risk_screen import Passage, RiskFlag, find_passages, flags_of, normalise_page, screen_url

__all__ = ["Quarantine", "quarantine"]

_BOUNDARY = re.compile(r"[.!?][\"'”’)\]]*\s|\n")


@dataclass(frozen=True)
class Quarantine:
    """A page after quarantine."""

    text: str
    """The page text without the flagged passages (the original text when none was flagged)."""
    passages: list[str] = field(default_factory=list)
    """The flagged passages, in page order, as cut out."""
    flags: list[RiskFlag] = field(default_factory=list)
    """One flag per rule that matched (``risk_screen.flags_of``)."""
    abort: str | None = None
    """Why the run must end, or None when the page may be read without its passages."""


def quarantine(text: str, policy: RiskPolicy, *, url: str | None = None) -> Quarantine:
    """Cut every flagged passage out of ``text`` (see the module docstring)."""
    normalised = normalise_page(text, policy)
    found = find_passages(normalised, policy)
    if not found:
        return Quarantine(text)
    spans = _merge([_sentence_span(normalised, p) for p in found])
    kept, cut, last = [], [], 0
    for start, end in spans:
        kept.append(normalised[last:start])
        cut.append(normalised[start:end].strip())
        last = end
    kept.append(normalised[last:])
    flags = flags_of(found, url=url)
    share = sum(end - start for start, end in spans) / max(1, len(normalised.strip()))
    passages = [c for c in cut if c]
    return Quarantine("".join(kept).strip(), passages, flags, _abort(found, passages, share, policy))


def _abort(found: list[Passage], passages: list[str], share: float, policy: RiskPolicy) -> str | None:
    for passage in found:
        if passage.kind == "exfiltration" or passage.rule in policy.abort_rules:
            return f"rule {passage.rule!r} matched: {passage.evidence[:120]!r}"
    for text in passages:
        kind = exfiltration_in(text, private_url=lambda u: screen_url(u, policy) is not None)
        if kind is not None:
            return f"a quarantined passage orders exfiltration ({kind}): {text[:120]!r}"
    if share >= policy.max_quarantined_share:
        return f"the page is mostly instructions ({share:.0%} of its text flagged)"
    return None


def _sentence_span(text: str, passage: Passage) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, passage.start) + 1
    start = line_start
    for match in _BOUNDARY.finditer(text, line_start, passage.start):
        start = match.end()
    ends = _BOUNDARY.search(text, max(passage.end - 1, start))
    end = ends.end() if ends else len(text)
    return start, end


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
