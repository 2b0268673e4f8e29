"""A strong model's correct findings pass the reader's check; plausible wrong ones do not.

Phrasings written apart from the evaluation sets (the shapes the issue lists, with other names)."""

from __future__ import annotations

import pytest

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import check_finding


def _check(obj: str, dim: DimensionSpec | str, value: str, quote: str, title: str, others: tuple[str, ...] = ()):
    objects = [ObjectSpec(name=obj), *(ObjectSpec(name=o) for o in others)]
    spec = dim if isinstance(dim, DimensionSpec) else DimensionSpec(name=dim)
    return check_finding(objects, objects[0], spec, value, quote, title)


@pytest.mark.parametrize("obj, dim, value, quote, title", [
    ("Dale Marsh", "born", "1950", 'Robert "Dale" Marsh (1950 – 2001) was a racing driver.', "Dale Marsh"),
    ("Grey Osk Terrier", "origin", "Norway", "The Osk Terrier or Grey Osk Terrier is a breed of dog from Norway.",
     "Grey Osk Terrier"),
    ("Warden of the Salt Court", "holder", "Ines Gale", "The present warden is Ines Gale.", "Warden of the Salt Court"),
    ("Ines Gale", DimensionSpec(name="honoured", kind="boolean"), "OBE", "Ines Gale was appointed OBE in 1990.",
     "Ines Gale"),
    ("Ines Gale", DimensionSpec(name="honoured", kind="boolean"), "true", "Ines Gale was appointed OBE in 1990.",
     "Ines Gale"),
    ("Ines Gale", "nationality", "United States", "Ines Gale is an American painter.", "Ines Gale"),
    ("Dale Marsh", "born", "1950", 'Dale "Skip" Marsh (1950 – 2001) was a racing driver.', "Dale Marsh"),
    ("Ines Gale", "died", "2001", "Ines Gale OBE (1950 – 2001) was a painter.", "Ines Gale"),
    ("Kell Mill", "year built", "late 18th century", "Kell Mill was built in the late 18th century.", "Kell Mill"),
    ("Lake Orma", "country", "United States", "Lake Orma is a lake in Oregon, United States.", "Lake Orma"),
    ("Kittle Boards", "price per seat", "$9", "Kittle Boards costs $9 per user per month.", "Kittle Boards"),
])
def test_a_correct_finding_passes(obj: str, dim: DimensionSpec | str, value: str, quote: str, title: str) -> None:
    checked = _check(obj, dim, value, quote, title)
    assert checked.refusal is None and checked.value is not None


def test_a_name_the_quote_does_not_write_is_refused() -> None:
    checked = _check("Warden of the Salt Court", "holder", "Bram Holt", "The present warden is Ines Gale.",
                     "Warden of the Salt Court")
    assert checked.value is None and checked.refusal is not None


def test_a_yes_no_cell_reads_a_negated_quote_as_no() -> None:
    checked = _check("Ines Gale", DimensionSpec(name="honoured", kind="boolean"), "true",
                     "Ines Gale was never appointed OBE.", "Ines Gale")
    assert checked.value is not None and checked.value.canonical == "no"


@pytest.mark.parametrize("value, quote", [
    ("2003", "Harl Vane formed in 1990 and released Tidewater in 2003."),  # another event's date
    ("1985", "Harl Vane moved to Leeds in 1985."),  # no word of the dimension dates it
    ("1985", "Harl Vane formed in 1990."),  # the quote holds another value
    ("1985", "Harl Vane formed in the 1980s."),  # finer than the quote says
])
def test_a_date_of_another_event_is_refused(value: str, quote: str) -> None:
    checked = _check("Harl Vane", "formation year", value, quote, "Harl Vane")
    assert checked.value is None and checked.refusal in ("ungoverned", "no_value")


def test_the_bare_surname_names_the_person_on_their_own_page() -> None:
    page = "Mara Vellin (born 1950) is a painter. She studied in Leeds. Vellin is best known for her seascapes."
    objects = [ObjectSpec(name="Mara Vellin")]
    checked = check_finding(objects, objects[0], DimensionSpec(name="known for", kind="text"), "her seascapes",
                            "Vellin is best known for her seascapes.", "Mara Vellin", page_text=page)
    assert checked.refusal is None and checked.matched == "short:Vellin"
    # off the person's own page the surname alone names nobody in particular
    other = check_finding(objects, objects[0], DimensionSpec(name="known for", kind="text"), "her seascapes",
                          "Vellin is best known for her seascapes.", "Painters of Leeds", page_text=page)
    assert other.refusal == "unattributed"


def test_a_weak_attribution_stays_weak_for_a_models_finding() -> None:
    # "Marlette Township" may be another place than Marlette: kept, but weak (it never confirms a cell alone)
    checked = _check("Marlette", "population", "1,200", "Marlette Township had a population of 1,200.", "Lakes of Sanilac")
    assert checked.value is not None and checked.matched.startswith("partial:")


@pytest.mark.parametrize("dim, value, quote", [
    ("birth date", "2009", "Mara Quell (4 March 1931 – 9 June 2009) was a Welsh potter."),  # the other end of a life span
    ("death date", "1931", "Mara Quell (4 March 1931 – 9 June 2009) was a Welsh potter."),
])
def test_the_year_of_the_other_date_in_the_quote_is_refused(dim: str, value: str, quote: str) -> None:
    checked = _check("Mara Quell", dim, value, quote, "Mara Quell")
    assert checked.value is None and checked.refusal == "ungoverned"


def test_the_year_of_the_right_date_in_the_quote_passes() -> None:
    checked = _check("Mara Quell", "death date", "2009", "Mara Quell (4 March 1931 – 9 June 2009) was a Welsh potter.",
                     "Mara Quell")
    assert checked.refusal is None and checked.value is not None and checked.value.canonical == "2009"


@pytest.mark.parametrize("value, refused", [
    ("Lantern Hours", True),  # the title's translation, in a parenthesis
    ("Mira Okafor", False),  # the name in the dimension's place
    ("Okafor", False),  # the same name, in part
])
def test_a_model_name_must_stand_where_the_dimension_puts_it(value: str, refused: bool) -> None:
    quote = ('Glass Orchard (lit. "Lantern Hours") is a 2019 Latvian drama film directed by Mira Okafor and starring '
             'Oskar Brenn.')
    checked = _check("Glass Orchard", "director", value, quote, "Glass Orchard")
    assert checked.refusal == ("other_value" if refused else None) and (checked.value is None) is refused


@pytest.mark.parametrize("quote, title", [
    ("Moonfall Rising (1984 film)", "Moonfall Rising (1984 film)"),  # the title's parenthesis: "a 1984 film"
    ("Moonfall Rising (1984) is a low-budget Welsh thriller directed by Ina Holt.", "Moonfall Rising"),
])
def test_a_year_in_parentheses_after_a_works_title_dates_the_work(quote: str, title: str) -> None:
    checked = _check("Moonfall Rising", DimensionSpec(name="year", kind="date"), "1984", quote, title)
    assert checked.refusal is None and checked.value is not None and checked.value.canonical == "1984"


def test_a_title_line_gives_its_own_year_only() -> None:
    checked = _check("Moonfall Rising", DimensionSpec(name="year", kind="date"), "1990", "Moonfall Rising (1984 film)",
                     "Moonfall Rising (1984 film)")
    assert checked.value is None
