"""Normalisation of search queries (duplicate detection) and of text for comparison (`squash`).

`query_key` reduces a search to its intent: lower-cased content words, stop
words dropped, light stemming, sorted — so "Redis license" and "the licence of
redis?" are the same path.  Values are typed and compared by the reader
(`research_agent.reading.values`).
"""

from __future__ import annotations

import re


STOPWORDS = frozenset(
    """a an the of for on in to and or vs versus is are was were be by with what which who how
    does do did its it this that these those about as at from than then compare comparison
    between has have had their there page site""".split()
)

_WORD = re.compile(r"[a-z0-9][a-z0-9.+#-]*", re.I)


def _stem(w: str) -> str:
    if w == "licence":
        return "license"
    for suffix in ("ing", "es", "s"):
        if len(w) > 4 and w.endswith(suffix) and not w.endswith("ss"):
            return w[: -len(suffix)]
    return w


def content_words(text: str) -> list[str]:
    return [_stem(w.strip(".-").lower()) for w in _WORD.findall(text) if w.lower() not in STOPWORDS and w.strip(".-")]


def query_key(query: str) -> str:
    """The normalised intent of a search query: word order and stop words ignored."""
    return " ".join(sorted(set(content_words(query))))


_WS = re.compile(r"\s+")


def squash(text: str) -> str:
    """Whitespace collapsed and lower-cased: how quotes are grounded and titles/snippets compared."""
    return _WS.sub(" ", text).strip().lower()
