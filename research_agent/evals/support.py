"""Is a confirmed cell supported by its own quotes?  The eval's wrong-confirmation check.

Written apart from the reader (``research_agent/reading``, ``normalize``) on purpose:
the yardstick must not call the code it measures.  A confirmed cell is **wrong** when
any finding behind it fails one of:

* **value** — the quote contains the finding's displayed (or canonical) value
  (whitespace- and case-insensitive).  A number may be written with other thousands separators
  ("9523" / "9,523") and a date in another calendar format ("1844-12-26" /
  "26 December 1844" / "December 26, 1844"), a quantity in another unit, an interval in other
  words ("every two weeks" / "fortnightly"), an SPDX id
  for the licence's written name, and yes/no answers are exempt (`support_values`);
  all checked with our own tiny parsers; anything else is strict;
* **object** — the quote names the cell's object (`support_names`: a name or alias on word boundaries,
  not inside a longer capitalised name such as "Simons Science News" for "Science News"; an edition word
  after it — "Quillstore Cloud", "Ferrodb Managed" — and post-nominals — "MBE", "Jr." — do not make a
  longer name), or, on a page that names the object, calls it by a short form no other object shares,
  refers to it ("it", "he", "the company", …) or names no one at all.

On RAMDocs a confirmed value equal to one of the question's ``wrong_answers`` (and to
none of its gold answers) is wrong too (`matches_any`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..state import Cell, Finding, ResearchState
from .support_names import MONTHS, attributed, names_object
from .support_values import ANSWER_WORDS, same_interval, same_license, same_quantity

__all__ = ["WrongConfirmation", "names_object", "quote_has_value", "matches_any", "wrong_confirmations"]


@dataclass(frozen=True)
class WrongConfirmation:
    cell: str
    value: str
    finding_id: str
    reason: str
    """`value_not_in_quote`, `object_not_named` or `wrong_answer`."""
    quote: str


def squash(text: str) -> str:
    return " ".join(text.casefold().split())


def _digits_variants(text: str) -> set[str]:
    """Numbers in `text` with thousands separators removed ("9,523" → "9523")."""
    return {re.sub(r"(?<=\d)[,\u00a0 ](?=\d{3}\b)", "", m) for m in re.findall(r"\d[\d,.\u00a0 ]*\d|\d", text)}


def parse_dates(text: str) -> set[tuple[int, int, int]]:
    """Full dates written ISO, "26 December 1844" or "December 26, 1844" (our own reader-free parser)."""
    out: set[tuple[int, int, int]] = set()
    t = text.casefold()
    for y, m, d in re.findall(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", t):
        out.add((int(y), int(m), int(d)))
    month = r"(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
    for d, mo, y in re.findall(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+" + month + r",?\s+(\d{4})\b", t):
        out.add((int(y), MONTHS[mo], int(d)))
    for mo, d, y in re.findall(r"\b" + month + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", t):
        out.add((int(y), MONTHS[mo], int(d)))
    return out


def quote_has_value(quote: str, display: str) -> bool:
    """The quote states the displayed value (see the module doc for what "written differently" allows)."""
    q, v = squash(quote), squash(display)
    if not v:
        return False
    if v in q:
        return True
    dates = parse_dates(display)
    if dates and dates <= parse_dates(quote):
        return True
    if re.fullmatch(r"[\d,.\u00a0 ]+", v):
        return bool(_digits_variants(v) & _digits_variants(q))
    return v in ANSWER_WORDS or same_quantity(display, quote) or same_license(display, quote) or same_interval(display, quote)


def matches_any(value: str, forms: list[str]) -> bool:
    """`value` equals one of `forms`: case/whitespace-insensitive, numbers by digits, dates by day."""
    v = squash(value)
    for form in forms:
        f = squash(form)
        if not f:
            continue
        if v == f:
            return True
        fd, vd = parse_dates(form), parse_dates(value)
        if fd and fd == vd:
            return True
        if re.fullmatch(r"[\d,.\u00a0 ]+", f) and re.fullmatch(r"[\d,.\u00a0 ]+", v):
            if _digits_variants(f) == _digits_variants(v):
                return True
    return False


def _finding_problem(state: ResearchState, cell: Cell, finding: Finding) -> str | None:
    names = _object_names(state, cell.object)
    source = state.sources.get(finding.source_id)
    if not any(quote_has_value(finding.quote, v) for v in (finding.display, finding.value) if v):
        return "value_not_in_quote"
    others = [n for spec in state.task_contract.objects if spec.name != cell.object for n in spec.names]
    if not attributed(finding.quote, names, source.title if source else "", source.url if source else "", others,
                      f"{finding.value} {finding.display}", finding.display or finding.value):
        return "object_not_named"
    return None


def _object_names(state: ResearchState, obj: str) -> list[str]:
    for spec in state.task_contract.objects:
        if spec.name == obj:
            return spec.names
    return [obj]


def wrong_confirmations(state: ResearchState, wrong_answers: list[str] | None = None,
                        gold_answers: list[str] | None = None) -> list[WrongConfirmation]:
    """Every confirmed cell whose value is not supported by its quotes (or is a known wrong answer)."""
    out: list[WrongConfirmation] = []
    for key, cell in sorted(state.cells.items()):
        if cell.status != "confirmed":
            continue
        findings = [state.findings[f] for f in cell.finding_ids if f in state.findings]
        for finding in findings:
            problem = _finding_problem(state, cell, finding)
            if problem:
                out.append(WrongConfirmation(key, cell.value or "", finding.id, problem, finding.quote))
                break
        else:
            shown = [f.display or f.value for f in findings] + [cell.value or ""]
            if wrong_answers and any(matches_any(s, wrong_answers) for s in shown) and not (
                gold_answers and any(matches_any(s, gold_answers) for s in shown)
            ):
                out.append(WrongConfirmation(key, cell.value or "", findings[0].id if findings else "", "wrong_answer", ""))
    return out
