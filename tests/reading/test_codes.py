"""A standard or a rating written as a code answers a dimension of unknown kind (`reading.codes`)."""

from __future__ import annotations

import pytest

from research_agent.reading.codes import coded_values

from _read_kit import read


@pytest.mark.parametrize(
    "dim, text, expected",
    [
        ("cipher suite", "Tarpon Vault ciphers every file with XTS-AES-128 before it syncs.", "XTS-AES-128"),
        ("ingress protection rating", "Tarpon Vault is protected to IP67 against dust and rain.", "IP67"),
    ],
)
def test_a_code_in_a_clause_writing_a_word_of_the_dimension_is_its_value(dim, text, expected) -> None:
    assert read("Tarpon Vault", dim, text) == expected


def test_a_code_in_a_clause_without_the_dimensions_words_is_not_read() -> None:
    text = "Tarpon Vault ciphers every file before it syncs over HTTP/2, and ships with a USB3 key."
    assert read("Tarpon Vault", "cipher suite", text) is None


def test_a_measure_and_the_objects_own_model_are_no_code() -> None:
    assert coded_values("The protection case is 12mm thick and weighs 2.4kg.", "protection rating") == []
    assert read("Quorlin Band 3", "protection rating", "The Quorlin Band 3 has better protection than before.") is None


def test_a_measure_right_before_the_dimensions_head_is_its_value() -> None:
    text = "The Quorlin Gate swings on a 40 mm hinge for a 4 mm clearance."
    assert read("Quorlin Gate", "hinge clearance", text) == "4 mm"
    # a word between: the measure may be that word's
    assert read("Quorlin Gate", "hinge clearance", "The Quorlin Gate has a 4 mm steel clearance.") is None


def test_a_measure_before_the_head_ranks_below_a_cued_reading_of_the_page() -> None:
    text = "The Quorlin Gate came with a 4 mm clearance. The Quorlin Gate now has a hinge clearance of 6 mm."
    assert read("Quorlin Gate", "hinge clearance", text) == "6 mm"
