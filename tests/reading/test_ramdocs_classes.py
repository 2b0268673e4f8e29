"""Classes of RAMDocs misses the reader now reads (bench/ramdocs_misses.py counts them), each with sentences
from the RAMDocs documents: who made a work, people named by a title and a surname, longer names that hold
the object's name (read, but weakly: such a reading never confirms a cell alone)."""

from __future__ import annotations

import pytest

from _read_kit import read_how as read


@pytest.mark.parametrize(
    "obj, text, expected",
    [
        ("The Wilderness Years",
         "The Wilderness Years is the fourth book in the Adrian Mole series, written by Sue Townsend.", "Sue Townsend"),
        ("Iconoclast", "Iconoclast: a Neuroscientist Reveals How to Think Differently is a neuropsychology book written "
         "by Gregory Berns and first published in 2008 by Harvard Business Press.", "Gregory Berns"),
        ("I Will Follow", "I Will Follow is a 2010 American independent drama film written, produced and directed by "
         "Ava DuVernay, starring Salli Richardson-Whitfield.", "Ava DuVernay"),
    ],
)
def test_the_creator_of_a_work_is_whoever_wrote_directed_or_recorded_it(obj: str, text: str, expected: str) -> None:
    assert read(obj, "creator", text) == (expected, "name")


def test_a_rank_before_a_surname_names_the_person_weakly() -> None:
    text = "Admiral Sir William King-Hall (11 March 1816 – 29 July 1886) was a Royal Navy officer."
    assert read("Admiral King-Hall", "born", text) == ("11 March 1816", "title")
    # two words of title: "Attorney General Russell"
    assert read("Attorney General Russell", "born", "Charles Russell (10 November 1832 – 10 August 1900) was a "
                "British lawyer.") == ("10 November 1832", "title")


def test_a_place_with_its_type_word_is_read_weakly_for_the_bare_name() -> None:
    text = ("Marlette Township is a civil township of Sanilac County in the U.S. state of Michigan. "
            "The population was 2,051 at the 2000 census.")
    assert read("Marlette", "population", text, title="Marlette Township, Michigan") == ("2,051", "partial")


def test_a_surname_question_reads_a_full_name_weakly() -> None:
    text = "Valeri Nikolayevich Bragin (); born May 31, 1956, is a retired Russian ice hockey forward."
    assert read("Bragin", "sport", text, title="Valeri Bragin") == ("ice hockey", "partial")


def test_a_longer_name_that_is_another_thing_is_not_the_object() -> None:
    # "Science News" inside "Simons Science News" (issue 11) stays another name: only a place type word after
    # the name or given names before a one-word surname make a partial mention
    text = "Simons Science News was launched in October 2012."
    assert read("Science News", "launched", text, title="Science News") is None
    assert read("Marlette", "population", "Marlette Hospital served 2,051 people.", title="Marlette") is None


def test_a_life_span_after_a_title_belongs_to_the_person() -> None:
    text = "Thomas Belasyse, 1st Earl Fauconberg PC (c. 1627 – 31 December 1700) was an English peer."
    assert read("Thomas Belasyse", "born", text) == ("c. 1627", "name")
    text = "Henry Cavendish, 2nd Duke of Newcastle-upon-Tyne, KG, PC (24 June 1630 – 26 July 1691) was an English politician."
    assert read("Henry Cavendish", "died", text) == ("26 July 1691", "name")


def test_free_text_answers_show_as_the_source_wrote_them() -> None:
    # genre and occupation compare on the head phrase but keep the source's words for display
    assert read("Six Feet Under", "genre", "Six Feet Under is an American death metal band from Tampa, Florida.") == (
        "death metal band", "name")
    assert read("Robin Wright", "occupation", "Robin Gayle Wright (born April 8, 1966) is an American actress and director.",
                title="Robin Wright") == ("actress and director", "variant")
    assert read("Choorian", "language", "Choorian is a 1963 Punjabi-language film directed by Jugal Kishore.") == (
        "Punjabi-language", "name")


@pytest.mark.parametrize(
    "obj, dim, text, title, expected",
    [
        # a Wikipedia title's disambiguation names the maker or the place
        ("Iconoclast", "creator", "Iconoclast (Symphony X album) Iconoclast is the eighth album by American progressive "
         "metal band Symphony X.", "", ("Symphony X", "name")),
        ("Central Square Historic District", "location", "Central Square Historic District (Stoneham, Massachusetts) The "
         "Central Square Historic District is a historic district encompassing much of the central business district.",
         "", ("Stoneham, Massachusetts", "name")),
        # families a dimension name found none for
        ("Let George Do It", "main actor", "Let George Do It is a 1938 comedy starring popular stage comedian George "
         "Wallace.", "", ("George Wallace", "name")),
        ("General Schultz", "military rank", "On 1 March 1944 Paul Schultz was promoted to Generalmajor.", "",
         ("Generalmajor", "title")),
        ("Biu", "historical name", "The name of Biu was initially called Viu which in Babur and Bura Language means high.",
         "", ("Viu", "name")),
        # a type word after the name in the question is no part of the name pages use
        ("Danger Mouse TV series", "released", "Danger Mouse is a British animated television series. The series "
         "premiered on CBBC on 28 September 2015.", "Danger Mouse (2015 TV series) Danger Mouse is a British",
         ("28 September 2015", "reference")),
    ],
)
def test_more_classes(obj: str, dim: str, text: str, title: str, expected: tuple[str, str]) -> None:
    assert read(obj, dim, text, title=title) == expected


