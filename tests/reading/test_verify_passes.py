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
