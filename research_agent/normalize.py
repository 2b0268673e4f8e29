"""Normalisation: query keys for duplicate detection and values for comparison.

`query_key` reduces a search to its intent: lower-cased content words, stop
words dropped, light stemming, sorted — so "Redis license" and "the licence of
redis?" are the same path.  `value_from_sentence` finds a dimension's value in
one sentence and returns it in a canonical form (SPDX id, number in a base
unit, dotted version, ISO date, yes/no, enum label) so that two sources agree
only when they say the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from .contract import DimensionSpec

STOPWORDS = frozenset(
    """a an the of for on in to and or vs versus is are was were be by with what which who how
    does do did its it this that these those about as at from than then compare comparison
    between has have had their there page site""".split()
)

_WORD = re.compile(r"[a-z0-9][a-z0-9.+#-]*", re.I)


def _stem(w: str) -> str:
    if w == "licence":
        return "license"
    for suffix in ("ing", "es", "s"):
        if len(w) > 4 and w.endswith(suffix) and not w.endswith("ss"):
            return w[: -len(suffix)]
    return w


def content_words(text: str) -> list[str]:
    return [_stem(w.strip(".-").lower()) for w in _WORD.findall(text) if w.lower() not in STOPWORDS and w.strip(".-")]


def query_key(query: str) -> str:
    """The normalised intent of a search query: word order and stop words ignored."""
    return " ".join(sorted(set(content_words(query))))


# ------------------------------------------------------------------ values

_SPDX = [
    (re.compile(r"\bAGPL(?:[- ]?v?3(?:\.0)?)?\b|\bGNU Affero\b", re.I), "AGPL-3.0"),
    (re.compile(r"\bLGPL(?:[- ]?v?2\.1)\b", re.I), "LGPL-2.1"),
    (re.compile(r"\bLGPL(?:[- ]?v?3(?:\.0)?)?\b|\bGNU Lesser\b", re.I), "LGPL-3.0"),
    (re.compile(r"\bGPL[- ]?v?2(?:\.0)?\b|\bGNU General Public License,? version 2\b", re.I), "GPL-2.0"),
    (re.compile(r"\bGPL(?:[- ]?v?3(?:\.0)?)?\b|\bGNU General Public License\b", re.I), "GPL-3.0"),
    (re.compile(r"\bApache(?: License)?(?:[ ,-]*(?:v(?:ersion)?\s*)?2(?:\.0)?)?\b", re.I), "Apache-2.0"),
    (re.compile(r"\bMIT\b"), "MIT"),
    (re.compile(r"\bBSD[- ]?3(?:[- ]Clause)?\b|\b3-clause BSD\b", re.I), "BSD-3-Clause"),
    (re.compile(r"\bBSD[- ]?2(?:[- ]Clause)?\b|\b2-clause BSD\b", re.I), "BSD-2-Clause"),
    (re.compile(r"\bBSD\b"), "BSD-3-Clause"),
    (re.compile(r"\bMPL(?:[- ]?v?2(?:\.0)?)?\b|\bMozilla Public License\b", re.I), "MPL-2.0"),
    (re.compile(r"\bSSPL\b|\bServer Side Public License\b", re.I), "SSPL-1.0"),
    (re.compile(r"\bBusiness Source License\b|\bBSL 1\.1\b|\bBUSL\b", re.I), "BUSL-1.1"),
    (re.compile(r"\bElastic License\b", re.I), "Elastic-2.0"),
    (re.compile(r"\bproprietary\b|\bclosed[- ]source\b|\bcommercial licen[cs]e\b", re.I), "proprietary"),
    (re.compile(r"\bpublic domain\b|\bUnlicense\b", re.I), "Unlicense"),
]

# unit -> (canonical unit, factor)
_UNITS: dict[str, tuple[str, float]] = {
    "ms": ("ms", 1.0), "millisecond": ("ms", 1.0), "milliseconds": ("ms", 1.0),
    "s": ("ms", 1000.0), "sec": ("ms", 1000.0), "second": ("ms", 1000.0), "seconds": ("ms", 1000.0),
    "µs": ("ms", 0.001), "us": ("ms", 0.001), "microseconds": ("ms", 0.001),
    "kb": ("MB", 0.001), "mb": ("MB", 1.0), "gb": ("MB", 1000.0), "tb": ("MB", 1_000_000.0),
    "kib": ("MB", 1024 / 1_000_000), "mib": ("MB", 1.048576), "gib": ("MB", 1073.741824),
    "%": ("%", 1.0), "percent": ("%", 1.0),
    "$": ("USD", 1.0), "usd": ("USD", 1.0), "dollars": ("USD", 1.0), "eur": ("EUR", 1.0), "€": ("EUR", 1.0),
    "rps": ("rps", 1.0), "requests per second": ("rps", 1.0), "req/s": ("rps", 1.0), "ops/sec": ("rps", 1.0),
    "million": ("", 1_000_000.0), "billion": ("", 1_000_000_000.0), "thousand": ("", 1000.0),
}
_NUM = re.compile(
    r"(?P<cur>[$€])?\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?"
    r"(?P<unit>requests per second|req/s|ops/sec|milliseconds|millisecond|microseconds|seconds|second|sec|ms|µs|us|kib|mib|gib|kb|mb|gb|tb|%|percent|usd|dollars|eur|million|billion|thousand|rps|s)?(?!\w)",
    re.I,
)
_VERSION = re.compile(r"\b(?:v|version\s+)?(\d+\.\d+(?:\.\d+)?)\b", re.I)
_DATE_PATTERNS = [
    (re.compile(r"\b(\d{4}-\d{2}-\d{2})\b"), "%Y-%m-%d"),
    (re.compile(r"\b((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4})\b"), "%B %d, %Y"),
    (re.compile(r"\b(\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4})\b"), "%d %B %Y"),
    (re.compile(r"\b((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4})\b"), "%B %Y"),
]
_NEGATION = re.compile(r"\b(?:not|no|never|doesn't|does not|don't|do not|cannot|can't|isn't|is not|lacks|without|unsupported)\b", re.I)
_AFFIRM = re.compile(r"\b(?:supports?|supported|provides?|offers?|includes?|available|yes|can)\b", re.I)


@dataclass(frozen=True)
class ExtractedValue:
    value: str
    """Canonical form used for agreement and conflict checks."""
    display: str
    """The value as a person would write it (with unit)."""


def _fmt_number(x: float) -> str:
    return f"{x:.6g}"


def normalise_number(match: re.Match[str], want_unit: str | None) -> ExtractedValue | None:
    raw = match["num"].replace(",", "")
    try:
        num = float(raw)
    except ValueError:
        return None
    unit_raw = (match["unit"] or match["cur"] or "").lower()
    canon, factor = _UNITS.get(unit_raw, (unit_raw, 1.0))
    num *= factor
    if canon == "" and unit_raw in ("million", "billion", "thousand"):
        canon = ""
    if want_unit and canon and canon.lower() != want_unit.lower():
        return None
    shown = f"{_fmt_number(num)} {canon}".strip()
    return ExtractedValue(value=shown, display=match.group(0).strip())


def value_from_sentence(sentence: str, dim: DimensionSpec) -> ExtractedValue | None:
    """The dimension's value stated in `sentence`, normalised, or None."""
    kind = dim.kind
    if kind == "license":
        for pattern, spdx in _SPDX:
            m = pattern.search(sentence)
            if m:
                return ExtractedValue(spdx, m.group(0))
        return None
    if kind == "number":
        for m in _NUM.finditer(sentence):
            if not (m["unit"] or m["cur"]):
                continue  # a bare number is usually a year, a count or a version
            v = normalise_number(m, dim.unit)
            if v:
                return v
        return None
    if kind == "version":
        m = _VERSION.search(sentence)
        return ExtractedValue(m.group(1), m.group(0)) if m else None
    if kind == "date":
        for pattern, fmt in _DATE_PATTERNS:
            m = pattern.search(sentence)
            if m:
                try:
                    d = datetime.strptime(m.group(1), fmt)
                except ValueError:
                    continue
                iso = d.strftime("%Y-%m" if fmt == "%B %Y" else "%Y-%m-%d")
                return ExtractedValue(iso, m.group(1))
        return None
    if kind == "boolean":
        if _NEGATION.search(sentence):
            return ExtractedValue("no", "does not")
        if _AFFIRM.search(sentence):
            return ExtractedValue("yes", "yes")
        return None
    if kind == "enum":
        low = sentence.lower()
        hits = [v for v in dim.values if re.search(r"(?<![\w-])" + re.escape(v.lower()) + r"(?![\w-])", low)]
        if not hits:
            return None
        neg = _NEGATION.search(sentence)
        if neg and neg.start() < min(low.index(h.lower()) for h in hits):
            return None  # "is not self-hosted": a denial is not a value
        # several options in one sentence ("self-hosted, or as a managed cloud") form one value
        labels = sorted({h.lower() for h in hits})
        return ExtractedValue("+".join(labels), ", ".join(hits))
    # text: the clause after the keyword, trimmed — a weak value, compared loosely
    for kw in dim.keywords:
        m = re.search(re.escape(kw) + r"\s+(?:is|are|was|of)\s+(?P<v>[^.;]{2,60})", sentence, re.I)
        if m:
            v = m["v"].strip().rstrip(",")
            return ExtractedValue(" ".join(content_words(v)) or v.lower(), v)
    return None
