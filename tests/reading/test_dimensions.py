"""A dimension read by its head noun and modifiers (reading/dimensions.py), on phrasings written apart from any corpus."""

from __future__ import annotations

import pytest

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page
from research_agent.reading.dimensions import head_units, meaning

from _read_kit import read


@pytest.mark.parametrize(("name", "kind", "select"), [
    ("launch price", "money", None),          # the head is a price; "launch" only modifies it
    ("starting price", "money", "min"),
    ("maximum seats", "count", "max"),        # a plural head counts its own unit
    ("seat limit", "count", "max"),           # a limit on a noun: a count of it, the largest
    ("max connections", "count", "max"),
    ("founding year", "date", None),          # a generic head: the whole name's family decides
    ("maximum database size", "quantity", "max"),
    ("battery capacity", "quantity", None),
    ("trial length", "duration", None),       # "length" measures the trial, it is not a distance
    ("release cadence", "interval", None),
    ("supported platforms", "list", None),
    ("latest version", "version", "newest"),
    ("distributor", "text", None),            # an unknown head: no guessed kind
    ("top speed", "quantity", "max"),         # a physical quantity written with a unit
    ("motor output", "quantity", None),
    ("standby power draw", "quantity", None),  # a draw or a consumption is a power
    ("energy consumption", "quantity", None),
    ("battery life", "duration", None),       # how long something lasts
    ("cancellation window", "duration", None),
    ("boot time", "duration", None),          # an activity's time is how long it takes
    ("vibration level", "quantity", None),    # a level of something untyped is a quantity
    ("session duration", "duration", None),   # the head names a duration, whatever it is of
    ("maximum build duration", "duration", "max"),
    ("performer length", "quantity", None),   # a measure is a number, never the person its modifier names
])
def test_the_head_decides_the_kind_and_modifiers_select(name: str, kind: str, select: str | None) -> None:
    m = meaning(name)
    assert (m.kind, m.select) == (kind, select)


def test_how_long_something_lasts_or_takes_is_read_as_a_duration() -> None:
    assert read("Skiff 3", "boot time", "Skiff 3 boots in 2 minutes and idles at 9 W.") == "2 minutes"
    assert read("Skiff 3", "battery life", "Skiff 3 runs for about 9 hours on one battery charge at 40 W.") == "9 hours"


def test_a_launch_price_is_read_as_money_not_as_the_launch_year() -> None:
    text = "Pell launched in 2019 at a launch price of $49 per seat."
    assert read("Pell", "launch price", text) == "$49 per seat"


def test_a_period_modifier_asks_for_the_value_stated_per_that_period() -> None:
    text = "Pell Team costs $80 a year, or $8 per month if you pay monthly."
    assert read("Pell", "monthly fee", text) == "$8 per month"
    assert read("Pell", "annual fee", text) == "$80 a year"
    assert read("Pell", "monthly fee", "Pell Team costs $80 a year.") is None, "a sum per year is no monthly fee"
    assert read("Pell", "annual fee", "Pell Team costs $8 per month.") is None, "nor a sum per month an annual one"
    assert read("Pell", "monthly fee", "Pell Team costs $8.") == "$8", "a sum stated per no period may be either"


def test_a_change_from_one_value_to_another_leaves_the_second() -> None:
    assert read("Pell", "employees", "Pell has grown from 80 staff in 2020 to 210 today.") == "210"
    assert read("Pell", "interest rate", "Pell raised its savings rate from 2.5% to 2.9% this week.") == "2.9%"
    assert read("Pell", "starting price", "Pell plans run from $5 to $40 a month.") == "$5", "the lowest asked: a range's start"


def test_a_change_to_a_value_leaves_that_value_and_not_what_it_changed_from() -> None:
    text = "Pell switched to a monthly release cycle after years of shipping every quarter."
    assert read("Pell", "release cadence", text) == "monthly"
    text = "Pell cut its support window to 18 months; older versions had been supported for three years."
    assert read("Pell", "support window", text) == "18 months"
    # a limit is no change, and a change only estimated states no new value
    assert read("Pell", "max database size", "Pell caps a database at 4 TiB, while Wren goes up to 32 TiB.") == "4 TiB"
    text = "The population was 410 at the last census and is estimated to have increased to 455 since."
    assert read("Ormsby", "population", text, title="Ormsby") == "410"


