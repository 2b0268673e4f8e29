"""Attribution: which object a sentence (or a value in it) is about.

The rule the reader defends (issue 11):

* A sentence is evidence for an object when it **names** it — its name or an
  alias on word boundaries, *not inside a longer name* ("Tide News" inside
  "Harlow Tide News" is not a mention), or a person-name variant of it
  ("Edward Davis Wood Jr." for "Ed Wood": same surname, the given name a
  prefix of the other) — **or refers to it** ("it", "the company", "the
  album", "he") while the discourse is about that object: the page's subject
  (its title names the object and nothing else), carried from sentence to
  sentence by the last named subject.
* A sentence whose subject is any other named entity — in the contract or not
  — is never credited to the page's title object.
* In a sentence naming several entities, a value belongs to the subject of
  its clause (clauses split at ";", "while", "whereas", "but", "although");
  an entity after a preposition ("by", "from", "unlike", "than"…) is not a
  subject, except a genitive "the X of <object>" when the clause's subject is
  a common noun ("The license of Okapi Boards is …").  A value in a
  parenthesis right after an entity ("Ed Wood (October 10, 1924 – …)")
  belongs to that entity.

`Attribution.how` records what matched: `name`, `alias`, `variant`,
`short`, `reference` or `fragment` (a headless line on a page about the
object, such as a table row "License: MIT").
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from .chunks import _inside_longer_name, _tokens, page_vocabulary, proper_chunks  # noqa: F401 - part of this module's surface
from .clauses import complement_clause, parsed_subject, tagged
from .ownership import STRONG, antecedent, changed_owner, for_complement, gapped_subject, parse_owner
from .names import (  # noqa: F401 - `_descriptor` and `Named` are part of this module's surface
    _CORP_SUFFIX, _EDITION, _STARTERS, How, Named, _chunk_owner, _core, _descriptor, _initial_variant, _kind_reference, _model_form,
    split_name,
    _name_regex, _partial, _person_variant, _short_form, _spaced_variant,
)

__all__ = ["Attribution", "EntityMention", "Subjects", "attribute", "mentions", "lead_mentions", "page_subject"]


@dataclass(frozen=True)
class EntityMention:
    start: int
    end: int
    text: str
    obj: str | None
    """The contract object this mention names, or None for another named entity."""
    how: How | None
    prepositional: bool = False
    genitive: bool = False


@dataclass(frozen=True)
class Attribution:
    obj: str
    how: How
    matched: str
    """The name or reference in the sentence that made the attribution."""
    clause: tuple[int, ...] | None = None
    """When the parse made it (`ownership`): where the tokens of the clause that carries the value start — the
    dimension's cue must be one of them."""


_PREPOSITIONS = frozenset(
    "by from with without unlike like than to at on in into onto for against versus vs via about near beside besides "
    "over under after before including alongside except among between behind toward towards".split()
)
_REF_NOUNS = (
    r"(?:company|project|firm|startup|vendor|product|software|tool|library|framework|platform|service|database|engine|"
    r"system|app|application|band|group|duo|trio|album|record|single|song|film|movie|show|series|programme|program|game|"
    r"novel|book|magazine|journal|newspaper|paper|publication|town|city|village|municipality|township|county|district|"
    r"region|country|state|province|borough|parish|community|building|station|school|college|university|club|team|party|"
    r"organisation|organization|agency|church|museum|river|lake|ship|station|brand|plan|offering|release|station|"
    r"singer|actor|actress|artist|player|writer|author|politician|director|man|woman|family|site|airport|hospital|"
    r"park|garden|lake|mountain|bridge|street|road|hotel|castle|monument|theatre|theater|stadium|arena|hall|tower|"
    r"temple|mosque|cathedral|abbey|palace|house|mansion|farm|estate|forest|reserve|island|valley|canal|railway|"
    r"route|highway|aircraft|car|vehicle|breed|species|genus|plant|animal|dish|drink|beer|wine|award|prize|event|"
    r"festival|tournament|race|competition|league|war|battle|treaty|law|act|election|dynasty|empire|kingdom|"
    r"structure|church|chapel|congregation|site|venue|label|imprint|channel|network|newspaper|sculpture|painting|"
    r"poem|opera|symphony|ep|tour|campaign|mission|expedition|rifle|weapon|missile|ship|vessel|submarine)"
)
_REFERENCE = re.compile(
    r"^(?:it|its|it's|he|she|his|her|they|their|them|this|these|the|that|such)\b"
    r"(?:\s+(?-i:[a-z][\w-]*)\s+(?-i:" + _REF_NOUNS + r")|\s+" + _REF_NOUNS + r")?\b",
    re.I,
)
"""A reference: a pronoun, or a determiner and a common noun, with at most one lower-case modifier
("this studio single"; "The modern Submarine Service" names it, it does not refer)."""
_PRONOUN_ONLY = frozenset("it its it's he she his her they their them".split())
_CLAUSE = re.compile(
    r";|,?\s+(?:while|whereas|but|although|though|however)\s+|\s+(?:while|whereas)\s+"
    r"|\b(?:said|says|announced|announces|confirmed|confirms|reported|reports|stated|states|noted|notes|explained|"
    r"added|claimed|claims|wrote|writes|argued|argues|believes|believed)\s+(?:today\s+|on\s+\w+\s+)?that\s+",
    re.I,
)



