"""Research states for the LLM policy tests, built through the public state API."""

from __future__ import annotations

from research_agent.contract import contract_from_mapping
from research_agent.state import ActionLog, Finding, Lead, ResearchState, Source, new_state

OBJECTS = ["Redis", "Valkey", "KeyDB"]
DIMENSIONS = ["license", "latency"]


def base_state() -> ResearchState:
    contract = contract_from_mapping(
        {
            "question": "Compare Redis, Valkey and KeyDB on license and latency",
            "objects": [{"name": "Redis", "aliases": ["Redis OSS"], "official_domains": ["redis.io"]},
                        "Valkey", "KeyDB"],
            "dimensions": [{"name": "license"}, {"name": "latency", "kind": "number", "unit": "ms"}],
            "min_sources": 2,
        },
        source="file",
    )
    return new_state(contract)


def grown_state(steps: int) -> ResearchState:
    """A state after `steps` tool calls: queries per cell, opened sources, leads, a notice."""
    state = base_state()
    keys = list(state.cells)
    for i in range(steps):
        key = keys[i % len(keys)]
        cell = state.cells[key]
        obj, dim = key.split("/")
        if i % 2 == 0:
            query = f"{obj} {dim} details variant {i:04d}"
            cell.queries.append(query)
            cell.tasked = True
            state.actions.append(ActionLog(step=i + 1, tool="search", args={"query": query},
                                           key=f"search:{query.lower()}", status="ok", cell=key, new_leads=5))
            for r in range(5):
                url = f"https://example{i:04d}.org/{obj.lower()}/{dim}/{r}"
                state.leads.append(Lead(url=url, canonical_url=url, title=f"{obj} {dim} page {i:04d}-{r}",
                                        snippet="snippet text " * 5, cell=key, query=query, rank=r, step=i + 1))
        else:
            lead = state.leads[-1]
            sid = f"s{i:04d}"
            state.sources[sid] = Source(id=sid, url=lead.url, canonical_url=lead.canonical_url,
                                        domain="example.org", title=lead.title, opened=True, opened_step=i + 1)
            state.actions.append(ActionLog(step=i + 1, tool="visit", args={"url": lead.url},
                                           key=f"visit:{lead.canonical_url}", status="ok", cell=key))
        cell.stale_steps = i % 3
    state.current_step = steps
    state.focus = keys[(steps - 1) % len(keys)] if steps else None
    state.notice = f"step {steps}: search refused — duplicate of a query already run (Redis license)"
    state.progress.refused_duplicates = steps // 10
    return state


def confirmed_state() -> ResearchState:
    """Redis/license confirmed by two sources, Valkey/license with one candidate finding."""
    state = base_state()
    for n, (sid, url) in enumerate([("s1", "https://redis.io/legal/licenses"), ("s2", "https://lwn.net/redis-license")]):
        state.sources[sid] = Source(id=sid, url=url, canonical_url=url, domain=url.split("/")[2], opened=True,
                                    source_type="primary" if n == 0 else "secondary", cluster_id=f"c{n}")
        fid = f"f{n}"
        state.findings[fid] = Finding(id=fid, cell="Redis/license", value="AGPL-3.0", display="AGPLv3",
                                      quote="Redis is available under the AGPLv3 license.", source_id=sid, url=url,
                                      date=None, source_type=state.sources[sid].source_type, step=n + 1, policy="llm")
    cell = state.cells["Redis/license"]
    cell.status, cell.value, cell.conclusion = "confirmed", "AGPL-3.0", "AGPLv3"
    cell.finding_ids, cell.source_ids, cell.independent_sources = ["f0", "f1"], ["s1", "s2"], 2
    state.sources["s3"] = Source(id="s3", url="https://blog.example.com/valkey", canonical_url="https://blog.example.com/valkey",
                                 domain="blog.example.com", opened=True, cluster_id="c3")
    state.findings["f3"] = Finding(id="f3", cell="Valkey/license", value="BSD-3-Clause", display="BSD 3-clause",
                                   quote="Valkey uses the BSD 3-clause license.", source_id="s3",
                                   url="https://blog.example.com/valkey", date=None, source_type="secondary",
                                   step=3, policy="llm")
    v = state.cells["Valkey/license"]
    v.status, v.value, v.candidate_ids, v.source_ids, v.independent_sources = "partial", "BSD-3-Clause", ["f3"], ["s3"], 1
    return state
