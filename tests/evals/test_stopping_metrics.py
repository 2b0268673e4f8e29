"""The stopping article's metrics on a run's state: overrun and the duplicate-search ratio.

A run that searched, read a page that changed its table, then searched twice more (once repeating
itself, refused before it ran) spent one tool call after its last state change, and proposed a
repeated search one time in three."""

from __future__ import annotations

from research_agent.contract import contract_from_mapping
from research_agent.evals.metrics import CaseFacts, Ended, aggregate, score
from research_agent.state import ActionLog, new_state


def _state():
    state = new_state(contract_from_mapping({"question": "Compare A and B on license", "objects": ["A", "B"],
                                             "dimensions": ["license"]}))
    state.actions = [
        ActionLog(1, "search", {"query": "A license"}, "search:a license", "ok", "A/license", new_leads=2),
        ActionLog(2, "visit", {"url": "https://a.example/"}, "visit:https://a.example/", "ok", "A/license", new_evidence=True),
        ActionLog(3, "search", {"query": "B license"}, "search:b license", "ok", "B/license"),
        ActionLog(4, "search", {"query": "license B"}, "search:b license", "refused", "B/license", error="the same query"),
    ]
    state.progress.tool_calls, state.progress.last_change_step, state.current_step = 3, 2, 4
    return state


def test_overrun_counts_the_tool_calls_after_the_last_state_change_and_dup_search_the_repeats_proposed():
    case = CaseFacts(id="c", category="loop", expected="no_progress")
    m = score(case, "evidence", Ended(_state(), "no_progress", "no_new_evidence", "", None, 0, 0.0), 0.0)
    assert (m.overrun, m.proposed_searches, m.duplicate_searches, m.duplicate_queries) == (1, 3, 1, 0)
    agg = aggregate([m])
    assert agg["overrun"] == 1.0 and abs(agg["dup_search"] - 1 / 3) < 1e-9 and agg["invalid"] == 1 / 3
