"""Precision gates: readings the table is never confirmed from.

Sentences written apart from every evaluation set, several phrasings per rule."""

from __future__ import annotations

from _read_kit import read

from research_agent.contract import DimensionSpec


def test_the_objects_own_name_is_never_its_value() -> None:
    assert read("Moonfall", "director", "Moonfall was directed by Moonfall.") is None
    assert read("Moonfall", "director", "Moonfall was directed by Ada Kern.") == "Ada Kern"
    assert read("Rita Vale", DimensionSpec(name="band", keywords=["band"]), "Rita Vale is a band from Leeds.") is None


def test_a_page_title_alone_states_nothing() -> None:
    assert read("Tides", "year", "Tides (2019 album)", title="Tides (2019 album)") is None


def test_a_year_range_needs_a_cue_in_its_own_clause() -> None:
    assert read("Brill Mill", "built", "Brill Mill appears in the 1851–62 county survey.") is None
    assert read("Brill Mill", "built", "Brill Mill was built in 1851–62.") == "1851–62"


def test_a_number_needs_the_dimensions_cue_in_its_own_clause() -> None:
    assert read("Brask", "employees", "Brask opened 12 offices, while its staff grew.") is None
    assert read("Brask", "employees", "Brask has 40 staff in Oslo, and its parent company reports 900 employees.") == "40"
    assert read("Brask", "employees", "Brask employs about 240 people.") == "240"
