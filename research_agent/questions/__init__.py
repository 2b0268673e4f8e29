"""Question shapes: the offline, rule-based reading of a question into objects + dimensions.

The package: `_shapes.py` (the table of surface shapes and `read_question`), `_handlers.py` (what
each shape does with its match), `_names.py` (object names), `_clauses.py` (what decides a
comparison, what a complement asks), `_parsed.py` (questions read through the dependency parse
when no surface shape reads them), `_base.py` (the result, the errors, ``question_words.toml``).

`read_question(question)` tries the shapes below in order and returns the
first that reads (`QuestionReading`: the shape's name, the objects, the
dimensions); `contract.parse_question` turns that into a `TaskContract`.  A
question no shape reads raises `ContractError` with today's message (how to
phrase it, `--object/--dimension`, `--contract FILE.toml`); a shape that
reads the objects but finds nothing that decides the answer ("Compare A and
B") raises `MissingDimension`, which carries the objects it read.

Comparisons (objects split on ``,``, ``and``, ``or``, ``&``, ``vs``, ``versus``):

* "Compare A, B and C on X and Y" (also ``by``, ``in terms of``, ``regarding``,
  ``for``, ``across``, ``with respect to``); "A vs B on X"; "A versus B: X".
* "A or B: which is cheaper?", "Which is older, A or B?", "Which of A or B is
  faster?", "Is A cheaper than B?" — the comparative names the dimension
  through the ``[comparatives]`` table of ``question_words.toml`` (cheaper →
  price, older → founded, larger → size, faster → speed, longer → length,
  taller → height, …); when the objects are people (the clause starts with
  "Who" or its type noun is a person noun: "Which actor is older") the
  ``[comparatives_people]`` table wins (older/younger → born).
* "Which was founded first, A or B?", "Which magazine was started first, A or
  B?", "Who was born first, A or B?", "Who died first, …", "Was A born
  before B?" — the verb through ``[event_verbs]``; verbs that mean a thing
  came into being (established, formed, started, launched, …) compare on
  "founded".
* "Which band has more members, A or B?" → "number of members" (``more`` /
  ``fewer`` + a plural noun counts it); "Which city has the larger
  population, A or B?" → "population" (the noun itself).
* "Were A and B of the same nationality?", "Are A and B from the same
  country?" → the noun after "same".
* "Are both A and B …?", "Are A and B both …?" — the complement decides:
  a demonym (a capitalised word in ``[demonyms]`` or ending in -an, -ian,
  -ese, -ish, -i) → "nationality"; a job noun (``[occupation_nouns]``) →
  "occupation" (both when both occur: "American film directors");
  "<verb> by …" → the agent of ``[agent_verbs]`` ("made by Apple" → manufacturer);
  "located/based in …", "in …", "from …" → "location"; a phrase in
  ``[complements]`` → its dimension ("open source" → license); otherwise
  **the complement's head word**, singular: its last word ("rock bands" →
  "band", "still active" → "active").

One object:

* "When was X founded/established/born/released/built/elected?", "When did
  X die?", "What year was the album "X" released?" — the first lower-case
  ``[event_verbs]`` word after the object (an adverb such as "first" in front
  of it is skipped) gives the dimension: founded, established, formed,
  started, created, launched, incorporated, opened, born, died, released,
  published, aired, built (also constructed, erected, completed), elected,
  introduced — names the reader's lexicon knows.
* "What/Who is the D of X?" ("What is the population of X?", "Who is the
  architect of X?", "What is the genre of the film X?"); "Who was X's
  father?", "What is X's profession?" → D.
* "Who directed the film "X"?" → director, through ``[agent_verbs]`` (wrote →
  author, designed → architect, composed → composer, …).
* "Who is the D in/associated with X?" ("Who is the main character in X?",
  "Who is the band associated with the album "X"?") → D.
* "What license does A use?", "Which license is A released under?", "What
  sport is X associated with?", "What sport did X play?", "What country is X
  from?", "What political party does X belong to?", "What state is X located
  in?" → the noun phrase after What/Which; "Under which license is A
  released?" → license.
* "Where is X located?" → location ("Where was X born?", "In what city was X
  born?" → birthplace); "In which state is X located?" → state; "X was formed
  in which country?" → country ("… in which year?" → the verb: formed).
* "X >> relation" (MuSiQue's decomposition form) → object X, dimension relation.
* An echo question, its wh-word left where the answer goes ("The population of X is what?", "The
  architect of X was who?"), reads as its fronted form ("What is the population of X?").

wh + auxiliary + subject + predicate, when no shape above reads the verb (tried last):

* "When was X held?", "When was X confirmed by the Senate?", "When did X become
  Grand Duke of Tuscany?", "What year did X take place?" → the subject is the
  shortest leading name that reads strictly and is followed by a verb (a
  participle after was/has, any word after did); the dimension is the verb's
  ``[event_verbs]`` entry, else "date". "When was the construction of X
  started?" → the event noun's ``[event_nouns]`` entry (construction → built).
* "When did X begin his professional career?", "… start playing for Y?", "…
  make his debut?" → career start (a player's debut, not a founding).
* "Where was X primarily active in his career?" → location (born →
  birthplace, buried → burial place).
* "What war did X end?" → war; "What type of aircraft was involved in X?" →
  type of aircraft; "What gender is the student body of X?" → gender; "What is
  the state where X was born?" → state (city/town/place → birthplace); "What
  is another common name for X?" → common name.
* "What is "X"?" → definition; "Who was X?" → occupation (X must be a name:
  "What is love?" stays unreadable).
* "1st arrondissement is located in which city?", "487th refers to which type
  of unit?" → the subject before the predicate, the noun after which/what.

Through the parse, tried last (`_parsed.py`): "How many N can a Y have?" → Y, "maximum N";
"Is X open source?" and any "Is/Are X <complement>?" → the complement's dimension as above;
"Is A or B older?" → the comparative's; "Does X support Y?" / "Do A and B run on Y?" → "Y
support"; "Does X have/offer a free trial?" → "free trial"; "How much does X cost?" → price;
"How often does X release?" → "release cadence".

A quoted title inside a longer description is the object ("the main song in the
"Footloose" soundtrack" → Footloose); lower-case words between an article and a
name describe it ("the plant species Aiea" → Aiea); a disambiguation in
parentheses is dropped ("Arteaga (footballer)" → Arteaga); a type word after
the name ("the Salt Road album") and an organisation after "in the" ("Admiral
Morgan in the United States Navy") are not the name; "Hajin/Nor Hachn" is a
name and an alias (`object_entry`).

Object names: surrounding whitespace, quotes and closing punctuation are
stripped; a lower-case leading article ("the", "a", "an") is dropped with a
type word that follows it ("the album "X"" → X; ``[type_words]``) — the type
word is **not** kept as an alias, because an alias is a name pages must use
and "the album X" is not one; the question keeps it for queries and models.
A capitalised "The" is part of a name and kept ("The Beatles"). In "the D of
X", a comma list without and/or is one name ("Lawrence, Wisconsin") and an
appositive after it (", the retired teacher …") is dropped.  The same object
twice, or an empty name, is refused by the contract's own validation.

Dimension names and their kinds are the contract's business (`DimensionSpec`).
"""

from ._base import UNREADABLE, MissingDimension, QuestionReading
from ._names import object_entry
from ._shapes import read_question

__all__ = ["MissingDimension", "QuestionReading", "UNREADABLE", "object_entry", "read_question"]
