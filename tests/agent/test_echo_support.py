"""A second page that writes the same specific value about the object without saying what it is of (an echo,
`reading.echo`) is a second source for the value another page states — and only for it: alone it states
nothing, and a page echoing the value for another product, or a vague value, adds no source."""

from __future__ import annotations

from research_agent.cell_rules import CellEvidence, Evidence, SettleRules, rule_cell
from research_agent.state import Finding

from agentkit import page

Q = "What is the battery life of the Vesta Arlo 2?"
CONTRACT = {"objects": ["Vesta Arlo 2", "Corrin Lumen"], "dimensions": ["battery life"], "min_sources": 2}
SPEC = "https://vesta.example/arlo-2/specs.html"
REVIEW = "https://gadgetdesk.example/reviews/arlo-2.html"
SPEC_PAGE = page("Vesta Arlo 2 specifications", "Vesta Arlo 2 battery life: up to 31 hours of playback.\n\nWeight: 240 g.")


def _run(runner, review_body: str):
    pages = {SPEC: SPEC_PAGE, REVIEW: page("Vesta Arlo 2 review: a quiet week", review_body)}
    out = runner.run(pages, Q, contract=CONTRACT)
    return out.state.cells["Vesta Arlo 2/battery life"], out


def test_a_review_repeating_the_stated_value_is_the_second_source(runner):
    cell, out = _run(runner, "We wore the Vesta Arlo 2 for a week. The Vesta Arlo 2 kept going for 31 hours in our "
                             "loop test, with noise cancelling off.")
    assert cell.status == "confirmed" and cell.conclusion == "31 hours"
    assert {out.state.sources[s].canonical_url for s in cell.source_ids} == {SPEC, REVIEW}
    echo = [out.state.findings[f] for f in cell.finding_ids if out.state.findings[f].echo]
    assert len(echo) == 1 and "kept going for 31 hours" in echo[0].quote


def test_a_review_giving_the_value_to_another_product_adds_no_source(runner):
    cell, _ = _run(runner, "We wore the Vesta Arlo 2 for a week. The Corrin Lumen kept going for 31 hours in our "
                           "loop test, with noise cancelling off.")
    assert cell.status == "partial" and cell.independent_sources == 1


def _f(fid: str, value: str, source: str, echo: bool = False) -> Evidence:
    return Evidence(fid, value, value, source, source, f"{source.lower()}.example", None, "secondary", False, True, echo)


def test_an_echo_alone_states_nothing_and_an_echo_of_another_value_is_no_conflict():
    alone = rule_cell(CellEvidence("pending", (_f("F1", "1.3 day", "S1", echo=True),)), SettleRules(2))
    assert alone.status == "pending" and alone.settled is None
    other = rule_cell(CellEvidence("pending", (_f("F1", "1.3 day", "S1"), _f("F2", "2 day", "S2", echo=True))), SettleRules(2))
    assert (other.status, other.settled.value, other.settled.conflict) == ("partial", "1.3 day", False)
    assert other.settled.candidate_ids == ()
    backed = rule_cell(CellEvidence("pending", (_f("F1", "1.3 day", "S1"), _f("F2", "1.3 day", "S2", echo=True))), SettleRules(2))
    assert backed.awaiting_rubric and backed.settled.independent_sources == 2


def test_an_echo_does_not_stand_in_for_the_non_forum_source_a_confirmation_needs():
    heard = Finding(id="F2", cell="Vesta Arlo 2/battery life", value="1.3 day", display="31 hours",
                    quote="The Vesta Arlo 2 kept going for 31 hours.", source_id="S2", url="https://news.example/a",
                    date=None, source_type="secondary", step=2, attribution="echo:name Vesta Arlo 2")
    assert heard.echo and not heard.weak and not heard.confirms_alone
    forum = Evidence("F1", "1.3 day", "1.3 day", "S1", "S1", "forum.example", None, "forum", False, True)
    echo = Evidence("F2", "1.3 day", "1.3 day", "S2", "S2", "news.example", None, "secondary", heard.weak,
                    heard.confirms_alone, heard.echo)
    ruling = rule_cell(CellEvidence("pending", (forum, echo)), SettleRules(2))
    assert (ruling.status, ruling.gap) == ("partial", "strong_source")


def test_an_echo_still_backs_the_value_where_the_same_page_states_it_only_by_a_carried_quote(runner):
    # the review's title names no product: its statement of the battery life is tied to the Arlo 2 only by the
    # sentence before (weak), and the same sentence's echo of the spec sheet's figure is what makes it a source
    pages = {SPEC: SPEC_PAGE, REVIEW: page("A quiet month with headphones",
                                           "The Vesta Arlo 2 spent a month with us on trains and planes.\n\n"
                                           "Its battery ran for 31 hours in our loop test.")}
    out = runner.run(pages, Q, contract=CONTRACT)
    cell = out.state.cells["Vesta Arlo 2/battery life"]
    review = [f for f in out.state.findings.values() if f.url == REVIEW and f.cell == cell.key]
    assert {f.how for f in review} == {"carried", "echo"}, "the carried statement and its echo are both filed"
    assert cell.status == "confirmed" and {out.state.sources[s].canonical_url for s in cell.source_ids} == {SPEC, REVIEW}
