"""How a quote names the object it is credited to: the object half of the wrong-confirmation check.

Written apart from the reader, like `support`.  A quote names the object when it holds one of its names on
word boundaries, not inside a longer capitalised name; or, on a page that names the object (its title, its
address), it refers to it ("it", "the company"), speaks as its maker on the maker's own site ("we"), calls
it by a short form no other object of the task shares ("the Tolmer" for Tolmer Nine 4), or names no one
at all ("The population was 13,527", "Weight: 1.87 kg").  Capitals that orthography puts at the start of a
sentence, a title or a label, English's closed word classes (`closed_class`), units after numbers and the
words of the value itself are not names.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from .closed_class import CLOSED_CLASS

__all__ = ["MONTHS", "attributed", "names_object"]

MONTHS = {m: i + 1 for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"])}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
MONTHS["sept"] = 9

# Words that may stand right before a name without making it part of a longer name: English's closed classes,
# the auxiliaries and two adverbs that open clauses.
_FREE_NEIGHBOURS = CLOSED_CLASS | frozenset("is was are were has had have also then nr".split())
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


def names_object(text: str, names: list[str], exact_case: bool = False) -> bool:
    """`text` names one of `names` on word boundaries, not as part of a longer capitalised name (written as the
    name writes it, with `exact_case`)."""
    for name in names:
        name = name.strip()
        if not name:
            continue
        pattern = re.compile(r"(?<![\w-])" + r"\s+".join(map(re.escape, name.split())) + r"(?![\w-])",
                             0 if exact_case else re.I)
        for m in pattern.finditer(text):
            before = _WORD.findall(text[: m.start()].rstrip()[-40:])
            after = _WORD.findall(text[m.end():].lstrip()[:40])
            # punctuation, or a table's cell border ("| Spec | Lumenpad 11 | Orrery Note |"), ends a name
            # a possessor is a noun phrase of its own ("Hikers' Tolmer Nine 4"): it ends before the name
            glued_before = (bool(before) and not re.search(r"[,;:()\"“”|]\s*$", text[: m.start()])
                            and _is_name_word(before[-1]) and not re.search(r"['’]s?$", before[-1]))
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


def _without_clitics(text: str) -> str:
    """ "Tolmer's Nine 4" names "Tolmer Nine 4": a possessive 's is a clitic on the name, not part of it."""
    return re.sub(r"(?<=\w)['’]s\b", "", text)


def _short_forms(names: list[str], others: list[str]) -> list[str]:
    """The parts of the object's names a text may call it by once it is introduced ("the Tolmer", "the Nine 4"
    for "Tolmer Nine 4"): runs of its words that hold a capital or a digit, at least
    four letters or a digit, no edition or grammar word alone, and that no other object's name holds."""
    taken = [" ".join(o.casefold().split()) for o in others]
    out: list[str] = []
    for name in names:
        words = name.split()
        for i in range(len(words)):
            for j in range(i + 1, len(words) + (i > 0)):
                part = words[i:j]
                text = " ".join(part)
                if not re.search(r"[A-Z0-9]", text) or not re.search(r"[^\W\d_]", text):
                    continue
                if len(part) == 1 and (not (len(text) >= 4 or re.search(r"\d", text))
                                       or text.casefold() in _EDITIONS or text.casefold() in CLOSED_CLASS):
                    continue
                key = text.casefold()
                if not any(re.search(r"(?<![\w-])" + re.escape(key) + r"(?![\w-])", o) for o in taken):
                    out.append(text)
    return out


def _says_short_form(quote: str, names: list[str], others: list[str]) -> bool:
    """The quote calls the object by one of its short forms, written as the name writes it."""
    return any(names_object(quote, [part], exact_case=True) for part in _short_forms(names, others))


_CLAUSE_BREAK = re.compile(r";|,\s+(?:and|but|while|whereas|so)\s+|\s+[—–]\s+")


def _value_clause(quote: str, display: str) -> str:
    """The clause of the quote that holds the shown value (its text, else its first number); the whole quote when
    neither is found."""
    at = quote.casefold().find(display.casefold()) if display.strip() else -1
    if at < 0 and (number := re.search(r"\d[\d,.]*", display)):
        found = re.search(r"(?<![\d.,])" + re.escape(number.group(0).rstrip(".,")) + r"(?![\d])", quote)
        at = found.start() if found else -1
    if at < 0:
        return quote
    start = max((m.end() for m in _CLAUSE_BREAK.finditer(quote, 0, at + 1) if m.end() <= at), default=0)
    end = next((m.start() for m in _CLAUSE_BREAK.finditer(quote, at)), len(quote))
    return quote[start:end]


def _page_names_in_full(page_title: str, url: str, names: list[str]) -> bool:
    """The page's title names the object; or the title names the rest of it on the site named for its maker
    ("A first look at the Nine 4" on tolmer.example for Tolmer Nine 4); or its address does, word by word
    ("…/tolmer-nine-4-launch.html")."""
    title = _without_clitics(page_title)
    if names_object(title, names) or _person_variant(page_title, names) or _qualified_place(page_title, names):
        return True
    labels = _host_labels(url)
    path = [w for w in re.split(r"[^a-z0-9]+", urlsplit(url).path.casefold()) if w] if url else []
    for name in names:
        words = name.split()
        if any("".join(words[:k]).casefold() in labels and names_object(title, [" ".join(words[k:])])
               for k in range(1, len(words))):
            return True
        key = [w for w in re.split(r"[^a-z0-9]+", name.casefold()) if w]
        if key and any(path[i:i + len(key)] == key for i in range(len(path))):
            return True
    return False


