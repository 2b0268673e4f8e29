"""A section heading says what the paragraphs under it are about (`reading.sections`): a review's "Battery
endurance" section states the battery life without the words. Products and wording are this file's own."""

from __future__ import annotations

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page
from research_agent.reading.sections import headings_over

REVIEW = """Hesketh Rove 4 vs Quorvel Pad: two weeks on the road
We took both tablets on a fortnight of trains and hotel desks.
Battery endurance
Hesketh quotes 27 hours for the Rove 4, and ours managed 25. The Quorvel Pad is rated for 22 hours.
Design
The Rove 4 sat through a 9 hours flight in a seat pocket without a scratch."""


def _read(text: str, dims: list[str]) -> dict[str, str]:
    objs = [ObjectSpec(name="Hesketh Rove 4"), ObjectSpec(name="Quorvel Pad")]
    targets = [Target(f"{o.name}/{d}", o, DimensionSpec(name=d)) for o in objs for d in dims]
    return {r.cell: r.display for r in read_page(objs, targets, "Hesketh Rove 4 vs Quorvel Pad", text)}


def test_sentences_under_a_heading_with_the_dimensions_cue_state_it() -> None:
    got = _read(REVIEW, ["battery life"])
    assert got == {"Hesketh Rove 4/battery life": "27 hours", "Quorvel Pad/battery life": "22 hours"}


def test_a_heading_holds_until_the_next_one_and_a_heading_without_the_cue_cues_nothing() -> None:
    moved = REVIEW.replace("Hesketh quotes 27 hours for the Rove 4, and ours managed 25. ", "")
    got = _read(moved, ["battery life"])
    assert "Hesketh Rove 4/battery life" not in got, "the 9 hours under 'Design' is a flight, not the battery"


def test_a_heading_is_a_short_line_without_sentence_punctuation() -> None:
    lines = ["Battery endurance", "It lasts.", "Design", "Ships in grey | blue"]
    assert headings_over(lines) == [None, "Battery endurance", None, "Design"]
