"""A relative clause is about the noun it is attached to (docs/reader.md, "A relative clause belongs to its
noun"), and a dimension name is read by its head, never through a modifier's family."""

from __future__ import annotations

from research_agent.reading.dimensions import meaning

from _read_kit import read

CADENCE = "publication frequency"


def test_a_relative_clause_after_the_objects_name_is_read_for_the_object() -> None:
    text = "In 1990 Rolf Amsel founded Quarry Weekly, which comes out every two weeks."
    assert read("Quarry Weekly", CADENCE, text, title="Harbour trade papers") == "every two weeks"


def test_a_relative_clause_after_another_name_is_never_read_for_the_page_subject() -> None:
    text = "Quarry Weekly is owned by Harlow Press, which prints a catalogue every two weeks."
    assert read("Quarry Weekly", CADENCE, text) is None


def test_a_relative_clause_is_read_for_its_own_noun_on_another_objects_page() -> None:
    text = "Rolf Amsel also edits Tern Review, which appears every month."
    assert read("Tern Review", CADENCE, text, title="Quarry Weekly", others=("Quarry Weekly",)) == "every month"
    assert read("Quarry Weekly", CADENCE, text, others=("Tern Review",)) is None


def test_a_modifier_never_lends_its_family_to_an_unknown_head() -> None:
    # "open" is a word of the founding family ("opened"), but "open source" asks about the source, not a date
    assert meaning("open source").kind != "date"
    assert meaning("year opened").kind == "date"
