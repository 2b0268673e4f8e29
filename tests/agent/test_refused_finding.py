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
