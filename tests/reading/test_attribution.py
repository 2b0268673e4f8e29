"""The attribution rule: a sentence is evidence for an object only when it names it (not inside a longer
name) or refers to it on a page about it; a sentence about another named entity never counts for the
page's title object."""

from __future__ import annotations

import pytest

from research_agent.reading.attribution import Named, Subjects, attribute, lead_mentions, mentions, page_subject

OKAPI = Named("Okapi Boards", ("Okapi Boards",))
KESTREL = Named("Kestrel", ("Kestrel",))
SCIENCE_NEWS = Named("Science News", ("Science News",))
ED_WOOD = Named("Ed Wood", ("Ed Wood",))


def owner(sentence: str, value: str, objects: list[Named], title: str = "", target: str | None = None) -> str | None:
    discourse = Subjects(page_subject(title, objects))
    ents = mentions(sentence, objects, page_object=discourse.current)
    at = sentence.index(value)
    att = attribute(sentence, objects, discourse, value_span=(at, at + len(value)), ents=ents, target=target)
    return att.obj if att else None


@pytest.mark.parametrize(
    "sentence, value, title, expected",
    [
        # the user corpus of issue 11: review pages titled "Okapi Boards vs Brindle"
        ("Brindle is released under the MIT license.", "MIT", "Okapi Boards vs Brindle", None),
        ("It is released under the MIT license.", "MIT", "Okapi Boards vs Brindle", None),
        ("Okapi Boards is proprietary software.", "proprietary", "Okapi Boards vs Brindle", "Okapi Boards"),
        ("It is released under the MIT license.", "MIT", "Okapi Boards review", "Okapi Boards"),
        ("License: MIT", "MIT", "Okapi Boards", "Okapi Boards"),
        ("License: MIT", "MIT", "Okapi Boards vs Brindle", None),
        # clause subjects
        ("Unlike Okapi Boards, Brindle is MIT licensed.", "MIT", "", None),
        ("Okapi Boards is proprietary, while Brindle is MIT licensed.", "MIT", "", None),
        ("Okapi Boards is proprietary, while Brindle is MIT licensed.", "proprietary", "", "Okapi Boards"),
        ("The license of Okapi Boards is MIT.", "MIT", "", "Okapi Boards"),
        ("Okapi Boards's licence is MIT.", "MIT", "", "Okapi Boards"),
        ("Acme's rival, Okapi Boards, is MIT licensed.", "MIT", "", None),
        ("Founded in 2006 by John Smith, Okapi Boards makes planning software.", "2006", "", "Okapi Boards"),
        ("Brindle said that Okapi Boards is MIT licensed.", "MIT", "", "Okapi Boards"),
    ],
)
def test_okapi_sentences(sentence: str, value: str, title: str, expected: str | None) -> None:
    assert owner(sentence, value, [OKAPI], title) == expected


def test_a_name_inside_a_longer_name_is_not_a_mention() -> None:
    # real HotpotQA sentence (Quanta Magazine's page): it is about Quanta, not about Science News
    s = 'Initially launched as "Simons Science News" in October 2012, it was renamed to its current name in July 2013.'
    assert owner(s, "October 2012", [SCIENCE_NEWS], "Quanta Magazine") is None
    assert owner("Simons Science News, launched in October 2012, covers research.", "October 2012", [SCIENCE_NEWS], "Science News") is None
    assert owner("Science News was launched in 1921.", "1921", [SCIENCE_NEWS], "Science News") == "Science News"


def test_editions_and_legal_forms_are_the_same_object() -> None:
    quill = Named("Quillstore", ("Quillstore",))
    assert owner("Quillstore Cloud costs $29 per month.", "$29", [quill]) == "Quillstore"
    assert owner("Tansy Mail BV raised $12 million in seed funding.", "$12 million", [Named("Tansy Mail", ("Tansy Mail",))]) == "Tansy Mail"


def test_person_name_variants() -> None:
    s = "Edward Davis Wood Jr. (October 10, 1924 – December 10, 1978) was an American filmmaker."
    assert owner(s, "American", [ED_WOOD], "Ed Wood") == "Ed Wood"
    assert owner(s, "December 10, 1978", [ED_WOOD], "Ed Wood") == "Ed Wood"
    mollison = Named("Jim Mollison", ("Jim Mollison",))
    assert owner('James Allan "Jim" Mollison MBE (19 April 1905 – 30 October 1959) was a Scottish aviator.', "30 October 1959", [mollison]) == "Jim Mollison"
    downer = Named("John Downer", ("John Downer",))
    assert owner("Sir John William Downer, KCMG, KC (6 July 1843 – 2 August 1915) was the Premier.", "6 July 1843", [downer]) == "John Downer"
    # another person with the same surname is not a variant
    assert owner("Tim Wood (born 1960) is an English actor.", "1960", [ED_WOOD], "Tim Wood") is None


