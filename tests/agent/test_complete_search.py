"""When a search counts as complete (every page holding any of its words returned): only a short answer
of the local index, in a run whose searches go to it alone (docs/evidence.md, section 3)."""

from __future__ import annotations

from criteria.risk_policy import RiskPolicy
from engine import Action, ActionResult, Decision, Observation, ToolRegistry
from research_agent.agent import ResearchAgent
from research_agent.contract import contract_from_flags
from research_agent.policy.offline import OfflinePolicy
from research_agent.reducer import ReducerConfig
from research_agent.state import new_state
from research_agent.step_kinds import ActionPurpose
from research_agent.tools.search import SEARCH_LIMIT, SearchResult

CELL = "Quillstore/license"


def _searched(hits: list[SearchResult], *, local_only: bool = True) -> bool:
    contract = contract_from_flags("What is the license of Quillstore?", ["Quillstore"], ["license"])
    agent = ResearchAgent(contract, OfflinePolicy(), ToolRegistry(), RiskPolicy.default(),
                          reducer_config=ReducerConfig(local_search_only=local_only))
    search = Action("search", {"query": "Quillstore license"}, ActionPurpose(CELL, "initial"))
    result = ActionResult("search", "ok", output=hits, args=search.args, purpose=search.purpose)
    state = agent.reduce(new_state(contract), Observation([result], step=1), Decision.act(search))
    return state.actions[-1].complete


def _hits(n: int, source: str = "local") -> list[SearchResult]:
    return [SearchResult(url=f"https://kv{i}.example/q", title=f"Quillstore notes {i}", snippet="Quillstore talk",
                         rank=i + 1, source=source) for i in range(n)]


def test_a_short_answer_of_the_local_index_is_complete() -> None:
    assert _searched(_hits(3))


def test_an_answer_cut_at_the_limit_a_web_answer_or_an_empty_one_is_not() -> None:
    assert not _searched(_hits(SEARCH_LIMIT))
    assert not _searched(_hits(3, source="searxng"))
    assert not _searched([])


def test_no_short_answer_is_complete_when_a_web_backend_is_merged_in() -> None:
    # the web answered nothing, so the merged list is all local and short: that proves nothing
    assert not _searched(_hits(3), local_only=False)
