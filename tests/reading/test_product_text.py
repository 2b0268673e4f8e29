"""Product and software text the reader must read (issue 11, held-apart dev set `evalsets_dev/`).

Each test quotes the sentence that failed when the dev set was first measured, grouped by class of
failure: the value a cue governs, cue words, value recognition, attribution."""

from __future__ import annotations

import pytest

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.evals.support import attributed
from research_agent.reading import Target, read_page
from research_agent.reading.values import find_values

from _read_kit import read


# ------------------------------------------------------------ the governed value: the noun after a number


@pytest.mark.parametrize(
    "obj, dim, text, expected",
    [
        ("Brantwood Analytics", "headcount", "Brantwood Analytics has roughly 240 employees across 3 offices.", "240"),
        ("Cobble Drive", DimensionSpec(name="storage quota", kind="number", unit="GB"),
         "Cobble Drive comes with a 100GB quota, and single uploads may be up to 5 GB.", "100GB"),
        ("Nuthatch Mail", "mailbox storage", "Nuthatch Mail offers 50 GiB mailboxes and a 30-day trial.", "50 GiB"),
        ("Okapi Boards", "storage", "Okapi Boards gives every team 50 GB of shared storage, and files up to 2 GB.", "50 GB"),
        ("Cobble Drive", "storage", "Cobble Drive allows uploads of up to 5 GB and storage of 100 GB per account.", "100 GB"),
    ],
)
def test_a_number_written_before_its_cue_noun_is_the_governed_value(obj, dim, text, expected) -> None:
    assert read(obj, dim, text) == expected


def test_a_year_before_census_is_still_not_the_population() -> None:
    text = "The population of Leland was 13,527 at the 2010 census."
    assert read("Leland", "population", text) == "13,527"


# ------------------------------------------------------------ cue words


@pytest.mark.parametrize(
    "obj, dim, text, expected",
    [
        ("Corvel CRM", "free trial", "Corvel CRM can be tried free for 14 days, no card required.", "14 days"),
        ("Nuthatch Mail", "free trial", "Nuthatch Mail is free for the first 30 days; after that a plan is needed.", "30 days"),
        ("Rushlight", "first release", "Rushlight first shipped on May 9, 2019, and now has a million users.", "May 9, 2019"),
        ("Haddock Queue", "written in", "Haddock Queue is a message broker written in Rust.", "Rust"),
        ("Merlin Relay", "written in", "Merlin Relay, built in Go, reached version 2.0 this week.", "Go"),
        ("Merlin Relay", "programming language", "Merlin Relay is implemented in C++ for speed.", "C++"),
    ],
)
def test_cue_words_of_product_dimensions(obj, dim, text, expected) -> None:
    assert read(obj, dim, text) == expected


def test_written_in_is_not_the_author_and_go_the_verb_is_not_a_language() -> None:
    assert read("Merlin Relay", "written in", "Merlin Relay was written by a team that likes to go fast.") is None


# ------------------------------------------------------------ prices: per seat is per user; a rate needs no cue


def test_per_seat_per_member_and_for_each_user_prices_agree() -> None:
    forms = ["$9 per user per month", "US$9 a seat each month", "$9 per member per month", "$9 a month for each user",
             "$9/user/mo"]
    canon = {find_values(f"It costs {f}.", "money")[0].canonical for f in forms}
    assert canon == {"USD 9/user/month"}


def test_a_price_written_as_a_rate_needs_no_cue_word() -> None:
    dim = DimensionSpec(name="monthly price", kind="number", unit="USD")
    assert read("Dunlin Forms", dim, "At $12/user/mo, Dunlin Forms sits in the middle of the market.") == "$12/user/mo"
    assert read("Dunlin Forms", dim, "Dunlin Forms raised $12 million last year.") is None


# ------------------------------------------------------------ attribution: unnamed sentences need a page about the object