def test_both_coordinated_subjects_get_the_value() -> None:
    objs = [OKAPI, KESTREL]
    s = "Both Okapi Boards and Kestrel are MIT licensed."
    assert owner(s, "MIT", objs, target="Okapi Boards") == "Okapi Boards"
    assert owner(s, "MIT", objs, target="Kestrel") == "Kestrel"
    assert owner("Okapi Boards and Kestrel are licensed under MIT and GPL respectively.", "MIT", objs, target="Kestrel") is None


def test_leads_name_shorter_and_longer_forms() -> None:
    madi = Named("Madi Municipality", ("Madi Municipality",))
    assert lead_mentions("Madi, Chitwan - Wikipedia: Madi is a municipality in Chitwan District", madi)
    assert lead_mentions("Edward Davis Wood Jr. biography", ED_WOOD)
    assert not lead_mentions("Tim Wood biography", ED_WOOD)
    assert page_subject("Okapi Boards vs Brindle", [OKAPI]) is None
    assert page_subject("Okapi Boards pricing | Okapi", [OKAPI]) == "Okapi Boards"


def test_a_namesakes_qualifier_decides_only_when_the_question_writes_it() -> None:
    # the question wrote "Tarrow Township, Ohio": a page titled with the Michigan township is another place's
    ohio = Named("Tarrow Township, Ohio", ("Tarrow Township, Ohio",))
    assert page_subject("Tarrow Township, Michigan", [ohio]) is None
    assert page_subject("Tarrow Township, Ohio", [ohio]) == "Tarrow Township, Ohio"
    # the question wrote "Lindqvist Hall" (an alias carries a place): a page titled "Lindqvist Hall" is its page
    hall = Named("Lindqvist Hall", ("Lindqvist Hall", "Lindqvist Hall, Umeå University"))
    assert page_subject("Lindqvist Hall", [hall]) == "Lindqvist Hall"



BRACKWELL = Named("Brackwell", ("Brackwell",))


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # a complement clause with its own subject states its own proposition, whatever the verb before it
        ("The Tarrant County survey found that Brackwell's population was 4,210.", "Brackwell"),
        ("A Halden Council report estimated that Brackwell had 4,210 residents.", "Brackwell"),
        # without one, the named entity that is the subject owns the value
        ("The Tarrant County survey counted 4,210 residents in Brackwell.", None),
        ("The Tarrant County survey found that its population was 4,210.", None),
    ],
)
def test_a_complement_clause_has_its_own_subject(sentence: str, expected: str | None):
    assert owner(sentence, "4,210", [BRACKWELL], target="Brackwell") == expected


MARLIN = Named("Osprey Marlin T4", ("Osprey Marlin T4",))
KITE = Named("Fenwick K2", ("Fenwick K2",))


def _owners(sentence: str, named: list[Named]) -> list[tuple[str, str | None, str | None]]:
    return [(m.text, m.obj, m.how) for m in mentions(sentence, named)]


def test_a_product_is_named_by_its_model_without_the_maker() -> None:
    # a review names each product by its model once the maker is known: "the K2", "the Marlin T4"
    sentence = "The Marlin T4 runs for nine hours, where the K2 gives up after six."
    assert _owners(sentence, [MARLIN, KITE]) == [("Marlin T4", "Osprey Marlin T4", "model"), ("K2", "Fenwick K2", "model")]


def test_a_model_shared_by_two_objects_or_inside_a_longer_name_names_neither() -> None:
    twin = Named("Halloran K2", ("Halloran K2",))
    assert [o for _, o, _ in _owners("The K2 runs for nine hours.", [KITE, twin])] == [None]
    # a word without a digit is no model code ("Marlin" alone is a word of the name: `word`, below)
    assert [h for _, _, h in _owners("The Marlin runs for nine hours.", [MARLIN])] == ["word"]
    assert [o for _, o, _ in _owners("The new GK2 runs for nine hours.", [KITE])] == [None]


