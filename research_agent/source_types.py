"""What kind of source a URL is for an object: primary (official), a forum post, or secondary.

A host in the object's `official_domains` (or the contract's `primary_domains`), or a subdomain of one,
is primary.  Forum-like hosts (`forum.`, `community.`, `discuss.`, reddit, …) and forum paths (`/forum/`,
`/t/`, `/thread/`, …) are weak sources that never confirm a cell on their own.  Everything else is secondary.
"""

from __future__ import annotations

import re

from criteria.risk_policy import domain_covering

from .contract import TaskContract
from .state import SourceType
from .tools.canonical import domain_of

__all__ = ["source_type_of"]

_FORUM = re.compile(r"(^|\.)(forum|forums|community|discuss|discourse|reddit|news\.ycombinator)\.|/(forum|forums|community|discuss|t|thread|threads)/", re.I)


def source_type_of(url: str, obj_domains: list[str], contract: TaskContract) -> SourceType:
    if domain_covering(domain_of(url), obj_domains + contract.primary_domains) is not None:
        return "primary"
    if _FORUM.search(url):
        return "forum"
    return "secondary"