def test_a_reference_counts_only_on_a_page_titled_with_the_object() -> None:
    text = "Grebe Software was incorporated in 2009 in Tallinn. It has about 85 staff, most of them engineers."
    # on a page whose title names no object, "It" is carried from the body: a weak candidate that never confirms
    objects = [ObjectSpec(name="Grebe Software")]
    target = Target("Grebe Software/number of employees", objects[0], DimensionSpec(name="number of employees"))
    [carried] = read_page(objects, [target], "Company", text)
    assert (carried.display, carried.attribution.how) == ("85", "carried")
    assert read("Grebe Software", "number of employees", text, title="About Grebe Software") == "85"


def test_the_wrong_confirmation_check_reads_a_sentence_initial_word_as_a_word() -> None:
    assert attributed("Every Plover Desk plan begins with a 30 day free trial.", ["Plover Desk"], "Sign up")
    assert attributed("The company was established in 2011 in Leeds.", ["Marrowbyte"], "About Marrowbyte")
    assert not attributed("The company was established in 2011 in Leeds.", ["Marrowbyte"], "About Brindle")


# ------------------------------------------------------------ choosing the governed value on real paragraphs


def test_a_weak_founding_cue_loses_to_founded_on_the_same_page() -> None:
    # Two Dollar Radio (multihop corpus): the film division's launch year is not the founding year
    text = ("Two Dollar Radio is an independent publishing house based in Columbus, Ohio. The company was founded in "
            "2005 by Eric Obenauf. In 2013 they launched their film division, Two Dollar Radio \"Moving Pictures.\"")
    assert read("Two Dollar Radio", "year founded", text) == "2005"


def test_a_cue_apposed_to_another_name_describes_that_name() -> None:
    text = ("Penny Publications is a United States magazine publisher, formed in 1996 as the joinder of Dell Magazines, "
            "founded 1921 by George T. Delacorte, Jr.")
    assert read("Penny Publications", "start year", text) == "1996"
    assert read("Ferrule", "founding year", "Ferrule, established in 2003, was acquired in 2015.") == "2003"


@pytest.mark.parametrize(
    "obj, dim, text, expected",
    [
        ("Lindsay Taylor", "nationality", "Lindsay Taylor (born May 20, 1981) is an American professional basketball player "
         "who has played in the Women's National Basketball Association (WNBA) and the Turkish Women's Basketball League.",
         "American"),
        ("Eddie Irvine", "country", "Eddie Irvine (born 10 November 1965) is a retired British racing driver from Northern Ireland.",
         "British"),
    ],
)
def test_the_definition_states_the_nationality(obj, dim, text, expected) -> None:
    assert read(obj, dim, text) == expected


# ------------------------------------------------------------ licences and trials written other ways


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The source code of Okapi Boards is published under GPLv3.", "GPLv3"),
        ("Okapi Boards is available under the Apache License 2.0.", "Apache License 2.0"),
    ],
)
def test_a_licence_version_at_the_end_of_a_sentence_is_kept(text, expected) -> None:
    assert read("Okapi Boards", "license", text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Okapi Boards gives new users two weeks free.", "two weeks"),
        ("You can try Okapi Boards for 30 days at no cost.", "30 days"),
        ("Okapi Boards has a free plan for up to 10 users and keeps data for 30 days.", None),
        ("Try the shortcuts in Okapi Boards; backups are kept for 30 days.", None),
    ],
)
def test_a_trial_is_a_duration_next_to_free_or_try(text, expected) -> None:
    assert read("Okapi Boards", "free trial", text) == expected


def test_a_programming_language_in_the_definition_needs_no_cue() -> None:
    assert read("Okapi Boards", "programming language", "Okapi Boards is a Python application.") == "Python"


# ------------------------------------------------------------ an official page with a generic title


