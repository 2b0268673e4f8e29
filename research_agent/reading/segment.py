"""Sentence segmentation: the first step of the reader.

`split_sentences(text)` cuts a page's main text into the sentences the reader
quotes.  Two passes:

1. **Lines into runs.**  Blank lines end a paragraph.  Inside a paragraph,
   structural lines stand alone: Markdown headings (``# …`` and setext
   ``Title`` + ``===``), list items (``-``, ``*``, ``+``, ``•``, ``1.``,
   ``1)``; an indented line continues its item), table rows (``| … |``),
   fenced code lines, and *title-like* lines (≤ 80 characters, no closing
   punctuation, every word of four letters or more capitalised — the headings
   trafilatura leaves as plain lines, e.g. ``NISSAN SENTRA``).  The other
   lines are joined into one run when the break looks like a soft wrap.  No
   prose line of the paragraph may be over 100 characters (hard-wrapped text
   wraps at 72–100 columns; a block with a longer line has one paragraph a
   line, as trafilatura writes it); then the break is soft when the first
   line ends inside a sentence (comma, hyphen, a function word such as "the"
   or "under"), when the next line starts in lower case, or when the first
   line is near the paragraph's wrap width (≥ 60 % of its longest line, when
   that is 50 characters or more: shorter lines are short lines, not wrapped
   text).  So a sentence is never cut at a line break inside a paragraph, and
   a heading never glues onto the sentence after it.
2. **Runs into sentences** with nupunkt (a Punkt model trained on a large
   English legal corpus, zero dependencies, MIT), its abbreviation list
   pruned of the ordinary words it learned as abbreviations ("free.",
   "offline."; ``abbreviations.txt`` says what is kept).  Measured on the
   HotpotQA paragraphs in ``../shared/data`` (join the gold sentences, split
   again), paragraphs split exactly as the gold: our old regex 78.8 %, pysbd
   91.6 %, nupunkt 93.3 %, nupunkt pruned 96.6 %; nupunkt is also ~30× faster
   than pysbd and keeps ``"E. B." White``, ``approx. 20 GB`` and ``U.S. Navy``
   whole where pysbd cuts them (bench/segment.py prints the figures).
   Two facts about sentences then join pieces nupunkt cut apart: a sentence does
   not end inside brackets that close later ("X (; lit. Y) is a …"), and a
   sentence starts with a capital, so a piece after "!" or "?" that starts in
   lower case, or one that starts with a parenthesis and then lower case, runs on
   from the last ("Jump Back! (2004) is a …" — a title with its own "!").  On
   HotpotQA this lowers agreement to 95.4 %, because its own boundaries make
   those very cuts.

Every sentence is a slice of the text (markers such as ``#``, ``- `` and the
outer ``|`` of a table row trimmed, lines joined by one space), so after
whitespace is collapsed it occurs verbatim in the page: a quote the reader
takes from it passes the grounding check.  Pieces without a letter or digit
(rules, table separators) are dropped.

nupunkt is imported at first use, not at import time, so ``research --help``
never loads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

__all__ = ["split_sentences"]

WRAP_MAX = 100
"""Longest line that can be a soft-wrapped line of a longer paragraph."""
NEAR_WIDTH = 0.6
"""A line at least this share of its paragraph's wrap width was wrapped, not ended."""
MIN_WRAP = 50
"""Narrowest wrap width believed: a paragraph whose lines are all shorter is short lines, not wrapped text."""
TITLE_MAX = 80
"""Longest line that may be taken for a plain-text heading."""

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<body>.*?)(?:\s+#+)?\s*$")
_SETEXT = re.compile(r"^\s{0,3}(?:=+|-+)\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?P<body>.*\S)\s*$")
_TABLE = re.compile(r"^\s*\|(?P<body>.*?)\|?\s*$")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_QUOTE_MARK = re.compile(r"^\s*>\s?")
_ALNUM = re.compile(r"\w")
# "No." / "Yes." answering a question, then a word: nupunkt keeps "No." as in "No. 100", so cut it here
_ANSWER = re.compile(r"(?:(?<=(?<![\w.])No\.)|(?<=(?<![\w.])Yes\.))\s+(?=[A-Z][a-z])")
_OPEN_END = re.compile(
    r"(?:[,\-–—(/&]|\b(?:a|an|the|of|to|in|on|at|by|for|from|with|and|or|but|nor|under|as|is|are|was|were|"
    r"be|been|its|their|his|her|this|that|which|who|than|into|onto|over|about|per|via)\b)\s*$"
)  # case-sensitive: "Plan A" or "Part In" at a line's end is a name, not a sentence running on
_CLOSED_END = re.compile(r"[.!?:;,…\"'”’)\]]\s*$")

# A paragraph is a list of lines; a run is the text one segmentation call sees.
Runs = Iterator[str]


def split_sentences(text: str) -> list[str]:
    """The sentences of `text`, in order, each findable in it once whitespace is collapsed."""
    splitter = _punkt()
    sentences: list[str] = []
    for run in _runs(text):
        for start, end in _continuations_joined(run, _name_prefixes_joined(run, splitter(run))):
            for piece in _ANSWER.split(run[start:end]):
                piece = _QUOTE_MARK.sub("", piece.strip())
                if _ALNUM.search(piece):
                    sentences.append(piece)
    return sentences


_NAME_PREFIX = re.compile(
    r"(?<![\w.])(?:St|Ste|Mt|Ft|Dr|Mr|Mrs|Ms|Prof|Gen|Lt|Col|Capt|Sgt|Rev|Hon|Sen|Gov|Adm|Maj|Brig|Fr|Pres|Messrs)\.\s*$"
)


def _name_prefixes_joined(run: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """nupunkt still cuts after a title or place word it knows when a common first name follows ("St. Michael
    Academy", "Dr. John Smith"): a piece ending in one, before a capital, runs on into the next."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        if out and _NAME_PREFIX.search(run, out[-1][0], out[-1][1]) and run[start:start + 1].isupper():
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


_OPENS_LOWER = re.compile(r"\s*(?:\([^()]*\)\s*)?[a-z]")
"""A piece that begins in lower case, or with a parenthesis and then lower case: no sentence starts so."""


def _continuations_joined(run: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A sentence does not end inside brackets that close later ("Harbour Lamps (Greek title; lit. Lights of the
    Port) is a …"), and the next sentence starts with a capital: a piece after "!" or "?" that starts in lower
    case, or that starts with a parenthesis and then lower case ("Jump Back! (2004) is a …"), runs on from the
    last."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        if out:
            before, piece = run[out[-1][0]:out[-1][1]], run[start:end]
            unclosed = before.count("(") > before.count(")") and ")" in piece.split("(", 1)[0]
            lower = _OPENS_LOWER.match(piece) is not None and (before.rstrip()[-1:] in "!?" or piece.startswith("("))
            if unclosed or lower:
                out[-1] = (out[-1][0], end)
                continue
        out.append((start, end))
    return out


@cache
def _punkt() -> Callable[[str], list[tuple[int, int]]]:
    """nupunkt's default model with its abbreviation list pruned (see abbreviations.txt)."""
    import nupunkt  # imported here: loading the model costs ~60 ms that `--help` must not pay

    tokenizer = nupunkt.load_default_model()
    kept = _kept_abbreviations()
    for abbreviation in tokenizer.abbreviations:
        if "." not in abbreviation and len(abbreviation) > 2 and abbreviation not in kept:
            tokenizer.remove_abbreviation(abbreviation)
    return lambda run: [span for _, span in tokenizer.tokenize_with_spans(run)]


def _kept_abbreviations() -> frozenset[str]:
    lines = Path(__file__).with_name("abbreviations.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(word for line in lines for word in line.split("#", 1)[0].split())


def _runs(text: str) -> Runs:
    """Blank-line paragraphs, each cut into runs (see the module docstring)."""
    paragraph: list[str] = []
    fenced = False
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
            yield from _paragraph_runs(paragraph)
            paragraph = []
        elif fenced:
            yield line.strip()
        elif line.strip():
            paragraph.append(line.rstrip())
        else:
            yield from _paragraph_runs(paragraph)
            paragraph = []
    yield from _paragraph_runs(paragraph)


def _paragraph_runs(lines: list[str]) -> Runs:
    prose = [line.strip() for line in lines if not (_ITEM.match(line) or _TABLE.match(line) or _HEADING.match(line))]
    # one line over WRAP_MAX and the block was never hard-wrapped: each line is a paragraph (trafilatura's text)
    width = max((len(line) for line in prose), default=0)
    if width > WRAP_MAX:
        width = -1
    run: list[str] = []
    in_item = False  # the run is a list item: only indented lines continue it
    for i, line in enumerate(lines):
        if i > 0 and _SETEXT.match(line):
            continue  # the underline of a setext heading: the line before stood alone
        item = _ITEM.match(line)
        if item or (in_item and not line[:1].isspace()):
            yield from _flush(run)
            in_item = False
        if item:
            run.append(item["body"].strip())
            in_item = True
            continue
        if in_item:
            run.append(line.strip())
            continue
        following = lines[i + 1] if i + 1 < len(lines) else None
        alone = _alone(line, following, run[-1] if run else None)
        if alone is not None:
            yield from _flush(run)
            yield alone
            continue
        if run and not _joins(run[-1], line, width):
            yield from _flush(run)
        run.append(line.strip())
    yield from _flush(run)


def _alone(line: str, following: str | None, previous: str | None) -> str | None:
    """The text of a line that stands alone, or None for a line of running text."""
    for pattern in (_HEADING, _TABLE):
        match = pattern.match(line)
        if match:
            return match["body"].strip()
    if following is not None and _SETEXT.match(following):
        return line.strip()
    if _title_like(line) and (previous is None or not _OPEN_END.search(previous)):
        return line.strip()
    return None


def _title_like(line: str) -> bool:
    stripped = line.strip()
    if len(stripped) > TITLE_MAX or _CLOSED_END.search(stripped) or _OPEN_END.search(stripped):
        return False
    words = [w for w in re.findall(r"[^\W\d_]+", stripped) if len(w) >= 4]
    return bool(words) and all(w[0].isupper() for w in words)


def _joins(previous: str, line: str, width: int) -> bool:
    """Whether the break between two lines of running text is a soft wrap (`width` < 0: none is)."""
    before, after = previous.strip(), line.strip()
    if width < 0 or len(before) > WRAP_MAX or len(after) > WRAP_MAX:
        return False
    if _OPEN_END.search(before) or after[:1].islower():
        return True
    return width >= MIN_WRAP and len(before) >= NEAR_WIDTH * width


def _flush(run: list[str]) -> Runs:
    if run:
        yield " ".join(run)
        run.clear()
