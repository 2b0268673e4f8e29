"""Versions: "v2.4.1", "version 3.0", "release 7.2", "ver. 2.0", and bare three-part "2.4.1".

Canonical drops a leading "v" and trailing ".0" parts ("3.0.0", "3.0" and "v3" → "3"), and
keeps a pre-release tag lower-cased ("2.0-RC1" → "2-rc1"), so two sources writing the same
release the two usual ways agree.  A two-part number without a version word ("Python 3.11",
"1.5 seconds") is not a version.
"""

from __future__ import annotations

import re

from ._value import Value, per_sentence

_TAG = r"(?:[-.]?(?:alpha|beta|rc|dev|post|preview|a|b)\.?\d*)?"
_VERSION = re.compile(
    rf"(?P<pre>(?-i:\bv(?=\d)|\bV(?=\d+\.\d))|\bv\.\s*|\bversions?\s+|\bver\.?\s*|\breleases?\s+|\brel\.\s*)"
    rf"(?P<v>\d+(?:\.\d+)*{_TAG})(?![\w.]|\.\d)"
    rf"|(?<![\w.])(?<!Section )(?<!§)(?<!§ )(?P<bare>\d+\.\d+\.\d+(?:\.\d+)*{_TAG})(?![\w]|\.\d)",
    re.I,
)


_HINT = re.compile(r"\d\.\d|[vV]\.?\s*\d|(?i:version|\bver\.|release|\brel\.)")


def _canonical(text: str) -> str:
    m = re.match(r"(\d+(?:\.\d+)*)(.*)", text)
    assert m is not None
    parts = m[1].split(".")
    while len(parts) > 1 and parts[-1].strip("0") == "":
        parts.pop()
    tag = m[2].lower().lstrip("-.")
    return ".".join(str(int(p)) for p in parts) + (f"-{tag}" if tag else "")


@per_sentence
def versions(sentence: str) -> list[Value]:
    """Every version number, in text order; display includes the version word ("version 3.0")."""
    if not _HINT.search(sentence):
        return []
    out = []
    for m in _VERSION.finditer(sentence):
        text = m["v"] or m["bare"]
        out.append(Value("version", _canonical(text), m.group(0), m.start(), m.end()))
    return out
