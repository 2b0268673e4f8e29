"""The contract of a RAMDocs question: `parse_question`, else one derived here.

The fallback (counted in the real-data table as "fallback contracts") is deliberately
plain: the object is the question's quoted title, else its longest run of capitalised
words; the dimension is the question's head — "the D of X" → D, "What/Which D …" → D,
"Who directed/wrote …" → director/author, "When was X founded/born/released" →
founding/birth/release date, "in which country" → country.
"""

from __future__ import annotations

import re

from ..contract import ContractError, parse_question

__all__ = ["ramdocs_contract"]

_VERB_DIMENSION = {
    "directed": "director", "wrote": "author", "written": "author", "composed": "composer",
    "produced": "producer", "founded": "founder", "created": "creator", "designed": "designer",
    "sang": "artist", "performed": "artist", "painted": "painter", "invented": "inventor",
}
_WHEN_DIMENSION = {
    "founded": "founding date", "established": "founding date", "formed": "founding date",
    "launched": "launch date", "created": "founding date", "born": "birth date", "died": "death date",
    "released": "release date", "published": "publication date", "built": "construction date",
    "opened": "opening date", "elected": "election date", "incorporated": "founding date",
}
_CAPS = re.compile(r"[A-Z0-9][\w'’.-]*(?:\s+(?:of|de|the|and|du|la|von|van|der|&)?\s*[A-Z0-9][\w'’.-]*)*")
_LEADING = {"When", "What", "Who", "Which", "Where", "How", "In", "The", "Is", "Was", "Did", "Does"}


def _subject(question: str) -> str:
    quoted = re.search(r"[\"“]([^\"”]+)[\"”]", question)
    if quoted:
        return quoted.group(1).strip()
    runs = []
    for m in _CAPS.finditer(question):
        words = m.group(0).split()
        while words and words[0] in _LEADING:
            words = words[1:]
        if words:
            runs.append(re.sub(r"['’]s?$", "", " ".join(words).rstrip("?.,")))
    if not runs:
        raise ContractError(f"no subject found in {question!r}")
    return max(runs, key=len).strip()


def _dimension(question: str) -> str:
    q = question.strip().rstrip("?. ")
    low = q.lower()
    for pattern in (r"\bthe ([a-z][a-z ]*?) of\b", r"[A-Za-z]['’]s ([a-z][a-z ]*)$"):
        if m := re.search(pattern, q):  # on the original case: the dimension is written in lower case
            return m.group(1).strip()
    rules = [
        (r"^(?:what|which) ([a-z][a-z ]*?) (?:is|was|are|were|did|does|do|has|had)\b", lambda m: m.group(1)),
        (r"\bin which ([a-z]+)\b", lambda m: m.group(1)),
        (r"^when did .* (die)$", lambda m: "death date"),
        (r"^who (\w+)", lambda m: _VERB_DIMENSION.get(m.group(1))),
        (r"^when (?:was|were|did) .* (\w+)$", lambda m: _WHEN_DIMENSION.get(m.group(1), "date")),
        (r"^where (?:was|is|were) .* (born|based|located|founded)$", lambda m: {"born": "birthplace"}.get(m.group(1), "location")),
    ]
    for pattern, pick in rules:
        m = re.search(pattern, low)
        if m and (dim := pick(m)):
            dim = re.sub(r"^(?:the|a|an) ", "", dim.strip())
            verb = low.split()[-1]
            if dim == "year" and verb in _WHEN_DIMENSION:  # "What year was X released?" → release year
                return _WHEN_DIMENSION[verb].replace("date", "year")
            return dim
    return "answer"


def ramdocs_contract(question: str, min_sources: int = 2) -> tuple[dict, bool]:
    """(contract table for case.toml, whether the fallback was used)."""
    try:
        parsed = parse_question(question, min_sources=min_sources)
        if any(re.search(r"[\"“”]|^the ", o.name) for o in parsed.objects):
            raise ContractError("a quoted title was parsed into a longer object name")
        return {
            "objects": [{"name": o.name, "aliases": o.aliases} if o.aliases else o.name for o in parsed.objects],
            "dimensions": [d.name for d in parsed.dimensions],
            "min_sources": min_sources,
        }, False
    except ContractError:
        pass
    return {"objects": [_subject(question)], "dimensions": [_dimension(question)], "min_sources": min_sources}, True