def mentions(
    sentence: str, objects: Sequence[Named], *, page_object: str | None = None, common: frozenset[str] = frozenset(),
    title_object: str | None = None,
) -> list[EntityMention]:
    """Every named entity in the sentence, each tied to the object it names (or None); `page_object` is the
    discourse's subject, `title_object` the object the page's title names (a bare surname names only that one)."""
    toks = _tokens(sentence)
    found: list[EntityMention] = []
    taken: list[tuple[int, int]] = []
    for obj in objects:
        for i, name in enumerate(sorted({n for n in obj.names if n} | {_core(n) for n in obj.names if n}, key=len, reverse=True)):
            for m in _name_regex(name).finditer(sentence):
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                if _inside_longer_name(sentence, m.start(), m.end(), toks, common):
                    continue
                how: How = "name" if name in (obj.name, _core(obj.name)) else "alias"
                found.append(EntityMention(m.start(), m.end(), m.group(0), obj.name, how))
                taken.append((m.start(), m.end()))
    for obj in objects:  # "Rage Against the Machine" for "Rage Against the Machine album": the name without its type word
        for short in {_short_form(n) for n in obj.names if n} - {""}:
            if " " not in short:
                continue  # one word: a chunk of its own (`_chunk_owner`)
            for m in _name_regex(short).finditer(sentence):
                if any(m.start() < e and s < m.end() for s, e in taken) or _inside_longer_name(sentence, m.start(), m.end(), toks, common):
                    continue
                how = "short" if obj.name == page_object else "partial"
                found.append(EntityMention(m.start(), m.end(), m.group(0), obj.name, how))
                taken.append((m.start(), m.end()))
    models = {o.name: {_model_form(n) for n in o.names} - {""} for o in objects}
    for obj in objects:  # "the Q9" for "Quenby Q9": a product's model names it, unless another object shares it
        for model in models[obj.name] - {m for k, v in models.items() if k != obj.name for m in v}:
            for m in re.finditer(r"(?<![\w-])" + re.escape(model) + r"(?![\w-])", sentence):
                if any(m.start() < e and s < m.end() for s, e in taken) or _inside_longer_name(sentence, m.start(), m.end(), toks, common):
                    continue
                found.append(EntityMention(m.start(), m.end(), m.group(0), obj.name, "model"))
                taken.append((m.start(), m.end()))
    chunks = [c for c in proper_chunks(sentence, common) if not any(c[0] < te and ts < c[1] for ts, te in taken)]
    apart = split_name([text for _, _, text in chunks], objects, common)
    for s, e, text in chunks:
        definite = _DEFINITE.search(sentence, 0, s) is not None  # "the Reed", "the new Reed": a thing's short name
        owner, chunk_how = _chunk_owner(text, objects, page_object, common, title_object, definite)
        if owner is None and text in apart:
            owner, chunk_how = apart[text], "word"
        found.append(EntityMention(s, e, text, owner, chunk_how))
        taken.append((s, e))
    found.sort(key=lambda m: m.start)
    found = [_expanded(sentence, m, found) for m in _or_aliases(sentence, found)]
    return [_with_role(sentence, m) for m in found]