def test_a_count_of_a_unit_is_read_where_the_unit_is_written() -> None:
    assert read("Pell", "maximum sessions", "Pell handles no more than 5,000 simultaneous sessions.") == "5,000 simultaneous sessions"
    assert read("Pell", "maximum open files", "Pell keeps at most 2,048 open files per process.") == "2,048 open files"


def test_a_count_is_shown_with_the_noun_it_counts_when_the_dimension_names_it() -> None:
    assert read("Pell", "number of languages", "Pell now ships in 9 languages, up from 6.") == "9 languages"
    assert read("Pell", "simultaneous connections", "Pell allows 12 simultaneous connections per account.") \
        == "12 simultaneous connections", "a noun of the dimension's own words, an adjective between"
    assert read("Pell", "number of languages", "The number of languages Pell teaches is 9.") == "9", \
        "no noun after the number: the number as written"


def test_a_maximum_takes_the_largest_value_the_clause_gives_its_unit() -> None:
    text = "The Team plan of Pell starts with 10 seats and grows to up to 500 seats."
    assert read("Pell", "maximum seats", text) == "500 seats"
    assert read("Pell", "minimum seats", text) == "10 seats"


def test_a_maximum_or_a_minimum_of_a_range_written_at_the_cue_is_its_end() -> None:
    # a range is written as one span from its first end: the cue governs both ends, the selector picks one
    sheet = "Veslow Kite 3 specifications\nRange: 8–900 yards (823 m)\nOutput: 10 to 1,500 lumens"
    assert read("Veslow Kite 3", "maximum range", sheet, title="Veslow Kite 3 specifications") == "900 yards"
    assert read("Veslow Kite 3", "max output", sheet, title="Veslow Kite 3 specifications") == "1,500 lumens"
    assert read("Veslow Kite 3", "minimum range", sheet, title="Veslow Kite 3 specifications") == "8"


def test_a_table_column_is_matched_by_the_head_noun() -> None:
    page = "| Product | Seat limit | Price |\n|---|---|---|\n| Pell | 250 | $9 |\n| Quill | 80 | $5 |"
    assert read("Pell", "maximum seats", page, title="Plans") == "250"


def test_a_list_of_platforms_is_a_list_not_a_version_number() -> None:
    text = "Pell ships builds for FreeBSD, Linux and Solaris 11."
    assert read("Pell", "supported platforms", text) == "FreeBSD, Linux and Solaris 11"


def test_a_release_cadence_is_the_interval_not_the_year() -> None:
    text = "Since 2022 Pell puts out a patch release every fortnight."
    assert read("Pell", "release cadence", text) == "every fortnight"


def test_an_unknown_head_is_never_answered_by_a_year() -> None:
    text = "Moonfall is a 2019 film released by Arc Pictures."
    assert read("Moonfall", DimensionSpec(name="distributor"), text) is None


def test_a_quantity_in_the_heads_own_unit_answers_without_the_dimensions_word() -> None:
    # English states a weight by its verb or an idiom as often as by the noun; the unit says it is a mass
    text = "The Corvex 3 tips the scales at 18.2 kg with its battery fitted."
    assert read("Corvex 3", DimensionSpec(name="weight", kind="quantity"), text, title="Corvex 3 review") == "18.2 kg"
    assert read("Corvex 3", DimensionSpec(name="range", kind="quantity"),
                "On one charge the Corvex 3 covered 64 km of hilly roads.", title="Corvex 3 review") == "64 km"


def test_a_quantity_in_another_unit_is_not_the_heads_value() -> None:
    # a range is a length: neither the battery's energy nor a speed answers it, however close to "range"
    text = "For more range the Corvex 3 carries a 540 Wh battery and tops out at 25 km/h."
    assert read("Corvex 3", DimensionSpec(name="range", kind="quantity"), text, title="Corvex 3 review") is None
    assert read("Corvex 3", DimensionSpec(name="weight", kind="quantity"),
                "The Corvex 3 folds to 80 cm long.", title="Corvex 3 review") is None


