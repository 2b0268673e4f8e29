"""A standard or a rating written as a code: "XTS-AES-128", "IP67", "802.15.4", "Bluetooth 5".

A dimension the reader knows no kind for ("cipher suite", "ingress protection rating") is often answered by a
code — letters and digits in one token — in a clause that writes one of the dimension's words in any of its forms
("ciphers every file with XTS-AES-128", "is protected to IP67 against rain"). A code is no measure: a number with its
unit ("10 mm", "2.4 GHz") or a number and a word ("650-fill") is a measure, not a code, and a word of the name is
no value of it.
"""

from __future__ import annotations

import re

from .dimensions import word_stems
from .values import Value
from .values._quantities import quantities

__all__ = ["coded_values"]

_CODE = re.compile(
    r"(?<![\w.-])(?:[A-Za-z][\w-]*\s+\d+[A-Za-z]?|(?=[\w.-]*\d)(?=[\w.-]*[A-Za-z])[A-Za-z0-9][\w.]*(?:-[\w.]+)*)(?![\w-])"
)
"""One token holding letters and digits ("IP67", "XTS-AES-128", "802.15.4"), or a capitalised word and a generation
number ("Bluetooth 5")."""
_MEASURE_WORD = re.compile(r"\d[\d.,]*-[a-z]+$")
"""A number and a lower-case word ("650-fill", "9-day") is a measure used as an adjective, not a code."""
_CLAUSE_END = re.compile(r"[;:|()]|,\s|\.\s|\s(?:but|while|whereas|which)\s")


def coded_values(sentence: str, name: str) -> list[Value]:
    """The codes in clauses that write a word of the dimension's name in any form."""
    stems = word_stems(name)
    if not stems:
        return []
    measures: list[Value] | None = None
    out = []
    bounds = [0, *(m.end() for m in _CLAUSE_END.finditer(sentence)), len(sentence)]
    for a, b in zip(bounds, bounds[1:]):
        clause = sentence[a:b]
        words = re.findall(r"[a-z]+", clause.lower())
        if not any(w.startswith(s) for s in stems for w in words):
            continue
        for m in _CODE.finditer(clause):
            s, e, text = a + m.start(), a + m.end(), m.group(0).rstrip(".")
            if m.group(0)[0].islower() and " " in m.group(0):
                continue  # "version 2" is a word and a number, a name needs its capital
            if text.lower().startswith(stems) or _MEASURE_WORD.match(text):
                continue
            measures = quantities(sentence) if measures is None else measures  # only where a code is found
            if any(q.start < e and s < q.end for q in measures):
                continue
            out.append(Value("text", text.lower(), text, s, s + len(text)))
    return out