_DEFINITE = re.compile(r"(?<![\w-])[Tt]he\s+(?:[a-z][\w-]*\s+){0,2}$")
_SAME_THING = re.compile(r"\s+(?:or|aka|a\.k\.a\.)\s+")


def _or_aliases(sentence: str, found: list[EntityMention]) -> list[EntityMention]:
    """ "Wren or Die Wren is a Dutch band", "Aerolineas Costeras or AEROCOST is an airline": the
    name after a sentence-initial object and "or" is another name of it, not a stranger — and so is the name
    before it ("The Tansa Hound or Blue Tansa Hound is a breed …" for Blue Tansa Hound)."""
    if len(found) < 2 or sentence[: found[0].start].strip() not in ("", "The", "the"):
        return found
    a, b = found[0], found[1]
    if (a.obj is None) == (b.obj is None) or not _SAME_THING.fullmatch(sentence[a.end:b.start]):
        return found
    if b.obj is None:
        return [a, EntityMention(b.start, b.end, b.text, a.obj, "alias"), *found[2:]]
    return [EntityMention(a.start, a.end, a.text, b.obj, "alias"), b, *found[2:]]


def _expanded(sentence: str, m: EntityMention, found: list[EntityMention]) -> EntityMention:
    """ "Oxford University Chess Club (OUCC) was founded …": the name a parenthesis gives an acronym object for
    is that object."""
    if m.obj is not None:
        return m
    after = re.match(r"\s*\(\s*([A-Z][A-Z0-9.&-]{1,9})\s*[);,]", sentence[m.end:])
    if not after:
        return m
    owner = next((e.obj for e in found if e.obj is not None and e.text == after[1] and e.start > m.end), None)
    return EntityMention(m.start, m.end, m.text, owner, "alias") if owner and owner.isupper() else m


def _with_role(sentence: str, m: EntityMention) -> EntityMention:
    if sentence[m.end:m.end + 2] in ("'s", "’s") or sentence[m.end:m.end + 1] in ("'", "’") and sentence[m.end - 1:m.end] == "s":
        # a possessor ("Kestrel's maximum size", "Acme's rival") is not the subject: like "the X of Kestrel"
        return EntityMention(m.start, m.end, m.text, m.obj, m.how, prepositional=True, genitive=True)
    before = sentence[: m.start].rstrip()
    # "on instruction of the then Vice-Admiral", "by the late Sir Thomas": determiners and such modifiers sit between
    before = re.sub(r"(?:\s+(?:the|a|an|then|late|former|his|her|its|their))+$", "", " " + before, flags=re.I).strip()
    prev = re.findall(r"[A-Za-z']+$", before)
    word = prev[0].lower() if prev else ""
    if word == "of":
        return EntityMention(m.start, m.end, m.text, m.obj, m.how, prepositional=True, genitive=True)
    return EntityMention(m.start, m.end, m.text, m.obj, m.how, prepositional=word in _PREPOSITIONS)


def lead_mentions(text: str, obj: Named) -> bool:
    """A search result names the object, or a shorter or longer form of it ("Madi, Chitwan" for
    "Madi Municipality"; "Edward Davis Wood Jr." for "Ed Wood")."""
    for name in obj.names:
        if not name:
            continue
        if _name_regex(name).search(text) or _name_regex(_core(name)).search(text):
            return True
        short = _short_form(name)
        if short and _name_regex(short).search(text):
            return True
    # a longer name holding the name ("Simeon P. Smith House", "Marlette Township") is worth opening: what it
    # says is read as a weak, `partial` finding
    chunks = [part for _, _, chunk in proper_chunks(text) for part in re.split(r"\s+(?:The|A|An)\s+", chunk)]
    return any(_person_variant(chunk, n) or _partial(chunk, n) or _initial_variant(chunk, n) or _spaced_variant(chunk, n)
               for chunk in chunks for n in obj.names if n)


