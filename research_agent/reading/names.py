"""Names: the forms under which a text may name an object.

An object is named by its name or an alias, by a person-name variant (same
surname, a prefix-compatible or usual short given name: "Edward Davis Wood Jr."
for "Ed Wood", "Nick Hill" for "Nicholas Hill"), by a title and a surname
("Judge Howe", weak), by the same letters spaced otherwise ("Moore Town" for
"Mooretown"), by its name without the type word a question added ("South
Hills" for South Hills High School), by the bare surname on the person's own
page, or — weakly — by a longer name holding its name ("Marlette Township"
for "Marlette").  `attribution` decides which of these a sentence's mention is;
this module only knows what the name forms are (docs/reader.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, Sequence

if TYPE_CHECKING:
    from ..contract import ObjectSpec

How = Literal["name", "alias", "variant", "model", "word", "title", "short", "partial", "reference", "fragment", "carried", "echo"]
"""`title` ("Judge Howe") and `partial` (a longer name holding the object's: "Marlette Township" for "Marlette",
"Valeri Bragin" for "Bragin") and `carried` (a reference resolved through the body, not the title) are weak: such
a reading may be about another entity, so it never confirms a cell and is no independent source. `echo` (a
specific value said about the object without the dimension's cue, `reading.echo`) never states a value: it is a
source only for the value other findings state. `model` ("the Q9") and `word` ("the Reed", "Corlan" for "Corlan
Reed 5") name a product by part of its name that no other object shares: strong."""


@dataclass(frozen=True)
class Named:
    """An object as attribution sees it: its names (display name first)."""

    name: str
    names: tuple[str, ...]

    @classmethod
    def of(cls, obj: "ObjectSpec") -> "Named":
        names = [n for n in obj.names if n]
        # "Hajin/Nor Hachn": a question that names one thing by two names means either
        # (words on both sides, not acronyms: "TCP/IP", "AC/DC" stay whole)
        for n in list(names):
            parts = [p.strip() for p in n.split("/")]
            if len(parts) == 2 and all(len(p) >= 3 and re.search(r"[a-z]", p) for p in parts):
                names += parts
        return cls(obj.name, tuple(dict.fromkeys(names)))


_STARTERS = frozenset(
    """the a an in on at by for from with without unlike like both while when since after before today meanwhile
    however also and but or so then yes no its their this that these those according under over as if although
    though because only even now currently recently compared besides instead many most some all each every our we
    you i it he she they there here why how what which who where his her its their later earlier originally
    during until upon following despite through between among into onto per via about around near within beyond
    additionally furthermore moreover initially finally first second third today's
    is are was were do does did can could would should has have had""".split()
)
"""Words that open a sentence and are no part of a name after them: function words, and the auxiliary verb a
yes/no question opens with ("Does Orrin Notes …?")."""


_CORP_SUFFIX = frozenset(
    "inc inc. ltd ltd. llc corp corp. co co. plc gmbh ag sa bv nv oy ab srl spa pty limited sas sarl kk jr jr. sr sr. ii iii "
    "mbe obe cbe kbe dbe kcmg gcmg kc qc frs phd md esq".split()
)


_HONORIFIC = frozenset(
    "sir dame lord lady dr mr mrs ms miss prof professor rev reverend saint st king queen prince princess "
    "general colonel captain major president senator judge justice chief "
    # ranks, offices and styles questions put before a surname ("Admiral King-Hall", "Governor Olson",
    # "Empress Borjigit", "Attorney General Russell")
    "admiral commodore commander lieutenant sergeant marshal brigadier governor mayor chancellor minister premier "
    "attorney congressman congresswoman representative ambassador bishop archbishop cardinal pope "
    "emperor empress sultan shah tsar czar duke duchess earl count countess baron baroness marquis marquess viscount "
    "emir caliph pharaoh rabbi imam sheikh chairman".split()
)


_EDITION = _CORP_SUFFIX | frozenset(
    """cloud managed enterprise pro plus server edition community lite team teams business premium hosted online
    desktop mobile standard starter developer core free platform suite service services saas""".split()
) | frozenset(
    # aspect words a title-cased phrase puts after a name: "Heron Cloud SLA", "Pikestore License Terms"
    """sla slas api apis sdk cli ui docs documentation pricing price prices plans plan license licence licensing
    faq blog review reviews release releases roadmap security support terms policy changelog overview features
    tutorial guide news update updates homepage website repository benchmark benchmarks""".split()
)


_NOT_PERSON = frozenset(
    """high school schools hall house church bridge mill road street avenue park river lake mountain island airport
    station museum library hospital centre center building tower castle palace fort academy institute society
    association council committee party league cup championship award prize festival company corporation
    records studios press books magazine journal news times post herald gazette""".split()
)


_GENERIC_TAIL = frozenset(
    """municipality township county city town village district borough parish province state region
    album film movie song single band group company inc ltd corporation software project game series
    novel book magazine journal newspaper station school university college party club team""".split()
)


@lru_cache(maxsize=4096)
def _name_regex(name: str) -> re.Pattern[str]:
    """The name on word boundaries; a quoted nickname inside a full name still matches
    ('Robert Allen "Bob" Carrow' names "Bob Carrow"), and a full name still matches with a quoted nickname
    inserted between its words ('Robert "Bobby" Lane' names "Robert Lane"): a quoted word inside a person's
    name is a nickname, not a part of the name."""
    parts = [re.escape(p) for p in name.split()]
    gap = r"[\"“”'‘’]?(?:\s+[\"“][\w.'’-]+(?:\s[\w.'’-]+)?[\"”])?\s+[\"“”'‘’]?"
    body = gap.join(parts) if len(parts) > 1 else (parts[0] if parts else "")
    return re.compile(r"(?<![\w-])[\"“‘]?" + body + r"(?![\w-])", re.I)


@lru_cache(maxsize=8192)
def _core(name: str) -> str:
    """A name without a disambiguating parenthesis: "Chayanne (1987 album)" → "Chayanne"."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", name).strip() or name


@lru_cache(maxsize=8192)
def _person_variant(chunk: str, name: str) -> bool:
    """"Edward Davis Wood Jr." names "Ed Wood": same last word, first words prefix-compatible."""
    c = [t for t in re.findall(r"[A-Za-z][\w'’-]*", chunk) if t.lower().rstrip(".") not in _CORP_SUFFIX]
    while c and c[0].lower().rstrip(".") in _HONORIFIC:
        c = c[1:]
    n = re.findall(r"[A-Za-z][\w'’-]*", _core(name))
    if _titled(name) and c:
        return c[-1].lower() == n[-1].lower()  # "Judge Howe": any full name with the surname Howe (see _chunk_owner)
    if len(c) < 2 or len(n) < 2 or c[-1].lower() != n[-1].lower():
        return False
    if any(w.lower() in _GENERIC_TAIL or w.lower() in _NOT_PERSON for w in c + n):
        return False  # "Van Horn School" is not a form of "Van Horn High School": only people have variants
    a, b = c[0].lower(), n[0].lower()
    return (len(min(a, b, key=len)) >= 2 and (a.startswith(b) or b.startswith(a))) or _same_given_name(a, b)


def _same_given_name(a: str, b: str) -> bool:
    """A given name and its usual short form ("Nick" for "Nicholas", "Rick" for "Richard", "Bill" for "William")."""
    return a != b and (NICKNAMES.get(a) == b or NICKNAMES.get(b) == a)


@lru_cache(maxsize=8192)
def _initial_variant(chunk: str, name: str) -> bool:
    """ "Christa Mayer" for "C. Mayer" (and back): same surname, an initial for the given name. Many people fit,
    so the attribution is weak (`partial`)."""
    c = [t for t in re.findall(r"[A-Za-z][\w'’-]*\.?", chunk) if t.lower().rstrip(".") not in _CORP_SUFFIX]
    n = re.findall(r"[A-Za-z][\w'’-]*\.?", _core(name))
    if len(c) != 2 or len(n) != 2 or c[-1].lower() != n[-1].lower() or _titled(name):
        return False
    if any(w.lower().rstrip(".") in _GENERIC_TAIL or w.lower().rstrip(".") in _NOT_PERSON for w in c + n):
        return False
    a, b = c[0], n[0]
    initial = re.fullmatch(r"[A-Z]\.", a) or re.fullmatch(r"[A-Z]\.", b)
    return bool(initial) and a[0] == b[0] and a != b and re.fullmatch(r"[A-Z][a-z]+|[A-Z]\.", a) is not None \
        and re.fullmatch(r"[A-Z][a-z]+|[A-Z]\.", b) is not None


NICKNAMES: dict[str, str] = {
    short: full
    for full, shorts in (
        ("nicholas", "nick nicky"), ("richard", "rick dick rich ricky richie"), ("robert", "bob rob bobby robbie bert"),
        ("william", "bill will billy willie liam"), ("james", "jim jimmy jamie"), ("thomas", "tom tommy"),
        ("michael", "mike mick mickey"), ("anthony", "tony"), ("edward", "ted ed eddie ned"), ("charles", "chuck charlie"),
        ("joseph", "joe joey"), ("daniel", "dan danny"), ("david", "dave davy"), ("stephen", "steve"),
        ("steven", "steve"), ("matthew", "matt"), ("patrick", "pat paddy"), ("peter", "pete"), ("samuel", "sam"),
        ("benjamin", "ben"), ("alexander", "alex sandy"), ("andrew", "andy drew"), ("christopher", "chris kit"),
        ("kenneth", "ken kenny"), ("lawrence", "larry"), ("leonard", "len lenny"), ("gregory", "greg"),
        ("jonathan", "jon"), ("timothy", "tim"), ("gerald", "gerry jerry"), ("frederick", "fred freddie"),
        ("henry", "harry hank"), ("john", "jack johnny"), ("donald", "don"), ("ronald", "ron ronnie"),
        ("raymond", "ray"), ("douglas", "doug"), ("philip", "phil"), ("phillip", "phil"), ("walter", "walt"),
        ("elizabeth", "liz beth betty eliza lizzie"), ("margaret", "peggy maggie meg"), ("katherine", "kate kathy katie"),
        ("catherine", "kate cathy"), ("jennifer", "jenny jen"), ("rebecca", "becky"), ("susan", "sue susie"),
        ("deborah", "debbie deb"), ("patricia", "pat patty trish"), ("victoria", "vicky"), ("dorothy", "dot dolly"),
    )
    for short in shorts.split()
}
"""Usual English short forms of given names (one full name per short form; "steve" keeps the last)."""


@lru_cache(maxsize=8192)
def _titled(name: str) -> bool:
    """A title or rank and a surname: "Judge Howe", "Attorney General Russell", "Admiral King-Hall"."""
    n = re.findall(r"[A-Za-z][\w'’-]*", _core(name))
    return len(n) >= 2 and all(w.lower() in _HONORIFIC for w in n[:-1]) and n[-1].lower() not in _HONORIFIC


@lru_cache(maxsize=8192)
def _descriptor(chunk: str) -> bool:
    """A capitalised word that describes rather than names: a demonym or country adjective ("American",
    "English-American", "Puerto Rican"), or a language name."""
    from .lexicon import LANGUAGES
    from .values import find_values

    if chunk in LANGUAGES:
        return True
    found = find_values(chunk, "nationality")
    return bool(found) and found[0].start == 0 and found[0].end >= len(chunk.rstrip(".")) and not any(
        c.isdigit() for c in chunk
    ) and chunk.split()[0].lower() not in ("united", "republic", "kingdom")


def _chunk_owner(
    text: str, objects: Sequence[Named], page_object: str | None, common: frozenset[str] = frozenset(),
    title_object: str | None = None, definite: bool = False,
) -> tuple[str | None, How | None]:
    for obj in objects:
        for n in obj.names:
            if _person_variant(text, n):
                # a title and a surname ("General Bradshaw") fit many people: a weak attribution the table
                # never confirms on alone
                titled = _titled(n)
                return obj.name, ("title" if titled else "variant")
    if page_object is not None:
        for obj in objects:
            if obj.name == page_object and any(_short_form(n) and _short_form(n).lower() == text.lower() for n in obj.names):
                return obj.name, "short"
            bare = re.sub(r"['’]s?$", "", text)  # "Oscroft's batting …"
            personal = bool(common & _PERSONAL)  # the page speaks of a person ("he", "her")
            if obj.name == page_object == title_object and personal and bare.lower() not in common and any(_surname(n) == bare for n in obj.names):
                return obj.name, "short"  # "Oscroft made his debut …" on John Oscroft's own page
    for obj in objects:
        if any(_partial(text, n) or _initial_variant(text, n) for n in obj.names):
            return obj.name, "partial"
        if obj.name != page_object and any(_short_form(n) and _short_form(n).lower() == text.lower() for n in obj.names):
            return obj.name, "partial"  # "Kaliganj had a population of …" for "Kaliganj Upazila" off its own page: may be it
    for obj in objects:
        if any(_spaced_variant(text, n) for n in obj.names):
            return obj.name, "variant"
    owner = _name_word(text, objects, common, definite)
    return (owner, "word") if owner is not None else (None, None)


def _name_word(text: str, objects: Sequence[Named], common: frozenset[str], definite: bool = False) -> str | None:
    """The object whose name holds the chunk as one of its words, alone, when that name carries a model code: writers
    shorten such a product's name to its line ("the Reed" for "Corlan Reed 5") or to its maker ("Corlan puts the
    battery at 40 hours"). Only a word no other object's name holds, that the page never writes in lower case and
    that is no edition word ("Pro", "Cloud"). A name without a model code keeps its words to itself — a given name or
    a surname alone may be anyone's — unless the word is `definite`: after "the" (and at most two lower-case words,
    "the new Reed"), a capitalised word names a thing, never a person, so it is the one object whose name holds it."""
    bare = re.sub(r"['’]s?$", "", text)
    if len(bare) < 3 or " " in bare or any(ch.isdigit() for ch in bare) or bare.lower() in _EDITION or bare.lower() in common:
        return None
    holders = [o for o in objects if any(bare in n.split() for n in o.names)]
    if len(holders) != 1 or not (definite or any(bare in n.split() and any(ch.isdigit() for ch in n) for n in holders[0].names)):
        return None
    return holders[0].name


def split_name(chunks: Sequence[str], objects: Sequence[Named], common: frozenset[str] = frozenset()) -> dict[str, str]:
    """Chunks that spell one object's name apart in one sentence: its first word (the maker's, "Corran") and a run of
    its other words ("the Tide Max"), as in "Corran rates the Tide Max to 300 m" or "Corran quotes 18 kg for the
    Tide". Together they write the whole name's start and part of its rest, so each names that object — only
    when no other object's name begins with that word, and the page never writes it in lower case."""
    owners: dict[str, str] = {}
    for obj in objects:
        words = _core(obj.name).split()
        first = words[0] if len(words) >= 2 else ""
        if not first or first.lower() in common or first.lower() in _EDITION or first not in chunks:
            continue
        if any(o.name != obj.name and _core(o.name).split()[:1] == [first] for o in objects):
            continue
        runs = [c for c in chunks if c != first and _run_of(c.split(), words[1:])]
        if runs:
            owners.update({first: obj.name, **{c: obj.name for c in runs}})
    return owners


