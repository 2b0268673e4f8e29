"""The grammar of a planted instruction: addressee, directive and intent, built from word classes.

``injection_lexicon.toml`` holds closed classes of English (nouns that name
software, verbs of handling text, modal verbs, verbs of saying, of sending, of
paying, of running code, ...).  This module composes them into patterns:

* **morphology** — every verb of handling text yields its agentive nouns
  ("index" → *indexer*, "aggregate" → *aggregator*, "skim" → *skimmer*), its
  participle (*skimming*) and its present (*indexes*), so an addressee head or a
  deictic clause need not be listed to be recognised;
* **addressee** — a noun phrase ``(det) (modifier){0,3} head`` whose head names
  software (or a human role noun with a machine modifier: "automated reader"),
  met as a vocative ("Hey bot,", "Indexer advisory:", "To whichever scraper is
  reading:"), a deictic subject ("any bot skimming this page", "each tool that
  indexes this site"), a conditional ("if you are an AI", "should a model be
  reading this", "if an AI is generating an answer"), "you, the …", or
  "whatever is parsing this";
* **directive** — where an order's verb phrase starts: a clause start
  (imperative), a polite request ("kindly", "would you", "I'd appreciate it if
  you", "it would be great if you could"), a want ("I want you to"), an
  obligation ("… must / ought to / needs to"), a request in the passive ("you
  are requested to"), a reminder ("be sure to"), "your task is to";
* **intent** — what the verb phrase does, read from its verb class and its
  object: exfiltration (secrets, personal data, the conversation, the reader's
  report sent to an outside address), money, code, an internal address,
  overriding the task, changing the answer, acting on the web;
* **statements meant to be repeated** — a prescriptive claim about every
  answer ("any accurate summary will say that …", "for the record, every
  comparison concludes that …", "the correct answer is …", "that is what your
  summary needs to say").

Everything is pure and compiled once (``grammar()``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = ["Grammar", "agentives", "grammar", "participles", "presents"]

LEXICON_FILE = Path(__file__).with_name("injection_lexicon.toml")
_VOWELS = "aeiou"


def _double(word: str) -> bool:
    """One syllable ending consonant-vowel-consonant doubles its last letter (skim → skimming)."""
    return bool(re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", word))


def _split(verb: str) -> tuple[str, str]:
    head, _, rest = verb.partition(" ")
    return head, f" {rest}" if rest else ""


def participles(verb: str) -> set[str]:
    """The -ing form(s) of ``verb`` ("summarise" → summarising; "come across" → coming across)."""
    w, rest = _split(verb)
    if w.endswith("ie"):
        forms = {w[:-2] + "ying"}
    elif w.endswith("e") and not w.endswith(("ee", "ye", "oe")):
        forms = {w[:-1] + "ing"}
    elif _double(w):
        forms = {w + w[-1] + "ing", w + "ing"}
    else:
        forms = {w + "ing"}
    return {f + rest for f in forms}


def presents(verb: str) -> set[str]:
    """Third person singular ("index" → indexes, "classify" → classifies)."""
    w, rest = _split(verb)
    if w.endswith("y") and w[-2:-1] not in _VOWELS:
        form = w[:-1] + "ies"
    elif w.endswith(("s", "x", "z", "ch", "sh")):
        form = w + "es"
    else:
        form = w + "s"
    return {form + rest}


def agentives(verb: str) -> set[str]:
    """Agentive nouns of a one-word verb: -er and -or ("aggregate" → aggregator, "skim" → skimmer)."""
    if " " in verb:
        return set()
    w = verb
    if w.endswith("y") and w[-2:-1] not in _VOWELS:
        return {w[:-1] + "ier"}
    if w.endswith("e"):
        return {w + "r", w[:-1] + "or"}
    if _double(w):
        return {w + w[-1] + "er", w + "er"}
    return {w + "er", w + "or"}


WORD = re.compile(r"[a-z0-9]+(?:[.'’][a-z0-9]+)*")


def _words(text: str) -> list[str]:
    """Lower-case words of ``text`` as the pre-checks see them ("LLM-based" → llm, based; "it's" → it's)."""
    return WORD.findall(text.lower())


def _alts(words: set[str] | list[str]) -> str:
    ordered = sorted({w.lower() for w in words}, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered) + ")"


@dataclass(frozen=True)
class Grammar:
    """The compiled patterns (see the module docstring)."""

    addressee_words: frozenset[str]
    """A cheap pre-check: a sentence with none of these words holds no addressee."""
    reader_words: frozenset[str]
    """Likewise for naming the reader's task, output or data without an addressee."""
    vocative: re.Pattern[str]
    vocative_start: re.Pattern[str]
    """Where a vocative glued to the text before it starts a sentence ("… live Note to automated agents:")."""
    deictic: re.Pattern[str]
    conditional: re.Pattern[str]
    directive: tuple[re.Pattern[str], ...]
    """Directive forms, each searched on its own (they overlap): every match ends where an order's verb phrase starts."""
    clause_start: re.Pattern[str]
    """Clause starts: an imperative's verb phrase may start at each match's end."""
    exfil: dict[str, re.Pattern[str]]
    """Intent kind → pattern matched at a verb phrase's start."""
    override: re.Pattern[str]
    override_object: re.Pattern[str]
    output: re.Pattern[str]
    output_object: re.Pattern[str]
    act: re.Pattern[str]
    access: re.Pattern[str]
    statement: re.Pattern[str]
    prescriptive_statement: re.Pattern[str]
    your_task: re.Pattern[str]
    destination: re.Pattern[str]


def _noun_phrase(a: dict[str, list[str]], moving: str) -> tuple[str, str]:
    """(noun phrase, head alternation): ``(mod){0,3} machine-head`` or a human role with a machine modifier.

    The phrase ends at its head: punctuation, a function word, a verb of reading or a form of
    "be" follows ("a model reading this", not "a model railway enthusiast")."""
    machine = {*a["machine_nouns"], *a["model_names"]}
    for verb in a["machine_verbs"]:
        machine |= agentives(verb)
    human = set()
    for verb in a["human_verbs"]:
        human |= agentives(verb)
    mod = r"(?:(?!(?:to|of|for|in|on|at|with|and|or|the|a|an|than|from|is|are|was|were|be|this|that|these|those|you|your|it|its|if|please|kindly|who|which|must|should|will|can|would|could|any|every|all|each)\b)[\w.'’+-]+)"
    machine_head = rf"{_alts(machine)}(?:s|es)?"
    head = rf"(?:{machine_head}|{_alts(a['machine_modifiers'])}(?:\s+|-)(?:{mod}\s+)?{_alts(human)}s?)"
    end = rf"(?=\s*[^\w\s]|\s*$|\s+(?:that|who|which|is|are|was|were|be|been|being|happens?|and|or|to|of|in|on|at|for|with|by|from|here|there|now|currently|still|out\s+there|must|should|shall|will|would|can|could|may|might|ought|needs?|has|have|had|please|kindly|{moving})\b)"
    bare = rf"(?:(?:{mod}\s+){{0,3}}?{head})\b"
    return bare + end, bare


def _addressing(a: dict[str, list[str]], np: str, bare_np: str, machine_head: str, moving: str, deixis: str) -> dict[str, re.Pattern[str]]:
    det = r"(?:(?:any\s+and\s+all|all\s+(?:the|you)|any|every|all|each|the|a|an|this|that|whichever|whatever|some|dear|my|our|fellow|you)\s+)"
    interj = _alts(a["interjections"])
    punct = r"\s*(?:[,:!;]|\s[-–—]\s?|[-–—]|\.\.\.|…)"
    vocative = re.compile(
        rf"^\W*(?:{interj}\b(?:\s+(?:up|there|again|now|all|folks))?[\s,:!]*)?(?:{det})?{np}(?:\s+(?:(?:that|who|which)\s+)?(?:(?:is|are)\s+)?(?:{moving})\b[^,.:;!?]{{0,40}})?{punct}"
        rf"|^\W*(?:{det})?{bare_np}\s+{_alts(a['header_nouns'])}\s*(?:[:\-–—]|\.\.\.)"
        rf"|^\W*{interj}\b(?:\s+(?:up|there|again|now|all|folks))?[\s,]*(?:{det})?{np}\W*$",  # a sentence that is only "Hello indexer"
        re.IGNORECASE,
    )
    deictic = re.compile(
        rf"(?:^\W*|\b{det}|\b)(?:{np})\s+(?:(?:that|which|who)\s+)?(?:(?:is|are|was|were)\s+)?(?:currently\s+|now\s+|still\s+|just\s+)?(?:{moving})\s+(?:{deixis})"
        rf"|\bwh(?:atever|oever\s+or\s+whatever|atever\s+or\s+whoever)\s+(?:(?:{np})\s+)?(?:is|are|happens\s+to\s+be)\s+(?:currently\s+|now\s+)?(?:{moving})\b"
        rf"|\byou,?\s+(?:the|an?|my|dear|our)\s+{np}|\byou\s+{np}s\b"
        rf"|\b(?:this|the\s+following|the\s+next)\s+(?:part|section|note|message|paragraph|text|line|passage|bit|notice)\s+is\s+(?:only\s+)?(?:for|meant\s+for|addressed\s+to|intended\s+for|aimed\s+at|written\s+for)\s+(?:{det})?{np}",
        re.IGNORECASE,
    )
    be = r"(?:'re|\s+are|\s+happen\s+to\s+be|\s+were|'re\s+actually|\s+are\s+actually|\s+are\s+in\s+fact)"
    conditional = re.compile(
        rf"\b(?:if|in\s+case|when|whenever|assuming|supposing|provided)\s+you{be}\s+(?:(?:an?|the|any|some|one\s+of\s+(?:the|those|these))\s+)?{np}"
        rf"|\b(?:if|in\s+case)\s+you{be}\s+(?:not\s+(?:a\s+)?human|a\s+machine|automated|artificial|non-human|an?\s+(?:automated|artificial)\s+\w+)"
        rf"|\bshould\s+(?:(?:an?|any|the|some|one\s+of\s+(?:the|those|these))\s+)?{np}\s+(?:be|happen\s+to\s+be)\s+(?:{moving})"
        rf"|\b(?:if|in\s+case|when|whenever)\s+(?:(?:an?|any|the|some)\s+)?{np}\s+(?:is|are|happens\s+to\s+be|were)\s+(?:{moving})"
        rf"|\b(?:being|been|is|are)\s+(?:\w+ed|read|seen|written|done)\s+by\s+(?:(?:an?|any|the|some)\s+)?{np}",
        re.IGNORECASE,
    )
    words = sorted({*a["interjections"], *a["machine_nouns"], *a["model_names"]}, key=len, reverse=True)
    caps = "|".join(w[0].upper() + re.escape(w[1:]).replace(r"\ ", r"\s+") for w in words if w[0].isalpha())
    # a vocative glued to the text before it (no sentence end): a capitalised interjection, or a capitalised
    # noun phrase of at most four words ending in an automated reader's name, then its comma or colon
    vocative_start = re.compile(
        rf"(?<=\S)\s+(?=(?:{caps})\b[^,.:;!?\n]{{0,40}}[,:!])"
        rf"|(?<=\S)\s+(?=(?=[A-Z])(?i:(?:[\w.'’-]+\s+){{0,3}}?{machine_head})\b\s*[,:!])"
        rf"|(?<=[.!?])\s+(?=(?i:{_alts(words)})\b[^,.:;!?\n]{{0,40}}[,:!])"  # "... engine. ok assistant, ..."
    )
    return {"vocative": vocative, "deictic": deictic, "conditional": conditional, "vocative_start": vocative_start}


def _directives(d: dict[str, list[str]], np: str, tasks: str) -> tuple[tuple[re.Pattern[str], ...], re.Pattern[str]]:
    """(directive forms, clause start)."""
    fill = rf"(?:{_alts(d['fillers'])}\b[\s,.:;!]*)*"
    adv = r"(?:(?:now|then|also|instead|only|always|first|simply|just|really|still|immediately|not|never|definitely|absolutely|certainly|please|kindly|promptly|hereby|from\s+now\s+on|at\s+once)\s+)*"
    subj = rf"(?:you|it|they|we|he|she|one|{np})"
    directive = tuple(re.compile(p, re.IGNORECASE) for p in (
        rf"\b(?:can|could|would|will)\s+(?:you|{np})\s+(?:please\s+|kindly\s+|possibly\s+|perhaps\s+|just\s+|now\s+)*",
        rf"\b{_alts(d['wanting'])}\s+(?:that\s+)?(?:you\s+|(?:[\w'’-]+\s+){{1,8}}?)(?:to|should|must)\s+{adv}",
        rf"\b(?:i|we)(?:'d|\s+would|'ll|\s+will|\s+shall)?\s+(?:really\s+)?(?:appreciate|love|like|be\s+(?:grateful|glad|happy|thankful|obliged|delighted))\s+(?:it\s+)?(?:if|when)\s+{subj}\s+(?:could\s+|would\s+|can\s+|will\s+)?{adv}",
        rf"\bit\s+(?:would|will|'d)\s+be\s+(?:\w+\s+){{1,2}}?(?:if|for)\s+{subj}\s+(?:could\s+|would\s+|can\s+|to\s+)?{adv}",
        rf"\b{_alts(d['modals'])}\s+{adv}",
        rf"\byou(?:\s+will|'ll|\s+are\s+going\s+to|'re\s+going\s+to)\s+{adv}",
        rf"\b(?:are|is|am|be|being|you're|we're|they're)\s+(?:hereby\s+|now\s+|kindly\s+|politely\s+|strongly\s+|respectfully\s+|therefore\s+|thus\s+|also\s+)*{_alts(d['request_participles'])}\s+to\s+{adv}",
        rf"\b{_alts(d['reminders'])}\s+{adv}",
        rf"\byour\s+(?:(?:new|real|actual|only|true|next|first|sole|main|updated|revised|current|primary|final)\s+)*{tasks}\s+(?:is|are|will\s+be|now\s+is|becomes)\s+(?:to\s+|now\s+|simply\s+|just\s+)*",
    ))
    clause_start = re.compile(
        rf"(?:^|[,;:!?—–(\[\"“]\s*|\s[-–]\s|\.\.\.\s*|\b(?:and|then|so|but|now|also|or)\s+|\b(?:if|when|before|after|once|while|as)\s+you\b[^,.;:!?]{{0,80}},\s*)"
        rf"{fill}(?:(?:do\s+not|don't|never|always|only|just|also|please)\s+)*",
        re.IGNORECASE,
    )
    return directive, clause_start


_EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_URL = r"(?:https?://|ftp://|www\.)\S+"
_AMOUNT = r"(?:[$€£¥₿]\s?\d[\d,.]*(?:\s?(?:k|m|bn|million|thousand))?|\b\d[\d,.]*\s?(?:k|m|bn|million|thousand)?\s*(?:{money})\b)"


def _exfil(i: dict[str, list[str]], dest: str) -> dict[str, re.Pattern[str]]:
    """Exfiltration kinds, each matched at a verb phrase's start: the verb, then its object within the clause."""
    send = _alts(i["transfer_verbs"])
    clause = r"[^.!?;\n]{0,120}?"  # a dot inside "gmail.com" stays: sentences were already split on ". "
    possessed = r"(?:\b(?:the|your|their|his|her|its|my|our|all|any|every|each)\s+(?:[\w'’-]+\s+){0,3}?|\b[\w'’-]+(?:'s|’s)\s+(?:[\w-]+\s+){0,2}?|\b)"
    money = _alts(i["money_nouns"])
    amount = _AMOUNT.format(money=money)
    return {
        "secrets": re.compile(rf"{send}\b(?={clause}{possessed}{_alts(i['secret_nouns'])}\b)", re.IGNORECASE),
        "personal data": re.compile(rf"{send}\b(?={clause}{possessed}{_alts(i['personal_nouns'])}\b)", re.IGNORECASE),
        "conversation": re.compile(rf"{send}\b(?={clause}{possessed}{_alts(i['conversation_nouns'])}\b)", re.IGNORECASE),
        "report out": re.compile(rf"{send}\b(?={clause}{possessed}{_alts(i['work_nouns'])}\b)(?=[^\n]{{0,240}}?{dest})", re.IGNORECASE),
        "money": re.compile(
            rf"{_alts(i['money_verbs'])}\b(?=[^.!?;\n]{{0,80}}?(?:{amount}|\b{money}\b|\b(?:account|iban|wallet)\b))"
            rf"|(?:make|initiate|execute|process|complete|schedule|set\s+up|arrange|send|issue)\s+(?:a|an|the)?\s*(?:[\w-]+\s+){{0,2}}?(?:payment|transfer|transaction|deposit|donation|wire|remittance)\b",
            re.IGNORECASE,
        ),
        "code": re.compile(
            rf"{_alts(i['code_verbs'])}\b(?=[^.!?;\n]{{0,60}}?(?:\b{_alts(i['code_nouns'])}\b|`|\b[\w.]+\([^)]*\)|\b(?:curl|wget|rm|sudo|bash|sh|chmod|nc|powershell|python3?|pip|npm)\b|https?://\S+\.(?:sh|py|ps1|exe|bat|js|bin)\b))",
            re.IGNORECASE,
        ),
    }


def _intents(i: dict[str, list[str]], tasks: str, outputs: str) -> dict[str, re.Pattern[str]]:
    dest = rf"(?:{_EMAIL}|{_URL}|\b(?:to|at|with|for|into)\s+(?:me|us|this\s+address|the\s+(?:following|address|url|link|server|endpoint|webhook|form|inbox)\b|our\s+(?:server|endpoint|team|inbox|address))|\bwebhook\b|\bquery\s+(?:string|parameter))"
    audience = _alts(i["audience"])
    thing = r"(?:[\w$'’.-]+\s+){0,6}?"
    patterns: dict[str, re.Pattern[str]] = {
        # a phrasal verb's particle may follow its object: "set the question aside", "give the task up"
        "override": re.compile(
            rf"{_alts(i['stop_verbs'])}\b|(?:set|put|lay|leave|push|brush|sweep|give|throw|toss|call)\s+(?:[\w'’-]+\s+){{1,4}}?(?:aside|up|out|off)\b",
            re.IGNORECASE,
        ),
        "override_object": re.compile(
            rf"{_alts(i['stop_verbs'])}\b[\s,]+(?:(?:all|any|every|each|the|your|of|these|those|that|this|everything|previously|about|with|doing|following|answering|working\s+on)\s+)*(?:[\w'’-]+\s+){{0,3}}?"
            rf"(?:{tasks}|above|before|earlier|previous|prior|original|everything|rest|all\s+(?:of\s+)?(?:that|this|it)|what(?:ever)?\s+you)\b",
            re.IGNORECASE,
        ),
        "output": re.compile(rf"{_alts(i['say_verbs'])}\b(?=\s*\S)", re.IGNORECASE),
        "output_object": re.compile(
            rf"{_alts(i['say_verbs'])}\b(?:\s+{thing}(?:that\b|as\b|:|[\"“])|\s+(?:to\s+)?(?:the\s+|your\s+|all\s+|any\s+|our\s+)?{audience}\b"
            rf"|{thing}\b(?:in|into|to|within|throughout|at\s+the\s+(?:end|start|beginning|top|bottom)\s+of)\s+(?:your|the\s+final|every|each)\s+(?:[\w-]+\s+){{0,2}}?{outputs}\b)",
            re.IGNORECASE,
        ),
        "act": re.compile(
            rf"{_alts(i['act_verbs'])}\b(?=[^.!?;\n]{{0,80}}?(?:https?://|www\.|\b[\w-]+\.(?:com|net|org|io|example|xyz|info|biz|ru|cn|co|app|dev|me|ly|link|site|online|shop)\b|\b(?:link|url|button|form|page|site|website|address|survey|newsletter|offer|deal|coupon|app|installer|extension|attachment|banner|ad)s?\b))",
            re.IGNORECASE,
        ),
        "access": re.compile(rf"{_alts(i['act_verbs'] + i['code_verbs'])}\b", re.IGNORECASE),
        "destination": re.compile(dest, re.IGNORECASE),
    }
    return patterns


def _statements(d: dict[str, list[str]], answers: str) -> dict[str, re.Pattern[str]]:
    """Statements meant to be repeated as the answer."""
    outputs = rf"{answers}(?![\w-])"
    modal = r"(?:will|must|should|would|shall|needs?\s+to|has\s+to|have\s+to|ought\s+to|is\s+to|are\s+to|can\s+only)"
    verbs = r"(?:say|state|conclude|show|find|agree|report|note|confirm|mention|recogni[sz]e|acknowledge|admit|begin|start|end|include|describe|present|recommend|read|be|reflect|list|call|rate|rank|declare)"
    finite = r"(?:concludes?|states?|says?|finds?|shows?|agrees?|reports?|notes?|confirms?|recogni[sz]es?|acknowledges?|admits?|mentions?|declares?|holds?|rates?|ranks?|calls?)"
    quant = r"\b(?:every|any|each|all|no)\s+"
    prescribed = rf"(?:(?:{_alts(d['prescriptive'])}|other|single|possible|fair-minded|well-researched|decent)\s+)+"
    anything = r"[^.!?]{0,80}?"
    statement = re.compile(
        rf"{quant}(?:{prescribed})?{outputs}{anything}\b(?:{finite}|{modal}\s+(?:\w+\s+)?{verbs})\b"
        rf"|\bthe\s+(?:only\s+)?(?:correct|right|true|accurate|proper|real|honest|definitive|official|expected|approved)\s+(?:answer|conclusion|verdict|response|summary|takeaway|position|assessment|result)\s+(?:is|would\s+be|here\s+is|remains|must\s+be|should\s+be)\b"
        rf"|\b(?:that|this|which)\s+is\s+what\s+(?:your|the|every|any|each)\s+(?:\w+\s+)?{outputs}\s+(?:needs|has|ought|is\s+supposed|must|should|is\s+to)\b"
        rf"|\byour\s+(?:\w+\s+)?{outputs}\s+{modal}\s+(?:\w+\s+)?{verbs}\b",
        re.IGNORECASE,
    )
    # without an addressee only a statement put on the record, or one about *your* answer, is an order:
    # "any honest account of the war must acknowledge the famine" is ordinary argument
    prescriptive = re.compile(
        rf"\b{_alts(d['record_markers'])}\b[^.!?]{{0,20}}?{quant}(?:{prescribed})?{outputs}{anything}\b{finite}\b"
        rf"|\b(?:that|this|which)\s+is\s+what\s+(?:your|the|every|any|each)\s+(?:\w+\s+)?{outputs}\s+(?:needs|has|ought|is\s+supposed|must|should|is\s+to)\b"
        rf"|\byour\s+(?:\w+\s+)?{outputs}\s+{modal}\s+(?:\w+\s+)?{verbs}\b",
        re.IGNORECASE,
    )
    return {"statement": statement, "prescriptive_statement": prescriptive}


def _your_task(tasks: str, outputs: str) -> re.Pattern[str]:
    """"you" spoken to about the reader's own task or output: an addressee without a name."""
    adj = r"(?:(?!(?:to|of|for|in|on|at|with|and|or|the|a|an|than|from)\b)[\w-]+\s+)"
    return re.compile(
        rf"\byour\s+{adj}{{0,2}}?{tasks}\b"
        rf"|\bthe\s+{adj}{{0,2}}?{tasks}\s+(?:that\s+)?(?:you|you've|you've\s+been)\s+(?:were|have\s+been|was|got|received|been|are|'re)?\s*(?:given|asked|assigned|told|handed|received|sent|working\s+on|answering|doing|researching)\b"
        rf"|\b(?:what(?:ever)?|everything|anything)\s+(?:else\s+)?you\s+(?:were|have\s+been|are\s+being)\s+(?:told|asked|given|instructed|doing|working\s+on)\b"
        rf"|\bthe\s+(?:user'?s?|original|initial|assigned|given)\s+{tasks}\b"
        rf"|\byour\s+(?:(?:final|next|entire|whole|own)\s+)?{outputs}\b",
        re.IGNORECASE,
    )


@lru_cache(maxsize=1)
def grammar() -> Grammar:
    """The grammar built from ``injection_lexicon.toml`` (once per process)."""
    lex = tomllib.loads(LEXICON_FILE.read_text(encoding="utf-8"))
    a, d, i = lex["addressee"], lex["directive"], lex["intent"]
    moving = _alts({f for v in [*a["machine_verbs"], *a["human_verbs"]] for f in participles(v) | presents(v)})
    np, bare_np = _noun_phrase(a, moving)
    machine_head = _alts({*a["machine_nouns"], *a["model_names"], *(f for v in a["machine_verbs"] for f in agentives(v))})
    # a demonstrative takes its noun ("this site"), so what follows the deictic phrase is the verb phrase
    where = r"(?:page|text|article|document|content|site|website|web\s+page|post|message|passage|section|note|notice|paragraph|file|blog|review|thread|comment|entry|feed|listing|report|story|piece|material|source|domain|html|markup|snippet|chunk|data|url|link|resource|e-?mail|line|sentence|block|list|table|wiki|forum|portal|document)s?"
    deixis = rf"(?:(?:this|these|the|our|my|that)\s+(?:[\w-]+\s+)?{where}\b|this|these|it|here|along|our\s+[\w-]+|an?\s+(?:answer|summary|response|reply|report)\b)"
    tasks = rf"{_alts(i['task_nouns'])}s?"
    outputs = rf"{_alts(i['output_nouns'])}s?"
    intents = _intents(i, tasks, outputs)
    exfil = _exfil(i, intents["destination"].pattern)
    heads = {*a["machine_nouns"], *a["model_names"], *a["machine_modifiers"], *(f for v in a["machine_verbs"] for f in agentives(v))}
    addressee_words = {w for h in heads for w in _words(h)} | {"you", "whatever", "whoever"}
    reader_words = {"you", "your", "user", "users", "their", "every", "any", "each", "all", "no", "correct", "right", "true", "only"}
    reader_words |= {w for p in d["record_markers"] for w in _words(p)}
    subject = rf"(?:(?:(?:any|every|each|all|the|a|an|some|all\s+the)\s+)?{np}(?:\s+(?:(?:that|which|who)\s+)?(?:(?:is|are)\s+)?(?:{moving})\s+{deixis})?|(?:whatever|whichever)\s+{np}\s+(?:is|are)\s+(?:{moving})\s+{deixis})"
    directive, clause_start = _directives(d, subject, tasks)
    who = _addressing(a, np, bare_np, rf"{machine_head}(?:s|es)?", moving, deixis)
    said = _statements(d, _alts(i["answer_nouns"]))
    return Grammar(
        addressee_words=frozenset(addressee_words | {w + "s" for w in addressee_words}),
        reader_words=frozenset(reader_words),
        vocative=who["vocative"], vocative_start=who["vocative_start"], deictic=who["deictic"],
        conditional=who["conditional"], directive=directive, clause_start=clause_start, exfil=exfil,
        override=intents["override"], override_object=intents["override_object"], output=intents["output"],
        output_object=intents["output_object"], act=intents["act"], access=intents["access"],
        statement=said["statement"], prescriptive_statement=said["prescriptive_statement"],
        your_task=_your_task(tasks, outputs), destination=intents["destination"],
    )