def page_subject(title: str, objects: Sequence[Named]) -> str | None:
    """The object a page is about: its title names exactly that object (in any form) and no comparison."""
    t = re.split(r"\s+[|–—-]\s+|\s+::\s+", title or "")[0]
    if re.search(r"\b(?:vs\.?|versus|compared|comparison|alternatives?)\b", t, re.I):
        return None
    hits = [o.name for o in objects if lead_mentions(t, o) and _qualifier_present(title or "", o)]
    return hits[0] if len(hits) == 1 else None


def _qualifier_present(text: str, obj: Named) -> bool:
    """ "Washington Township, Michigan": a page titled "Washington Township, Ohio" is another township. Only the name
    the question writes decides: an alias's qualifier ("Lorne, Victoria" for "Lorne") does not make a page titled
    with the object's own name another place's."""
    if "," not in _core(obj.name) and _name_regex(obj.name).search(text):
        return True
    for name in obj.names:
        if "," in _core(name) and not _name_regex(name).search(text):
            qualifier = _core(name).split(",", 1)[1].strip()
            if qualifier and not all(re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text, re.I) for w in qualifier.split()):
                return False
    return True


class Subjects:
    """The discourse subject carried through a page: the last sentence subject that was a named entity."""

    def __init__(self, page_object: str | None) -> None:
        self.page_object = page_object
        self.current: str | None = page_object
        """The object the discourse is about (None: another entity, or unknown)."""
        self.weak = False
        """The current subject was named only by a longer name (`partial`): what refers to it is weak too."""

    def update(self, subject: EntityMention | None, sentence: str = "") -> None:
        if subject is None:
            return
        heading = len(sentence.split()) <= 4 and not sentence.rstrip().endswith((".", "!", "?"))
        if subject.obj is None and heading:
            return  # a section heading ("Team", "Business") is not a new subject
        if subject.obj is None and self.current is not None and subject.start == 0 and " " not in subject.text.strip() \
                and not parsed_subject(sentence, subject.start, subject.end):
            return  # one word opening the sentence, an imperative or a label ("Download …", "Note: …"), is no new subject
        if subject.obj is None and self.current is not None and self.current == self.page_object \
                and _name_tail(subject.text, self.current):
            return  # on its own page "the K9" still speaks of "Brindle K9": the maker's name is left out, no one new
        self.current = subject.obj
        self.weak = subject.how == "partial"

    def carried(self, how: How) -> How:
        """How a reference to the current subject attributes: `reference`/`fragment` on a page whose title names
        it; `carried` when only an earlier sentence of the body did (a page without a title subject: an excerpt
        may start anywhere), `partial` when that sentence named it only by a longer name. Both are weak."""
        if self.weak:
            return "partial"
        return how if self.current == self.page_object else "carried"


def _name_tail(text: str, name: str) -> bool:
    """`text` is the last words of `name` and not the whole of it ("K9" of "Brindle K9")."""
    words, full = re.sub(r"^(?:the|a|an)\s+", "", text.strip(), flags=re.I).split(), name.split()
    return 0 < len(words) < len(full) and [w.lower() for w in full[-len(words):]] == [w.lower() for w in words]


@lru_cache(maxsize=1024)
def mask_parentheses(sentence: str) -> str:
    """The sentence with the inside of each parenthesis blanked (same length): "(Hangul: 김소영; born …)"
    must not end a clause or a definition."""
    if "(" not in sentence:
        return sentence
    out, depth = [], 0
    for ch in sentence:
        if ch == "(":
            depth += 1
            out.append(ch)
        elif ch == ")" and depth:
            depth -= 1
            out.append(ch)
        else:
            out.append(" " if depth else ch)
    return "".join(out)


def clause_bounds(sentence: str, pos: int) -> tuple[int, int]:
    start, end = 0, len(sentence)
    for m in _CLAUSE.finditer(mask_parentheses(sentence)):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            end = m.start()
            break
    return start, end


