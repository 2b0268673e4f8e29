"""Questions no surface shape reads, read through the parse (questions/_parsed.py): phrasings written for this test."""

from __future__ import annotations

import pytest

from research_agent.errors import ContractError
from research_agent.questions import read_question


@pytest.mark.parametrize(("question", "objects", "dimensions"), [
    ("How many dimensions can a Pell vector have?", ["Pell"], ["maximum dimensions"]),
    ("How many simultaneous connections could a Ferrodb cluster handle?", ["Ferrodb"], ["maximum simultaneous connections"]),
    ("Is Pell open source?", ["Pell"], ["license"]),
    ("Is Okapi Boards open-source software?", ["Okapi Boards"], ["license"]),
    ("Was Brindle proprietary?", ["Brindle"], ["license"]),
    ("Is the Volt X or the Zip 2 heavier?", ["Volt X", "Zip 2"], ["weight"]),
    ("Is Pell or Quill older?", ["Pell", "Quill"], ["founded"]),
    ("Does Pell support Windows?", ["Pell"], ["Windows support"]),
    ("Do Pell and Quill both run on FreeBSD?", ["Pell", "Quill"], ["FreeBSD support"]),
    ("Does Kestrel offer a free trial?", ["Kestrel"], ["free trial"]),
    ("How much does Pell cost?", ["Pell"], ["price"]),
    ("How often does Pell release?", ["Pell"], ["release cadence"]),
])
def test_new_phrasings_read_through_the_parse(question: str, objects: list[str], dimensions: list[str]) -> None:
    reading = read_question(question)
    assert (reading.objects, reading.dimensions) == (objects, dimensions)


@pytest.mark.parametrize("question", ["Is it raining?", "Does it matter?", "How many roads must a man walk down?",
                                      "How often?", "What is love?"])
def test_anything_else_keeps_the_clear_error(question: str) -> None:
    with pytest.raises(ContractError, match="could not read objects and dimensions"):
        read_question(question)


def test_a_question_read_by_the_parse_gives_a_contract_whose_dimension_counts_its_unit() -> None:
    from research_agent.contract import parse_question

    contract = parse_question("How many seats can a Kestrel team have?")
    assert [o.name for o in contract.objects] == ["Kestrel"]
    assert (contract.dimensions[0].name, contract.dimensions[0].kind) == ("maximum seats", "count")
