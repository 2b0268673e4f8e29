"""The wrong-confirmation check's object half (`evals.support_names`): a quote names its object the ways English
does — in full, by a short form once the page has named it, as the maker on its own site, with a pronoun or a
label — and a quote about another object, or on a page about something else, is still flagged."""

from __future__ import annotations

from research_agent.contract import contract_from_mapping
from research_agent.evals.support import wrong_confirmations
from research_agent.evals.support_names import attributed
from research_agent.state import Finding, Source, new_state

TENT, OTHER = "Tolmer Nine 4", "Parrow Vale"
COMPARISON = "Tolmer Nine 4 vs Parrow Vale: two tents for the long trail"


def _flags(objects, quote, title, url="https://www.trailnotes.example/tents.html", value="1.87 kg"):
    """The wrong-confirmation reasons of a cell of `objects[0]` confirmed by one finding with `quote`."""
    contract = contract_from_mapping({"question": "q", "objects": objects, "dimensions": ["weight"], "min_sources": 1})
    state = new_state(contract)
    cell = state.cells[f"{contract.objects[0].name}/weight"]
    state.sources["S1"] = Source("S1", url, url, "trailnotes.example", title=title, opened=True)
    state.findings["F1"] = Finding("F1", cell.key, value, value, quote, "S1", url, None, "secondary", 1)
    cell.finding_ids.append("F1")
    cell.status, cell.value, cell.independent_sources = "confirmed", value, 1
    return [w.reason for w in wrong_confirmations(state)]


def test_a_short_form_no_other_object_shares_names_the_object_on_a_page_that_names_it():
    assert _flags([TENT, OTHER], "The Tolmer packs down to 1.87 kg with its poles.", COMPARISON) == []
    assert _flags([TENT, OTHER], "Packed, the Nine 4 is 1.87 kg.", COMPARISON) == []


def test_a_short_form_another_object_shares_is_not_enough():
    assert _flags([TENT, "Tolmer Nine 6"], "The Tolmer packs down to 1.87 kg.", "Tolmer Nine 4 vs Tolmer Nine 6") == [
        "object_not_named"]


def test_a_short_form_of_the_other_object_or_on_a_page_about_something_else_is_flagged():
    assert _flags([TENT, OTHER], "The Vale packs down to 1.87 kg.", COMPARISON) == ["object_not_named"]
    assert _flags([TENT, OTHER], "The Tolmer packs down to 1.87 kg.", "Ten tents for the long trail") == [
        "object_not_named"]


def test_a_page_names_its_subject_by_its_address_or_by_its_makers_site():
    quote, plain = "It packs down to 1.87 kg.", "Launch day"
    assert _flags([TENT], quote, plain, "https://www.trailnotes.example/2026/tolmer-nine-4-launch.html") == []
    assert _flags([TENT], quote, plain, "https://www.trailnotes.example/2026/some-launch.html") == ["object_not_named"]
    assert attributed(quote, [TENT], "A first look at the Nine 4", "https://tolmer.example/blog/first-look.html")
    assert not attributed(quote, [TENT], "A first look at the Nine 4", "https://www.trailnotes.example/first-look.html")


def test_a_possessor_before_the_name_does_not_make_a_longer_name():
    assert attributed("It packs down to 1.87 kg.", [TENT], "Hikers' Tolmer Nine 4")
    assert not attributed("It packs down to 1.87 kg.", [TENT], "Grand Tolmer Nine 4")


def test_capitals_of_orthography_closed_class_words_units_and_the_value_are_not_other_names():
    site = "https://parrowvale.example/pricing/"
    assert attributed("Yearly: $67 billed once", [OTHER], "One plan. Three ways to save.", site)  # sentence starts
    assert attributed("Inside is a 4,400 mAh cell.", [OTHER], "Parrow Vale")  # a preposition opens it
    assert attributed("- Refresh rate — 75 Hz", [OTHER], "Parrow Vale")  # a bullet, a label, a unit
    assert attributed("Builds exist for Windows and Linux.", [OTHER], "Parrow Vale", value="windows+linux")
    assert not attributed("Builds exist for Windows and Linux.", [OTHER], "Parrow Vale")
    assert not attributed("Weight: Tolmer Nine 4 is 1.87 kg", [OTHER], "Parrow Vale")


def test_the_maker_speaks_as_we_on_its_own_site_and_an_edition_speaks_for_the_product():
    about = "About Parrow Vale"
    assert attributed("Today we employ 120 people.", [OTHER], about, "https://parrow-vale.example/about/")
    assert not attributed("Today we employ 120 people.", [OTHER], about, "https://www.jobsboard.example/about/")
    assert attributed("Plus now costs $9 a month.", [OTHER], "Parrow Vale raises its prices")
    assert not attributed("Quenmark now costs $9 a month.", [OTHER], "Parrow Vale raises its prices")


def test_a_label_row_has_no_subject_of_its_own_but_another_objects_name_still_counts():
    title = "Parrow Vale specifications"
    assert attributed("| Suction | 4,400 Pa (Boost mode) |", [OTHER], title)  # a capital after the figure qualifies it
    assert not attributed("| Suction | Boost 4,400 Pa |", [OTHER], title)
    assert attributed("Packed weight: 1.87 kg", [OTHER], title, others=[TENT])
    assert not attributed("Packed weight: 1.87 kg (the Tolmer is 2.0 kg)", [OTHER], title, others=[TENT])


def test_a_fragment_opening_with_a_numeral_speaks_of_the_pages_subject():
    # a cardinal number determines its noun as "the" does: the fragment names no one else
    title = "Parrow Vale specifications"
    assert attributed("1.87 kg with poles and pegs, and a door on each side.", [OTHER], title, others=[TENT])
    assert not attributed("1.87 kg with poles, a little more than the Tolmer.", [OTHER], title, others=[TENT])
    assert not attributed("1.87 kg with poles and pegs.", [OTHER], "Two tents for the long trail", others=[TENT])


def test_a_short_form_counts_only_in_the_clause_that_holds_the_value():
    # coordinated clauses have subjects of their own: the first clause dates another hall
    title, names, others = "Tolmer Hall", ["Tolmer Hall"], [OTHER]
    wrong = "A second hall was built in 1907, and Tolmer was sold in 1938."
    assert not attributed(wrong, names, title, others=others, display="1907")
    assert attributed("Tolmer was built in 1907, and a second hall in 1938.", names, title, others=others, display="1907")
    assert attributed(wrong, names, title, others=others, display="1938")
