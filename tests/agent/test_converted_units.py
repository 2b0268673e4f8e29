"""One measure written in two units, each rounded as written ("143 lb" on one page, "65 kg" on another), is one
value: the two pages agree and confirm it. Two figures that no rounding explains stay a conflict. So is one price
written with the period it is charged per and without it ("$31 a month", "$31")."""

from __future__ import annotations

from research_agent.reading.values import find_values, same_measure, same_price

from agentkit import page

Q = "What is the weight of the Wexcombe Rover?"
CONTRACT = {"objects": ["Wexcombe Rover", "Brisk Haul"], "dimensions": ["weight"], "min_sources": 2}
SPEC = "https://wexcombe.example/rover/specs.html"
REVIEW = "https://cargoreview.example/rover.html"


def _run(runner, review_sentence: str):
    pages = {SPEC: page("Wexcombe Rover specifications", "Wexcombe Rover weight: 143 lb with the battery fitted."),
             REVIEW: page("Wexcombe Rover review", f"We rode the Wexcombe Rover for a month. {review_sentence}")}
    return runner.run(pages, Q, contract=CONTRACT).state.cells["Wexcombe Rover/weight"]


def test_a_figure_converted_to_another_unit_agrees_with_the_original(runner):
    cell = _run(runner, "The Wexcombe Rover weighs 65 kg, so carrying it upstairs is a two-person job.")
    assert cell.status == "confirmed" and cell.independent_sources == 2 and not cell.conflict


def test_a_figure_no_rounding_explains_is_another_value(runner):
    cell = _run(runner, "The Wexcombe Rover weighs 80 kg, so carrying it upstairs is a two-person job.")
    assert cell.status == "partial" and cell.conflict


def test_only_a_conversion_is_rounded_alike():
    assert same_measure("17 ft", "5.2 m") and same_measure("45 mph", "72 km/h") and same_measure("1.75 hours", "105 min")
    assert not same_measure("5.2 m", "5.26 m")  # one unit as written: two figures, not one converted
    assert not same_measure("17 ft", "4.6 m") and not same_measure("17 ft", "17 kg")
    assert find_values("143 lb", "quantity")[0].canonical != find_values("65 kg", "quantity")[0].canonical


def test_a_price_written_without_its_period_agrees_with_the_same_sum_per_month(runner):
    q = "What is the price of Wexcombe Cloud?"
    contract = {"objects": ["Wexcombe Cloud", "Brisk Drive"], "dimensions": ["price"], "min_sources": 2}
    pages = {
        "https://wexcombe.example/cloud/pricing.html": page("Wexcombe Cloud pricing", "Wexcombe Cloud costs $31 a month."),
        "https://cloudreview.example/wexcombe.html": page("Wexcombe Cloud review", "Wexcombe Cloud costs $31, with 2 TB."),
    }
    cell = runner.run(pages, q, contract=contract).state.cells["Wexcombe Cloud/price"]
    assert cell.status == "confirmed" and cell.independent_sources == 2 and not cell.conflict


def test_only_the_same_sum_in_the_same_currency_is_one_price():
    assert same_price("USD 14", "USD 14/month") and not same_price("USD 14/month", "USD 14/year")
    assert not same_price("USD 14", "EUR 14/month") and not same_price("USD 14", "USD 15/month")
