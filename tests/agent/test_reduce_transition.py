"""The reduce phase is one typed transition per observation (issue 26, point 2): the agent makes one call,
`Reducer.reduce(state, observation, decision, reader) -> Transition`, and the reducer asks the reader it is
handed — the policy, through the narrow `Reader` port — for a page's drafts and a cell's rubric verdict where
it needs them.  The reducer holds no policy and imports only the policy's data classes and that port
(issue 13, point 4: it knows no model)."""

from __future__ import annotations

import ast
from datetime import datetime, timezone
import inspect
from pathlib import Path

from criteria.risk_policy import RiskPolicy
from engine import Action, ActionResult, Decision, Observation, ToolRegistry
from research_agent.agent import ResearchAgent
from research_agent.contract import contract_from_flags
from research_agent.policy.base import CellJudgement
from research_agent.policy.offline import OfflinePolicy
from research_agent.reducer import Reducer
from research_agent.state import Finding, ResearchState, Source, new_state
from research_agent.step_kinds import ActionPurpose
from research_agent.tools.fingerprint import fingerprint
from research_agent.tools.visit import Page
from research_agent.transition import ActionFiled, CellChange, CellJudged, PageRead

REDUCER = Path(__file__).resolve().parents[2] / "research_agent" / "reducer.py"
FROM_POLICY = {"CellJudgement", "FindingDraft", "PageView", "Reader"}
CELL = "Quillstore/license"


def test_reducer_imports_only_the_policys_data_classes_and_reader_port() -> None:
    imported: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(REDUCER.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and ({"policy", "llm"} & set((node.module or "").split("."))):
            imported += [(node.module or "", a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            assert not [a.name for a in node.names if {"policy", "llm"} & set(a.name.split("."))]
    assert imported and {name for _, name in imported} <= FROM_POLICY
    assert {module for module, _ in imported} == {"policy.base"}


def test_the_reducer_is_built_without_a_policy_and_reduce_is_its_one_entry() -> None:
    assert list(inspect.signature(Reducer.__init__).parameters) == ["self", "risk_policy", "config"]
    assert not [k for k, v in vars(Reducer(RiskPolicy.default())).items() if "policy" in k and k != "risk_policy"]
    public = {name for name, _ in inspect.getmembers(Reducer, inspect.isfunction) if not name.startswith("_")}
    assert public == {"reduce"}


class Rubric(OfflinePolicy):
    """The offline rules, with a rubric that holds every cell back; records what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []
        self.read: list[str] = []

    def extract(self, state, page, cells):  # type: ignore[no-untyped-def]
        self.read.append(page.url)
        return super().extract(state, page, cells)

    def judge(self, state: ResearchState, cell: str) -> CellJudgement | None:
        self.asked.append(cell)
        return CellJudgement(cell=cell, supported=False, note="the quote names another product")


def _agent(policy: OfflinePolicy) -> tuple[ResearchAgent, ResearchState]:
    contract = contract_from_flags("What is the license of Quillstore?", ["Quillstore"], ["license"])
    state = new_state(contract)
    for i in (1, 2):  # two independent pages already read, both stating MIT
        sid, host = f"S{i}", f"site{i}.example"
        state.sources[sid] = Source(id=sid, url=f"https://{host}/q", canonical_url=f"https://{host}/q", domain=host,
                                    title="Quillstore", source_type="secondary", opened=True, cluster_id=sid)
        state.findings[f"F{i}"] = Finding(id=f"F{i}", cell=CELL, value="MIT", display="MIT",
                                          quote="Quillstore is released under the MIT license.", source_id=sid,
                                          url=f"https://{host}/q", date=None, source_type="secondary", step=i,
                                          attribution="name:Quillstore")
    return ResearchAgent(contract, policy, ToolRegistry(), RiskPolicy.default()), state


def _idle(agent: ResearchAgent, state: ResearchState) -> ResearchState:
    return agent.reduce(state, Observation([], step=state.current_step), Decision.act([]))


def test_the_policys_verdict_holds_a_cell_back() -> None:
    policy = Rubric()
    agent, state = _agent(policy)
    cell = _idle(agent, state).cells[CELL]
    assert policy.asked == [CELL]
    assert cell.status == "partial" and cell.value == "MIT"
    assert cell.needed == "the rubric judged it unsupported: the quote names another product"


def test_no_opinion_confirms_and_a_confirmed_cell_is_not_asked_again() -> None:
    agent, state = _agent(OfflinePolicy())
    assert _idle(agent, state).cells[CELL].status == "confirmed"
    policy = Rubric()
    agent.policy = policy
    assert _idle(agent, state).cells[CELL].status == "confirmed" and policy.asked == []


def test_an_opened_page_is_read_by_the_policy_and_its_drafts_applied() -> None:
    policy = Rubric()
    agent, state = _agent(policy)
    url = "https://site3.example/q"
    text = "Quillstore is released under the Apache-2.0 license."
    page = Page(url=url, final_url=url, canonical_url=url, domain="site3.example", status_code=200,
                content_type="text/html", title="Quillstore", text=text, fingerprint=fingerprint(text),
                fetched_at=datetime.now(timezone.utc), bytes=len(text))
    visit = Action("visit", {"url": url}, ActionPurpose(CELL, "initial"))
    result = ActionResult("visit", "ok", output=page, args=visit.args, purpose=visit.purpose)
    state.current_step = 1
    state = agent.reduce(state, Observation([result], step=1), Decision.act(visit))
    assert policy.read == [url]
    [new] = [f for f in state.findings.values() if f.source_id not in ("S1", "S2")]
    assert new.value == "Apache-2.0" and new.policy == policy.name
    assert state.actions[-1].new_evidence
    transition = agent.transition
    assert transition is not None and transition.step == 1 and transition.new_evidence
    assert transition.events == (ActionFiled("visit", f"visit:{url}", "ok", CELL),
                                 PageRead(new.source_id, url, drafts=1, added=1))
    # MIT twice, Apache once: a conflict the rules do not confirm, so the rubric is not asked
    assert policy.asked == [] and transition.changes == (CellChange(CELL, "pending", "partial", None),)
    assert transition.gaps_closed == []


def test_the_transition_names_the_gap_a_step_closed_and_the_step_log_reads_it() -> None:
    agent, state = _agent(OfflinePolicy())
    state.current_step = 3
    transition = Reducer(RiskPolicy.default()).reduce(state, Observation([], step=3), Decision.act([]), OfflinePolicy())
    assert transition.changes == (CellChange(CELL, "pending", "confirmed", "MIT"),)
    assert transition.gaps_closed == [CELL] and state.step_log[-1].gaps_closed == [CELL]
    assert transition.events == (CellJudged(CELL, supported=None),)
