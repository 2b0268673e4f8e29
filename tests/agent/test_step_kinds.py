"""The reducer acts on the typed refusal and wait reason, never on their text: a refusal is
handled by its `kind` whatever its message says, and only `WaitReason.NO_PATH` closes cells."""

from __future__ import annotations

from criteria.risk_policy import RiskPolicy
from engine import Action, ActionResult, Decision, Observation, ToolRegistry
from research_agent.agent import ResearchAgent
from research_agent.contract import contract_from_flags
from research_agent.policy.offline import OfflinePolicy
from research_agent.state import new_state
from research_agent.step_kinds import WAIT_TEXT, ActionPurpose, Refusal, WaitReason

CELL = "Quillstore/license"


def _agent() -> ResearchAgent:
    contract = contract_from_flags("What is the license of Quillstore?", ["Quillstore"], ["license"])
    return ResearchAgent(contract, OfflinePolicy(), ToolRegistry(), RiskPolicy.default())


def _search(query: str) -> Action:
    return Action("search", {"query": query}, ActionPurpose(CELL, "initial"))


def _refused(agent: ResearchAgent, state, refusal: Refusal):
    obs = Observation([ActionResult.refused(_search("quillstore license"), refusal)], step=state.current_step)
    return agent.reduce(state, obs, Decision.act(_search("quillstore license")))


def test_guard_refuses_a_repeated_query_with_a_typed_duplicate() -> None:
    agent = _agent()
    state = agent.init_state("")
    search = _search("Quillstore license")
    agent.reduce(state, Observation([ActionResult("search", "ok", output=[], args=search.args, purpose=search.purpose)]),
                 Decision.act(search))
    refusal = agent.guard(state, _search("the QUILLSTORE licence?"))
    assert isinstance(refusal, Refusal) and refusal.kind == "duplicate"
    assert refusal.message.startswith("duplicate: the same query already ran at step 0")
    assert agent.guard(state, Action("visit", {"url": "https://elsewhere.example/x"})).kind == "denied"


def test_a_refusal_is_handled_by_its_kind_not_its_message() -> None:
    agent = _agent()
    # a copy whose detail reads like a duplicate: the lead is dropped, the strategy does not climb
    state = _refused(agent, agent.init_state(""), Refusal("copy", "duplicate-looking text"))
    assert state.cells[CELL].rung == 0 and not state.risk
    assert state.notice.endswith("refused — copy: duplicate-looking text")
    # a duplicate climbs the cell's ladder one rung
    state = _refused(agent, agent.init_state(""), Refusal("duplicate", "risk: looks like a risk"))
    assert state.cells[CELL].rung == 1 and not state.risk
    # a risk refusal is a risk event carrying the message
    state = _refused(agent, agent.init_state(""), Refusal("risk", "personal_data: a home address"))
    assert [r.detail for r in state.risk] == ["risk: personal_data: a home address"]
    assert state.actions[-1].error == "risk: personal_data: a home address"


def test_only_the_no_path_reason_closes_open_cells() -> None:
    agent = _agent()
    state = agent.reduce(agent.init_state(""), Observation(), Decision.wait(WAIT_TEXT[WaitReason.NO_PATH]))
    assert state.cells[CELL].status == "pending" and not state.cells[CELL].exhausted  # the text alone is not the reason
    state = agent.reduce(state, Observation(), Decision.wait(WAIT_TEXT[WaitReason.NO_PATH], WaitReason.NO_PATH))
    assert state.cells[CELL].status == "unavailable" and state.cells[CELL].exhausted


def test_decide_with_no_plan_waits_with_the_typed_reason() -> None:
    class Idle(OfflinePolicy):
        def plan(self, state):
            return None

    contract = contract_from_flags("What is the license of Quillstore?", ["Quillstore"], ["license"])
    agent = ResearchAgent(contract, Idle(), ToolRegistry(), RiskPolicy.default())
    decision = agent.decide(agent.init_state(""), None)
    assert decision.mode == "wait" and decision.cause is WaitReason.NO_PATH


def test_a_decided_action_carries_its_purpose_beside_the_tool_arguments() -> None:
    agent = _agent()
    state = agent.init_state("")
    decision = agent.decide(state, None)
    [action] = decision.actions
    assert action.name == "search" and set(action.args) == {"query"}  # the tool gets its arguments, nothing else
    assert action.purpose == ActionPurpose(CELL, "initial")
    result = ActionResult("search", "ok", output=[], args=action.args, purpose=action.purpose)
    state = agent.reduce(state, Observation([result], step=1), decision)
    logged = state.actions[-1]
    assert (logged.cell, logged.strategy, logged.args) == (CELL, "initial", action.args)
    assert state.focus == CELL and state.cells[CELL].queries == [action.args["query"]]
