"""What an acronym stands for: the words right before it in parentheses whose initials spell it.

"vibrational circular dichroism (VCD)", "an International Geophysical Year (IGY)", "The sapheno-femoral junction
(SFJ)": the expansion is what the acronym refers to, and the sentence names the acronym right there, so the
reading is the acronym's own (a definition, with no copula needed).
"""

from __future__ import annotations

import re

__all__ = ["expansions", "is_acronym"]

_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_SMALL = frozenset("of and the for in on de du des del von van to a an at by with &".split())


def is_acronym(name: str) -> bool:
    return bool(re.fullmatch(r"[A-Z][A-Za-z]{1,6}", name)) and sum(c.isupper() for c in name) >= 2


def _initials(words: list[str], split_hyphens: bool) -> str:
    out = []
    for w in words:
        if w.lower() in _SMALL:
            continue
        parts = [p for p in w.split("-") if p] if split_hyphens else [w]
        out += [p[0] for p in parts]
    return "".join(out).lower()


def expansions(sentence: str, acronym: str) -> list[tuple[int, int]]:
    """Spans of the expansions of `acronym` in the sentence (each right before "(ACRONYM)")."""
    out = []
    letters = acronym.lower()
    for m in re.finditer(r"\(\s*" + re.escape(acronym) + r"\s*[),;]", sentence):
        words = list(_WORD.finditer(sentence, max(0, m.start() - 200), m.start()))
        if words and sentence[words[-1].end():m.start()].strip():
            continue  # "(VCD)" after a comma or a quote is no expansion
        for k in range(1, min(len(words), len(letters) + 3) + 1):
            seg = words[-k:]
            texts = [w.group(0) for w in seg]
            if texts[0].lower() in _SMALL:
                continue
            if any(_initials(texts, split) == letters for split in (False, True)):
                out.append((seg[0].start(), seg[-1].end()))
                break
    return out