def _run_of(part: list[str], words: list[str]) -> bool:
    return bool(part) and any(words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))


@lru_cache(maxsize=8192)
def _spaced_variant(chunk: str, name: str) -> bool:
    """ "Moore Town" for "Mooretown" (and back): the same letters, only the spacing differs."""
    a, b = re.sub(r"[\s-]+", "", chunk).lower(), re.sub(r"[\s-]+", "", _core(name)).lower()
    return len(a) >= 6 and a == b and chunk.count(" ") != _core(name).count(" ")


_BUILT_TAIL = frozenset(
    """house church school club f.c fc a.f.c afc hall bridge mill station museum library hospital academy building fort
    castle cathedral chapel temple tower""".split()
)
"""Last words of a name that a place qualifies in front ("Accrington Stanley F.C.", "Deshon Allyn House"); not
"news" or "magazine": "Harlow Tide News" is another publication than "Tide News"."""


def _subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(any(w == x for x in it) for w in short)


_PLACE_TAIL = frozenset("township municipality county city town village district borough parish upazila commune".split())


@lru_cache(maxsize=8192)
def _partial(chunk: str, name: str) -> bool:
    """A longer name that holds the object's whole name and may be it: a place with its type word after it
    ("Marlette Township" for "Marlette"), or a one-word object (a surname) after given names ("Valeri Bragin"
    for "Bragin"). A weak attribution: the table never confirms on it alone."""
    core = _core(name)
    c, n = chunk.split(), core.split()
    if not n or len(c) <= len(n) or any(ch.isdigit() for ch in core) or core.isupper():
        return False
    low = [w.lower() for w in c]
    k = len(n)
    if low[:k] == [w.lower() for w in n] and all(w in _PLACE_TAIL for w in low[k:]):
        return True
    obj = [w.lower().rstrip(".") for w in n]
    bare = [w.rstrip(".") for w in low]
    if k >= 2 and bare[0] == obj[0] and bare[-1] == obj[-1] and len(c) - k <= 2 and _subsequence(obj, bare):
        return True  # "Simeon P. Smith House" for "Simeon Smith House", "Verona Area High School" for "Verona High School"
    if k >= 2 and obj[-1] in _BUILT_TAIL and bare[-k:] == obj and len(c) - k <= 2:
        return True  # "Accrington Stanley F.C." for "Stanley F.C."
    if k == 1 and low[-1] == n[0].lower() and len(c) <= 3 and all(re.fullmatch(r"[A-Z][a-z'’-]+|[A-Z]\.", w) for w in c[:-1]):
        return not any(w in _GENERIC_TAIL or w in _NOT_PERSON or w in _HONORIFIC for w in low)
    return False


