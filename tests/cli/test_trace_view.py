"""The trace timeline's text: values and quotes per step, searches that led to evidence, refusals once."""

from __future__ import annotations

from types import SimpleNamespace

from research_agent.cli.trace_view import StateIndex, format_step, step_entry


def _line(step: int, action: dict, **summary) -> dict:
    return {"kind": "step", "step": step, "decision": {"mode": "act", "actions": [action]},
            "action_results": [{"name": action["name"], "status": "ok"}], "summary": summary}


def test_a_step_shows_what_it_added_and_a_search_what_it_led_to() -> None:
    state = SimpleNamespace(
        findings={"F1": SimpleNamespace(cell="Heron/license", value="MIT", display="MIT", step=2, source_id="S1",
                                        url="https://corpus.local/heron.md",
                                        quote="Heron is released under the MIT License.")},
        sources={"S1": SimpleNamespace(first_seen_step=1)},
    )
    index = StateIndex(state)
    search = step_entry(_line(1, {"name": "search", "args": {"query": "Heron license"}}, new_evidence=False), index)
    visit = step_entry(_line(2, {"name": "visit", "args": {"url": "https://corpus.local/heron.md"}},
                             new_evidence=True, gaps_closed=["Heron/license"],
                             cells_changed=["Heron/license: pending → confirmed (MIT)"],
                             refused=["already visited at step 1", "already visited at step 1"]), index)
    assert format_step(search) == [
        'step   1  search "Heron license"',
        "          new evidence: no (its results led to evidence at step 2) · next: continue",
    ]
    text = format_step(visit)
    assert text[0] == "step   2  visit heron.md"  # a plain-folder page shows its path
    assert '          + Heron/license = MIT  "Heron is released under the MIT License."' in text
    assert text.count("          refused: already visited at step 1") == 1
    assert "          cells: Heron/license: pending → confirmed (MIT)" in text  # what the reduce transition moved
    assert visit["cells_moved"] == ["Heron/license"]
