"""An agent noun names who does its verb (reading/agents.py): sentences written for this file, no corpus's."""

from __future__ import annotations

import pytest

from research_agent.reading.dimensions import meaning

from _read_kit import read

GAME = "Harbour Run is a 1998 racing game developed by Tidewell Studios and published by Korra Interactive."


@pytest.mark.parametrize(("dim", "value"), [
    ("developer", "Tidewell Studios"),
    ("publisher", "Korra Interactive"),
])
def test_each_agent_noun_takes_the_agent_of_its_own_verb(dim: str, value: str) -> None:
    assert read("Harbour Run", dim, GAME) == value


def test_a_participle_opening_the_sentence_names_the_agent_too() -> None:
    text = "Developed by Tidewell Studios and published by Korra Interactive, the game follows a harbour pilot."
    assert read("Harbour Run", "developer", text) == "Tidewell Studios"


def test_an_agent_noun_is_never_answered_by_the_year_of_its_verb() -> None:
    assert read("Harbour Run", "publisher", "Harbour Run was published in 1998.") is None
    assert read("Moonfall", "distributor", "Moonfall is a 2019 film released by Arc Pictures.") is None


@pytest.mark.parametrize(("dim", "text", "value"), [
    ("manufacturer", "The Skerra GT is a sports car manufactured by Tidewell Motors from 1998 to 2003.", "Tidewell Motors"),
    ("builder", "The Skerra GT is a schooner built by Korra Yards in 1888.", "Korra Yards"),
    ("operator", "The Skerra GT is a ferry service operated by Korra Lines between two islands.", "Korra Lines"),
    ("supplier", "Seats for the Skerra GT are supplied by Orrin Works.", "Orrin Works"),
])
def test_regular_and_irregular_past_forms_name_the_agent(dim: str, text: str, value: str) -> None:
    assert read("Skerra GT", dim, text) == value


def test_a_noun_that_is_a_verb_itself_or_no_agent_is_left_alone() -> None:
    assert meaning("processor").kind == "text"  # an instrument: still read as written
    assert read("Skerra GT", "processor", "Processor: Quill M3 eight-core") == "Quill M3 eight-core"
    assert meaning("number").family is None or not meaning("number").family.name.startswith("agent")
    assert meaning("founder").family is not None and meaning("founder").family.name == "founder"  # a family of its own
