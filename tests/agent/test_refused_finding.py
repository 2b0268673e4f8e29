"""A model's finding the reader refuses is kept on its cell, typed, and the closed cell says so."""

from __future__ import annotations

from criteria.risk_policy import RiskPolicy
from research_agent.contract import contract_from_mapping
from research_agent.policy.base import FindingDraft, PageView
from research_agent.reducer import Reducer
from research_agent.state import Source, new_state


def test_a_refused_statement_is_kept_on_the_cell_and_named_when_the_cell_closes() -> None:
    state = new_state(contract_from_mapping({"objects": ["Pell"], "dimensions": ["license"], "question": "Pell's license?"}))
    source = Source(id="S1", url="https://pell.example/about", canonical_url="https://pell.example/about",
                    domain="pell.example", title="Pell", opened=True)
    state.sources["S1"] = source
    text = "Pell is a vector store. Pell has never been open source."
    page = PageView("S1", source.url, "Pell", text, None, "secondary")
    reducer = Reducer(RiskPolicy.default())
    draft = FindingDraft(cell="Pell/license", value="open source", quote="Pell has never been open source.")
    assert reducer._add_finding(state, draft, source, page, 1, "model") is False
    cell = state.cells["Pell/license"]
    assert cell.refused is not None and cell.refused.reason == "negated"
    reducer._close(state, cell, "path spent")
    assert cell.status == "unavailable"
    assert cell.needed == ('a statement was found but not accepted: the quote negates it, '
                           '"Pell has never been open source."')


def test_a_models_finding_keeps_the_strength_of_its_attribution() -> None:
    state = new_state(contract_from_mapping({"objects": ["Marlette"], "dimensions": ["population"],
                                             "question": "Marlette's population?"}))
    source = Source(id="S1", url="https://lakes.example/sanilac", canonical_url="https://lakes.example/sanilac",
                    domain="lakes.example", title="Lakes of Sanilac", opened=True)
    state.sources["S1"] = source
    quote = "Marlette Township had a population of 1,200."
    page = PageView("S1", source.url, "Lakes of Sanilac", f"The county has many lakes. {quote}", None, "secondary")
    draft = FindingDraft(cell="Marlette/population", value="1,200", quote=quote)
    assert Reducer(RiskPolicy.default())._add_finding(state, draft, source, page, 1, "model") is True
    (finding,) = state.findings.values()
    assert finding.weak and not finding.confirms_alone  # "Marlette Township" may be another place than Marlette
