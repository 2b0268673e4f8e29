"""One measure written in two units, each rounded as written ("165 lb" on one page, "75 kg" on another), is one
value: the two pages agree and confirm it. Two figures that no rounding explains stay a conflict. So is one price
written with the period it is charged per and without it ("$14 a month", "$14")."""

from __future__ import annotations

from research_agent.reading.values import find_values, same_measure, same_price

from agentkit import page

Q = "What is the weight of the Tolland Rover?"
CONTRACT = {"objects": ["Tolland Rover", "Brisk Haul"], "dimensions": ["weight"], "min_sources": 2}
SPEC = "https://tolland.example/rover/specs.html"
REVIEW = "https://cargoreview.example/rover.html"


def _run(runner, review_sentence: str):
    pages = {SPEC: page("Tolland Rover specifications", "Tolland Rover weight: 165 lb with the battery fitted."),
             REVIEW: page("Tolland Rover review", f"We rode the Tolland Rover for a month. {review_sentence}")}
    return runner.run(pages, Q, contract=CONTRACT).state.cells["Tolland Rover/weight"]


def test_a_figure_converted_to_another_unit_agrees_with_the_original(runner):
    cell = _run(runner, "The Tolland Rover weighs 75 kg, so carrying it upstairs is a two-person job.")
    assert cell.status == "confirmed" and cell.independent_sources == 2 and not cell.conflict


def test_a_figure_no_rounding_explains_is_another_value(runner):
    cell = _run(runner, "The Tolland Rover weighs 80 kg, so carrying it upstairs is a two-person job.")
    assert cell.status == "partial" and cell.conflict


def test_only_a_conversion_is_rounded_alike():
    assert same_measure("9 ft", "2.7 m") and same_measure("20 mph", "32 km/h") and same_measure("1.5 hours", "90 min")
    assert not same_measure("2.7 m", "2.74 m")  # one unit as written: two figures, not one converted
    assert not same_measure("9 ft", "2.5 m") and not same_measure("9 ft", "9 kg")
    assert find_values("165 lb", "quantity")[0].canonical != find_values("75 kg", "quantity")[0].canonical


def test_a_price_written_without_its_period_agrees_with_the_same_sum_per_month(runner):
    q = "What is the price of Tolland Cloud?"
    contract = {"objects": ["Tolland Cloud", "Brisk Drive"], "dimensions": ["price"], "min_sources": 2}
    pages = {
        "https://tolland.example/cloud/pricing.html": page("Tolland Cloud pricing", "Tolland Cloud costs $14 a month."),
        "https://cloudreview.example/tolland.html": page("Tolland Cloud review", "Tolland Cloud costs $14, with 2 TB."),
    }
    cell = runner.run(pages, q, contract=contract).state.cells["Tolland Cloud/price"]
    assert cell.status == "confirmed" and cell.independent_sources == 2 and not cell.conflict


def test_only_the_same_sum_in_the_same_currency_is_one_price():
    assert same_price("USD 14", "USD 14/month") and not same_price("USD 14/month", "USD 14/year")
    assert not same_price("USD 14", "EUR 14/month") and not same_price("USD 14", "USD 15/month")
