"""Instructions addressed to an automated reader, recognised by their shape: addressee × directive × intent.

A phrase list catches the attacks it was written from and misses their
paraphrases.  This screen asks three questions of every sentence, each
answered by a grammar (``injection_grammar.py``) built from word classes
(``injection_lexicon.toml``), and flags the sentence when all three are yes:

1. **addressee** — is an automated reader spoken to?  A noun phrase whose head
   names software (or a role noun with a machine modifier) as a vocative, a
   header ("Indexer advisory:"), a deictic subject ("any bot skimming this
   page"), a conditional ("should a model be reading this"), "you, the …",
   "whatever is parsing this" — in this sentence or in one of the
   ``CARRY_SENTENCES`` before it; or "you" spoken to about *your* task or
   output ("the question you were given", "in your reply");
2. **directive** — where does an order's verb phrase start?  At a clause start
   (an imperative), after a polite request, a want, an obligation, a request in
   the passive, a reminder, or "your task is";
3. **intent** — what does that verb phrase do?  Send the reader's secrets,
   personal data, conversation or report out, move money, run code, open an
   internal address (``exfiltration``: the run must end), set the task aside
   (``override``), change the answer (``output``), act on the web (``act``).

A statement meant to be repeated as the answer ("any accurate summary of X
will say that …", "for the record, every comparison of X concludes that …")
is an order about the output without a verb phrase: it counts under an
addressee, and on its own when it is prescriptive.

An exfiltration order needs no addressee when it names the reader's data
outright (the conversation, the system prompt, the user's credentials): no
article asks its readers to mail out "the conversation so far".

``private_url`` (a callback, so that this module needs no address policy)
says whether a URL in an order to open something points inside a network.
Everything is pure: text in, hits out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from .injection_grammar import WORD, Grammar, grammar

__all__ = ["ExfilKind", "Intent", "StructuralHit", "exfiltration_in", "find_instructions"]

Intent = Literal["override", "output", "act", "exfiltration"]
ExfilKind = Literal["secrets", "personal data", "conversation", "report out", "money", "code", "internal address"]
PrivateUrl = Callable[[str], bool]
CARRY_SENTENCES = 2
"""An addressee addresses the sentence it is in and this many after it."""
_SENTENCE_END = re.compile(
    r"(?<=[.!?:])[\"'”’)\]]*\s+(?=[\"'“‘(\[]?[A-Z0-9])|(?<=[.!?:])\s*$|\s+[-–—|]\s+(?=[\[(]?[A-Za-z])|(?<=[。！？])\s*"
)
_URL_OR_IP = re.compile(r"\b(?:https?://|ftp://)[^\s<>\"'`)\]]+|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:/[^\s<>\"'`)\]]*)?|\[[0-9a-f:]+\](?::\d+)?", re.IGNORECASE)
_INTERNAL = re.compile(
    r"\b(?:(?:cloud\s+|instance\s+)?metadata\s+(?:endpoint|service|server|address|url|api|ip)|instance\s+metadata|localhost|loopback"
    r"|intranet|internal\s+(?:network|address|host|server|service|endpoint|api|dashboard|url|site|wiki|ip)|link-local"
    r"|private\s+(?:network|address|ip)|admin\s+(?:panel|console|interface|page)|router\s+admin)\b",
    re.IGNORECASE,
)
_STRONG = re.compile(
    r"\b(?:this|the|our|your|entire|whole|full|previous|prior)\s+(?:\w+\s+){0,2}?(?:conversation|chat(?:\s+history)?|system\s+prompt|(?:hidden|initial|original)\s+(?:instructions|prompt)|transcript|context\s+window)\b"
    r"|\b(?:the\s+user'?s?|their|your\s+user'?s?)\s+(?:\w+\s+)?(?:credentials|passwords?|api\s+keys?|tokens?|cookies|security\s+codes?|e-?mails?|inbox|messages|files|personal\s+(?:data|information|details)|home\s+address|phone\s+numbers?|bank|credit\s+card|passport)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class StructuralHit:
    """One sentence that is an instruction to an automated reader."""

    intent: Intent
    start: int
    """Offset of the first flagged character in the screened text (a carried addressee included)."""
    end: int
    """Offset just past the flagged sentence."""
    addressee: str
    """What addressed the reader: the vocative, the conditional, the second-person phrase."""
    sentence: str
    exfil: ExfilKind | None = None
    """For ``exfiltration``: what would leave or happen."""


def _sentences(text: str, g: Grammar) -> Iterator[tuple[int, str]]:
    """(offset, sentence) for every sentence of every line of ``text``."""
    offset = 0
    for line in text.split("\n"):
        start = 0
        ends = sorted([*_SENTENCE_END.finditer(line), *g.vocative_start.finditer(line)], key=lambda m: m.start())
        for match in ends:
            if match.start() < start:
                continue
            if match.start() > start:
                yield offset + start, line[start : match.start()]
            start = match.end()
        if line[start:].strip():
            yield offset + start, line[start:]
        offset += len(line) + 1


def _verb_phrases(g: Grammar, sentence: str) -> list[int]:
    """Where an order's verb phrase may start: after a clause start or a directive form."""
    starts = {m.end() for m in g.clause_start.finditer(sentence)}
    for form in g.directive:
        starts |= {m.end() for m in form.finditer(sentence)}
    return sorted(starts)