def test_a_heading_run_into_the_first_sentence_is_not_its_subject() -> None:
    text = ("Symphony No. 1 (Balakirev) The Symphony No. 1 in C major by Mily Balakirev is scored for 3 flutes, oboe "
            "and English horn.")
    title = "Symphony No. 1 (Balakirev) The Symphony No. 1 in C major by"  # a result title: the opening words
    assert read("Symphony No. 1 in C major", "composer", text, title=title) == (
        "Mily Balakirev", "reference")
    # a full name is one name, not a heading and a surname
    text = "Valeri Nikolayevich Bragin (); born May 31, 1956, is a retired Russian ice hockey forward."
    assert read("Bragin", "sport", text, title="Valeri Bragin")[1] == "partial"


def test_a_year_range_is_shown_as_written() -> None:
    text = ("Simeon P. Smith House The Simeon P. Smith House is a historic house at 154 High Street in Portsmouth, "
            "New Hampshire. Built in 1810-11, it is a fine example of a Federal-style duplex.")
    assert read("Simeon P. Smith House", "built", text) == ("1810-11", "reference")
    # the name with a middle initial the question left out: read, weakly
    assert read("Simeon Smith House", "built", text, title="Simeon P. Smith House") == ("1810-11", "partial")


def test_a_reference_only_the_body_grounds_is_weak() -> None:
    # an excerpt that starts mid-article: "She" follows a sentence naming Coneo, but no title says whose page it is
    text = ("Coneo won the silver medal in the 2014 U23 Pan-American Cup held in Peru. She helped her national team to "
            "end up in the sixth place in the volleyball tournament held in the 2014 Central American and Caribbean Games.")
    assert read("Coneo", "sport", text, title="Best Outside Hitter award and her team finished in fifth place") == (
        "volleyball", "carried")
    assert read("Coneo", "sport", text, title="Coneo") == ("volleyball", "reference")


def test_what_a_thing_is_keeps_its_article() -> None:
    text = "Belorechensky District () is an administrative district (raion), one of the thirty-eight in Krasnodar Krai."
    assert read("Belorechensky District", "primary function", text) == ("an administrative district", "name")
    # a participle after the copula is no definition
    assert read("Nothocestrum", "definition", "Nothocestrum is collected in the wild.") is None


def test_a_result_naming_a_longer_form_is_a_lead() -> None:
    from research_agent.reading.attribution import Named, lead_mentions

    house = Named("Simeon Smith House", ("Simeon Smith House",))
    assert lead_mentions("Simeon P. Smith House The Simeon P. Smith House is a historic", house)
    assert not lead_mentions("Smith House of Commons records", house)


def test_case_titles_are_not_cut_at_an_initial() -> None:
    from research_agent.evals.realdata_casefile import opening_words

    assert opening_words("Simeon P. Smith House The Simeon P. Smith House is a historic house. Built in 1810.") == (
        "Simeon P. Smith House The Simeon P. Smith House is a historic")
    assert opening_words("The club was formed in 1968. It is big.") == "The club was formed in 1968."


def test_a_heading_is_not_cut_inside_a_full_name() -> None:
    # "Valeri Bragin Valeri Nikolayevich Bragin": the surname after "Nikolayevich" is no restart of the body
    text = "Valeri Bragin Valeri Nikolayevich Bragin (); born May 31, 1956, is a retired Russian ice hockey forward."
    found = read("Bragin", "sport", text, title="Valeri Bragin Valeri Nikolayevich Bragin (); born May 31, 1956, is a")
    assert found is None or found[1] == "partial"


def test_a_name_a_parenthesis_gives_an_acronym_for_is_the_acronym() -> None:
    text = ("The Oxford University Chess Club (OUCC) was founded at the University of Oxford in 1869 and is the oldest "
            "university chess club in the United Kingdom.")
    assert read("OUCC", "primary activity", text, title="Oxford University Chess Club") == (
        "the oldest university chess club", "alias")
    assert read("OUCC", "founded", text, title="Oxford University Chess Club") == ("1869", "alias")


def test_a_short_title_before_the_full_name_is_a_heading() -> None:
    text = "Valeri Bragin Valeri Nikolayevich Bragin (); born May 31, 1956, is a retired Russian ice hockey forward."
    assert read("Bragin", "sport", text, title="Valeri Bragin") == ("ice hockey", "partial")