def test_a_generic_title_on_the_objects_own_site_makes_it_the_page_subject() -> None:
    objects = [ObjectSpec(name="Cobble Drive"), ObjectSpec(name="Thimble Files")]
    dim = DimensionSpec(name="storage quota", kind="number", unit="GB")
    target = [Target("Cobble Drive/storage quota", objects[0], dim)]
    text = "Every account includes 100 GB of storage."
    assert [r.display for r in read_page(objects, target, "Plans", text, "https://cobbledrive.example/plans.html")] == ["100 GB"]
    assert read_page(objects, target, "Plans", text, "https://storagereview.example/plans.html") == []
    # a comparison on the vendor's own site is about both products
    assert read_page(objects, target, "Cobble Drive vs Thimble Files", text, "https://cobbledrive.example/vs.html") == []
    assert attributed(text, ["Cobble Drive"], "Plans", "https://www.cobbledrive.example/plans.html")
    assert not attributed(text, ["Cobble Drive"], "Plans", "https://thimblefiles.example/plans.html")
    assert not attributed(text, ["Cobble Drive"], "Thimble Files plans", "https://cobbledrive.example/plans.html")


def test_a_generic_title_on_the_makers_site_is_about_the_one_product_named_after_the_maker() -> None:
    # a maker names its site after itself and its product after itself and a line word
    objects = [ObjectSpec(name="Fenwick Relay"), ObjectSpec(name="Thimble Files")]
    dim = DimensionSpec(name="storage quota", kind="number", unit="GB")
    target = [Target("Fenwick Relay/storage quota", objects[0], dim)]
    text = "Storage: 100 GB per account"
    assert [r.display for r in read_page(objects, target, "Plans", text, "https://fenwick.example/plans.html")] == ["100 GB"]
    assert read_page(objects, target, "Plans", text, "https://storagereview.example/plans.html") == []
    # two products of that maker: the site is about neither one
    two = [objects[0], ObjectSpec(name="Fenwick Vault")]
    assert read_page(two, target, "Plans", text, "https://fenwick.example/plans.html") == []


def test_a_name_spelled_apart_in_one_sentence_names_its_object() -> None:
    # the maker's word as the subject and the rest of the name as the thing the value is for
    objects = [ObjectSpec(name="Sennet Glide Max"), ObjectSpec(name="Brisk Vela 2")]
    targets = [Target(f"{o.name}/weight", o, DimensionSpec(name="weight")) for o in objects]
    text = "Sennet quotes 18 kg for the Glide Max."
    assert [(r.cell, r.display) for r in read_page(objects, targets, "Notes", text)] == [("Sennet Glide Max/weight", "18 kg")]
    # the maker's word alone, or a second object of that maker, names no one
    assert read_page(objects, targets, "Notes", "Sennet quotes 18 kg for its scooters.") == []
    two = [*objects, ObjectSpec(name="Sennet Arc")]
    assert read_page(two, targets, "Notes", text) == []


def test_we_is_the_vendor_only_on_its_own_site() -> None:
    objects = [ObjectSpec(name="Grebe Software")]
    target = [Target("Grebe Software/number of employees", objects[0], DimensionSpec(name="number of employees"))]
    text = "We are about 85 staff, most of us engineers."
    own = read_page(objects, target, "Company", text, "https://grebesoftware.example/company.html")
    assert [r.display for r in own] == ["85"]
    assert read_page(objects, target, "Grebe Software review", text, "https://techreview.example/grebe.html") == []
    assert attributed(text, ["Grebe Software"], "Company", "https://grebesoftware.example/company.html")


def test_we_is_the_vendor_on_the_makers_site_too() -> None:
    objects = [ObjectSpec(name="Fenwick Relay"), ObjectSpec(name="Thimble Files")]
    target = [Target("Fenwick Relay/release cadence", objects[0], DimensionSpec(name="release cadence"))]
    text = "We publish a feature update every eight weeks."
    own = read_page(objects, target, "Release notes", text, "https://fenwick.example/notes.html")
    assert [r.display for r in own] == ["every eight weeks"]
    assert read_page(objects, target, "Release notes", text, "https://thimble.example/notes.html") == []