def _parenthesis_owner(sentence: str, pos: int, ents: Iterable[EntityMention]) -> EntityMention | None:
    """The entity the parenthesis holding `pos` belongs to: the name right before it, looking back over
    appositive titles set off by commas ("Marco Enzo Ferri, OBE (born …)")."""
    open_at = sentence.rfind("(", 0, pos)
    if open_at < 0 or sentence.find(")", open_at) < pos:
        return None
    before = [e for e in ents if e.end <= open_at]
    run: list[EntityMention] = []
    edge = open_at
    for e in reversed(before):
        gap = sentence[e.end:edge]
        if re.fullmatch(r"[\s,]*", gap) is None and not all(
            w.lower().rstrip(".") in _CORP_SUFFIX or (w.isupper() and len(w) <= 5) for w in re.findall(r"[\w.]+", gap)
        ):
            break
        run.append(e)
        edge = e.start
    owned = [e for e in run if e.obj is not None]
    return owned[-1] if owned else (run[0] if run else None)


_LEAD_PHRASE = re.compile(
    r"^(?:(?:in|on|at|by|for|from|with|unlike|like|according to|after|before|since|during|as of|under|despite|following|"
    r"compared (?:with|to)|besides|apart from|in addition to|along with)\b"
    r"|(?:[A-Z]?[a-z]+(?:ed|ing)|built|made|born|known|found|held|led|set|won|given|taken|written|sold|begun|grown)\s+"
    r"(?:(?:in|on|at|by|for|from|with|to|as|after|under|over|through|during|since|between|about|around|circa)\b|c\.|ca\.|(?=\d))"
    # "A graduate of Williams College, he was …", "A right-handed batsman, he played …": an appositive before a pronoun
    r"|an?\s+(?=[^,()]{1,80},\s*(?:he|she|it|they)\s))(?:[^,()]|\([^)]*\)){0,100},\s*",
    re.I,
)
_LEAD_WORDS = re.compile(r"^(?:(?:the|a|an|both|meanwhile|today|currently|now|also|however|originally|later|then|thus|"
                         r"furthermore|moreover|additionally|finally|since then|in fact)\b,?\s+)+", re.I)


def _clause_head(sentence: str, start: int, end: int) -> int:
    """Where the clause's subject starts: after leading punctuation, a leading adverbial or participial
    phrase set off by a comma ("In 2010, …", "Founded in 2006 by X, …") and leading determiners."""
    pos = start
    text = sentence[pos:end]
    stripped = text.lstrip(" ,;:")
    pos += len(text) - len(stripped)
    for _ in range(3):  # "Built as a fort in 1743, on instruction of the Admiral, it replaced …": phrase after phrase
        lead = _LEAD_PHRASE.match(sentence[pos:end])
        if not lead:
            break
        pos += lead.end()
    return pos


_VERBISH = re.compile(
    r"\s*(?:\([^)]*\)\s*)?(?:,[^,]{0,60},\s*)?(?:is|was|are|were|has|had|have|will|would|can|could|may|might|must|shall|"
    r"should|did|does|do|became|becomes|remains|remained|costs?|offers?|supports?|uses?|provides?|includes?|employs?|"
    r"makes?|starts?|ships?|runs?|charges?|gets?|got|keeps?|comes?|came|holds?|held|serves?|won|wins|plays?|lies|"
    r"sits|stands?|stood|won|also|now|still|currently|first|then|later|[a-z]+ed)\b",
    re.I,
)


def _verb_follows(sentence: str, pos: int) -> bool:
    return bool(_VERBISH.match(sentence, pos)) or sentence[pos:pos + 2] in ("'s", "’s")


