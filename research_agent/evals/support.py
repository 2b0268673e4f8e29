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
* **object** — the quote names the cell's object (name or alias on word boundaries,
  not inside a longer capitalised name such as "Simons Science News" for "Science
  News"; an edition word after it — "Quillstore Cloud", "Ferrodb Managed" — and
  post-nominals — "MBE", "Jr." — do not make a longer name), or it refers to it ("it", "he", "the company", …) and the page title
  names the object.

On RAMDocs a confirmed value equal to one of the question's ``wrong_answers`` (and to
none of its gold answers) is wrong too (`matches_any`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..state import Cell, Finding, ResearchState
from .support_values import ANSWER_WORDS, same_interval, same_license, same_quantity

__all__ = ["WrongConfirmation", "names_object", "quote_has_value", "matches_any", "wrong_confirmations"]

MONTHS = {m: i + 1 for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"])}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
MONTHS["sept"] = 9

# Words that may stand right before a name without making it part of a longer name.
_FREE_NEIGHBOURS = frozenset(
    "the a an in on at by for of and or but to from with as while when after before since during under "
    "this that these those its his her their our my both either neither between than also then "
    "is was are were has had have no nr about every each all any some our your we you".split()
)
# References a sentence may use for the subject of the page it sits on.
_PRONOUNS = ("it", "its", "he", "his", "him", "she", "her", "they", "their", "them")
_REFERENCE_NOUNS = (
    "company", "project", "band", "group", "film", "movie", "album", "song", "single", "magazine", "newspaper",
    "journal", "town", "city", "village", "municipality", "county", "district", "team", "club", "school",
    "university", "college", "organisation", "organization", "party", "station", "building", "church",
    "book", "novel", "series", "show", "programme", "program", "game", "product", "software", "firm", "brand",
    "label", "publication", "airline", "river", "island", "species", "singer", "actor", "actress", "player",
    "director", "writer", "artist", "politician", "musician", "duo", "trio", "ensemble", "museum", "park",
    "update", "release", "version", "tool", "service", "platform", "database", "library", "framework", "app",
    "application", "engine", "system", "vendor", "startup", "package", "plugin", "editor", "server", "proxy",
    "broker", "store", "airport", "church", "garden", "brand", "chain", "brewer", "label",
    # places of every administrative kind ("the township had a total population of 909")
    "township", "borough", "parish", "province", "state", "region", "commune", "suburb", "neighbourhood",
    "neighborhood", "hamlet", "community", "settlement",
)
_REFERENCE = re.compile(
    r"\b(?:" + "|".join(_PRONOUNS) + r")\b|\b(?:the|this|that)\s+(?:" + "|".join(_REFERENCE_NOUNS) + r")s?\b", re.I
)
_WORD = re.compile(r"[\w'’.-]+", re.U)


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


def _is_name_word(word: str) -> bool:
    return word[:1].isupper() and word.strip(".'’").casefold() not in _FREE_NEIGHBOURS


# An edition or offering of the object speaks for it ("Quillstore Cloud costs $29"); any other
# capitalised word after the name makes a longer, different name ("Paris Hilton" is not Paris).
_EDITIONS = frozenset(
    "cloud managed enterprise pro community edition premium plus lite standard developer business "
    "team teams online server desktop mobile saas hosted".split()
)


def _is_postnominal(word: str) -> bool:
    """"MBE", "AC", "KCB", "Jr.", "Sr." or an edition word: may follow a name without making it a longer one."""
    bare = word.strip(".,")
    return (bare.isupper() and bare.isalpha() and len(bare) <= 4) or bare in ("Jr", "Sr") or bare.casefold() in _EDITIONS


def names_object(text: str, names: list[str]) -> bool:
    """`text` names one of `names` on word boundaries, not as part of a longer capitalised name."""
    for name in names:
        name = name.strip()
        if not name:
            continue
        pattern = re.compile(r"(?<![\w-])" + r"\s+".join(map(re.escape, name.split())) + r"(?![\w-])", re.I)
        for m in pattern.finditer(text):
            before = _WORD.findall(text[: m.start()].rstrip()[-40:])
            after = _WORD.findall(text[m.end():].lstrip()[:40])
            # punctuation, or a table's cell border ("| Spec | Lumenpad 11 | Orrery Note |"), ends a name
            glued_before = bool(before) and not re.search(r"[,;:()\"“”|]\s*$", text[: m.start()]) and _is_name_word(before[-1])
            glued_after = bool(after) and not re.match(r"\s*[,;:()\"“”|]", text[m.end():]) and _is_name_word(after[0]) and not _is_postnominal(after[0])
            if glued_after and text[m.end():m.end() + 1] in (".",):  # "X. The next sentence"
                glued_after = False
            if not glued_before and not glued_after:
                return True
    return False


def _qualified_place(text: str, names: list[str]) -> bool:
    """ "Washington Township, Michigan" is named by a title "Washington Township, Macomb County, Michigan":
    the head and every word of the qualifier occur."""
    for name in names:
        if "," not in name:
            continue
        head, qualifier = (p.strip() for p in name.split(",", 1))
        words = [head, *qualifier.split()]
        if all(re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text, re.I) for w in words if w):
            return True
    return False


_TITLES = frozenset("the honourable hon sir dame lord lady dr mr mrs ms general judge justice senator president professor".split())


def _person_variant(text: str, names: list[str]) -> bool:
    """A fuller form of a two-word person name: same surname, the given name a prefix of the other, middle names
    between ("George Charles Brodrick" for "George Brodrick", "Edward Davis Wood Jr." for "Ed Wood")."""
    for name in names:
        parts = name.split()
        if len(parts) != 2:
            continue
        pattern = r"(?<![\w-])([A-Z][\w'’-]*)(?:\s+(?:[A-Z][\w.'’-]*|\"[^\"]+\"))*\s+" + re.escape(parts[1]) + r"(?![\w-])"
        for m in re.finditer(pattern, text):
            run = [w.lower() for w in re.findall(r"[A-Za-z][\w'’-]*", m.group(0))[:-1]]
            while run and run[0] in _TITLES:
                run = run[1:]
            g = run[0] if run else ""
            if g.startswith(parts[0].lower()) or (len(g) >= 2 and parts[0].lower().startswith(g)):
                return True
    return False


def attributed(quote: str, names: list[str], page_title: str, url: str = "") -> bool:
    """The quote names the object, or refers to it on a page whose title names it (or, titled with no
    name and no comparison, on the object's own site: "Plans" on larkboxdrive.example) — with a pronoun or
    "the company", or headless: a sentence that names no one at all ("The population was 13,527 at the
    2010 census.", "License: MIT") speaks of the page's subject."""
    if names_object(quote, names) or _person_variant(quote, names):
        return True
    if not (names_object(page_title, names) or _person_variant(page_title, names) or _qualified_place(page_title, names)
            or _own_site(url, page_title, names)):
        return False
    if _own_site(url, "", names) and re.match(r"\s*(?:we|our)\b", quote, re.I):
        return True  # the vendor speaking on its own site: "We are about 85 staff"
    return bool(_REFERENCE.search(quote)) or _headless(quote)


def _own_site(url: str, page_title: str, names: list[str]) -> bool:
    """A host label is the object's name without spaces ("larkboxdrive" for Larkbox Drive) and the title
    names nothing capitalised and compares nothing."""
    if not url or re.search(r"\b(?:vs\.?|versus|compared|comparison|alternatives?)\b", page_title, re.I):
        return False
    if any(_is_name_word(w) for w in _WORD.findall(page_title)[1:]):
        return False
    host = (urlsplit(url).hostname or "").lower()
    labels = set(host.split(".")[:-1])
    return any(len(s) >= 4 and s in labels for s in (re.sub(r"[^a-z0-9]+", "", n.lower()) for n in names))


_HEADLESS_START = frozenset(
    "the a an every each all some many most its their this these daily our "
    # common nouns that open sentences on product pages ("Backups are retained for 14 days")
    "backups snapshots accounts users teams customers plans support pricing prices restores files uploads "
    "workspaces members seats data logs features releases updates builds mailboxes subscriptions clients".split()
)


def _headless(quote: str) -> bool:
    """It opens with a determiner or a label ("The population was …", "License: MIT", a table row under a label
    "| Weight | 268 g |") and no capitalised
    word follows, except month names and acronyms (units, licence ids)."""
    words = _WORD.findall(quote)
    if not words:
        return False
    first = words[0].casefold()
    if first not in _HEADLESS_START and not re.match(r"\s*(?:[\w'’ -]{1,30}:|\|?\s*[\w'’ ()-]{1,30}\s*\|)", quote):
        return False
    return not any(_is_name_word(w) and w.strip(".,").casefold() not in MONTHS and not w.isupper() for w in words[1:])


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
    if not attributed(finding.quote, names, source.title if source else "", source.url if source else ""):
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
