"""Lexicon families a user's questions need beyond the ones the evalsets use: a school's intake (gender),
what a company makes (product), and the count of any noun ("number of libraries") — each read from a
sentence phrased like the RAMDocs documents, and each refusing what only looks like an answer."""

from __future__ import annotations

from research_agent.reading.lexicon import family_named
from research_agent.reading.segment import split_sentences

from _read_kit import read


def test_gender_names_map_to_the_intake_family() -> None:
    for name in ("gender", "gender composition", "student gender", "sex"):
        assert family_named(name) is not None and family_named(name).name == "gender", name


def test_a_school_intake_is_read_from_its_definition() -> None:
    text = "Holloway Academy is an all-boys Catholic secondary school in the north of the city."
    assert read("Holloway Academy", "gender", text) == "all-boys"
    assert read("Brecon Grammar School", "gender", "Brecon Grammar School is a selective grammar school for girls "
                "aged 11 to 18.") == "girls"
    assert read("Ashby College", "gender composition", "Ashby College became a coeducational college in 1972.") == \
        "coeducational"


def test_a_gender_word_inside_a_schools_name_is_not_its_intake() -> None:
    # "… School for Girls" is the name of another school, not a statement that this one takes girls
    text = "Wirral Grammar School for Girls has been rated a high performing school by the trust."
    assert read("Wirral Grammar School", "gender", text) is None


def test_what_a_company_makes_is_the_phrase_its_verb_governs() -> None:
    assert family_named("primary product or industry").name == "product"
    text = "Albrecht Werke is a company in Coburg, Germany, that has manufactured wooden toy trains since 1901."
    assert read("Albrecht Werke", "product", text) == "wooden toy trains"
    text = "Trevisa is one of the largest hosiery manufacturers in Europe, with 4,000 employees."
    assert read("Trevisa", "main product", text) == "hosiery manufacturers"


def test_the_number_of_any_noun_is_a_count_cued_by_that_noun() -> None:
    assert family_named("number of libraries").name == "count"
    assert family_named("number of employees").name == "employees"  # the specific family still wins
    text = "The Marsh County Library System (MCLS) is an organisation that administers twelve libraries in Marsh County."
    assert read("MCLS", "number of libraries", text, title="Marsh County Library System") == "twelve"
    # a number that counts something else is not the answer
    assert read("MCLS", "number of libraries", "The MCLS was founded by 40 volunteers.") is None


def test_a_title_before_a_first_name_does_not_end_a_sentence() -> None:
    # nupunkt keeps "St. Louis" but cut "St. Michael Academy" after "St."
    assert split_sentences("It is old. St. Michael Academy was an all-girls high school in Manhattan. It closed.") == [
        "It is old.", "St. Michael Academy was an all-girls high school in Manhattan.", "It closed."]
    assert split_sentences("The talk was given by Dr. John Hale. Many came.") == [
        "The talk was given by Dr. John Hale.", "Many came."]


def test_the_number_of_a_noun_another_family_holds_is_still_a_count() -> None:
    # "buildings" holds the stem of `built`, but "number of buildings" asks how many
    assert family_named("number of buildings").name == "count"
    text = "The Pell Street Historic District encompasses 118 contributing buildings and 2 contributing sites."
    assert read("Pell Street Historic District", "number of buildings", text) == "118 contributing buildings"


def test_a_type_of_thing_with_its_own_family_is_answered_by_that_family() -> None:
    assert family_named("type of aircraft").name == "aircraft"
    assert family_named("type of work").name == "medium"  # a family keyed on both words keeps them
    assert family_named("type of unit").name == "genre"  # no family for the noun: still a kind of thing
    text = "Orrin Air Flight 12 was a scheduled passenger flight. The aircraft involved was a Douglas DC-6B built in 1951."
    assert read("Orrin Air Flight 12", "type of aircraft", text) == "Douglas DC-6B"
    assert read("Orrin Air Flight 12", "aircraft", "Orrin Air Flight 12, registration G-AOFA, was an Ilyushin Il-18V "
                "en route to Riga.") == "Ilyushin Il-18V"


def test_a_political_ideology_is_its_own_family_before_party() -> None:
    assert family_named("primary political ideology").name == "ideology"
    assert family_named("political party").name == "party"
    text = "Liberty Union (LU) was a right-wing Portuguese political party active between 1991 and 1998."
    assert read("Liberty Union", "political ideology", text) == "right-wing"