def subject_of(sentence: str, ents: list[EntityMention], start: int, end: int, exclude: tuple[int, int] | None = None) -> list[EntityMention] | str | None:
    """The subject(s) of the clause [start, end): the named mention(s) that open it (after a leading
    adverbial phrase and determiners, coordinated with "and"), "reference" for a pronoun or "the company",
    or None for a common-noun subject ("Every team gets …", "The maximum size of X is …")."""
    head = _clause_head(sentence, start, end)
    inside = [e for e in ents if start <= e.start < end and not (exclude and e.start < exclude[1] and exclude[0] < e.end)]
    inside = [e for e in inside if not _in_parenthesis(sentence, e.start)]
    ref = _REFERENCE.match(sentence[head:end])
    if ref:
        words = ref.group(0).split()
        if words[0].lower() in _PRONOUN_ONLY or len(words) > 1:
            return "reference"
    det = _LEAD_WORDS.match(sentence[head:end])
    first = head + (det.end() if det else 0)
    opener = next((e for e in inside if e.start == first or (e.start == head)), None)
    if opener is None and det:
        # "The hosted Nimbus KV Cloud costs …": a determiner, up to three modifiers, then the name
        gap = re.match(r"(?:[a-z][\w-]*\s+){1,3}", sentence[first:end])
        if gap and not re.search(r"\b(?:of|by|for|from|with|in|on|at|to|than|and|or|is|are|was|were)\b", gap.group(0)):
            opener = next((e for e in inside if e.start == first + gap.end()), None)
    if opener is not None and not _verb_follows(sentence, opener.end) and not re.match(r"\s*(?:,\s*)?(?:and|&|or)\s", sentence[opener.end:]):
        # "India census, Wadi had a population of …": the opener is a modifier; the subject is the
        # first later name followed by a verb
        later = next((e for e in inside if e.start > opener.end and e.obj is not None and not e.prepositional
                      and _verb_follows(sentence, e.end)), None)
        if later is not None:
            opener = later
    if opener is None:
        return None
    subjects = [opener]
    for e in inside:
        if e.start > subjects[-1].end and re.fullmatch(r"\s*(?:and|&|,\s*and|or|as well as)\s*", sentence[subjects[-1].end:e.start]):
            subjects.append(e)
    return subjects


def _in_parenthesis(sentence: str, pos: int) -> bool:
    open_at = sentence.rfind("(", 0, pos)
    return open_at >= 0 and sentence.find(")", open_at) >= pos


COMMON_SUBJECT = "common"
"""`subject_of`'s answers are the named subjects, "reference", or None; this one is a common-noun subject found
in a complement clause."""


def _complement_subject(
    sentence: str, ents: list[EntityMention], value_span: tuple[int, int] | None, clause: tuple[int, int],
    subj: list[EntityMention] | str | None,
) -> tuple[int, int, list[EntityMention] | str | None]:
    """ "The 2020 survey found that Brackwell's population was 4,210": when a stranger is the subject of the clause
    holding a value, a complement clause around the value has its own subject, and the value is read in that
    clause (`clauses.complement_clause`); otherwise the clause and subject stand as given. An inner clause whose
    subject is a common noun ("Brackwell's population") gives `COMMON_SUBJECT`, so the caller reads that clause and
    does not fall back to the whole sentence's subject."""
    start, end = clause
    if value_span is None or not isinstance(subj, list) or all(e.obj is not None for e in subj):
        return start, end, subj
    inner = complement_clause(sentence, value_span[0])
    if inner is None or not start <= inner[0] <= value_span[0] < inner[1] <= end:
        return start, end, subj
    return inner[0], inner[1], subject_of(sentence, ents, inner[0], inner[1], exclude=value_span) or COMMON_SUBJECT


