"""Which leads a cell can still use, and which search results name an object.

Shared by the reducer (leads kept from a search, an unread lead that contradicts a value) and the
policies (what to open next); no policy state, no model.
"""

from __future__ import annotations

from criteria.risk_policy import domain_covering

from .contract import ObjectSpec, TaskContract
from .normalize import squash
from .reading import lead_mentions, named
from .state import LADDER, Cell, Lead, ResearchState
from .tools.canonical import domain_of

MAX_LEADS_PER_CELL = 3


def mentions(text: str, obj: ObjectSpec) -> bool:
    """A search result (title, snippet, URL) names the object or a shorter/longer form of it."""
    return lead_mentions(text, named(obj))


def usable_leads(state: ResearchState, cell: Cell, limit: int | None = MAX_LEADS_PER_CELL) -> list[Lead]:
    """Queued leads for `cell` that have not been opened, failed or ruled out — probable copies of a page
    already read (same title and snippet on another site) last; once the cell has its sources, a lead whose
    snippet states another value first (only that read can still keep the cell from confirming); official
    domains first on that rung."""
    contract = state.task_contract
    obj = contract.object(cell.object)
    official = {d.lower() for d in obj.official_domains + contract.primary_domains}
    visited = {s.canonical_url for s in state.sources.values() if s.opened or s.failure}
    read = {(squash(s.title), squash(s.snippet)) for s in state.sources.values() if s.opened and s.snippet}
    out = [
        lead
        for lead in state.leads
        if lead.cell == cell.key and not lead.refused and lead.canonical_url not in visited and lead_allowed(contract, lead.url)
    ]
    primary = LADDER[cell.rung] == "primary_sources"
    settled = cell.value is not None and cell.independent_sources >= contract.min_sources
    out.sort(key=lambda lead: (
        (squash(lead.title), squash(lead.snippet)) in read,
        not (settled and lead.hint is not None and lead.hint != cell.value),
        primary and domain_covering(domain_of(lead.url), official) is None,
    ))
    return out[:limit]


def lead_allowed(contract: TaskContract, url: str) -> bool:
    host = domain_of(url)
    if domain_covering(host, contract.denied_domains) is not None:
        return False
    return not contract.allowed_domains or domain_covering(host, contract.allowed_domains) is not None
