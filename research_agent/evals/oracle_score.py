"""What the program did with a perfect reader model's findings: kept, or refused and why.

A finding the model offered (`oracle_findings.Offer`) is **kept** when the run's state holds a
finding for the same cell, from the same page, with the same quote (whitespace- and
case-insensitive) or with the page's sentence that quote is a piece of (the program reads, and
records, a piece of a sentence in its sentence: `verify.check_finding`).  Every other offer was
refused by the program, for one of:

* the reasons the reducer counts by kind (`ProgressCounters.rejected_by`: ``unattributed`` — the
  attribution check credits the quote to no object or another one; ``no_value`` — no value of the
  dimension's kind in the quote, …);
* ``ungrounded`` — refused without a kind: the quote is not in the page text, or the cell is unknown;
* ``invalid_answer`` — the whole answer failed the answer schema (a quote over its length, …) and
  was never reduced.

Every finding a run reduces from a model answer is the perfect reader's, so the reducer's counts
are the offers' reasons; the last kind is what is left over.

The program types a kept finding's value from its quote, so a wrong value offered with a quote that
also states the gold may be kept *as the gold*: in ``wrong`` mode such an offer counts as
``corrected``, and ``accepted`` counts only the wrong values kept.  Nothing here calls the reader.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..state import ResearchState
from .oracle_findings import Offer
from .realdata_score import gold_match
from .support import squash

__all__ = ["score_offers"]


def _key(cell: str, url: str, quote: str) -> tuple[str, str, str]:
    return cell, url.rstrip("/"), squash(quote)


def _holding(o: Offer, kept_values: dict[tuple[str, str, str], list[str]]) -> list[str] | None:
    """The values of the finding that keeps an offer: same cell and page, and its quote is the offer's or the
    page's sentence the offer's quote is a piece of (the program records the sentence it read)."""
    cell, url, quote = _key(o.cell, o.url, o.quote)
    if (cell, url, quote) in kept_values:
        return kept_values[(cell, url, quote)]
    return next((v for (c, u, q), v in kept_values.items() if c == cell and u == url and quote in q), None)


def score_offers(offers: list[Offer], state: ResearchState, mode: str, gold: dict[str, list[str]],
                 errors: int = 0) -> dict[str, Any]:
    """Offered, kept, refused (by reason), corrected and the offers by kind — one run's `OracleFigures` row,
    with the refused offers themselves under ``refused_offers`` (printed for a dev part only)."""
    unique = list({_key(o.cell, o.url, o.quote): o for o in offers}.values())
    kept_values = {_key(f.cell, f.url, f.quote): [f.display, f.value] for f in state.findings.values()}
    held = {o: _holding(o, kept_values) for o in unique}
    kept = [o for o in unique if held[o] is not None]
    refused = [o for o in unique if held[o] is None]
    corrected = [o for o in kept
                 if mode == "wrong" and any(gold_match(v, gold.get(o.cell, [])) for v in held[o] or [] if v)]
    counts = state.progress
    by = {k: v for k, v in counts.rejected_by.items() if v}
    if counts.rejected_findings > sum(by.values()):
        by["ungrounded"] = counts.rejected_findings - sum(by.values())
    if len(refused) > counts.rejected_findings:
        by["invalid_answer"] = len(refused) - counts.rejected_findings
    offered_by = Counter(o.kind for o in unique)
    kept_by = Counter(o.kind for o in kept if o not in corrected)
    return {
        "mode": mode, "offered": len(unique), "accepted": len(kept) - len(corrected), "corrected": len(corrected),
        "rejected": len(refused), "rejected_by": by,
        "by_kind": {k: [offered_by[k], kept_by[k]] for k in sorted(offered_by)},
        "errors": errors,
        "refused_offers": [f"{o.cell} = {o.value!r} ({o.kind}) <- {o.quote[:160]!r}" for o in refused],
    }
