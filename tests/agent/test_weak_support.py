"""A quote tied to its object only weakly — by a longer name holding the name ("Marlette Township" for
"Marlette", attribution `partial:`) or by a reference that no page title grounds (`carried:`) — never confirms a
cell and is no independent source: with two such pages the cell stays partial; with strong support it is a
candidate, not part of what backs the confirmed value (the eval's wrong-confirmation check rejects such quotes)."""

from __future__ import annotations

from criteria.risk_policy import RiskPolicy
from engine import Decision, Observation
from research_agent.contract import contract_from_mapping
from research_agent.policy.offline import OfflinePolicy
from research_agent.reducer import Reducer
from research_agent.state import Finding, Source, new_state


def _state(attributions: list[str]):
    contract = contract_from_mapping({"question": "What is the population of Marlette?", "objects": ["Marlette"],
                                      "dimensions": ["population"], "min_sources": 2}, origin="question", source="parsed")
    state = new_state(contract)
    cell = state.cells["Marlette/population"]
    for i, how in enumerate(attributions):
        sid, host = f"S{i}", f"site{i}.example"
        state.sources[sid] = Source(id=sid, url=f"https://{host}/p", canonical_url=f"https://{host}/p", domain=host,
                                    title="Marlette", source_type="secondary", opened=True, cluster_id=sid)
        fid = f"F{i}"
        state.findings[fid] = Finding(id=fid, cell=cell.key, value="2051", display="2,051",
                                      quote="The population was 2,051 at the 2000 census.", source_id=sid,
                                      url=f"https://{host}/p", date=None, source_type="secondary", step=i + 1,
                                      attribution=how)
        cell.finding_ids.append(fid)
    return state, cell


def _settle(attributions: list[str]):
    state, cell = _state(attributions)
    Reducer(RiskPolicy.default()).reduce(state, Observation([], step=1), Decision.act([]), OfflinePolicy())
    return cell


def test_two_weak_quotes_never_confirm() -> None:
    cell = _settle(["partial:Marlette Township", "carried:It"])
    assert cell.status == "partial" and cell.value == "2051"


def test_weak_quotes_are_candidates_beside_strong_support() -> None:
    cell = _settle(["name:Marlette", "fragment:", "partial:Marlette Township"])
    assert cell.status == "confirmed"
    assert cell.finding_ids == ["F0", "F1"] and "F2" in cell.candidate_ids


def test_one_strong_and_one_weak_quote_are_one_source() -> None:
    cell = _settle(["name:Marlette", "partial:Marlette Township"])
    assert cell.status == "partial" and cell.independent_sources == 1
