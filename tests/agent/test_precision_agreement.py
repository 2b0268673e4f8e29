"""One statement written at two precisions is one value: a year on one page and the month of that year on another,
a description and a longer one opening with the same words. The two pages agree and confirm the cell. Two
descriptions that part ways, or two different years, stay a conflict."""

from __future__ import annotations

from research_agent.reading.values import same_statement

from agentkit import page

SPEC = "https://tarvo.example/glide/specs.html"
REVIEW = "https://ridereview.example/tarvo-glide.html"
CONTRACT = {"objects": ["Tarvo Glide", "Brisk Haul"], "dimensions": ["frame finish", "release date"], "min_sources": 2}


def _cells(runner, spec: str, review: str):
    pages = {SPEC: page("Tarvo Glide specifications", spec),
             REVIEW: page("Tarvo Glide review", f"We rode the Tarvo Glide for a month. {review}")}
    state = runner.run(pages, "Tarvo Glide frame finish and release date", contract=CONTRACT).state
    return state.cells["Tarvo Glide/frame finish"], state.cells["Tarvo Glide/release date"]


def test_a_longer_description_opening_with_the_same_words_agrees(runner):
    finish, _ = _cells(runner, "Tarvo Glide frame finish: brushed anodised grey.",
                       "The Tarvo Glide frame finish is brushed anodised grey with gloss decals.")
    assert finish.status == "confirmed" and finish.independent_sources == 2 and not finish.conflict


def test_a_year_agrees_with_a_month_of_that_year(runner):
    _, released = _cells(runner, "The Tarvo Glide was released in 2019.", "The Tarvo Glide was released in March 2019.")
    assert released.status == "confirmed" and released.independent_sources == 2 and not released.conflict


def test_descriptions_that_part_ways_and_other_years_stay_a_conflict(runner):
    finish, released = _cells(runner, "Tarvo Glide frame finish: brushed anodised grey. The Tarvo Glide was released in 2019.",
                              "The Tarvo Glide frame finish is satin olive. The Tarvo Glide was released in March 2021.")
    assert finish.status == "partial" and finish.conflict
    assert released.status == "partial" and released.conflict


def test_only_a_leading_part_or_a_date_inside_another_is_one_statement():
    assert same_statement("oiled oak", "oiled oak with a walnut inlay") and same_statement("2019-03", "2019")
    assert same_statement("1990s", "1994") and not same_statement("2019", "2021-03")
    assert not same_statement("oak", "oiled oak")  # the same words, not where the longer one opens
    assert not same_statement("satin olive", "satin grey") and not same_statement("12", "12 beta")
