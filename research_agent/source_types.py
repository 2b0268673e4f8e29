"""What kind of source a URL is for an object: primary (official), a forum post, or secondary — and why.

A page is **primary** for an object, checked in this order:

1. its host is in the object's `official_domains` or the contract's `primary_domains` (or under one):
   "listed as official in the task contract";
2. its host is one the question names ("… according to ferro.io"): the user chose it as an authority,
   for every object;
3. its registrable domain's label *is* the object's name, spacing, case and punctuation aside
   (`ferrodb.example` and `docs.ferrodb.example` for "Ferrodb", `nimbuskv.example` for "Nimbus KV"):
   "official site of X". A vendor names its site after its product; a third party that puts a
   product's whole name as its domain is rare enough to be worth this rule.  The rule applies only to
   objects whose contract lists no `official_domains`: an explicit list is the contract's answer, and
   wins.

Forum-like hosts (`forum.`, `community.`, `discuss.`, reddit, …) and forum paths (`/forum/`, `/t/`,
`/thread/`, …) are weak sources that never confirm a cell on their own.  Everything else is secondary.

The registrable domain comes from the public-suffix list (`tld`); a suffix the list does not know (a
private or test TLD such as `.example`) is taken to be the last label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tld import get_tld

from criteria.risk_policy import domain_covering

from .contract import ObjectSpec, TaskContract
from .state import SourceType
from .tools.canonical import domain_of

__all__ = ["SourceKind", "classify_source", "hosts_named", "registrable_label", "source_type_of"]

_FORUM = re.compile(r"(^|\.)(forum|forums|community|discuss|discourse|reddit|news\.ycombinator)\.|/(forum|forums|community|discuss|t|thread|threads)/", re.I)
# A host written in a question: labels joined by dots, the last one alphabetic ("ferro.io", "docs.x.dev").
_HOST = re.compile(r"(?<![\w@.-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24})(?![\w-])", re.I)
_NOT_ALNUM = re.compile(r"[^0-9a-z]+")


@dataclass(frozen=True)
class SourceKind:
    """A source's type for one object and, for a primary source, the reason it is one."""

    type: SourceType
    why: str | None = None


def source_type_of(url: str, obj: ObjectSpec | None, contract: TaskContract) -> SourceType:
    """The type of `url` as a source about `obj` (None: no object known)."""
    return classify_source(url, obj, contract).type


def classify_source(url: str, obj: ObjectSpec | None, contract: TaskContract) -> SourceKind:
    """The type of `url` for `obj` and why (see the module docstring for the order of the rules)."""
    host = domain_of(url)
    listed = [*(obj.official_domains if obj else []), *contract.primary_domains]
    if host and domain_covering(host, listed) is not None:
        return SourceKind("primary", "listed as official in the task contract")
    if host and domain_covering(host, hosts_named(contract.question)) is not None:
        return SourceKind("primary", "a site the question names")
    if host and obj is not None and not obj.official_domains and _names_site(host, obj):
        return SourceKind("primary", f"official site of {obj.name}")
    if _FORUM.search(url):
        return SourceKind("forum")
    return SourceKind("secondary")


def hosts_named(question: str) -> list[str]:
    """Hosts written in the question, lowercased, without a leading `www.`."""
    out = []
    for match in _HOST.finditer(question):
        host = match.group(1).lower().removeprefix("www.")
        if host.count(".") >= 1 and not host.replace(".", "").isdigit():
            out.append(host)
    return out


def registrable_label(host: str) -> str:
    """The label of `host`'s registrable domain: `docs.ferrodb.example` → `ferrodb`, `news.bbc.co.uk` → `bbc`."""
    found = get_tld(host, fix_protocol=True, as_object=True, fail_silently=True)
    domain = getattr(found, "domain", None)
    if isinstance(domain, str) and domain:
        return domain
    labels = [label for label in host.split(".") if label]
    return labels[-2] if len(labels) >= 2 else ""


def _names_site(host: str, obj: ObjectSpec) -> bool:
    label = _NOT_ALNUM.sub("", registrable_label(host).lower())
    return bool(label) and any(label == _NOT_ALNUM.sub("", name.lower()) for name in obj.names)