def test_a_word_of_one_products_name_names_it() -> None:
    # writers shorten a product's name that carries a model code to its line, or to its maker
    glow, reed = Named("Vesta Glow 2", ("Vesta Glow 2",)), Named("Corlan Reed 5", ("Corlan Reed 5",))
    assert _owners("The Glow has a return window of 10 days.", [glow, reed]) == [("Glow", "Vesta Glow 2", "word")]
    assert _owners("Corlan offers a 45-day return window.", [glow, reed]) == [("Corlan", "Corlan Reed 5", "word")]


def test_a_name_word_that_may_be_another_things_names_no_one() -> None:
    glow, twin = Named("Vesta Glow 2", ("Vesta Glow 2",)), Named("Vesta Spark 3", ("Vesta Spark 3",))
    # a maker's word two products share; an edition word; a word the page writes in lower case
    assert [o for _, o, _ in _owners("Vesta gives you 10 days.", [glow, twin])] == [None]
    assert _owners("The Pro has eight cores.", [Named("Halden Pro 4", ("Halden Pro 4",))])[0][1] is None
    found = mentions("Glow is what the screen does: it has a soft glow.", [glow], common=frozenset({"glow"}))
    assert not any(m.obj for m in found)
    # a name without a model code: a given name or a surname alone may be anyone's
    assert _owners("Ben moved to Leeds at twelve.", [Named("Ben Carrow", ("Ben Carrow",))])[0][1] is None
    assert _owners("Carrow moved to Leeds at twelve.", [Named("Ben Carrow", ("Ben Carrow",))])[0][1] is None


def test_after_the_a_word_of_a_name_without_a_model_code_names_the_thing() -> None:
    # "the Wren", "the new Wren": English puts an article before a thing's short name, never before a surname alone
    wren, tally = Named("Ostler Wren", ("Ostler Wren",)), Named("Pardoe Tally", ("Pardoe Tally",))
    assert _owners("The new Wren weighs 2.1 kg.", [wren, tally]) == [("Wren", "Ostler Wren", "word")]
    assert _owners("Pardoe lists the Wren at 2.1 kg.", [wren, tally]) == [("Pardoe", None, None), ("Wren", "Ostler Wren", "word")], \
        "no article before the maker's word: it may be anyone's"
    shared = [Named("Ostler Wren", ("Ostler Wren",)), Named("Kell Wren", ("Kell Wren",))]
    assert _owners("The Wren weighs 2.1 kg.", shared)[0][1] is None, "a word two names hold names neither"


def test_a_review_reads_each_product_by_a_word_of_its_name() -> None:
    from _read_kit import read
    text = ("We lived with both for a month. The Glow has a return window of 10 days. "
            "Corlan offers a 45-day return window on every order.")
    title = "Corlan Reed 5 vs Vesta Glow 2"
    assert read("Vesta Glow 2", "return window", text, title=title, others=("Corlan Reed 5",)) == "10 days"
    assert read("Corlan Reed 5", "return window", text, title=title, others=("Vesta Glow 2",)) == "45-day"


HARBOR = Named("Harbor Rooms", ("Harbor Rooms",))
KEELSON = Named("Keelson", ("Keelson",))


@pytest.mark.parametrize(
    "sentence, value, expected",
    [
        # the agent of a change is not what changed: the value a verb changes its object to is that object's
        ("Keelson has raised the seat limit on Harbor Rooms from 40 to 64.", "64", "Harbor Rooms"),
        ("Keelson lengthened the warranty on Harbor Rooms to 12 years.", "12 years", "Harbor Rooms"),
        ("Keelson has cut the price of Harbor Rooms to $4 a month.", "$4 a month", "Harbor Rooms"),
        # the changed thing names no one else: the subject's own value, as before
        ("Keelson has raised its seat limit to 64, level with Harbor Rooms.", "64", "Keelson"),
    ],
)
def test_a_value_a_verb_changes_a_thing_to_is_that_things(sentence: str, value: str, expected: str) -> None:
    other = "Keelson" if expected == "Harbor Rooms" else "Harbor Rooms"
    assert owner(sentence, value, [HARBOR, KEELSON], target=expected) == expected
    assert owner(sentence, value, [HARBOR, KEELSON], target=other) != other


def test_a_possessive_ends_the_name_before_a_number() -> None:
    vale, tide = Named("Parrow Vale", ("Parrow Vale",)), Named("Orrin Tide", ("Orrin Tide",))
    sentence = "The Tide's 54-inch span pushes 7,100 CFM, and its oak blades look good."
    assert [m.obj for m in mentions(sentence, [vale, tide]) if m.obj] == ["Orrin Tide"]
    assert owner(sentence, "54-inch", [vale, tide], title="Parrow Vale vs Orrin Tide") == "Orrin Tide"