@lru_cache(maxsize=8192)
def _surname(name: str) -> str:
    """The surname of a person's name ("John H. Williams" → "Williams"), "" for a name that is not a person's:
    on the person's own page (its title names them) the bare surname is how the text refers to them."""
    words = [w for w in _core(name).split() if w.lower().rstrip(".,") not in _CORP_SUFFIX]
    if not 2 <= len(words) <= 4 or _titled(name) or any(ch.isdigit() for ch in name) or words[0].endswith("."):
        return ""  # "C. Mayer": an initial fits many people, the page's title may be any of them
    if not all(re.fullmatch(r"[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?|[A-Z]\.", w) for w in words):
        return ""  # "Real World", "New England 200": capitalised common words, lower-case parts, numbers
    if any(w.lower() in _GENERIC_TAIL or w.lower() in _NOT_PERSON or w.lower() in _HONORIFIC or w.lower() in _STARTERS
           or w.lower() in _EDITION for w in words):
        return ""
    last = words[-1]
    return last if len(last) >= 3 and not last.endswith(".") else ""


_PERSONAL = frozenset("he she his her him hers himself herself".split())


_SCHOOL_LEVEL = frozenset("high middle elementary secondary primary grammar junior senior".split())


@lru_cache(maxsize=8192)
def _short_form(name: str) -> str:
    """"Madi Municipality" → "Madi"; "Pinehurst, Texas" → "Pinehurst"; "" when nothing distinctive is left."""
    core = _core(name)
    if "," in core:
        head = core.split(",", 1)[0].strip()
        return head if len(head) >= 3 else ""
    words = core.split()
    # a type word the question put after the name is no part of it: "Madi Municipality", "the Danger Mouse TV
    # series", "the Elks organization", "the Ognissanti church" (a lower-case word is never the name's own)
    while len(words) > 1 and (words[-1].lower().strip(".,") in _GENERIC_TAIL | _PLACE_TAIL | {"tv", "television", "railway"}
                              or words[-1].islower()):
        if words.pop().lower() == "school" and len(words) > 1 and words[-1].lower() in _SCHOOL_LEVEL:
            words.pop()  # "South Hills High School" → "South Hills"
    short = " ".join(words)
    return short if short.lower() != _core(name).lower() and len(short) >= 3 else ""