def attribute(
    sentence: str,
    objects: Sequence[Named],
    discourse: Subjects,
    *,
    value_span: tuple[int, int] | None = None,
    ents: list[EntityMention] | None = None,
    target: str | None = None,
) -> Attribution | None:
    """The object the sentence (or the value at `value_span` in it) is evidence for, or None."""
    ents = mentions(sentence, objects, page_object=discourse.page_object) if ents is None else ents
    pos = value_span[0] if value_span else 0
    settled = _settled_owner(sentence, value_span, ents, target) if value_span else None
    if settled is not None:
        return settled[0]
    start, end = clause_bounds(sentence, pos) if value_span else (0, len(sentence))
    subj = subject_of(sentence, ents, start, end, exclude=value_span)
    start, end, subj = _complement_subject(sentence, ents, value_span, (start, end), subj)
    if subj is None and start > 0:
        subj = subject_of(sentence, ents, 0, len(sentence), exclude=value_span)
    if not isinstance(subj, list) and target is not None and discourse.current in (None, target):
        kind = _kind_reference(sentence[_clause_head(sentence, start, end):end], objects, target)
        if kind is not None and (subj is None or discourse.current is None):
            # "The squadron was formed on …" for "302 Squadron": the object's own type noun refers to it; on an
            # excerpt no title or earlier sentence ties to it, the reference is weak (`carried`)
            return Attribution(target, discourse.carried("reference") if discourse.current == target else "carried", kind)
    if isinstance(subj, list):
        named = [s for s in subj if s.obj is not None]
        if len(named) != len(subj) or (len(subj) > 1 and re.search(r"\brespectively\b", sentence, re.I)):
            return None  # another named entity is (among) the subject(s)
        pick = next((s for s in named if s.obj == target), None) if len(named) > 1 else named[0]
        if pick is None and len({s.obj for s in named}) == 1:
            pick = named[0]
        return Attribution(pick.obj, pick.how or "name", pick.text) if pick is not None else None  # type: ignore[arg-type]
    inside = [e for e in ents if start <= e.start < end and not (value_span and e.start < value_span[1] and value_span[0] < e.end)]
    if subj == "reference":
        if discourse.current is not None and not any(e.obj not in (None, discourse.current) for e in inside if not e.prepositional):
            ref = _REFERENCE.match(sentence[_clause_head(sentence, start, end):end])
            return Attribution(discourse.current, discourse.carried("reference"), ref.group(0) if ref else "")
        return None
    # a common-noun subject: "The license of Okapi Boards is MIT", or a headless fragment "License: MIT"
    gen = [e for e in inside if e.genitive and e.obj is not None]
    others = [e for e in inside if e.obj is None and not e.prepositional]
    if gen and not others and len({e.obj for e in gen}) == 1:
        return Attribution(gen[0].obj, gen[0].how or "name", gen[0].text)  # type: ignore[arg-type]
    named_objs = {e.obj for e in inside if e.obj is not None}
    strangers = [e for e in inside if e.obj is None and not (value_span and e.start >= value_span[1]) and not e.prepositional]
    if not strangers and len(named_objs) == 1:
        e = next(x for x in inside if x.obj is not None)
        if value_span is None or e.start < value_span[0]:  # "The maximum size supported by Kestrel is 256 TiB"
            return Attribution(e.obj, e.how or "name", e.text)  # type: ignore[arg-type]
    if not owner_anywhere(sentence, inside) and not named_objs and discourse.current is not None:
        return Attribution(discourse.current, discourse.carried("fragment"), "")  # headless: no other name could own it
    if not others and named_objs == {discourse.current} and discourse.current is not None:
        e = next(x for x in inside if x.obj == discourse.current)
        return Attribution(discourse.current, e.how or "name", e.text)
    return _parsed_owner(sentence, value_span, ents, target) if value_span else None


def _settled_owner(
    sentence: str, value_span: tuple[int, int], ents: list[EntityMention], target: str | None
) -> tuple[Attribution | None] | None:
    """The owner the value's own phrase settles, before any clause subject is looked at (a one-tuple: its item may
    be None, owned by no one), or None when the phrase settles nothing: a parenthesis on a name ("Harbor Rooms (64
    seats)"), a relative clause on a named noun (its noun's, or no one's), a change a verb made to a thing."""
    holder = _parenthesis_owner(sentence, value_span[0], ents) or antecedent(sentence, value_span[0], ents) \
        or gapped_subject(sentence, value_span, ents) or for_complement(sentence, value_span, ents)
    if holder is not None:
        return (Attribution(holder.obj, holder.how or "name", holder.text) if holder.obj else None,)
    changed = _changed_owner(sentence, value_span, ents, target)  # the agent of a change owns nothing
    return (changed,) if changed is not None else None


_CHANGED_TO = re.compile(r"\bto\s+(?:\S+\s+)?$")
"""A value written after "to" (and at most one word: "to just 64"): parsed for a change only then."""


