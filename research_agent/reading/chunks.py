"""Capitalised runs: where a sentence's surface names are, before any of them is tied to an object.

A name is a run of capitalised words (with inner connectors such as "of", "de"); a sentence-initial word that the
page also writes in lower case, a function word, a verb form or a label before a colon is a common word, and a month
beside a number is part of a date.  A table cell opens like a sentence, so its first word is judged the same way,
and a unit symbol written after a number ("4,000 mAh", "90 Hz") is part of a quantity, not a name.  A run glued to
further capitalised words is part of a longer name ("Tide News" inside "Harlow Tide News"), unless those words are
an edition or legal form ("Quillstore Cloud", "Acme Inc.").
"""

from __future__ import annotations

import re

from .names import _EDITION, _STARTERS, _descriptor
from .values import quantities

__all__ = ["page_vocabulary", "proper_chunks"]

_TOKEN = re.compile(r"[A-Za-z0-9À-ÿ][\w'’.&-]*")
_CONNECT = frozenset("of de da di del der den du van von la le y bin al the and".split()) - {"and", "the"}
_MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday".split()
)
_PRODUCT_NOUNS = frozenset(
    """backup backups snapshot snapshots account accounts user users team teams customer customers plan plans
    support pricing price prices restore restores file files upload uploads workspace workspaces member members
    seat seats trial trials storage data logs log feature features release releases update updates build builds
    mailbox mailboxes subscription subscriptions licence license licensing installation installs setup deployment
    clients client servers server databases database integrations integration""".split()
)
"""Common nouns that open sentences on product pages ("Backups are retained for 14 days", "Support replied
quickly"): not names, so the sentence is headless and the discourse is not broken."""


def _is_cap(tok: str) -> bool:
    return tok[:1].isupper()


def _month_in_date(toks: list[tuple[int, int, str]], i: int) -> bool:
    """A month name next to a number ("May 17", "17 May 1990"): part of a date, not a name ("Jun Park")."""
    if toks[i][2].lower().rstrip(".") not in _MONTHS:
        return False
    near = [toks[k][2] for k in (i - 1, i + 1) if 0 <= k < len(toks)]
    return any(t[:1].isdigit() for t in near)


_ABBREV = re.compile(r"^(?:[A-Z]\.|[A-Z][a-z]?\.|(?:[A-Za-z]\.){2,}|Jr\.|Sr\.|St\.|Dr\.|Mr\.|Mrs\.|Ms\.|No\.|Inc\.|Ltd\.|Co\.|Corp\.)$")


def _tokens(text: str) -> list[tuple[int, int, str]]:
    """Word tokens; a trailing full stop belongs to the token only for an initial or abbreviation."""
    out = []
    for m in _TOKEN.finditer(text):
        tok, end = m.group(0), m.end()
        while tok.endswith((".", "-", "'", "’")) and not _ABBREV.match(tok):
            tok, end = tok[:-1], end - 1
        if tok:
            out.append((m.start(), end, tok))
    return out


def page_vocabulary(text: str) -> frozenset[str]:
    """Words the page writes in lower case: a capitalised sentence-initial word among them ("Team",
    "Connect", "Pricing") is a common word, not a name."""
    words = set(re.findall(r"\b[a-z][a-z'-]+\b", text))
    words |= {w.lower() for w in re.findall(r"\b(?:He|She|His|Her|Him)\b", text)}  # pronouns open sentences too
    return frozenset(words)


def _common_initial(sentence: str, tok: tuple[int, int, str], common: frozenset[str] = frozenset()) -> bool:
    """A sentence-initial capitalised word that is a common word: a function word, a word the page also
    writes in lower case, a verb or adverb form ("Founded", "Currently"), or a label before a colon."""
    word = tok[2]
    if word.lower() in _STARTERS or word.lower() in common or word.lower() in _PRODUCT_NOUNS:
        return True
    if sentence[tok[1]:].lstrip().startswith(":") or _LABEL.match(sentence, tok[0]) or _CELL_LABEL.match(sentence, tok[0]):
        return True  # a label before a colon or a cell's end: "License: MIT", "Initial release: 9 May 2019", "Load rating |"
    return (bool(re.fullmatch(r"[A-Z][a-z]+(?:ed|ing|ly)", word)) and word.lower() not in _KEEP_NAMES) or word.lower() in _IRREGULAR


