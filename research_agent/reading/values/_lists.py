"""Lists of names: "builds for FreeBSD, Linux and Solaris", "runs on macOS, Windows or Linux".

English coordinates names with commas and a final "and"/"or"; a list is at least two names so
joined.  A name is a capitalised word (or a word with inner capitals: "macOS", "iOS"), with the
capitalised words after it; a version number after a name ("Solaris 11") belongs to that name
and is not a value of its own.  Canonical: the names in lower case, sorted, joined by "+", so
two sources listing the same names in another order agree.
"""

from __future__ import annotations

import re

from ._value import Value, per_sentence

_NAME = r"(?:[A-Z][\w+#.-]*|[a-z]+[A-Z][\w+#.-]*)(?:\s+(?:[A-Z][\w+#.-]*|\d[\w.]*))*"
_LIST = re.compile(rf"(?<![\w-])(?P<items>{_NAME}(?:\s*,\s*{_NAME})*,?\s+(?:and|or)\s+{_NAME})")
_ITEM_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


@per_sentence
def name_lists(sentence: str) -> list[Value]:
    """Every coordinated list of two or more names, in text order."""
    out: list[Value] = []
    for m in _LIST.finditer(sentence):
        items = [i.strip(" .") for i in _ITEM_SPLIT.split(m["items"]) if i.strip(" .")]
        if len(items) < 2:
            continue
        display = m["items"].rstrip(" .")
        canonical = "+".join(sorted({re.sub(r"\s+\d[\w.]*$", "", i).lower() for i in items}))
        out.append(Value("list", canonical, display, m.start("items"), m.start("items") + len(display)))
    return out
