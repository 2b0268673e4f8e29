"""What a perfect reader model says about one page: the gold finding, or a plausible wrong one.

Written apart from the reader (``research_agent/reading``) on purpose, like the eval's
`support` check: the model seat must not call the code it measures.  Its own small tools:

* `page_sentences` — the page text cut into sentences at ".", "!" or "?" before a capital,
  a digit or a quote, never after an initial ("G. Stanley Hall") or a title ("St.", "Dr.");
  every sentence is a slice of the page, so every quote is verbatim;
* `gold_finding` — the first sentence of a page that states a gold form of the cell and names the
  object (else the first that states the gold form: "It reaches about 40 cm" on the object's page),
  with the value as the page writes it ("30 July 1970" for the gold "1970-07-30");
* `wrong_finding` — a plausible wrong one: a value the page states for another object or a
  known wrong answer (RAMDocs' `wrong_answers`), else another value of the gold's kind (another
  year, another number, another capitalised name) in a sentence of the page.

A quote longer than the model's limit (800 characters) is cut to a window of the sentence around
the value, on word boundaries — still a slice of the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Offer", "gold_finding", "page_sentences", "value_forms", "wrong_finding"]

MAX_QUOTE = 600
"""Characters a quote may have before it is cut to a window (the answer schema's limit is 800)."""
_TITLES = frozenset(
    "mr mrs ms dr st jr sr no co inc ltd mt ft gen col lt capt sgt rev prof vs etc fig vol op ca approx dept univ "
    "corp bros est".split()
)
_BOUNDARY = re.compile(r"[.!?][\"”’')\]]*\s+(?=[\"“‘'(\[]?[A-Z0-9])")
_MONTHS = ("January February March April May June July August September October November December").split()
_YEAR = re.compile(r"(?<![\d,.])(1[0-9]{3}|20[0-9]{2})(?![\d,])")
_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w,])")
_NAME = re.compile(r"(?<![\w'’-])[A-Z][\w'’.-]*(?:\s+(?:of|de|the|and|von|van|der|du|la)?\s*[A-Z][\w'’.-]*)*")


@dataclass(frozen=True)
class Offer:
    """One finding the perfect reader model gave, and what kind it is."""

    cell: str
    url: str
    quote: str
    value: str
    kind: str
    """gold, or the kind of wrong: wrong_answer, other_object, other_year, other_number, other_name."""


