"""compact_view is bounded: the plan prompt does not grow with the number of steps."""

from __future__ import annotations

import json
import random

from llm_states import base_state, grown_state
from research_agent.llm import OpenAIModel
from research_agent.llm.request import StateView
from research_agent.policy.llm import LLMPolicy
from research_agent.policy.view import compact_view


def size(view: StateView) -> int:
    return len(json.dumps(view.as_data()))


def test_view_size_does_not_grow_with_actions():
    small, large = grown_state(5), grown_state(500)
    assert len(large.actions) == 100 * len(small.actions)
    # Every list in the view is capped; what remains is a few digits more in the counters.
    assert abs(size(compact_view(large)) - size(compact_view(grown_state(50)))) <= 16
    assert size(compact_view(large)) <= size(compact_view(small)) * 1.15


def test_view_contents_and_caps():
    state = grown_state(200)
    view = compact_view(state, max_cells=4, max_queries_per_cell=2, max_leads=3)
    assert len(view.cells) == 4 and view.cells_not_shown == 2
    assert view.cells[0].cell == state.focus  # the focus cell comes first
    assert all(len(row.tried) <= 2 for row in view.cells)
    assert len(view.leads) == 3
    opened = {s.canonical_url for s in state.sources.values() if s.opened}
    assert not any(lead.url in opened for lead in view.leads)  # only unvisited leads
    assert view.notice is not None and view.notice.startswith("step 200: search refused")
    assert view.counts["tool_calls"] == 200
    assert view.contract.min_sources == 2 and view.contract.objects == ["Redis", "Valkey", "KeyDB"]


def test_view_puts_open_cells_before_settled_ones():
    state = base_state()
    state.cells["Redis/license"].status = "confirmed"
    state.cells["Redis/license"].value = "AGPL-3.0"
    state.cells["Valkey/license"].status = "partial"
    rows = compact_view(state).cells
    assert rows[-1].cell == "Redis/license" and rows[-1].value == "AGPL-3.0"
    assert rows[0].status == "pending"


def test_long_strings_are_clipped():
    state = base_state()
    state.notice = "refused " * 500
    state.cells["Redis/license"].queries.append("q" * 5000)
    view = compact_view(state)
    assert view.notice is not None and len(view.notice) <= 400
    assert all(len(q) <= 120 for row in view.cells for q in row.tried)


def test_plan_prompt_tokens_flat_from_step_5_to_step_50(fake_openai, sleeps):
    """The plan prompt holds the compact view only, never the history.

    Measured as the fake server counts prompt tokens (characters / 4) over the
    real HTTP path.  From step 5 to step 50 the prompt may grow only by what
    fills the capped lists (a few tried queries): under 10%, against the 10×
    a history-carrying prompt would grow; from step 50 to 500 it stays put.
    """
    answer = {"tool": "search", "query": "valkey latency benchmark", "cell": "Valkey/latency"}
    server = fake_openai(lambda req: answer)
    model = OpenAIModel("gpt-4o-mini", api_key="sk-test", base_url=server.base_url, sleep=sleeps,
                        rng=random.Random(0))
    policy = LLMPolicy(model)
    steps = [5, 10, 20, 35, 50, 500]
    for n in steps:
        assert policy.plan(grown_state(n)) is not None
    tokens = dict(zip(steps, server.prompt_tokens()))
    assert all(tokens[n] <= tokens[5] * 1.10 for n in steps), tokens
    assert abs(tokens[500] - tokens[50]) <= 8, tokens
    assert policy.calls == len(steps)
    assert server.requests[-1]["messages"][1]["content"].startswith("State view (JSON):")
