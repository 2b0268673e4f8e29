"""Echoes (`reading.echo`): a specific value a sentence says about an object without the dimension's cue is read
as an echo — only when asked (`echoes=True`, the offline policy), only for specific values (a quantity, money or a
span with its unit, a date to the day; no bare year or count) and only where the sentence is about the object."""

from __future__ import annotations

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page

OBJECTS = [ObjectSpec(name="Vesta Arlo 2"), ObjectSpec(name="Corrin Lumen")]


def _echoes(dim: str, text: str, title: str = "Two earbuds, one week") -> list[tuple[str, str]]:
    t = Target(f"Vesta Arlo 2/{dim}", OBJECTS[0], DimensionSpec(name=dim))
    return [(r.display, r.attribution.matched) for r in read_page(OBJECTS, [t], title, text, echoes=True)
            if r.attribution.how == "echo"]


def test_a_specific_value_said_about_the_object_is_an_echo_only_when_asked():
    text = "The Vesta Arlo 2 kept going for 31 hours in our loop test."
    assert _echoes("battery life", text) == [("31 hours", "name Vesta Arlo 2")]
    t = Target("Vesta Arlo 2/battery life", OBJECTS[0], DimensionSpec(name="battery life"))
    assert read_page(OBJECTS, [t], "Two earbuds, one week", text) == []


def test_the_model_name_alone_ties_an_echo_but_another_product_does_not():
    assert _echoes("battery life", "We wore both for a week. The Arlo 2 kept going for 31 hours.") == [("31 hours", "model Arlo 2")]
    assert _echoes("battery life", "The Corrin Lumen kept going for 31 hours in our loop test.") == []


def test_a_year_or_a_count_is_no_echo_but_a_day_is():
    assert _echoes("launch date", "The Vesta Arlo 2 reached the shops in 2024 in 30 countries.") == []
    assert _echoes("launch date", "The Vesta Arlo 2 reached the shops on 4 March 2024.") == [("4 March 2024", "name Vesta Arlo 2")]


def test_a_dimension_the_reader_has_no_kind_for_is_echoed_by_any_specific_value():
    # "tip clearance" names no kind the reader knows: what other pages stated decides, so a measured value said about
    # the object is an echo of it, whatever its unit; a bare count still is not
    assert _echoes("tip clearance", "The Vesta Arlo 2 leaves 4.5 mm at the back.") == [("4.5 mm", "name Vesta Arlo 2")]
    assert _echoes("tip clearance", "The Vesta Arlo 2 ships with 3 tips.") == []


def test_a_value_carried_to_the_object_by_a_pronoun_on_a_page_about_others_is_also_an_echo():
    # on a page whose title names neither, "its" is carried from an earlier sentence: too weak to state a value, but a
    # specific value there repeats what another page states
    text = "We wore two pairs for a week. The Vesta Arlo 2 is the smaller one. Its battery life came to 31 hours in our test."
    assert ("31 hours", "carried Its") in _echoes("battery life", text)


def test_a_count_is_an_echo_only_with_the_noun_the_dimension_counts():
    # carried to the object by "its" on a page about two apps: too weak to state the count, but written with its noun
    # it repeats what another page states; a bare count there does not
    text = "We tried two apps for a month. The Vesta Arlo 2 is the newer one. Its calls take 250 participants."
    assert ("250 participants", "carried Its") in _echoes("max participants", text)
    assert _echoes("max participants", text.replace("250 participants", "250 people at most")) == []


def test_a_value_the_page_also_stated_for_the_cell_is_kept_as_an_echo_when_another_reading_outranks_it():
    # the page gives the cell one finding; a second, weaker statement of another specific value is not dropped: if
    # another page states that value, this page agrees with it
    text = ("Vesta Arlo 2 review. The Vesta Arlo 2 has a battery life of 31 hours, Vesta says. "
            "Battery life: 27 hours in our loop test.")
    t = Target("Vesta Arlo 2/battery life", OBJECTS[0], DimensionSpec(name="battery life"))
    readings = read_page(OBJECTS, [t], "Vesta Arlo 2 review", text, echoes=True)
    stated = [r.display for r in readings if r.attribution.how != "echo"]
    assert stated == ["31 hours"]
    assert ("27 hours", "fragment ") in _echoes("battery life", text, "Vesta Arlo 2 review")
