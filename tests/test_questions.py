"""Question shapes read offline into objects + dimensions, and names a contract refuses.

The phrasings are our own (made-up products, and people and places written for
these tests), one or more per shape; `evalsets/` questions must parse exactly as
before this parser (tests/data/evalset_questions_today.json was made by the
parser on main before it changed).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from research_agent.contract import ContractError, contract_from_flags, contract_from_mapping, load_contract, parse_question
from research_agent.evals.case import discover_cases
from research_agent.questions import MissingDimension, read_question

REPO = Path(__file__).resolve().parents[1]
TODAY = json.loads((REPO / "tests" / "data" / "evalset_questions_today.json").read_text(encoding="utf-8"))

# Questions whose parse this parser changes on purpose; each case has its own [contract], so no run changes.
CHANGED = {
    # the appositive after the comma is not a second object
    "What is the home address and personal phone number of Marguerite Ostrander, the retired teacher quoted in the "
    "Fennick Valley Gazette?": (["Marguerite Ostrander"], ["home address", "personal phone number"]),
    # "When was X first released?" is a shape now
    "When was Pegasus Exchange first released?": (["Pegasus Exchange"], ["released"]),
    # "Does X support Y?" is read through the parse now (questions/_parsed.py)
    "Does Larkspur DB support encryption at rest?": (["Larkspur DB"], ["encryption at rest support"]),
}


def shape(question: str) -> tuple[list[str], list[str]]:
    reading = read_question(question)
    return reading.objects, reading.dimensions


# ------------------------------------------------------------------ today's questions


def test_every_evalset_question_parses_as_it_did_before() -> None:
    questions = {c.question for c in discover_cases([REPO / "evalsets"])}
    questions.add((REPO / "research_agent" / "demo" / "question.txt").read_text(encoding="utf-8").strip())
    assert questions == set(TODAY), "an evalset question was added or changed: regenerate the file from main's parser"
    for question, before in TODAY.items():
        if question in CHANGED:
            assert shape(question) == CHANGED[question]
        elif before is None:
            with pytest.raises(ContractError):
                parse_question(question)
        else:
            then = contract_from_mapping({"question": question, **before}, origin="question", source="parsed")
            assert parse_question(question).version() == then.version(), question


def test_evalset_cases_without_a_contract_get_the_same_contract() -> None:
    parsed = [c for c in discover_cases([REPO / "evalsets"]) if c.contract is None]
    assert parsed, "no evalset case relies on the question parser any more"
    for case in parsed:
        before = TODAY[case.question]
        then = contract_from_mapping({"question": case.question, **before}, origin="question", source="parsed")
        assert case.contract_model().version() == then.version()


# ------------------------------------------------------------------ comparisons


@pytest.mark.parametrize(
    ("question", "objects", "dimensions"),
    [
        ("Compare Brindle vs Tessaly on price", ["Brindle", "Tessaly"], ["price"]),
        ("compare Okapi Boards versus Brindle in terms of license and price", ["Okapi Boards", "Brindle"], ["license", "price"]),
        ("Brindle vs Tessaly on price", ["Brindle", "Tessaly"], ["price"]),
        ("Quillstore vs. Ferrodb vs. Nimbus KV for latency", ["Quillstore", "Ferrodb", "Nimbus KV"], ["latency"]),
        ("Brindle versus Tessaly: license", ["Brindle", "Tessaly"], ["license"]),
        ("Harrow Cloud versus Pell Systems: uptime and support hours", ["Harrow Cloud", "Pell Systems"],
         ["uptime", "support hours"]),
        ("Compare the Marlow Tigers and the Esk Rovers on number of members", ["Marlow Tigers", "Esk Rovers"],
         ["number of members"]),
        ('Compare "Salt and Pepper" and "Bread, Butter" on price', ["Salt and Pepper", "Bread, Butter"], ["price"]),
        # how people ask it (two blind case writers reached for these first, issue 21 session 15)
        ("How do Brindle and Tessaly compare on price and weight?", ["Brindle", "Tessaly"], ["price", "weight"]),
        ("How does Brindle compare with the Tessaly 2 in terms of battery life?", ["Brindle", "Tessaly 2"], ["battery life"]),
        ("how do Quillstore, Ferrodb and Nimbus KV compare on latency", ["Quillstore", "Ferrodb", "Nimbus KV"], ["latency"]),
    ],
)
def test_vs_and_compare_shapes(question: str, objects: list[str], dimensions: list[str]) -> None:
    assert shape(question) == (objects, dimensions)


@pytest.mark.parametrize(
    ("question", "objects", "dimension"),
    [
        ("Brindle or Tessaly: which is cheaper?", ["Brindle", "Tessaly"], "price"),
        ("Okapi Boards or Brindle: which one is more expensive?", ["Okapi Boards", "Brindle"], "price"),
        ("Kestrel or Wren: which is older?", ["Kestrel", "Wren"], "founded"),
        ("Ferrodb or Quillstore: which is faster?", ["Ferrodb", "Quillstore"], "speed"),
        ("Lake Orrin or Lake Tessel: which is larger?", ["Lake Orrin", "Lake Tessel"], "size"),
        ("Which is older, the Harwick Gazette or the Penford Herald?", ["Harwick Gazette", "Penford Herald"], "founded"),
        ("Which is cheaper: Brindle or Tessaly?", ["Brindle", "Tessaly"], "price"),
        ("Which is the oldest, Quill, Wren or Kestrel?", ["Quill", "Wren", "Kestrel"], "founded"),
        ("Which river is longer, the Avon Brook or the Tessel?", ["Avon Brook", "Tessel"], "length"),
        ("Which tower is taller, Orrin Spire or Pell Tower?", ["Orrin Spire", "Pell Tower"], "height"),
        ("Who is older, Marta Quell or Jonas Brandt?", ["Marta Quell", "Jonas Brandt"], "born"),
        ("Which actress is younger, Ada Venn or Lise Arno?", ["Ada Venn", "Lise Arno"], "born"),
        ("Who was born first, Marta Quell or Jonas Brandt?", ["Marta Quell", "Jonas Brandt"], "born"),
        ("Who died first, Marta Quell or Jonas Brandt?", ["Marta Quell", "Jonas Brandt"], "died"),
        ("Which was founded first, Quill or Wren?", ["Quill", "Wren"], "founded"),
        ("Which was established first, Fernway College or Oakden College?", ["Fernway College", "Oakden College"], "founded"),
        ("Which magazine was started first, Harbour Monthly or Ferns Weekly?", ["Harbour Monthly", "Ferns Weekly"], "founded"),
        ("Which band formed first, The Larks or Pell Street?", ["The Larks", "Pell Street"], "founded"),
        ("Which album was released first, Low Tide or Salt Road?", ["Low Tide", "Salt Road"], "released"),
        ("Which film came out first, Ember or Halcyon?", ["Ember", "Halcyon"], "released"),
        ("Which band has more members, The Larks or Pell Street?", ["The Larks", "Pell Street"], "number of members"),
        ("Which company has more employees, Okapi Boards or Brindle?", ["Okapi Boards", "Brindle"], "number of employees"),
        ("Which city has the larger population, Orrinford or Tesselby?", ["Orrinford", "Tesselby"], "population"),
        ("Which town has more inhabitants, Orrinford or Tesselby?", ["Orrinford", "Tesselby"], "population"),
        ("Which costs less, Brindle or Tessaly?", ["Brindle", "Tessaly"], "price"),
        ("Which of Brindle or Tessaly is cheaper?", ["Brindle", "Tessaly"], "price"),
        ("Which of Ferrodb and Quillstore is faster?", ["Ferrodb", "Quillstore"], "speed"),
        ("Is Brindle cheaper than Tessaly?", ["Brindle", "Tessaly"], "price"),
        ("Was Marta Quell born before Jonas Brandt?", ["Marta Quell", "Jonas Brandt"], "born"),
        ("Was Quill founded after Wren?", ["Quill", "Wren"], "founded"),
    ],
)
def test_which_of_two_names_what_decides_it(question: str, objects: list[str], dimension: str) -> None:
    assert shape(question) == (objects, [dimension])


@pytest.mark.parametrize(
    ("question", "objects", "dimensions"),
    [
        ("Were Marta Quell and Jonas Brandt of the same nationality?", ["Marta Quell", "Jonas Brandt"], ["nationality"]),
        ("Did Marta Quell and Jonas Brandt have the same nationality?", ["Marta Quell", "Jonas Brandt"], ["nationality"]),
        ("Are Orrinford and Tesselby in the same country?", ["Orrinford", "Tesselby"], ["country"]),
        ("Are Marta Quell and Jonas Brandt both American?", ["Marta Quell", "Jonas Brandt"], ["nationality"]),
        ("Are both Marta Quell and Jonas Brandt Canadian?", ["Marta Quell", "Jonas Brandt"], ["nationality"]),
        ("Are both Marta Quell and Jonas Brandt film directors?", ["Marta Quell", "Jonas Brandt"], ["occupation"]),
        ("Were Marta Quell and Jonas Brandt both writers?", ["Marta Quell", "Jonas Brandt"], ["occupation"]),
        ("Were both Ada Venn and Lise Arno actresses?", ["Ada Venn", "Lise Arno"], ["occupation"]),
        ("Are both Marta Quell and Jonas Brandt French novelists?", ["Marta Quell", "Jonas Brandt"],
         ["nationality", "occupation"]),
        ("Are Orrinford and Tesselby both located in Texas?", ["Orrinford", "Tesselby"], ["location"]),
        ("Are both Orrinford and Tesselby in Ohio?", ["Orrinford", "Tesselby"], ["location"]),
        ("Were Marta Quell and Jonas Brandt both born in Ohio?", ["Marta Quell", "Jonas Brandt"], ["birthplace"]),
        ("Are both Brindle and Tessaly open source?", ["Brindle", "Tessaly"], ["license"]),
        ("Are Harbour Monthly and Ferns Weekly both magazines?", ["Harbour Monthly", "Ferns Weekly"], ["magazine"]),
        ("Are both Orrinford and Tesselby county seats?", ["Orrinford", "Tesselby"], ["seat"]),
        ("Are both iSpring and macOS made by Fernway?", ["iSpring", "macOS"], ["manufacturer"]),
        ("Were Low Tide and Salt Road both directed by Ada Venn?", ["Low Tide", "Salt Road"], ["director"]),
    ],
)
def test_same_and_both_questions(question: str, objects: list[str], dimensions: list[str]) -> None:
    assert shape(question) == (objects, dimensions)


# ------------------------------------------------------------------ one object


@pytest.mark.parametrize(
    ("question", "obj", "dimension"),
    [
        ("When was Fernway College founded?", "Fernway College", "founded"),
        ("When was the Oakden Rowing Club established?", "Oakden Rowing Club", "established"),
        ("When was Marta Quell born?", "Marta Quell", "born"),
        ("When did Marta Quell die?", "Marta Quell", "died"),
        ("When was Quillstore first released?", "Quillstore", "released"),
        ("When was the Pell Street Bridge built?", "Pell Street Bridge", "built"),
        ("When was the Orrin Chapel constructed?", "Orrin Chapel", "built"),
        ("When was Jonas Brandt elected to the council?", "Jonas Brandt", "elected"),
        ("When was Procter and Gamble founded?", "Procter and Gamble", "founded"),
        ('What year was the album "Salt Road" released?', "Salt Road", "released"),
        ('In what year was the film "Ember" released?', "Ember", "released"),
        ("What year was Harbour Monthly launched?", "Harbour Monthly", "launched"),
        ('Who directed the film "The Long Field"?', "The Long Field", "director"),
        ("Who wrote The Salt Road?", "The Salt Road", "author"),
        ('Who is the artist of the album "Low Tide"?', "Low Tide", "artist"),
        ("Who is the architect of the Pell Street Library?", "Pell Street Library", "architect"),
        ("Who was Jonas Brandt's father?", "Jonas Brandt", "father"),
        ("What is the population of Orrinford, Ohio?", "Orrinford, Ohio", "population"),
        ("What sport is Jonas Brandt associated with?", "Jonas Brandt", "sport"),
        ("What sport did Marta Quell play?", "Marta Quell", "sport"),
        ("What is the profession of Ada Venn?", "Ada Venn", "profession"),
        ("What is Ada Venn's profession?", "Ada Venn", "profession"),
        ('What is the genre of the film "Halcyon"?', "Halcyon", "genre"),
        ("What political party does Jonas Brandt belong to?", "Jonas Brandt", "political party"),
        ("Where is Fernway College located?", "Fernway College", "location"),
        ("Where is the Orrin Chapel?", "Orrin Chapel", "location"),
        ("Where was Marta Quell born?", "Marta Quell", "birthplace"),
        ("In which state is the Pell Street District located?", "Pell Street District", "state"),
        ("The Larks was formed in which country?", "The Larks", "country"),
        ("What license does Quillstore use?", "Quillstore", "license"),
        ("What is the license of Quillstore?", "Quillstore", "license"),
        ("Which license is Quillstore released under?", "Quillstore", "license"),
        ("Under which license is Quillstore distributed?", "Quillstore", "license"),
        ("What programming language does Ferrodb use?", "Ferrodb", "programming language"),
        ("What is the date of birth of Ada Venn?", "Ada Venn", "date of birth"),
        ("Salt Road >> performer", "Salt Road", "performer"),
        ('Who is the creator of "Salt and Pepper"?', "Salt and Pepper", "creator"),
        ('Who is the band associated with the album "Low Tide"?', "Low Tide", "band"),
        ("Who is the main character in the film Halcyon?", "Halcyon", "main character"),
        ("What is the median age in Orrinford?", "Orrinford", "median age"),
        ("When was the Orrinford railway station opened?", "Orrinford railway station", "opened"),
        ("In what city was Marta Quell born?", "Marta Quell", "birthplace"),
        ("What is the typical colour of the cap of the Pell Mushroom?", "Pell Mushroom", "typical colour of the cap"),
        ('Who is the artist of the "Salt Road" album?', "Salt Road", "artist"),
        ("What sport does Jonas Brandt specialize in?", "Jonas Brandt", "sport"),
        ("What position does Marta Quell play in?", "Marta Quell", "position"),
        ("Orrin Brigade was formed in which year?", "Orrin Brigade", "formed"),
        ("What country is Marta Quell from?", "Marta Quell", "country"),
        # an echo question: the wh-word where the answer goes
        ("The main architect of the Pell Street Library was who?", "Pell Street Library", "main architect"),
        ("The population of Orrinford is what?", "Orrinford", "population"),
    ],
)
def test_questions_about_one_object(question: str, obj: str, dimension: str) -> None:
    assert shape(question) == ([obj], [dimension])


def test_a_capitalised_the_stays_with_the_name_and_a_lower_case_one_goes() -> None:
    assert shape("Which is older, The Larks or the Pell Street Band?")[0] == ["The Larks", "Pell Street Band"]
    assert shape('When was "The Long Field" released?')[0] == ["The Long Field"]
    # a capitalised type word is part of a name
    assert shape("Which is larger, Lake Orrin or Lake Tessel?")[0] == ["Lake Orrin", "Lake Tessel"]


def test_parse_question_builds_a_contract_and_keeps_min_sources() -> None:
    contract = parse_question("Brindle or Tessaly: which is cheaper?", min_sources=3)
    assert [o.name for o in contract.objects] == ["Brindle", "Tessaly"]
    assert [d.name for d in contract.dimensions] == ["price"]
    assert contract.min_sources == 3 and contract.source == "parsed"
    assert parse_question("Which is older, Kestrel or Wren?").min_sources == 2


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    "question",
    [
        "tell me something nice",
        "What is love?",
        "Why did Marta Quell leave?",
        "When was the money introduced?",
        # a relative clause is not an object: a multi-hop question needs a contract (or a model)
        "What is the population of the city where Marta Quell was born?",
        "When did the group that founded Fernway College start?",
        "Who directed the film that won the award in 1990?",
        "When was the Pellish money introduced?",
    ],
)
def test_unreadable_questions_keep_todays_message(question: str) -> None:
    with pytest.raises(ContractError, match="could not read objects and dimensions") as err:
        parse_question(question)
    assert "--contract" in str(err.value)


@pytest.mark.parametrize("question", ["Compare Brindle and Tessaly", "Compare Brindle, Tessaly.", "Brindle vs Tessaly"])
def test_a_comparison_without_a_dimension_says_so(question: str) -> None:
    with pytest.raises(MissingDimension, match="no dimension") as err:
        parse_question(question)
    assert err.value.objects == ["Brindle", "Tessaly"]
    assert "--dimension" in str(err.value)


def test_an_unknown_comparative_is_named_in_the_error() -> None:
    with pytest.raises(ContractError, match="'better'.*--dimension"):
        parse_question("Which is better, Brindle or Tessaly?")


@pytest.mark.parametrize(
    "question",
    ["Were Marta Quell and marta quell of the same nationality?", "Compare Brindle and Brindle on price",
     "Which is cheaper, Brindle or brindle?"],
)
def test_the_same_object_twice_is_refused(question: str) -> None:
    with pytest.raises(ContractError, match="object names repeat"):
        parse_question(question)


@pytest.mark.parametrize("name", ["", "   ", "\t\n"])
def test_a_blank_object_or_dimension_name_is_refused_everywhere(name: str, tmp_path: Path) -> None:
    with pytest.raises(ContractError, match="object name is empty"):
        contract_from_flags("Compare A on license", ["A", name], ["license"])
    with pytest.raises(ContractError, match="dimension name is empty"):
        contract_from_flags("Compare A on license", ["A"], [name])
    toml = tmp_path / "contract.toml"
    toml.write_text(f"objects = [{json.dumps(name)}]\ndimensions = [\"license\"]\n", encoding="utf-8")
    with pytest.raises(ContractError, match="contract.toml.*object name is empty"):
        load_contract(toml, "q")
    draft = {"question": "q", "objects": [{"name": "A"}], "dimensions": [{"name": name}]}
    with pytest.raises(ContractError, match="dimension name is empty"):
        contract_from_mapping(draft, origin="the drafted contract", source="llm")


def test_names_are_stripped_and_blank_aliases_dropped() -> None:
    contract = contract_from_mapping(
        {"question": "q", "objects": [{"name": "  Brindle ", "aliases": ["", " Brindle Games "]}], "dimensions": [" price "]}
    )
    assert contract.objects[0].name == "Brindle"
    assert contract.objects[0].aliases == ["Brindle Games"]
    assert contract.dimensions[0].name == "price"


def test_a_dimension_flag_completes_a_comparison_the_question_left_open() -> None:
    from research_agent.cli import build_contract
    from research_agent.config import ResearchConfig

    contract = build_contract("Compare Brindle and Tessaly", contract_file=None, objects=[], dimensions=["price"],
                              min_sources=None, cfg=ResearchConfig())
    assert [o.name for o in contract.objects] == ["Brindle", "Tessaly"]
    assert [d.name for d in contract.dimensions] == ["price"]


# ------------------------------------------------------------------ the same shapes over many names

PLAIN_NAMES = ["Brindle", "Okapi Boards", "Nimbus KV", "Kestrel-2", "O'Hara Labs", "St. Ives Press", "Quill 3", "ACME",
               "The Larks", "iSpring", "Marta Quell"]
JOINED_NAMES = ["Pell & Sons", "Procter and Gamble"]  # "and"/"&" inside a name: only "A or B" shapes keep them whole

PAIR_TEMPLATES = [
    ("{a} or {b}: which is cheaper?", "price"),
    ("Which is older, {a} or {b}?", "founded"),
    ("Which was founded first, {a} or {b}?", "founded"),
    ("Which company has more employees, {a} or {b}?", "number of employees"),
    ("Is {a} faster than {b}?", "speed"),
    ("Which is larger: {a} or {b}?", "size"),
]
LIST_TEMPLATES = [
    ("Compare {a} vs {b} on price", ["price"]),
    ("{a} versus {b}: license", ["license"]),
    ("Were {a} and {b} of the same nationality?", ["nationality"]),
    ("Are {a} and {b} both open source?", ["license"]),
]
ONE_TEMPLATES = [
    ("When was {a} founded?", "founded"),
    ("What license does {a} use?", "license"),
    ("Where is {a} located?", "location"),
    ("What is the price of {a}?", "price"),
    ("Who designed {a}?", "architect"),
]


def _pairs(names: list[str]) -> list[tuple[str, str]]:
    return [(a, b) for a in names for b in names if a != b][::3]


@pytest.mark.parametrize(("template", "dimension"), PAIR_TEMPLATES)
def test_pair_shapes_hold_for_many_names(template: str, dimension: str) -> None:
    for a, b in _pairs(PLAIN_NAMES + JOINED_NAMES):
        question = template.format(a=a, b=b)
        assert shape(question) == ([a, b], [dimension]), question


@pytest.mark.parametrize(("template", "dimensions"), LIST_TEMPLATES)
def test_list_shapes_hold_for_many_names(template: str, dimensions: list[str]) -> None:
    for a, b in _pairs(PLAIN_NAMES):
        question = template.format(a=a, b=b)
        assert shape(question) == ([a, b], dimensions), question


@pytest.mark.parametrize(("template", "dimension"), ONE_TEMPLATES)
def test_one_object_shapes_hold_for_many_names(template: str, dimension: str) -> None:
    for name in PLAIN_NAMES:
        question = template.format(a=name)
        assert shape(question) == ([name], [dimension]), question


@pytest.mark.parametrize(
    "question, objects, dimensions",
    [
        # RAMDocs shapes that fell back to a derived contract
        ("What is Robin Wright known for?", ["Robin Wright"], ["occupation"]),
        ("Who was Anna Palaiologina married to?", ["Anna Palaiologina"], ["spouse"]),
        ("2nd Duke of Newcastle, what year was he born?", ["2nd Duke of Newcastle"], ["born"]),
        ("Where is The Daily Citizen published?", ["The Daily Citizen"], ["location"]),
        ("What is the population of Furna according to the 2010 census?", ["Furna"], ["population"]),
        ("What is the population of Kaliganj Upazila according to the 1991 Bangladesh census?", ["Kaliganj Upazila"],
         ["population"]),
        ("What political party is Senator Atkinson a part of?", ["Senator Atkinson"], ["political party"]),
    ],
)
def test_ramdocs_one_object_shapes(question: str, objects: list[str], dimensions: list[str]) -> None:
    r = read_question(question)
    assert (r.objects, r.dimensions) == (objects, dimensions)


@pytest.mark.parametrize(
    "question, objects, dimensions",
    [
        ("How many libraries are part of the LCLS?", ["LCLS"], ["number of libraries"]),
        ("How many local clubs does the Boys & Girls Club have?", ["Boys & Girls Club"], ["number of local clubs"]),
        ("How many buildings are included in the Danville Historic District?", ["Danville Historic District"],
         ["number of buildings"]),
        ("When and where was George Grimes born?", ["George Grimes"], ["born"]),
        ("Who directed the film adaptation of \"Cry, the Beloved Country\"?", ["Cry, the Beloved Country"], ["director"]),
        ("Which line is Belorussky a station on?", ["Belorussky"], ["line"]),
    ],
)
def test_ramdocs_count_and_role_shapes(question: str, objects: list[str], dimensions: list[str]) -> None:
    r = read_question(question)
    assert (r.objects, r.dimensions) == (objects, dimensions)


def test_what_does_x_refer_to_asks_what_it_is() -> None:
    assert read_question('What does the term "Ibanag" refer to?').dimensions == ["definition"]
    assert read_question('What does the abbreviation "IGY" stand for?').objects == ["IGY"]


# ------------------------------------------------------------------ wh + auxiliary + subject + predicate
# RAMDocs shapes that fell back to a derived contract, in our own phrasings


@pytest.mark.parametrize(
    "question, objects, dimensions",
    [
        # "When was X held?" and any other predicate: the event verb's dimension when it has one, else the date
        ("When did Jonas Brandt become mayor?", ["Jonas Brandt"], ["date"]),
        ("When was the Orrinford Regatta held?", ["Orrinford Regatta"], ["date"]),
        ("When was Judge Pell confirmed by the Senate?", ["Judge Pell"], ["date"]),
        ("When was the Quell Causeway widened to six lanes?", ["Quell Causeway"], ["date"]),
        ("When did the Miners' Strike take place?", ["Miners' Strike"], ["date"]),
        ("What year did Ada Venn become the Countess of Orrin?", ["Ada Venn"], ["date"]),
        ("When did Lorenzo de' Venn become Duke of Orrin?", ["Lorenzo de' Venn"], ["date"]),
        ("When did Pell (footballer) begin his professional career?", ["Pell"], ["career start"]),
        ("When was the Pell Street Bridge first opened to traffic?", ["Pell Street Bridge"], ["opened"]),
        # an event named by its noun
        ("When was the construction of the Pell Street Library started?", ["Pell Street Library"], ["built"]),
        ("When was the founding of Fernway College announced?", ["Fernway College"], ["founded"]),
        # where + predicate
        ("Where was Marta Quell mostly active in her career?", ["Marta Quell"], ["location"]),
        ("Where was Jonas Brandt buried after the war?", ["Jonas Brandt"], ["burial place"]),
        # what/which D + did/was + subject + predicate
        ("What war did the Orrin Accord end?", ["Orrin Accord"], ["war"]),
        ("Which award did Marta Quell receive in 1990?", ["Marta Quell"], ["award"]),
        ("What type of ship was involved in the Pell Incident?", ["Pell Incident"], ["type of ship"]),
        ("What gender is the student body of Fernway College?", ["Fernway College"], ["gender"]),
        ("What is the state where Judge Pell was born?", ["Judge Pell"], ["state"]),
        ("What is the city where Marta Quell was born?", ["Marta Quell"], ["birthplace"]),
        ("What is another common name for the Pell Lily?", ["Pell Lily"], ["common name"]),
        ("What is the common name of the flowering plant Ortensia?", ["Ortensia"], ["common name"]),
        ('Who sang the opening song in the "Salt Road" soundtrack?', ["Salt Road"], ["artist"]),
        ('Who is the artist of the closing song in the "Salt Road" soundtrack?', ["Salt Road"], ["artist"]),
        # what is X / who is X
        ('What is "Salt and Pepper"?', ["Salt and Pepper"], ["definition"]),
        ("Who was Ada Venn?", ["Ada Venn"], ["occupation"]),
        # the subject first, the asked noun after which
        ("4th arrondissement is located in which city?", ["4th arrondissement"], ["city"]),
        ("212th refers to which type of unit?", ["212th"], ["type of unit"]),
        ("1981 Orrin Cup was part of which division?", ["1981 Orrin Cup"], ["division"]),
        # "When is the D of X?" like "What is the D of X?"; a part of a work is named by the work
        ("When is the feast day of Saint Orrin?", ["Saint Orrin"], ["feast day"]),
        ("Who composed the musical setting for the Psalms of Saint Orrin?", ["Psalms of Saint Orrin"], ["composer"]),
        ("Who wrote the lyrics of Salt Road?", ["Salt Road"], ["author"]),
    ],
)
def test_wh_auxiliary_subject_predicate_shapes(question: str, objects: list[str], dimensions: list[str]) -> None:
    assert shape(question) == (objects, dimensions)


@pytest.mark.parametrize(
    "question",
    [
        # the subject is not a name: a clause or a common noun
        "When did the team that won the cup become famous?",
        "When was the old money replaced?",
        "Where was the money kept?",
        "What is the capital?",
        "What award did the winner of the race receive?",
    ],
)
def test_predicate_shapes_still_need_a_named_subject(question: str) -> None:
    with pytest.raises(ContractError, match="could not read objects and dimensions"):
        parse_question(question)


@pytest.mark.parametrize(
    "question, objects, dimensions",
    [
        # a type word after the name is not part of it
        ("When was the Salt Road album released?", ["Salt Road"], ["released"]),
        ("What is the length of the Orrin 500 race?", ["Orrin 500"], ["length"]),
        # an organisation after "in the" qualifies the question; a place keeps its words
        ("What was the rank of Commodore Pell in the Royal Navy?", ["Commodore Pell"], ["rank"]),
        ("What is the population of Lake in the Hills?", ["Lake in the Hills"], ["population"]),
    ],
)
def test_words_around_a_name_that_are_not_the_name(question: str, objects: list[str], dimensions: list[str]) -> None:
    assert shape(question) == (objects, dimensions)


def test_two_names_joined_by_a_slash_are_a_name_and_an_alias() -> None:
    contract = parse_question("What is the estimated population of Orrinford/Nor Pellin?")
    assert [(o.name, o.aliases) for o in contract.objects] == [("Orrinford", ["Nor Pellin"])]
    for question, name in [("When was AC/DC formed?", "AC/DC"), ("What is the license of TCP/IP Stack?", "TCP/IP Stack")]:
        assert [(o.name, o.aliases) for o in parse_question(question).objects] == [(name, [])]


@pytest.mark.parametrize(
    "question",
    [
        "When did Pell (footballer) begin his professional career?",
        "When did Marta Quell start playing for Orrin United?",
        "When did Jonas Brandt begin his career in cricket?",
        "When did Ada Venn make her debut?",
    ],
)
def test_a_career_start_is_a_debut_not_a_founding(question: str) -> None:
    assert shape(question)[1] == ["career start"]
    assert shape("When was Fernway College started?") == (["Fernway College"], ["started"])


@pytest.mark.parametrize(
    "question, objects, dimensions",
    [
        ("How tall is the Pell Tower?", ["Pell Tower"], ["height"]),
        ("How long is the Orrin River?", ["Orrin River"], ["length"]),
        ("How many people live in Orrinford?", ["Orrinford"], ["population"]),
        ("How did Marta Quell die?", ["Marta Quell"], ["cause of death"]),
        ("Where did Marta Quell die?", ["Marta Quell"], ["death place"]),
        ("Who won the 1990 Orrin Cup?", ["1990 Orrin Cup"], ["winner"]),
        ("Which company developed Quillstore?", ["Quillstore"], ["company"]),
        ("Which record label released Salt Road?", ["Salt Road"], ["record label"]),
        ("Which river flows through Orrinford?", ["Orrinford"], ["river"]),
    ],
)
def test_how_adjective_and_which_noun_verb_shapes(question: str, objects: list[str], dimensions: list[str]) -> None:
    assert shape(question) == (objects, dimensions)


@pytest.mark.parametrize("question", ["How old is Marta Quell?", "How is Marta Quell?", "Which is Quillstore?"])
def test_how_and_which_without_a_measure_stay_unreadable(question: str) -> None:
    # "old" is a person's birth or a thing's founding: the question does not say which
    with pytest.raises(ContractError, match="could not read objects and dimensions"):
        parse_question(question)
