"""`cell_rules.rule_cell`: one pure function of a cell's evidence and the settings decides its status.

The same evidence is ruled under different settings (what replay does), and each rule of the module
docstring is checked on evidence written apart from any case: independence counted by cluster, forum
posts and weak quotes never confirming alone, a conflict settled by a primary or newer source, an unread
contradicting snippet holding a value back, and the rubric only able to hold a cell back."""

from __future__ import annotations

from research_agent.cell_rules import CellEvidence, Evidence, SettleRules, UnreadLead, judged, rule_cell
from research_agent.policy.base import CellJudgement


def _f(fid: str, value: str, source: str, *, cluster: str | None = None, kind: str = "secondary",
       date: str | None = None, weak: bool = False, carried: bool = False) -> Evidence:
    return Evidence(fid, value, value.upper(), source, cluster or source, f"{source.lower()}.example", date,
                    kind, weak or carried, not (weak or carried), carried=carried)  # type: ignore[arg-type]


def test_the_same_evidence_is_confirmed_under_one_source_and_partial_under_two():
    evidence = CellEvidence("pending", (_f("F1", "mit", "S1"),))
    one = judged(rule_cell(evidence, SettleRules(min_sources=1)), None)
    two = rule_cell(evidence, SettleRules(min_sources=2))
    assert (one.status, one.gap, one.settled.independent_sources) == ("confirmed", "none", 1)
    assert (two.status, two.gap) == ("partial", "more_sources")
    assert two.needed == "1 more independent source(s) stating MIT"


def test_copies_of_one_page_count_once():
    copies = CellEvidence("pending", (_f("F1", "mit", "S1", cluster="c1"), _f("F2", "mit", "S2", cluster="c1")))
    ruling = rule_cell(copies, SettleRules(min_sources=2))
    assert ruling.status == "partial" and ruling.settled.independent_sources == 1
    assert ruling.settled.source_ids == ("S1", "S2")


def test_forum_posts_and_weak_quotes_never_confirm_alone():
    forum = CellEvidence("pending", (_f("F1", "mit", "S1", kind="forum"), _f("F2", "mit", "S2", kind="forum")))
    assert rule_cell(forum, SettleRules(2)).gap == "strong_source"
    weak = CellEvidence("pending", (_f("F1", "mit", "S1", weak=True), _f("F2", "mit", "S2")))
    ruling = rule_cell(weak, SettleRules(2))
    # the weak quote is set aside beside a strong one: it is a candidate, not a second source
    assert ruling.status == "partial" and ruling.settled.candidate_ids == ("F1",)


def test_a_conflict_is_settled_by_the_primary_source_else_by_the_newest_else_left_open():
    by_primary = CellEvidence("pending", (_f("F1", "mit", "S1"), _f("F2", "bsd", "S2", kind="primary")))
    ruling = rule_cell(by_primary, SettleRules(1))
    assert ruling.settled.value == "bsd" and ruling.settled.conflict and "primary source" in ruling.settled.resolution
    by_date = CellEvidence("pending", (_f("F1", "mit", "S1", date="2024-01-01"), _f("F2", "bsd", "S2", date="2025-06-01")))
    assert rule_cell(by_date, SettleRules(1)).settled.value == "bsd"
    undecided = CellEvidence("pending", (_f("F1", "mit", "S1"), _f("F2", "bsd", "S2")))
    ruling = rule_cell(undecided, SettleRules(1))
    assert (ruling.status, ruling.gap, ruling.settled.value) == ("partial", "settle_conflict", None)
    assert ruling.settled.candidate_ids == ("F1", "F2")


def test_an_unread_snippet_stating_another_value_holds_the_value_back_unless_a_primary_source_states_it():
    lead = UnreadLead("https://other.example/x", "bsd", "BSD", primary=False)
    secondary = CellEvidence("pending", (_f("F1", "mit", "S1"),), (lead,))
    ruling = rule_cell(secondary, SettleRules(1))
    assert ruling.gap == "unread_contradiction" and ruling.needed == "open https://other.example/x: its search snippet states BSD"
    primary = CellEvidence("pending", (_f("F1", "mit", "S1", kind="primary"),), (lead,))
    assert rule_cell(primary, SettleRules(1)).awaiting_rubric


