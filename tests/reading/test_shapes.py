"""Product pages in newcomer shapes (issue 21, evalsets_dev2/): what a capacity is measured in, and when a line
that names no one speaks for the page's subject.  Sentences written apart from the dev and test cases."""

from __future__ import annotations

import pytest

from _read_kit import read


# ------------------------------------------------------------ a battery's capacity is a charge or an energy


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Quire 7 hides a 5,000 mAh pack behind its kickstand.", "5,000 mAh"),
        ("The Quire 7 carries 48 Wh of cells under the deck.", "48 Wh"),
        ("The Quire 7 ships with a 3.2 Ah cell and a 20 W charger.", "3.2 Ah"),
    ],
)
def test_a_charge_or_an_energy_names_a_battery_capacity_without_the_word(text: str, expected: str) -> None:
    assert read("Quire 7", "battery capacity", text) == expected


def test_a_distance_or_a_power_is_never_a_battery_capacity() -> None:
    text = "The Quire 7 battery lasts for 30 km of riding and charges at 65 W."
    assert read("Quire 7", "battery capacity", text) is None


def test_a_capacity_of_something_else_keeps_its_own_units() -> None:
    # only a battery fixes the unit: a vault's capacity is storage
    assert read("Dune Vault", "capacity", "Dune Vault has a capacity of 4 TB across two drives.") == "4 TB"


# ------------------------------------------------------------ a headless line and the page's subject


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Its rated capacity is 10.5 Ah.", "10.5 Ah"),
        ("The rated capacity is 10.5 Ah.", "10.5 Ah"),
        ("Capacity: 10.5 Ah", "10.5 Ah"),
        ("- Battery capacity: 10.5 Ah", "10.5 Ah"),
    ],
)
def test_a_headless_line_opening_as_a_statement_speaks_for_the_page_subject(line: str, expected: str) -> None:
    text = f"Skiff Runner\nThe Skiff Runner is a folding scooter.\n{line}"
    assert read("Skiff Runner", "battery capacity", text) == expected


def test_a_bare_noun_phrase_line_is_not_credited_to_the_page_subject() -> None:
    # "Rated capacity is …" opens like a spec sheet's caption: it may be about anything the page lists
    text = "Skiff Runner\nThe Skiff Runner is a folding scooter.\nRated capacity is 10.5 Ah."
    assert read("Skiff Runner", "battery capacity", text) is None