@pytest.mark.parametrize(
    "dim, text",
    [
        ("backup retention", "Backups are retained for 14 days."),
        ("backup retention", "Snapshots are kept for 14 days."),
        ("storage", "Accounts come with 14 GB of storage."),
        ("storage", "Support replied within a day. Every account has 14 GB of storage."),
    ],
)
def test_a_common_noun_opening_a_sentence_is_not_a_name(dim, text) -> None:
    # on a page about Heronry Cloud the sentence is headless; another product's name is still a name
    assert read("Heronry Cloud", dim, text, title="Heronry Cloud docs", others=("Brindle",)).startswith("14")
    assert read("Heronry Cloud", dim, "Brindle says: " + text, title="Heronry Cloud docs", others=("Brindle",)) is None


# ------------------------------------------------------------ real paragraphs (multihop corpus): other names, references


@pytest.mark.parametrize(
    "obj, title, text, expected",
    [
        ("Seer", "Seer (band)", "Seer or Die Seer is an Austrian musical pop and schlager band founded in 1996 by Alfred "
         "Fred Jaklitsch.", "1996"),
        ("Aeronaves Dominicanas", "Aeronaves Dominicanas", "Aeronaves Dominicanas or AERODOMCA is an air charter airline "
         "established in 1980 with facilities in Samaná El Catey International Airport.", "1980"),
    ],
)
def test_a_name_after_the_object_and_or_is_another_name_of_it(obj, title, text, expected) -> None:
    assert read(obj, "founding year", text, title=title) == expected


def test_the_object_and_or_a_contract_object_stay_two_objects() -> None:
    text = "Quill or Brindle is the usual choice; Brindle was founded in 2011."
    assert read("Quill", "founding year", text, title="Note apps", others=("Brindle",)) is None


def test_a_reference_may_carry_one_modifier() -> None:
    text = '"Freak Out" is a single released by 311. This studio single was released in 1992, prior to the album.'
    assert read("Freak Out", "release year", text, title="Freak Out (311 song)") == "1992"


# ------------------------------------------------------------ values written other ways


def test_a_decimal_comma_price_keeps_its_cents() -> None:
    assert [v.canonical for v in find_values("Okapi Boards costs €10,50 per month.", "money")] == ["EUR 10.5/month"]
    assert [v.canonical for v in find_values("It costs $1,200 per year.", "money")] == ["USD 1200/year"]


def test_a_fortnight_is_fourteen_days() -> None:
    assert [v.canonical for v in find_values("Backups are kept for a fortnight.", "duration")] == ["14 day"]


def test_a_label_of_several_words_is_not_a_name() -> None:
    assert read("Rushlight", "first release", "Initial release: 9 May 2019", title="About Rushlight") == "9 May 2019"
    assert read("Rushlight", "storage", "Accounts come with 50 GB of storage.", title="Rushlight plans") == "50 GB"
    assert attributed("Accounts come with 50 GB of storage.", ["Rushlight"], "Rushlight plans")


@pytest.mark.parametrize(
    "obj, dim, title, text, expected",
    [
        ("McRae", "number of residents", "McRae, Arkansas", "McRae is a city in White County, Arkansas, United States. The "
         "population was 682 at the 2010 census, estimated by 2017 to have increased to 766 residents.", "682"),
        ("John William Waterhouse", "date of death", "John William Waterhouse", "John William Waterhouse {'1': \", '2': \"} "
         "(6 April 1849 – 10 February 1917) was an English painter.", "10 February 1917"),
        ("Blood Bath", "year", "Blood Bath", "Blood Bath is a 1966 horror film directed by Jack Hill and Stephanie Rothman.", "1966"),
    ],
)
def test_real_paragraphs_of_the_fresh_comparison_set(obj, dim, title, text, expected) -> None:
    assert read(obj, dim, text, title=title) == expected


# ------------------------------------------------------------ comparison tables


