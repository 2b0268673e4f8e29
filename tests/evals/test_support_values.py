"""The wrong-confirmation check's value half (`evals.support_values`): a quote states a duration written another way —
in words or digits, as a compound adjective, in months or years — and never another duration or another quantity."""

from __future__ import annotations

from research_agent.evals.support import quote_has_value


def test_a_duration_is_the_same_in_words_digits_compounds_and_other_units():
    assert quote_has_value("It comes with a two-year limited warranty.", "2 years")
    assert quote_has_value("Backed by a 2-year warranty.", "two-year")
    assert quote_has_value("Covered for 24 months from purchase.", "2 years")


def test_another_duration_or_another_quantity_is_not_the_value():
    assert not quote_has_value("Covered for 30 days from purchase.", "1 month")
    assert not quote_has_value("It has a one-year warranty.", "3 years")
    assert not quote_has_value("It ships with 12 GB of memory.", "12 months")