def test_dimensions_sharing_a_head_are_told_apart_by_their_modifiers() -> None:
    # asked together, "towing weight" and "empty weight" are both masses: "weighs" or a kilogram says only that
    # some weight is meant, and the modifier says which
    obj = ObjectSpec(name="Harlow T4")
    towing, empty = DimensionSpec(name="towing weight"), DimensionSpec(name="empty weight")
    targets = [Target("Harlow T4/towing weight", obj, towing), Target("Harlow T4/empty weight", obj, empty)]

    def reads(text: str) -> dict[str, str]:
        return {r.cell.split("/")[1]: r.display for r in read_page([obj], targets, "Harlow T4", text)}

    assert reads("The Harlow T4 weighs 1,450 kg and can tow up to 2,000 kg.") == {"towing weight": "2,000 kg"}
    assert reads("Empty weight: 1,450 kg") == {"empty weight": "1,450 kg"}
    # asked alone, a weight needs no modifier
    assert read("Harlow T4", "empty weight", "The Harlow T4 weighs 1,450 kg.") == "1,450 kg"


def test_a_span_of_time_is_no_size_weight_or_capacity() -> None:
    # "guaranteed for 15 years" is a warranty however close it sits to "battery"
    text = "The Harlow T4 home battery is guaranteed for 15 years."
    assert read("Harlow T4", "battery capacity", text) is None
    assert read("Harlow T4", "battery capacity", "The Harlow T4 home battery stores 9.6 kWh.") == "9.6 kWh"


def test_a_power_draw_is_read_from_its_measured_figure() -> None:
    text = "Left on the counter, the Harlow T4 has a power draw of 2.4 W; its charging dock uses 7 W more."
    assert read("Harlow T4", "standby power draw", text) == "2.4 W"


def test_a_cue_inside_a_values_own_words_governs_that_value() -> None:
    # "per month" is the price's own rate: the yearly price after it is another price, not the one the cue marks
    text = "Harlow T4 Plus gives you 1 TB for $4.50 per month, or $45 a year."
    assert read("Harlow T4", "subscription price", text, title="Cloud drives compared") == "$4.50 per month"


def test_a_figure_in_the_units_of_the_quantity_the_head_names_needs_no_other_cue() -> None:
    # a speed is a length or an amount of data per second, a noise is in decibels: the unit says what is measured
    assert read("Lumo S2", "top speed", "The Lumo S2 will happily cruise at 38 km/h on the flat.") == "38 km/h"
    assert read("Quell 5", "noise level", "At night the Quell 5 hums along at 41 dB.") == "41 dB"
    assert read("Brook AX3", "maximum wireless speed", "The Brook AX3 pushes 2,400 Mbps over its two bands.") \
        == "2,400 Mbps"
    assert read("Torrin P9", "pump pressure", "The Torrin P9 builds up 15 bar, plenty for a dark roast.") == "15 bar"
    # a figure in another quantity's units is still no answer without a cue
    assert read("Lumo S2", "top speed", "The Lumo S2 carries a 350 W motor.") is None
    assert read("Torrin P9", "pump pressure", "The Torrin P9 heats up in 25 seconds and draws 1,350 W.") is None


def test_what_a_thing_holds_is_its_capacity() -> None:
    # English states a capacity with the verb "hold" as often as with the noun
    text = "Emptied and cleaned, the Tolmer Nine 4 holds 38 litres, enough for a weekend."
    assert read("Tolmer Nine 4", "capacity", text, title="Tolmer Nine 4 review") == "38 litres"
    assert read("Tolmer Nine 4", "capacity", "The Tolmer Nine 4 weighs 38 kg when full.", title="Tolmer Nine 4 review") is None