def page_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of every sentence of `text`: lines first, then sentence ends inside a line."""
    spans: list[tuple[int, int]] = []
    for line in re.finditer(r"[^\n]+", text):
        start = line.start()
        for m in _BOUNDARY.finditer(line.group(0)):
            end = line.start() + m.start() + 1
            word = re.search(r"([\w.]+)$", text[start:end - 1])
            before = word.group(1) if word else ""
            if len(before) == 1 and before.isupper() or before.lower().rstrip(".") in _TITLES or "." in before:
                continue  # an initial, a title or an abbreviation with inner dots ("U.S."): not a sentence end
            spans.append((start, line.start() + m.end()))
            start = line.start() + m.end()
        spans.append((start, line.end()))
    return [(a, b) for a, b in ((a, _rstrip(text, a, b)) for a, b in spans) if b > a]


def _rstrip(text: str, a: int, b: int) -> int:
    while b > a and text[b - 1].isspace():
        b -= 1
    return b


def value_forms(form: str) -> list[str]:
    """A gold form and the other ways a page writes it: an ISO date in words, a number with or without
    thousands separators."""
    out = [form]
    iso = re.fullmatch(r"(\d{4})-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?", form.strip())  # not a range "1990-2022"
    if iso:
        year, month = iso.group(1), _MONTHS[int(iso.group(2)) - 1]
        if iso.group(3):
            day = str(int(iso.group(3)))
            out += [f"{day} {month} {year}", f"{month} {day}, {year}", f"{month} {day} {year}"]
        else:
            out.append(f"{month} {year}")
    if re.fullmatch(r"\d[\d,]*", form.strip()):
        digits = form.replace(",", "")
        out += [digits, f"{int(digits):,}"]
    return list(dict.fromkeys(out))


def _form_pattern(forms: list[str]) -> re.Pattern[str] | None:
    alts = sorted({re.escape(f).replace(r"\ ", r"\s+") for form in forms for f in value_forms(form) if f.strip()},
                  key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)", re.I) if alts else None


def _quote(text: str, span: tuple[int, int], value: tuple[int, int]) -> str:
    """The sentence at `span`, cut to a window around `value` when it is longer than MAX_QUOTE."""
    a, b = span
    if b - a > MAX_QUOTE:
        half = (MAX_QUOTE - (value[1] - value[0])) // 2
        a, b = max(a, value[0] - half), min(b, value[1] + half)
        while a > span[0] and not text[a - 1].isspace():
            a += 1
        while b < span[1] and not text[b].isspace():
            b -= 1
    return text[a:b].strip()


def _first(text: str, pattern: re.Pattern[str], skip: Callable[[str], bool] = lambda v: False, *,
           opening: bool = True, blocked: Sequence[tuple[int, int]] = (),
           within: re.Pattern[str] | None = None) -> tuple[str, str] | None:
    """(quote, value as written) of the first sentence holding a match of `pattern` that `skip` lets through
    and that overlaps no `blocked` span; `opening=False` passes over a match at a sentence's first word (a
    capital there says nothing); `within`: only sentences that match it."""
    for span in page_sentences(text):
        if within is not None and not within.search(text, span[0], span[1]):
            continue
        for m in pattern.finditer(text, span[0], span[1]):
            if skip(m.group(0)) or not opening and m.start() == span[0]:
                continue
            if any(m.start() < b and a < m.end() for a, b in blocked):
                continue
            return _quote(text, span, m.span()), m.group(0)
    return None


def _names_pattern(names: list[str]) -> re.Pattern[str] | None:
    alts = sorted({re.escape(n.strip()).replace(r"\ ", r"\s+") for n in names if n.strip()}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)", re.I) if alts else None


def gold_finding(cell: str, url: str, text: str, forms: list[str], names: list[str], *,
                 named_only: bool = False) -> Offer | None:
    """The first sentence of `text` that states a gold form and names the object (`names`), else (unless
    `named_only`) the first that states a gold form, with the value as the page writes it."""
    pattern = _form_pattern(forms)
    if pattern is None:
        return None
    found = _first(text, pattern, within=_names_pattern(names)) if names else None
    found = found or (None if named_only else _first(text, pattern))
    return Offer(cell, url, found[0], found[1], "gold") if found else None


def wrong_finding(cell: str, url: str, text: str, forms: list[str], others: list[str], wrong: list[str],
                  names: list[str]) -> Offer | None:
    """A plausible wrong finding for `cell` on this page (see the module docstring), or None.

    `others`: gold forms of other objects' cells; `wrong`: known wrong answers; `names`: the object's names
    (a name sharing a word with them is never offered as its value)."""
    gold = _form_pattern(forms)
    is_gold = (lambda v: bool(gold.fullmatch(v))) if gold else (lambda v: False)
    stated = [m.span() for m in gold.finditer(text)] if gold else []  # the gold as the page writes it
    for kind, candidates in (("wrong_answer", wrong), ("other_object", others)):
        pattern = _form_pattern([c for c in candidates if not is_gold(c)])
        found = _first(text, pattern, is_gold, blocked=stated) if pattern else None
        if found:
            return Offer(cell, url, found[0], found[1], kind)
    own = {w for n in names for w in re.findall(r"\w{3,}", n.lower())}
    if any(_YEAR.search(f) for f in forms):
        kind, pattern = "other_year", _YEAR
    elif any(re.fullmatch(r"[\d,.]+(?:\s+\w+)?", f.strip()) for f in forms):
        kind, pattern = "other_number", _NUMBER
    else:
        kind, pattern = "other_name", _NAME
    found = _first(text, pattern, lambda v: is_gold(v) or v in _MONTHS or bool(own & set(re.findall(r"\w{3,}", v.lower()))),
                   opening=kind != "other_name", blocked=stated)
    return Offer(cell, url, found[0], found[1], kind) if found else None
