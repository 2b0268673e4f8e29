"""A model's name for a person or place must be a phrase of its own in the dimension's place (verify.py,
`phrases`): a demonym cut out of "an Irish crime film" is no director, and the actor after "starring" is no
director either; the name the dimension's own verb takes passes.  Phrasings written apart from the eval sets."""

from __future__ import annotations

import pytest

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import check_finding


def _check(obj: str, dim: str, value: str, quote: str):
    objects = [ObjectSpec(name=obj)]
    return check_finding(objects, objects[0], DimensionSpec(name=dim), value, quote, obj)


FILM = "Harbour Lights is a 1971 Irish crime film written and directed by Nessa Quill and starring Tom Ardle."


@pytest.mark.parametrize("value", ["Irish", "Tom Ardle"])
def test_a_name_out_of_another_phrase_is_refused(value: str) -> None:
    checked = _check("Harbour Lights", "director", value, FILM)
    assert checked.value is None and checked.refusal == "no_value"


def test_the_name_the_dimension_verb_takes_passes() -> None:
    checked = _check("Harbour Lights", "director", "Nessa Quill", FILM)
    assert checked.refusal is None and checked.value is not None and checked.value.display == "Nessa Quill"


def test_a_name_under_the_dimension_verb_in_another_order_passes() -> None:
    checked = _check("Harbour Lights", "director", "Nessa Quill",
                     "Harbour Lights stars Tom Ardle and was directed by Nessa Quill.")
    assert checked.refusal is None and checked.value is not None


def test_an_adjective_still_answers_a_dimension_that_asks_for_one() -> None:
    checked = _check("Ola Brenn", "party", "Labour", "Ola Brenn was a Labour member of the Storting.")
    assert checked.refusal is None and checked.value is not None


def test_a_demonym_is_no_occupation() -> None:
    quote = "Ines Varga (1931 – 2004) was a Hungarian sculptor."
    assert _check("Ines Varga", "occupation", "Hungarian", quote).refusal == "no_value"
    kept = _check("Ines Varga", "occupation", "sculptor", quote)
    assert kept.refusal is None and kept.value is not None


def test_a_demonym_of_two_words_is_no_director_either() -> None:
    checked = _check("Harbour Lights", "director", "South African",
                     "Harbour Lights is a 1971 South African crime film directed by Nessa Quill.")
    assert checked.value is None and checked.refusal == "no_value"


PAGE = ("Harbour Lights\n\nHarbour Lights (Afrikaans title; lit. Lamps of the Port) is a 1971 crime film directed by "
        "Nessa Quill. It was shot in Durban.")


def test_a_piece_of_a_sentence_is_read_in_its_sentence() -> None:
    # a model may quote from after an abbreviation, cutting the sentence's subject off
    piece = "Lamps of the Port) is a 1971 crime film directed by Nessa Quill."
    objects = [ObjectSpec(name="Harbour Lights"), ObjectSpec(name="Lamps of the Port")]
    alone = check_finding(objects, objects[0], DimensionSpec(name="director"), "Nessa Quill", piece, "Notes")
    assert alone.value is None and alone.refusal == "unattributed"
    read = check_finding(objects, objects[0], DimensionSpec(name="director"), "Nessa Quill", piece, "Notes",
                         page_text=PAGE)
    assert read.refusal is None and read.value is not None and read.value.display == "Nessa Quill"
    assert read.quote.startswith("Harbour Lights (Afrikaans title; lit.")


@pytest.mark.parametrize("dim, value, quote", [
    ("composer", "Ashputtel", 'Aschenkind ("Ashputtel") is a ballet written by Oskar Lindt.'),
    ("founder", "Gwasg Tarn", "Tarnfa Press (Welsh: Gwasg Tarn; est. 1901) is a Welsh-language publisher."),
    ("continent", "Nahr", "The Ordell River (transliterated: Nahr Ordel) in east Africa rises in the highlands."),
])
def test_a_name_glossed_in_a_parenthesis_is_no_value_of_the_thing(dim: str, value: str, quote: str) -> None:
    obj = quote.split(" (")[0].removeprefix("The ")
    checked = _check(obj, dim, value, quote)
    assert checked.value is None and checked.refusal == "no_value"


def test_a_fact_after_the_gloss_in_the_same_parenthesis_passes() -> None:
    checked = _check("Kim Sora", "place of birth", "Busan", "Kim Sora (Hangul: 김소라; born 1980 in Busan) is a singer.")
    assert checked.refusal is None and checked.value is not None


def test_a_person_is_no_place_and_a_people_is_no_maker() -> None:
    siege = "The Siege of Tarnholt (May 1642) was a failed attempt by Prince Albrecht of Hesse to take Marburg."
    assert _check("Siege of Tarnholt", "location", "Prince Albrecht of Hesse", siege).value is None
    album = "Night Lanterns is the fourth studio album of Icelandic folk singer Orla Reynis, released in 2004."
    assert _check("Night Lanterns", "manufacturer", "Icelandic", album).value is None