def test_heads_naming_a_physical_quantity_read_its_units() -> None:
    # a temperature, a volume, a force and a span are quantities with units of their own
    page = "Orrin K2 review"
    assert read("Orrin K2", "lowest temperature", "The Orrin K2 chills down to -26 °C on a warm day.", title=page) \
        == "-26 °C"
    assert read("Orrin K2", "tank volume", "The Orrin K2 takes 16 litres of water.", title=page) == "16 litres"
    assert read("Orrin K2", "blade span", "The Orrin K2 sweeps a 48-inch circle with its blades.", title=page) \
        == "48-inch"
    assert read("Orrin K2", "blade span", "The Orrin K2 spins its blades at 210 rpm.", title=page) is None
    # a force is written in newtons or, as winches and lifts are rated, in kilograms or pounds
    assert read("Orrin K2", "pull force", "The Orrin K2 pulls 4,500 lb on its first layer.", title=page) == "4,500 lb"
    assert read("Orrin K2", "pull force", "The Orrin K2 pulls its load in 30 seconds.", title=page) is None


def test_a_gapped_conjunct_gives_its_value_to_its_own_subject() -> None:
    # English leaves out the verb the second conjunct shares with the first: what is left is a subject and a value
    title = "Two camp fridges compared"
    text = "The Orrin K2 holds 32 litres and the Veslow Cube 27 litres."
    assert read("Veslow Cube", "capacity", text, title=title, others=("Orrin K2",)) == "27 litres"
    assert read("Orrin K2", "capacity", text, title=title, others=("Veslow Cube",)) == "32 litres"
    text = "The Orrin K2 goes down to -24 °C and the Veslow Cube to -16 °C."
    assert read("Veslow Cube", "lowest temperature", text, title=title, others=("Orrin K2",)) == "-16 °C"
    # a conjunct with a verb of its own is no gap: its value is read by its own clause
    text = "The Orrin K2 holds 32 litres and the Veslow Cube weighs 27 kg."
    assert read("Veslow Cube", "capacity", text, title=title, others=("Orrin K2",)) is None


def test_a_value_in_the_heads_units_carries_its_cue_into_the_clause_that_owns_it() -> None:
    # the maker as subject, the product as object: the figure's unit is the cue the clause needs
    text = "Quorvel rates the Orrin K2 to 1,200 metres on a clear day."
    assert read("Orrin K2", "maximum range", text, title="Orrin K2 review") == "1,200 metres"
    assert read("Orrin K2", "maximum range", "Quorvel rates the Orrin K2 at 4.5 stars.", title="Orrin K2 review") is None


def test_a_gerund_modifying_the_head_is_cued_by_its_verb() -> None:
    # "towing capacity" is what a thing tows: English states it with the verb as often as with the noun
    text = "Hitched up, the Orrin K2 tows 3,500 kg on a braked trailer."
    assert read("Orrin K2", "towing capacity", text, title="Orrin K2 review") == "3,500 kg"
    assert read("Orrin K2", "towing capacity", "The Orrin K2 weighs 3,500 kg empty.", title="Orrin K2 review") is None


def test_a_figure_stated_for_a_named_thing_is_that_things() -> None:
    # "for" right after a figure says what the figure is of, whoever the sentence's subject is
    text = "Hesketh lists 410 g a shoe for the Orrin K2, against 455 g for the Veslow Cube."
    assert read("Orrin K2", "weight", text, title="Two boots compared", others=("Veslow Cube",)) == "410 g"
    assert read("Veslow Cube", "weight", text, title="Two boots compared", others=("Orrin K2",)) == "455 g"


def test_a_capacity_is_measured_in_the_units_of_the_quantity_before_it() -> None:
    assert head_units(meaning("storage capacity")) == {"B"}
    assert head_units(meaning("tank capacity")) == frozenset()


def test_a_unit_names_neither_of_two_dimensions_measured_in_it() -> None:
    text = "The Orrin Tide has a working reach of 4.2 metres.\nThe Parrow Vale is rated for 4.6 metres."
    objects = [ObjectSpec(name="Orrin Tide"), ObjectSpec(name="Parrow Vale")]
    dims = [DimensionSpec(name="height"), DimensionSpec(name="reach")]
    targets = [Target(f"{o.name}/{d.name}", o, d) for o in objects for d in dims]
    found = {r.cell: r.display for r in read_page(objects, targets, "Orrin Tide vs Parrow Vale", text)}
    assert found == {"Orrin Tide/reach": "4.2 metres"}