_AFTER_NUMBER = re.compile(r"\d\s?-?\s?[A-Z]")
"""A capital right after a digit: the only place a unit symbol can be mistaken for a name."""
_LABEL = re.compile(r"[A-Z][a-z]+(?:\s+[a-z]+){1,3}\s*:")
_CELL_LABEL = re.compile(r"[A-Z][a-z]+(?:\s+[a-z]+){1,3}\s*\|")
"""A row's label of several words ("Folded depth |"); one capitalised word before a cell's end may be a name."""
_IRREGULAR = frozenset(
    """built made born known found held led set run won given taken written seen brought sold told left kept began
    became grew drawn shown chosen spoken broken stolen worn sworn beaten hidden risen fallen thrown flown grown
    bought caught taught fought thought sent spent lent bent meant dealt felt lost paid laid said""".split()
)
_KEEP_NAMES = frozenset({"reading", "wellington", "darling", "sterling", "kipling", "beijing", "nanjing", "chongqing", "harbin"})


def _inside_longer_name(sentence: str, start: int, end: int, toks: list[tuple[int, int, str]], common: frozenset[str] = frozenset()) -> bool:
    """True when the match at [start, end) is glued to further capitalised words (part of a longer name)."""
    before = [t for t in toks if t[1] <= start]
    after = [t for t in toks if t[0] >= end]
    if before and sentence[start:start + 1] not in "\"“‘'":  # 'Robert Allen "Bob" Carrow' names Bob Carrow
        b = before[-1]
        gap = sentence[b[1]:start]
        glued = gap.strip() == "" and _is_cap(b[2])
        sentence_initial = len(before) == 1 and _common_initial(sentence, b, common)
        if glued and not sentence_initial and b[2].lower() not in _STARTERS and b[2] not in ("No.", "Nr.", "The"):
            return True
    glued_after: list[tuple[int, int, str]] = []
    for a in after:
        if sentence[(glued_after[-1][1] if glued_after else end):a[0]].strip() != "" or not _is_cap(a[2]):
            break
        glued_after.append(a)
    # "Quillstore Cloud", "Ferrodb Managed", "Acme Inc." are editions or legal forms of the same object;
    # "Tide News Archive" (or "Harlow Tide News") is another name
    return any(a[2].lower().rstrip(".") not in _EDITION for a in glued_after)


def _cell_initial(sentence: str, start: int) -> bool:
    """The first word of a table cell: written capitalised as a sentence's first word is."""
    return sentence[:start].rstrip().endswith("|")


_POSSESSIVE = re.compile(r"['’]s$")


def proper_chunks(sentence: str, common: frozenset[str] = frozenset()) -> list[tuple[int, int, str]]:
    """Runs of capitalised words (with inner connectors such as "of", "de"), months and sentence-initial
    function words excluded."""
    toks = _tokens(sentence)
    # "4,000 mAh", "90 Hz": a unit symbol is no name
    units = [(q.start, q.end) for q in quantities(sentence)] if _AFTER_NUMBER.search(sentence) else []
    chunks: list[tuple[int, int, str]] = []
    i = 0
    while i < len(toks):
        s, e, t = toks[i]
        if not _is_cap(t) or _month_in_date(toks, i) or (i == 0 and _common_initial(sentence, toks[0], common)) \
                or (_cell_initial(sentence, s) and _common_initial(sentence, toks[i], common)) \
                or any(qs < s and e <= qe for qs, qe in units):
            i += 1
            continue
        j = i
        while j + 1 < len(toks):
            ns, ne, nt = toks[j + 1]
            gap = sentence[toks[j][1]:ns]
            if gap.strip() not in ("", "-"):
                break
            # a number after a possessive is the possessed thing's ("the X's 54-inch span"), never the name's
            if (_is_cap(nt) and not _month_in_date(toks, j + 1)) or (
                    nt[:1].isdigit() and not _month_in_date(toks, j) and not _POSSESSIVE.search(toks[j][2])):
                j += 1
            elif nt.lower() in _CONNECT and j + 2 < len(toks) and _is_cap(toks[j + 2][2]) and sentence[ne:toks[j + 2][0]].strip() == "":
                j += 2
            else:
                break
        text = sentence[s:toks[j][1]]
        if not _descriptor(text):
            chunks.append((s, toks[j][1], text))
        i = j + 1
    return chunks