def _host_labels(url: str) -> set[str]:
    """The labels of the address's host, less its top-level domain, without punctuation ("parrowvale" for parrow-vale.example)."""
    host = (urlsplit(url).hostname or "").lower() if url else ""
    return {re.sub(r"[^a-z0-9]+", "", label) for label in host.split(".")[:-1]}


def attributed(quote: str, names: list[str], page_title: str, url: str = "", others: list[str] | None = None,
               value: str = "", display: str = "") -> bool:
    """The quote names the object; or, on a page that names it (`_page_names_in_full`; or, titled with no name and
    no comparison, on the object's own site: "Plans" on larkboxdrive.example), it calls it by a short form no
    other object of the task (`others`) shares, speaks as the maker ("we", on the maker's site), refers to it
    with a pronoun or "the company", or is headless: a sentence that names no one at all ("The population was
    13,527 at the 2010 census.", "License: MIT") speaks of the page's subject.  The words of `value` (the
    finding's value) are what is said, never a competing name; a short form counts only in the clause that holds
    the value as the finding shows it (`display`): coordinated clauses have subjects of their own ("A second
    hall was built in 1907, and Tolmer was sold in 1938" dates no Tolmer Hall to 1907)."""
    if names_object(quote, names) or _person_variant(quote, names):
        return True
    if not (_page_names_in_full(page_title, url, names) or _own_site(url, page_title, names)):
        return False
    if others is not None and _says_short_form(_value_clause(_without_clitics(quote), display), names, others):
        return True
    if _own_site(url, "", names) and re.search(r"\b(?:we|our|us)\b", quote, re.I):
        return True  # the maker speaking on its own site: "Today we employ 120 people"
    return bool(_REFERENCE.search(quote)) or _headless(quote, value, names, others)


def _own_site(url: str, page_title: str, names: list[str]) -> bool:
    """A host label is the object's name without spaces ("larkboxdrive" for Larkbox Drive) and the title
    names nothing capitalised — a sentence's first word aside — and compares nothing."""
    if not url or re.search(r"\b(?:vs\.?|versus|compared|comparison|alternatives?)\b", page_title, re.I):
        return False
    for sentence in re.split(r"(?<=[.!?:])\s+", page_title):
        if any(_is_name_word(w) for w in _WORD.findall(sentence)[1:]):
            return False
    labels = _host_labels(url)
    return any(len(s) >= 4 and s in labels for s in (re.sub(r"[^a-z0-9]+", "", n.lower()) for n in names))


_HEADLESS_START = frozenset(
    "the a an every each all some many most its their this these daily our "
    # common nouns that open sentences on product pages ("Backups are retained for 14 days")
    "backups snapshots accounts users teams customers plans support pricing prices restores files uploads "
    "workspaces members seats data logs features releases updates builds mailboxes subscriptions clients".split()
)
# A label and its separator: "License: MIT", "Refresh rate — 75 Hz", "| Weight | 1.87 kg |", "- Depth: 9 mm".
_LABEL = re.compile(r"\s*(?:\|\s*)?[\w'’ ()/-]{1,30}?\s*(?::|\||—|–)\s*")


def _headless(quote: str, value: str = "", names: list[str] | None = None, others: list[str] | None = None) -> bool:
    """It opens with a determiner or a numeral, a closed-class word, an edition of the object ("Plus now costs $9") or a
    label ("License: MIT", "| Weight | 1.87 kg |"), and no capitalised word follows, except month names,
    acronyms, a unit after its number ("75 Hz") and the words of the value ("for Windows and Linux").
    A label row has no subject of its own: after its first figure, capitals qualify the figure ("4,400 Pa
    (Boost mode)") — unless they name another object of the task."""
    names, others = names or [], others or []
    body = re.sub(r"^\s*[-•*]\s+", "", quote)  # a list item's bullet
    words = _WORD.findall(body)
    label = _LABEL.match(body)
    numeral = bool(words) and bool(re.fullmatch(r"[\d.,]+", words[0]))  # a cardinal determines its noun: "12 pegs and a sleeve"
    if not words or not (label or numeral or words[0].casefold() in _HEADLESS_START | CLOSED_CLASS | _EDITIONS):
        return False
    if any(names_object(body, [o]) or _says_short_form(body, [o], names) for o in others):
        return False  # another object of the task is named: the line is not the page subject's alone
    said = {w for w in re.split(r"[\W_]+", value.casefold()) if w}
    figure = False
    for before, word in zip(words, words[1:]):
        figure = figure or bool(re.fullmatch(r"[\d.,]+", before))
        if not _is_name_word(word) or word.strip(".,").casefold() in MONTHS or word.isupper():
            continue
        if re.fullmatch(r"[\d.,]+", before) or word.strip(".,").casefold() in said or (label and figure):
            continue
        return False
    return True