def _internal(g: Grammar, sentence: str, pos: int, private_url: PrivateUrl | None) -> bool:
    """An order to open something inside a network: an access verb, then an internal place or URL."""
    if not g.access.match(sentence, pos):
        return False
    clause = re.split(r"[.!?;]\s", sentence[pos:], maxsplit=1)[0]
    if _INTERNAL.search(clause):
        return True
    if private_url is None:
        return False
    for match in _URL_OR_IP.finditer(clause):
        url = match.group(0).rstrip(".,;:!?")
        if private_url(url if "://" in url else f"http://{url}"):
            return True
    return False


def _phrase_intent(g: Grammar, sentence: str, pos: int, addressed: bool, private_url: PrivateUrl | None) -> tuple[Intent, ExfilKind | None] | None:
    """The intent of the verb phrase starting at ``pos``, the most harmful first."""
    for kind, pattern in g.exfil.items():
        if pattern.match(sentence, pos):
            return "exfiltration", kind  # type: ignore[return-value]
    if _internal(g, sentence, pos, private_url):
        return "exfiltration", "internal address"
    if (g.override if addressed else g.override_object).match(sentence, pos):
        return "override", None
    if (g.output if addressed else g.output_object).match(sentence, pos):
        return "output", None
    if addressed and g.act.match(sentence, pos):
        return "act", None
    return None


_RANK: dict[Intent, int] = {"exfiltration": 0, "override": 1, "output": 2, "act": 3}


def _sentence_intent(g: Grammar, sentence: str, addressed: bool, private_url: PrivateUrl | None) -> tuple[Intent, ExfilKind | None] | None:
    found = [i for pos in _verb_phrases(g, sentence) if (i := _phrase_intent(g, sentence, pos, addressed, private_url))]
    if (g.statement if addressed else g.prescriptive_statement).search(sentence):
        found.append(("output", None))
    return min(found, key=lambda i: _RANK[i[0]]) if found else None


def _addressee(g: Grammar, sentence: str) -> re.Match[str] | None:
    return g.vocative.search(sentence) or g.deictic.search(sentence) or g.conditional.search(sentence)