def test_a_career_start_is_read_from_the_debut() -> None:
    assert family_named("career start").name == "debut"
    text = "On 3 March 2014 Pell made his professional debut in the Eredivisie against Ajax."
    assert read("Pell", "career start", text) == "3 March 2014"
    text = "Born in Lae in 1981, Tau Vele first played for Papua New Guinea in the 1998 ACC Trophy in Nepal."
    assert read("Tau Vele", "career start", text) == "1998"  # the birth year is not the debut


def test_the_artist_of_a_painting_is_who_painted_it() -> None:
    text = "The Orrin Madonna is an oil painting by the Flemish master Jan Pellaert, dated to about 1470."
    assert read("The Orrin Madonna", "artist", text) == "Jan Pellaert"  # the demonym and the noun are skipped
    assert read("The Orrin Madonna", "artist", "The Orrin Madonna is a painting by Caravaggio in the Borghese "
                "Gallery.") == "Caravaggio"
    text = "The Orrin Madonna was long given to Ribera, but was reattributed to Stanzione by Mario Modestini in 1951."
    assert read("The Orrin Madonna", "artist", text) == "Stanzione"


def test_where_and_how_someone_died_are_a_place_and_a_cause_not_a_date() -> None:
    assert family_named("cause of death").name == "cause of death"
    assert family_named("place of death").name == "death place"
    assert family_named("date of death").name == "died"
    text = "Ilse Varga (1901 – 1950) was an Austrian poet. She died of tuberculosis in Davos, Switzerland, aged 49."
    assert read("Ilse Varga", "cause of death", text) == "tuberculosis"
    assert read("Ilse Varga", "death place", text) == "Davos, Switzerland"
    assert read("Ilse Varga", "died", text) == "1950"


def test_a_birth_note_gives_the_place_after_the_date() -> None:
    text = "Tamsin Orr (born Tamsin Vale on 2 May 1971, Dunmore, Ireland) is a folk singer and fiddler."
    assert read("Tamsin Orr", "place of birth", text) == "Dunmore, Ireland"
    assert read("Tamsin Orr", "place of birth", "Tamsin Orr (born 2 May 1971) is a folk singer from Galway.") is None


def test_a_birth_name_is_a_name_never_the_date_of_birth() -> None:
    # "birth name" asks for the name someone was born with; the date beside it answers "birth date"
    text = "Delia Marsh (born Delia Fenwick; 14 March 1958) is a retired Welsh fell runner."
    assert read("Delia Marsh", "birth name", text) == "Delia Fenwick"
    assert read("Delia Marsh", "birth date", text) == "14 March 1958"
    assert read("Delia Marsh", "birth name", "Delia Marsh (born 14 March 1958) is a retired Welsh fell runner.") is None
    assert read("Delia Marsh", "maiden name", "Delia Marsh, née Fenwick, is a retired Welsh fell runner.") == "Fenwick"


def test_a_products_release_is_read_from_how_english_says_it_arrives() -> None:
    # a product arrives, ships, lands, goes on sale or becomes available on its release date
    for sentence in ("The Farrow Lamp 2 goes on sale on May 2, 2026 in three colours.",
                     "The Farrow Lamp 2 will be available from May 2, 2026 at $89.",
                     "The Farrow Lamp 2 now ships on May 2, 2026, a month late."):
        assert read("Farrow Lamp 2", "release date", sentence) == "May 2, 2026", sentence
    assert read("Farrow Lamp 2", "release date", "The Farrow Lamp 2 was reviewed on May 2, 2026.") is None, \
        "a date of something else done to it"


def test_a_kind_of_place_asks_where_the_thing_is() -> None:
    for name in ("town", "village", "county", "home town", "district"):
        assert family_named(name) is not None and family_named(name).name in ("location", "birthplace"), name
    text = "Ferris Mill is a restored watermill in Lower Ashby, Dorset, built in 1790."
    assert read("Ferris Mill", "town", text) == "Lower Ashby, Dorset"
    text = "The Harlow Institute is a research library located in Brede, East Sussex."
    assert read("Harlow Institute", "village", text) == "Brede, East Sussex"
    # a place named for something else is no answer
    assert read("Ferris Mill", "town", "Ferris Mill was bought by a family from Leeds in 1950.") is None
