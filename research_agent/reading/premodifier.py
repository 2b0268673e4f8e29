"""A measure written right before the noun it measures: "a 4 mm clearance", "40 gates", "1,500 render hours".

English puts a measure in front of the noun it measures, as its modifier. For a dimension whose head the reader
does not know, a span of time, a sum, a quantity or a count followed at once by the name's last word (its head, in
either number) is the dimension's value — the other words of the name may measure something else ("a 40 mm hinge"
is no "hinge clearance"). With a word between, the measure may modify that word ("a 2 GB memory limit"), so it is not
read. Such a reading has no cue word: it ranks below a cued reading of the same page.
"""

from __future__ import annotations

import re

from .values import Value, find_values

__all__ = ["measured_before_head"]

_KINDS = ("duration", "money", "quantity", "count")


def measured_before_head(sentence: str, name: str) -> list[Value]:
    words = re.findall(r"[a-z]+", name.lower())
    if not words or len(words[-1]) < 3:
        return []
    after = re.compile(r"\s*" + re.escape(words[-1]) + r"(?:e?s)?(?![\w-])", re.I)
    if not after.search(sentence):
        return []  # the head is not written: no value is looked for (this runs on every sentence)
    out: list[Value] = []
    for kind in _KINDS:
        for v in find_values(sentence, kind):
            if after.match(sentence, v.end) and not any(o.start < v.end and v.start < o.end for o in out):
                out.append(v)
    return sorted(out, key=lambda v: v.start)