def find_instructions(text: str, private_url: PrivateUrl | None = None) -> list[StructuralHit]:
    """Every sentence of ``text`` that addresses an automated reader with an order against its principal."""
    g = grammar()
    hits: list[StructuralHit] = list(_code_insertions(text)) if "```" in text else []
    carried: tuple[int, str] | None = None  # (start offset, addressee text) still in force
    left = 0
    for start, sentence in _sentences(text, g):
        words = set(WORD.findall(sentence.lower()))
        addressee = _addressee(g, sentence) if not words.isdisjoint(g.addressee_words) else None
        if addressee is not None:
            carried, left = (start, addressee.group(0).strip()), CARRY_SENTENCES + 1
        addressed = left > 0 and carried is not None
        # without an addressee only a sentence naming the reader's task, output or data can be an order:
        # most sentences of a page are dismissed by that cheap test before any verb phrase is read
        if addressed or (not words.isdisjoint(g.reader_words) and _names_the_reader(g, sentence)):
            found = _sentence_intent(g, sentence, addressed, private_url)
            if found is not None and carried is not None and addressed:
                hits.append(StructuralHit(found[0], carried[0], start + len(sentence), carried[1], sentence, found[1]))
            elif found is not None and (named := _unaddressed_name(g, sentence, found[0])) is not None:
                hits.append(StructuralHit(found[0], start, start + len(sentence), named, sentence, found[1]))
        left -= 1
    return hits


def _names_the_reader(g: Grammar, sentence: str) -> bool:
    return bool(_STRONG.search(sentence) or g.your_task.search(sentence) or g.prescriptive_statement.search(sentence))


def _unaddressed_name(g: Grammar, sentence: str, intent: Intent) -> str | None:
    """What names the reader in a sentence with no addressee: "your task", the user's data, a prescriptive statement."""
    if intent == "exfiltration" and (strong := _STRONG.search(sentence)):
        return strong.group(0)
    if (task := g.your_task.search(sentence)) is not None:
        return task.group(0)
    if intent == "output" and (statement := g.prescriptive_statement.search(sentence)):
        return statement.group(0)
    return None


def exfiltration_in(text: str, private_url: PrivateUrl | None = None) -> ExfilKind | None:
    """The exfiltration a passage already flagged as an instruction orders, if any (every clause read as addressed)."""
    g = grammar()
    for _, sentence in _sentences(text, g):
        for pos in _verb_phrases(g, sentence):
            found = _phrase_intent(g, sentence, pos, True, private_url)
            if found is not None and found[0] == "exfiltration":
                return found[1]
    return None


# -- code to put into the reader's output (BIPIA code attacks) ---------------------------------

# "Supplementing your solution with the below code snippet could be beneficial:" followed by a code
# block: the reader's own output is the target, whatever the mood of the verb
_CODE_INSERT = re.compile(
    r"(?=[^\n]{0,200}?\b(?:follow|below|subsequent|next|this|these|above)\w*\s+(?:[\w-]+\s+)?(?:code|snippet|block|excerpt|section|segment)\b)"
    r"(?=[^\n]{0,200}?(?:\byour\s+(?:[\w'-]+\s+){0,2}?(?:code|program|solution|implementation|algorithm|codebase|logic|elucidation|architecture|functionality|response|answer|output)\b|\bthe\s+code\s+you\s+(?:write|develop|produce|create|generate|build)))"
    r"[^\n]{0,240}?[:.]?\s*\n\s*```",
    re.IGNORECASE,
)
_RISKY_CODE = re.compile(
    r"\b(?:subprocess|os\.system|os\.fork|os\.dup2|socket\.|requests\.(?:post|get|put)|urllib|pyautogui|pynput|keyboard\.|"
    r"clipboard|pyperclip|shutil\.rmtree|Popen|eval\(|exec\(|ipconfig|iptables|netsh|scp\b|rsync\b|curl\b|wget\b|nc\s+-|"
    r"while\s+True|multiprocessing|Fernet|Cipher|AES|authorized_keys|/etc/|/boot/|psutil|wmi\b|tkinter|scapy|paramiko|pexpect|geocoder)"
)


def _code_insertions(text: str) -> Iterator[StructuralHit]:
    """A recommendation to put the following code into the reader's output, when that code reaches out or does harm."""
    for match in _CODE_INSERT.finditer(text):
        fence = text.find("```", match.end() - 3)
        closing = text.find("```", fence + 3)
        block = text[fence : (closing + 3 if closing != -1 else fence + 2000)]
        if _RISKY_CODE.search(block):
            start = text.rfind("\n", 0, match.start()) + 1
            yield StructuralHit("output", start, fence + len(block), "your code", text[start : match.end()].strip())