@lru_cache(maxsize=8192)
def _model_form(name: str) -> str:
    """"Corra Dash 9" → "Dash 9", "Quenby Q9" → "Q9": a product's name after its maker's word, when it holds a
    model code (a word with a digit); "" otherwise."""
    words = _core(name).split()
    rest = words[1:]
    if len(words) < 2 or not any(re.search(r"\d", w) and re.search(r"[A-Za-z]|^\d+$", w) for w in rest):
        return ""
    model = " ".join(rest)
    return model if len(model) >= 2 and not model.isdigit() else ""


_KIND_NOUNS = frozenset(
    """squadron division regiment brigade battalion corps fleet wing army navy museum library school college university
    church cathedral chapel abbey temple house hall bridge station railway mill fort castle palace tower park garden
    airport hospital stadium theatre theater hotel party club team band company district township municipality
    upazila village town city county parish river lake island festival award newspaper magazine journal album film
    novel song series""".split()
)
"""Type nouns a name carries ("302 Squadron", "Museum of Applied Arts") that the text uses to refer to it."""


def _kind_reference(head: str, objects: Sequence[Named], target: str) -> str | None:
    """ "The squadron …" at the clause's head, its noun the type noun of the target's name: the reference."""
    m = re.match(r"(?:the|this)\s+([a-z]+)\b", head, re.I)
    if not m or m[1].lower() not in _KIND_NOUNS:
        return None
    for obj in objects:
        if obj.name != target:
            continue
        for name in obj.names:
            words = [w.lower() for w in re.findall(r"[A-Za-z]+", _core(name))]
            heads = {words[-1]} if words else set()
            if len(words) >= 3 and words[1] in ("of", "for"):
                heads.add(words[0])  # "Museum of Applied Arts"
            if m[1].lower() in heads:
                return m[0]
    return None


