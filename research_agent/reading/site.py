"""The object a page's own site is named after: an official page titled "Plans" or "Company" on
``larkboxdrive.example`` is about Larkbox Drive. A maker names its site after itself, and a product after
itself and a line word: a page titled "Release notes" on ``fenwick.example`` is about Fenwick Relay, when no other
object's name begins with the maker's word.

Only when the title names no contract object and is no comparison ("Larkbox Drive vs Pannier Files"
on either vendor's site is about both): a title that names an object decides by itself
(`attribution.page_subject`)."""

from __future__ import annotations

import re
from typing import Sequence
from urllib.parse import urlsplit

from .attribution import Named, lead_mentions

__all__ = ["host_labels", "makers_site", "own_site", "site_subject"]

_COMPARISON = re.compile(r"\b(?:vs\.?|versus|compared|comparison|alternatives?)\b", re.I)


def host_labels(url: str) -> set[str]:
    """The labels of the URL's host but the last ("docs.larkboxdrive.example" → {"docs", "larkboxdrive"})."""
    host = (urlsplit(url).hostname or "").lower()
    return set(host.split(".")[:-1]) if "." in host else set()


def _squashed(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", name.lower())


def own_site(url: str | None, obj: Named) -> bool:
    """The page is on the object's own site: a host label is one of its names without spaces."""
    labels = host_labels(url) if url else set()
    return any(len(s) >= 4 and s in labels for s in map(_squashed, obj.names))


def site_subject(url: str | None, title: str, objects: Sequence[Named]) -> str | None:
    """The one object whose name, without spaces and punctuation, is a label of the page's host; failing that,
    the one whose maker's word is."""
    if not url or _COMPARISON.search(title or "") or any(lead_mentions(title or "", o) for o in objects):
        return None
    hits = [o.name for o in objects if own_site(url, o)] or [o.name for o in objects if makers_site(url, o)]
    return hits[0] if len(hits) == 1 else None


def makers_site(url: str, obj: Named) -> bool:
    """A host label is the first word of one of the object's names of two words or more (its maker's word)."""
    labels = host_labels(url)
    return any(len(words) >= 2 and len(_squashed(words[0])) >= 4 and _squashed(words[0]) in labels
               for words in (n.split() for n in obj.names))