def test_the_rubric_is_asked_once_and_can_only_hold_a_cell_back():
    evidence = CellEvidence("pending", (_f("F1", "mit", "S1"),))
    ruling = rule_cell(evidence, SettleRules(1))
    assert ruling.awaiting_rubric
    held = judged(ruling, CellJudgement(cell="A/license", supported=False, note="a reseller's page"))
    assert (held.status, held.gap) == ("partial", "rubric_unsupported")
    again = rule_cell(CellEvidence("confirmed", evidence.findings), SettleRules(1))
    assert not again.awaiting_rubric and again.status == "confirmed"


def test_a_ruled_out_cell_and_a_closed_cell_with_nothing_found_do_not_change():
    assert rule_cell(CellEvidence("irrelevant", (_f("F1", "mit", "S1"),)), SettleRules(1)) is None
    assert rule_cell(CellEvidence("unavailable", ()), SettleRules(1)) is None
    assert rule_cell(CellEvidence("partial", ()), SettleRules(1)).status == "pending"


def test_an_undated_source_never_wins_or_loses_by_date():
    """An undated page counts as a source, but a date decides a conflict only when every side has one."""
    dated_vs_undated = CellEvidence("pending", (_f("F1", "mit", "S1", date="2024-01-01"), _f("F2", "bsd", "S2")))
    ruling = rule_cell(dated_vs_undated, SettleRules(1))
    assert (ruling.status, ruling.settled.value) == ("partial", None)
    assert "S2 s2.example undated" in ruling.settled.conflict_note
    both_undated = CellEvidence("pending", (_f("F1", "mit", "S1"), _f("F2", "mit", "S3"), _f("F3", "bsd", "S2")))
    assert rule_cell(both_undated, SettleRules(2)).settled.value is None


def test_one_official_page_is_outweighed_by_a_value_independent_sources_establish():
    """A primary page against one page settles; against `min_sources` (≥ 2) independent pages that agree on
    another value (an offer on other terms, a stale page) it does not, and only dates can decide."""
    one = CellEvidence("pending", (_f("F1", "mit", "S1"), _f("F2", "bsd", "S2", kind="primary")))
    assert rule_cell(one, SettleRules(2)).settled.value == "bsd"
    many = CellEvidence("pending", (_f("F1", "mit", "S1", date="2024-05-01"), _f("F3", "mit", "S3", date="2024-04-01"),
                                    _f("F2", "bsd", "S2", kind="primary", date="2024-01-01")))
    ruling = rule_cell(many, SettleRules(2))
    assert ruling.settled.value == "mit" and "newest source" in ruling.settled.resolution


def test_a_value_only_forum_posts_state_never_outweighs_one_other_pages_state_however_new():
    stated = (_f("F1", "54 dB", "S1", date="2025-06-01"), _f("F2", "54 dB", "S2", date="2025-07-01"),
              _f("F3", "61 dB", "S3", kind="forum", date="2025-08-01"))
    ruling = rule_cell(CellEvidence("pending", stated), SettleRules(2))
    assert ruling.settled.value == "54 dB" and ruling.settled.conflict and ruling.settled.candidate_ids == ("F3",)
    assert ruling.awaiting_rubric and "forum" in ruling.settled.resolution
    only_forums = (_f("F1", "54 dB", "S1", kind="forum", date="2025-06-01"),
                   _f("F3", "61 dB", "S3", kind="forum", date="2025-08-01"))
    assert rule_cell(CellEvidence("pending", only_forums), SettleRules(2)).settled.value == "61 dB"


def test_a_value_only_quotes_naming_no_one_state_never_outweighs_one_a_quote_naming_the_object_states():
    stated = (_f("F1", "40 kg", "S1", date="2025-03-01"), _f("F2", "40 kg", "S2", date="2025-04-01"),
              _f("F3", "55 kg", "S3", date="2025-09-01", carried=True))
    ruling = rule_cell(CellEvidence("pending", stated), SettleRules(2))
    assert ruling.settled.value == "40 kg" and ruling.settled.conflict and ruling.settled.candidate_ids == ("F3",)
    assert ruling.awaiting_rubric and "naming no one" in ruling.settled.resolution
    # a quote naming a longer name that holds the object's may be about another entity of that name: it still contests
    longer = (_f("F1", "40 kg", "S1", date="2025-03-01"), _f("F3", "55 kg", "S3", date="2025-09-01", weak=True))
    assert rule_cell(CellEvidence("pending", longer), SettleRules(1)).settled.value == "55 kg"
