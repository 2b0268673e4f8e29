"""Precision gates and modifiers that describe their own head: readings the table is never confirmed from.

Sentences written apart from every evaluation set, several phrasings per rule."""

from __future__ import annotations

from _read_kit import finding, read

from research_agent.contract import DimensionSpec
from research_agent.state import Finding


def test_an_apposition_or_relative_clause_describes_its_own_head() -> None:
    assert read("Pell", "founded", "Pell is built by Morrow Labs, a firm founded in 2009.") is None
    assert read("Pell", "founded", "Pell was set up by Hanno Vik, who founded Vik Tools in 1998.") is None
    assert read("Pell", "founded", "Pell is a database founded in 2009 by Morrow Labs.") == "2009"
    assert read("Pell", "founded", "Pell was founded in 2009 by Morrow Labs, which was founded in 1990.") == "2009"


def test_the_objects_own_name_is_never_its_value() -> None:
    dim = DimensionSpec(name="band", keywords=["band"])
    assert read("Rita Vale", dim, "Rita Vale is a band from Leeds.", title="Rita Vale") is None


def test_a_page_title_alone_states_nothing() -> None:
    assert read("Tides", "year", "Tides (2019 album)", title="Tides (2019 album)") is None


def test_a_year_range_needs_a_cue_in_its_own_clause() -> None:
    assert read("Brill Mill", "built", "Brill Mill appears in the 1851–62 county survey.") is None
    assert read("Brill Mill", "built", "Brill Mill was built in 1851–62.") == "1851–62"


def test_a_number_needs_the_dimensions_cue_in_its_own_clause() -> None:
    assert read("Brask", "employees", "Brask has 40 staff in Oslo, and its parent company reports 900 employees.") == "40"
    assert read("Brask", "employees", "Brask employs about 240 people.") == "240"


def test_a_guessed_value_kind_is_only_a_candidate() -> None:
    reading = finding("Brask", DimensionSpec(name="gauge reading"), "Brask's gauge reading is 250 on most days.")
    assert reading is not None and reading.display == "250"
    kept = Finding("F1", "c", reading.canonical, reading.display, reading.quote, "S1", "u", None, "secondary", 1,
                   attribution=f"{reading.attribution.how}:{reading.attribution.matched}")
    assert not kept.confirms_alone