TABLE = """Kestrel vs Wren
We compared two embedded databases.
| Product | Max database size | License | Founded |
|---|---|---|---|
| Kestrel | 256 TiB | Apache-2.0 | 2014 |
| Wren | 2 TiB | MIT | 2019 |
| Petrel | 4 TiB | GPL-3.0 | 2011 |
Our verdict: pick Kestrel for big data."""


@pytest.mark.parametrize(
    "obj, dim, expected",
    [("Kestrel", "max database size", "256 TiB"), ("Wren", "license", "MIT"), ("Wren", "founding year", "2019"),
     ("Kestrel", "price", None)],
)
def test_a_table_row_states_its_objects_value_in_the_dimensions_column(obj, dim, expected) -> None:
    other = "Wren" if obj == "Kestrel" else "Kestrel"
    assert read(obj, dim, TABLE, title="Kestrel vs Wren", others=(other,)) == expected


def test_a_row_that_names_no_contract_object_is_not_read() -> None:
    assert read("Quill", "license", TABLE, title="Kestrel vs Wren", others=("Kestrel",)) is None


def test_a_capitalised_name_after_a_modifier_is_a_name_not_a_reference() -> None:
    text = "The modern Submarine Service was established in 1964, and has formed an important element of the fleet."
    found = read_page([ObjectSpec(name="Submarine Service")],
                      [Target("Submarine Service/established", ObjectSpec(name="Submarine Service"), DimensionSpec(name="established"))],
                      "Royal Australian Navy Submarine Service", text)
    assert [(r.display, r.attribution.how) for r in found] == [("1964", "name")]


SPEC_TABLE = """Each part of the Orlo T4 is rated for daily use on rough ground.
| Spec | Value |
|---|---|
| Net weight | 11.6 kg |
| Load limit | 120 kg |
| Runtime per charge | 6 hours |"""


@pytest.mark.parametrize("dim, expected", [("net weight", "11.6 kg"), ("runtime per charge", "6 hours"), ("price", None)])
def test_a_two_column_label_table_on_the_objects_page_reads_like_label_lines(dim, expected) -> None:
    assert read("Orlo T4", dim, SPEC_TABLE, title="Orlo T4") == expected


def test_a_label_table_speaks_for_no_object_on_another_objects_page() -> None:
    assert read("Orlo T4", "net weight", SPEC_TABLE, title="Brack M2", others=("Brack M2",)) is None


def test_the_support_check_reads_a_label_row_as_a_label_line() -> None:
    assert attributed("| Net weight | 11.6 kg |", ["Orlo T4"], "Orlo T4")
    assert not attributed("| Net weight | 11.6 kg |", ["Orlo T4"], "Brack M2")


# ------------------------------------------------------------ a product named without its maker on its own page


def test_the_model_named_without_its_maker_is_still_the_page_subject() -> None:
    text = ("Brindle K9\nMade for long walks. The K9 pairs a quiet motor with a folding frame.\nSpecs\n"
            "- Motor: 350 W\n- Weight: 14.2 kg")
    assert read("Brindle K9", "weight", text) == "14.2 kg"


def test_another_model_of_the_same_maker_is_a_new_subject() -> None:
    text = "Brindle K9\nMade for long walks. The Brindle K7 pairs a quiet motor with a folding frame. It weighs 14.2 kg."
    assert read("Brindle K9", "weight", text) is None


def test_a_spec_list_on_the_objects_own_page_is_the_objects() -> None:
    # a prose mention of another model, or "You'll", does not take the page's spec list from its product
    text = ("Brindle K9\nMade for long walks. The Brindle K7 pairs a quiet motor with a folding frame.\nSpecs\n"
            "- Weight: 14.2 kg")
    assert read("Brindle K9", "weight", text) == "14.2 kg"
    text = "Brindle K9\nYou'll fold it in seconds.\nAt a glance\n- Weight: 14.2 kg"
    assert read("Brindle K9", "weight", text) == "14.2 kg"
    assert read("Brindle K9", "weight", text, title="Brindle K7") is None


