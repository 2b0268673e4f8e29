"""A feature asked yes or no (reading/features.py): sentences written for this file, no corpus's."""

from __future__ import annotations

import pytest

from _read_kit import finding, read


@pytest.mark.parametrize(("dim", "text", "answer"), [
    ("oven safe", "The Lumen Q2 lid is oven-safe, the handle itself is not.", "yes"),
    ("night mode", "The Lumen Q2 has no night mode, so the screen stays bright.", "no"),
    ("night mode", "Lumen Q2 now offers a night mode for late reading.", "yes"),
    ("splash resistance", "The Lumen Q2 isn't splash resistant at all.", "no"),
])
def test_a_clause_that_predicates_the_feature_answers_yes_or_no(dim: str, text: str, answer: str) -> None:
    found = finding("Lumen Q2", dim, text)
    assert found is not None and found.canonical == answer


def test_the_answer_shows_the_words_that_state_it() -> None:
    assert read("Lumen Q2", "night mode", "The Lumen Q2 has no night mode.") == "has no night mode"


@pytest.mark.parametrize(("dim", "text"), [
    ("night mode", "Does the Lumen Q2 have a night mode?"),  # a question states nothing
    ("night mode", "Night mode is on the Lumen Q2 roadmap."),  # named as a subject, not predicated
    ("record label", "Tidewell is a record label founded by the Lumen Q2 singer."),  # "is a …" classifies
    ("members", "They were members of Lumen Q2 for a decade."),  # one noun asks for things, not a feature
])
def test_a_feature_named_without_a_predicate_is_no_answer(dim: str, text: str) -> None:
    found = finding("Lumen Q2", dim, text)
    assert found is None or found.canonical not in ("yes", "no")
