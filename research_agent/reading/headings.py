"""A heading run into the first sentence of a page's text, split off: extracted text often loses the line break
between a title and the body that restarts with the name ("Simeon P. Smith House The Simeon P. Smith House is …"),
and the heading's words must not read as the sentence's subject."""

from __future__ import annotations

import re
from typing import Sequence

from .names import Named

__all__ = ["heading_split"]

_REPEATED_HEADING = re.compile(r"(?P<h>[A-Z][^()]{2,100}?)(?:\s*\([^()]{1,60}\))?\s+(?P<body>(?:The\s+|A\s+|An\s+)?(?P=h)\b)")
_RESTARTED_NAME = re.compile(r"(?P<h>(?P<first>[A-Z][\w'’-]+)(?:\s+[A-Z][\w'’.-]*){1,4}?)\s+(?P<body>(?P=first)\s+[A-Z])")
"""A title that is a short form of the full name the body starts with: "Valeri Bragin Valeri Nikolayevich Bragin (…)"."""
_TAIL_RESTARTED = re.compile(
    r"(?P<h>(?:[A-Z][\w'’-]*\s+){1,3}(?P<tail>(?:[A-Z][\w'’-]*\s+){0,3}[A-Z][\w'’-]*))\s+(?P<body>(?P=tail)\s+(?:is|was|are|were)\b)"
)
"""A heading whose last words the body restarts with: "Bandar Indera Mahkota Indera Mahkota is a township …"."""
_HEAD_WORD = re.compile(r"[A-Z0-9][\w'’.&-]*,?|of|the|de|da|di|del|der|von|van|and|in|on|upon|under|&|–|-")


def heading_split(sentence: str, named: Sequence[Named]) -> list[str]:
    """A heading run into the first sentence ("Symphony No. 1 (Balakirev) The Symphony No. 1 in C major by Mily
    Balakirev is …", "Simeon P. Smith House The Simeon P. Smith House is …"): the heading — capitalised words and
    a parenthesis — is its own piece, so its words are not the sentence's subject. Both pieces are slices."""
    rep = _REPEATED_HEADING.match(sentence) or _RESTARTED_NAME.match(sentence) or _TAIL_RESTARTED.match(sentence)
    if rep and all(_HEAD_WORD.fullmatch(w) for w in rep["h"].split()):
        return [sentence[: rep.start("body")].rstrip(), sentence[rep.start("body"):]]
    for obj in named:
        for name in obj.names:
            for m in re.finditer(r"(?:(?<=\s)(?:The|A|An)\s+)?" + re.escape(name) + r"(?![\w-])", sentence):
                head = sentence[: m.start()].rstrip()
                if not head or m.start() > 160:
                    continue
                bare = re.sub(r"\([^()]*\)", " ", head).split()
                # a heading ends in its disambiguation, or the body restarts with an article or the name itself:
                # "Valeri Nikolayevich Bragin" is one name, not a heading and "Bragin"
                # ("Cove Fort, County Cork Cove Fort is …": the heading opens with the name itself)
                ends = head.endswith(")") or m[0] != name or re.match(r"(?:The\s+)?" + re.escape(name) + r"(?![\w-])", head)
                if ends and bare and all(_HEAD_WORD.fullmatch(w) for w in bare) and bare[0][:1].isupper():
                    return [head, sentence[m.start():]]
    return [sentence]

