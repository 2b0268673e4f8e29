"""Polarity and modality: a negated, asked, doubted or past clause never confirms the positive reading.

Sentences are written apart from any evaluation set, in several phrasings each; the reader is asked through
`read_page` (what the offline policy sees) and `check_finding` (what a model's finding meets)."""

from __future__ import annotations

import pytest

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import check_finding
from research_agent.reading.polarity import Polarity, polarity

from _read_kit import read


def _pol(sentence: str, value: str, date: bool = False) -> Polarity:
    at = sentence.index(value)
    return polarity(sentence, at, at + len(value), date=date)


@pytest.mark.parametrize("sentence, value, expected", [
    ("Pell has never been open source.", "open source", Polarity.NEGATED),
    ("Brask does not cost $5 a month.", "$5", Polarity.NEGATED),
    ("Our plan is no longer priced at $40.", "$40", Polarity.NEGATED),
    ("Is Pell released under the MIT license?", "MIT", Polarity.QUESTION),
    ("A reseller claimed that Pell is licensed under the GPL.", "GPL", Polarity.DOUBTED),
    ("Pell is rumoured to support 4,096 dimensions.", "4,096", Polarity.DOUBTED),
    ("I read somewhere that Brask costs $9 a seat.", "$9", Polarity.DOUBTED),
    ("Brask reportedly employs 300 people.", "300", Polarity.DOUBTED),
    ("Tarnwell charges 4.5% on transfers, I think, but check.", "4.5%", Polarity.DOUBTED),  # a parenthetical hedge
    ("The Arlo 2 weighs 1.2 kg, I believe.", "1.2 kg", Polarity.DOUBTED),
    ("Brask used to cost $10 per month.", "$10", Polarity.PAST),
    ("Pell was previously priced at $9.", "$9", Polarity.PAST),
    ("Pell was MIT licensed until 2020.", "MIT", Polarity.PAST),
])
def test_a_clause_that_does_not_assert(sentence: str, value: str, expected: Polarity) -> None:
    assert _pol(sentence, value) is expected


@pytest.mark.parametrize("sentence, value", [
    ("Pell, which is not free, uses the MIT license.", "MIT"),  # the negation is the relative clause's own
    ("Brask does not cost $5 but $7 a month.", "$7"),  # a contrast after the negation is asserted
    ("It was not until 1990 that the bridge opened.", "1990"),  # "not until": only then
    ("The company, founded in 2009, does not publish its prices.", "2009"),
    ("He claimed the title in 1999.", "1999"),  # "claim" as "win" governs no complement
    ("Brask costs $5, and it does not offer a free tier.", "$5"),  # a coordinated clause has its own polarity
    ("Brask costs $5, as they say on the pricing page.", "$5"),  # a parenthetical that is no first-person hedge
])
def test_a_clause_that_asserts(sentence: str, value: str) -> None:
    assert _pol(sentence, value) is Polarity.POSITIVE


def test_a_past_state_never_hides_a_date() -> None:
    assert _pol("The mill was previously rebuilt in 1810.", "1810", date=True) is Polarity.POSITIVE


def test_the_reader_confirms_nothing_from_a_clause_that_does_not_assert() -> None:
    assert read("Brask", "price", "Brask used to cost $10 per month.") is None
    assert read("Brask", "price", "Is Brask really $10 per month?") is None
    assert read("Brask", "price", "Someone on a forum claims that Brask costs $10 per month.") is None
    assert read("Brask", "price", "Brask used to cost $10 per month. Brask now costs $12 per month.") == "$12 per month"


def test_a_licence_reads_the_negation() -> None:
    assert read("Pell", "license", "Pell has never been open source.") == "never been open source"
    assert read("Pell", "license", "Pell is not open-source software.") == "not open-source"


def test_a_models_finding_from_a_negated_clause_is_refused_with_its_reason() -> None:
    objects = [ObjectSpec(name="Pell")]
    license = DimensionSpec(name="license")
    checked = check_finding(objects, objects[0], license, "open source", "Pell has never been open source.", "Pell")
    assert checked.value is None and checked.refusal == "negated"
    checked = check_finding(objects, objects[0], license, "proprietary", "Pell has never been open source.", "Pell")
    assert checked.refusal is None and checked.value is not None and checked.value.canonical == "proprietary"
    price = DimensionSpec(name="price")
    checked = check_finding(objects, objects[0], price, "$9", "Pell is rumoured to cost $9 a month.", "Pell")
    assert checked.refusal == "doubted"