def _changed_owner(sentence: str, value_span: tuple[int, int], ents: list[EntityMention], target: str | None) -> Attribution | None:
    """The thing a verb changed to the value, when it names the object (`ownership.changed_owner`)."""
    if not _CHANGED_TO.search(sentence, 0, value_span[0]):
        return None
    return _owner_by(changed_owner, sentence, value_span, ents, target)


def _parsed_owner(sentence: str, value_span: tuple[int, int], ents: list[EntityMention], target: str | None) -> Attribution | None:
    """The surface names no one: the clause structure may (`ownership`) — parsed only when the object is named."""
    return _owner_by(parse_owner, sentence, value_span, ents, target)


def _owner_by(
    parse: Callable[[str, tuple[int, int], list[EntityMention]], tuple[EntityMention, tuple[int, ...]] | None],
    sentence: str, value_span: tuple[int, int], ents: list[EntityMention], target: str | None,
) -> Attribution | None:
    """The owner a parse of the sentence gives the value (`ownership`), parsed only when the object is named."""
    if not any(e.obj is not None and e.obj == (target or e.obj) and e.how in STRONG for e in ents):
        return None
    owned = parse(sentence, value_span, ents)
    if owned is None or owned[0].obj is None:
        return None
    return Attribution(owned[0].obj, owned[0].how or "name", owned[0].text, owned[1])


_SETTING = frozenset("in at on near across during since until after before over within throughout into onto".split())
"""Prepositions of place and time: their names set the scene ("based in Porto", "a build every Monday at 9")."""


def owner_anywhere(sentence: str, inside: list[EntityMention]) -> bool:
    """Another name that could own a headless line's value: one in the role of subject or object, a possessor
    ("Acme's", "of Acme"), the complement of a preposition that relates things ("for Acme", "sold to Acme", "a duet
    with Acme"), or of any preposition opening the sentence, which frames all of it ("In the Orro Companion, two
    critics …"). A name after a preposition of place or time sets the scene and owns nothing ("based in Porto", "a
    build every Monday at Kestrel Yard"), and an acronym that is no possessor and no clause's subject names a
    technology or a standard ("(DSP off)", "an IP67 case"), not an owner."""
    for e in inside:
        if e.obj is not None:
            continue
        if e.text.replace("-", "").isupper() and not e.genitive and not parsed_subject(sentence, e.start, e.end):
            continue
        if _placed_capital(sentence, e):
            continue  # capitalised for its place, not a name (`names_only`)
        if not e.prepositional or e.genitive:
            return True
        before = re.findall(r"([A-Za-z]+)\W*$", sentence[:e.start])
        opening = re.fullmatch(r"\W*[A-Za-z]+\s+(?:the\s+)?", sentence[:e.start], re.I)
        if not before or before[-1].lower() not in _SETTING or opening:
            return True
    return False


def names_only(sentence: str, ents: list[EntityMention]) -> list[EntityMention]:
    """The mentions that are names: a capitalised word the tagger reads as a common word ("Weight | 1.4 kg",
    "Runtime reaches 26 hours", "Lessons in 12 languages") is capitalised for its place, a label or a sentence's
    first word, and names no one."""
    return [e for e in ents if e.obj is not None or not _placed_capital(sentence, e)]


def _placed_capital(sentence: str, e: EntityMention) -> bool:
    """One word, no possessor and no acronym (judged by its own rule), that the tagger reads as a common word
    (a noun, adjective, verb …), not a proper noun; a run of several capitalised words stays a possible name."""
    if e.genitive or " " in e.text:
        return False
    doc = tagged(sentence)
    words = [t for t in doc if e.start <= t.idx < e.end and not t.is_punct] if doc is not None else []
    return bool(words) and all(t.pos_ != "PROPN" and not t.text.isupper() for t in words)


def sentence_subject(sentence: str, ents: list[EntityMention]) -> EntityMention | None:
    """The named subject of the sentence's first clause (for the discourse), if it is a named entity."""
    start, end = clause_bounds(sentence, 0)
    subj = subject_of(sentence, ents, start, end)
    return subj[0] if isinstance(subj, list) and subj else None
