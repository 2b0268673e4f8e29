"""Which leads a cell can still use, and which search results name an object.

Shared by the reducer (leads kept from a search, an unread lead that contradicts a value) and the
policies (what to open next); no policy state, no model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

from criteria.risk_policy import domain_covering

from .contract import ObjectSpec, TaskContract
from .normalize import squash
from .reading import lead_mentions, named
from .reading.site import site_subject
from .source_types import source_type_of
from .state import LADDER, Cell, Lead, ResearchState, Source
from .tools import errors as tool_errors
from .tools.canonical import canonical_url, domain_of

MAX_LEADS_PER_CELL = 3


def mentions(text: str, obj: ObjectSpec) -> bool:
    """A search result (title, snippet, URL) names the object or a shorter/longer form of it."""
    return lead_mentions(text, named(obj))


def result_names(contract: TaskContract, obj: ObjectSpec, title: str, snippet: str, url: str) -> bool:
    """A search result is about the object: it names the object, its URL's path spells the name, or it is a page of
    the object's own site whose title names no other object ("Frequently asked questions" on the maker's site)."""
    return (mentions(f"{title} {snippet} {url}", obj) or _slug_names(url, obj)
            or site_subject(url, title, [named(o) for o in contract.objects]) == obj.name)


def _slug_names(url: str, obj: ObjectSpec) -> bool:
    """A part of the URL's path spells one of the object's names, its words joined by hyphens or underscores
    ("/reviews/acme-roller-2.html" for "Acme Roller 2")."""
    names = [want for name in named(obj).names if len("".join(want := re.findall(r"[a-z0-9]+", name.lower()))) >= 5]
    for part in urlsplit(url).path.lower().split("/"):
        words = re.split(r"[^a-z0-9]+", re.sub(r"\.(?:html?|php|aspx?|jsp)$", "", part))
        if any(words[i:i + len(want)] == want for want in names for i in range(len(words) - len(want) + 1)):
            return True
    return False


def unread_leads(state: ResearchState, cell: Cell) -> list[Lead]:
    """Queued leads for `cell` that have not been opened, failed or ruled out, in the order they were found."""
    contract = state.task_contract
    visited = {s.canonical_url for s in state.sources.values() if s.opened or s.failure}
    return [
        lead
        for lead in state.leads
        if lead.cell == cell.key and not lead.refused and lead.canonical_url not in visited and lead_allowed(contract, lead.url)
    ]


def _read_twins(state: ResearchState) -> set[tuple[str, str]]:
    return {(squash(s.title), squash(s.snippet)) for s in state.sources.values() if s.opened and s.snippet}


def _off_rung(state: ResearchState, cell: Cell) -> Callable[[Lead], bool]:
    """On the primary-sources rung: whether a lead is not on an official domain (those go first)."""
    contract = state.task_contract
    obj = contract.object(cell.object)
    primary = LADDER[cell.rung] == "primary_sources"
    return lambda lead: primary and source_type_of(lead.url, obj, contract) != "primary"


def usable_leads(state: ResearchState, cell: Cell, limit: int | None = MAX_LEADS_PER_CELL) -> list[Lead]:
    """Queued leads for `cell` that have not been opened, failed or ruled out — probable copies of a page
    already read (same title and snippet on another site) last; once the cell has its sources, a lead whose
    snippet states another value first (only that read can still keep the cell from confirming); official
    domains first on that rung."""
    out = unread_leads(state, cell)
    read, off_rung = _read_twins(state), _off_rung(state, cell)
    settled = cell.value is not None and cell.independent_sources >= state.task_contract.min_sources
    out.sort(key=lambda lead: (
        (squash(lead.title), squash(lead.snippet)) in read,
        not (settled and lead.hint is not None and lead.hint != cell.value),
        off_rung(lead),
        lead.hint is None,  # a result whose snippet states a value is a page that states one
        -lead.step,  # the latest question's results first
    ))
    return out[:limit]


class LeadIndex:
    """What `contradiction_order` reads of the whole state, gathered once for all the cells of a step."""

    def __init__(self, state: ResearchState, hinted: list[Lead] | None = None) -> None:
        """`hinted`: the state's leads whose snippet states a value, in order, when the caller keeps them."""
        self.state = state
        self._read: set[tuple[str, str]] | None = None
        leads = [lead for lead in (state.leads if hinted is None else hinted) if lead.hint is not None and not lead.refused]
        visited = {s.canonical_url for s in state.sources.values() if s.opened or s.failure} if leads else set()
        contract = state.task_contract
        self.by_cell: dict[str, list[Lead]] = {}
        for lead in leads:
            if lead.canonical_url not in visited and lead_allowed(contract, lead.url):
                self.by_cell.setdefault(lead.cell, []).append(lead)

    @property
    def read(self) -> set[tuple[str, str]]:
        """(title, snippet) of every page read: computed once, and only when a hinted lead is sorted."""
        if self._read is None:
            self._read = _read_twins(self.state)
        return self._read


def contradiction_order(state: ResearchState, cell: Cell, index: LeadIndex | None = None) -> list[Lead]:
    """The unread leads whose snippet states a value, in the order `usable_leads` offers those that contradict
    a settled value: probable copies of a page already read last, official domains first on that rung."""
    index = index or LeadIndex(state)
    off_rung = _off_rung(state, cell)
    hinted = list(index.by_cell.get(cell.key, ()))
    hinted.sort(key=lambda lead: ((squash(lead.title), squash(lead.snippet)) in index.read, off_rung(lead)))
    return hinted


def titled_pages(state: ResearchState, cell: Cell) -> list[Source]:
    """Pages any search returned whose title names the cell's object, not opened (nor failed, refused or
    disallowed) yet: a result whose title names an object is a lead for every open cell of that object,
    whichever object's search found it."""
    contract = state.task_contract
    obj = contract.object(cell.object)
    refused = {lead.canonical_url for lead in state.leads if lead.refused}
    return [
        s for s in state.sources.values()
        if not s.opened and not s.failure and s.title and s.canonical_url not in refused
        and lead_mentions(s.title, named(obj)) and lead_allowed(contract, s.url)
    ]


def renew_failed_pages(state: ResearchState) -> list[str]:
    """Give pages whose visits failed transiently (timeouts, 429, 5xx) their retry budget back, for a
    resume after a run that ended because a tool kept failing: the outage may be over, and the pages it
    burned are often the very ones the searches ranked first.  Permanent failures (404, refused content)
    stay spent.  Returns the URLs renewed."""
    renewed = []
    for source in state.sources.values():
        keys = {f"visit:{source.canonical_url}", f"visit:{canonical_url(source.url)}"}
        failed = [a for a in state.actions if a.tool == "visit" and a.key in keys and a.status == "error"]
        if not source.failure or not failed or not _transient(failed[-1].error_type):
            continue
        source.failure = None
        for log in failed:
            log.transient = True  # not an executed call any more: the guard lets the visit run again
            state.progress.attempts.pop(log.key, None)
        renewed.append(source.url)
    return renewed


def _transient(error_type: str | None) -> bool:
    error = getattr(tool_errors, error_type or "", None)
    return isinstance(error, type) and issubclass(error, tool_errors.TransientToolError)


def lead_allowed(contract: TaskContract, url: str) -> bool:
    host = domain_of(url)
    if domain_covering(host, contract.denied_domains) is not None:
        return False
    return not contract.allowed_domains or domain_covering(host, contract.allowed_domains) is not None