def test_a_places_country_is_the_whole_its_definition_puts_it_in() -> None:
    assert read("Skarvik", "country", "Skarvik is a fishing town on the west coast of Norway.") == "Norway"


def test_a_nationality_inside_a_prepositional_phrase_describes_that_phrases_noun() -> None:
    text = "Tansy Road is a 1971 film. It is an adaptation of the Danish novel by Ola Brun."
    assert read("Tansy Road", "country of origin", text) is None
    assert read("Tansy Road", "country of origin", "Tansy Road is a 1971 Danish drama film.") == "Danish"


def test_an_adverbial_may_stand_between_a_participle_and_its_agent() -> None:
    text = "Tern Records is a British record label founded in 1989 by Peter Gale."
    assert read("Tern Records", "founder", text) == "Peter Gale"


# ------------------------------------------------------------ what is no name on a spec sheet


def test_a_unit_symbol_after_a_number_does_not_stand_for_another_product() -> None:
    text = "Pellam Orro 3\nCharging: 65 W wired, battery 4,000 mAh, panel 90 Hz refresh, runtime up to 19 hours"
    assert read("Pellam Orro 3", "runtime", text) == "19 hours"


def test_a_rows_label_of_several_words_opens_its_cell_like_a_sentence() -> None:
    text = "Harnel Skip 2 specifications\n| Load rating | 120 kg |\n| Folded depth | 31 cm | Measured at the hinge. |"
    assert read("Harnel Skip 2", "folded depth", text, title="Harnel Skip 2 specifications") == "31 cm"


def test_a_capitalised_word_alone_before_a_cell_end_may_still_be_another_product() -> None:
    text = "Harnel Skip 2 versus the field\n| Tovey | 98 kg |\n| Harnel Skip 2 | 120 kg |"
    assert read("Harnel Skip 2", "load rating", text, title="Harnel Skip 2 versus the field") != "98 kg"


# ------------------------------------------------------------ a headless line, and the names that could own its value


def test_a_name_in_a_place_or_time_phrase_owns_nothing_on_the_makers_page() -> None:
    for line in ("Headcount: 85 people, most of them in Porto.", "Since 2020 the team has grown to 85 people in Porto."):
        text = f"About Merrant Labs\nMerrant Labs builds soil sensors.\n{line}"
        assert read("Merrant Labs", "employees", text, title="About Merrant Labs") == "85"


def test_an_acronym_beside_a_spec_names_a_technology_not_an_owner() -> None:
    text = "Corvo Tide 4\nOver-ear headphones.\nRuntime: up to 22 hours (DSP off)"
    assert read("Corvo Tide 4", "runtime", text) == "22 hours"


@pytest.mark.parametrize("line", ["Runtime | 26 hours | DSP off |", "Runtime reaches 26 hours on a charge."])
def test_a_word_capitalised_for_its_place_is_no_name_on_the_makers_page(line: str) -> None:
    # the tagger reads the label or the sentence's first word as a common noun: it names the property, not someone
    text = f"Corvo Tide 4 tech specs\nOver-ear headphones.\n{line}"
    assert read("Corvo Tide 4", "runtime", text, title="Corvo Tide 4 tech specs") == "26 hours"


@pytest.mark.parametrize("line", [
    "A runtime of 30 hours is quoted for Tovey.",
    "TRX quotes a runtime of 30 hours.",
    "Tovey's runtime is 30 hours.",
])
def test_a_name_that_could_own_the_value_still_keeps_it_from_the_page_subject(line: str) -> None:
    text = f"Corvo Tide 4\nOver-ear headphones.\n{line}"
    assert read("Corvo Tide 4", "runtime", text) != "30 hours"


def test_a_name_after_a_preposition_that_relates_things_may_own_the_value() -> None:
    for line in ("A runtime of 30 hours was measured with Tovey.", "In the Tovey lab notes, the runtime is 30 hours."):
        assert read("Corvo Tide 4", "runtime", f"Corvo Tide 4\nOver-ear headphones.\n{line}") != "30 hours"
