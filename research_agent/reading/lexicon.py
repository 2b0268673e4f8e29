"""The dimension lexicon: what a dimension's name means to the reader.

A dimension name ("license", "founding year", "maximum database size",
"number of employees") maps to one **family**.  A family says

* which **kind** of value answers it (`date`, `quantity`, `money`, `duration`,
  `count`, `license`, `version`, `boolean`, `nationality`, or one of the
  reader's own phrase kinds: `person`, `place`, `words`, `phrase`);
* its **cues**: word forms that signal the dimension in a sentence ("founded",
  "established", "formed", "launched", "incorporated" for `founded`); a cue
  also anchors the value it governs ("constructed in 1885", not the listing
  date in the same sentence);
* for phrase kinds, the **patterns** that capture the value after a cue
  ("directed by <Name>") or the closed **vocabulary** it is drawn from
  (sports, languages).

Matching a name to a family is by words, not by the whole string: a name
holding a family's head word ("year founded", "date of founding", "founding
year") maps to it; the first family whose words all occur wins, most
specific first.  A name that maps to no family keeps its own words as cues,
and its value kind is inferred from what the candidate sentences carry
(`infer_kind`).  The table is data: extend it here, with a test, when a
real sentence shows a missing cue.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = ["Family", "FAMILIES", "family_named", "cue_pattern", "infer_kind"]


@dataclass(frozen=True)
class Family:
    name: str
    kind: str
    keys: tuple[tuple[str, ...], ...]
    """Word sets (stems) any of which, all present in a dimension name, selects this family."""
    cues: tuple[str, ...]
    """Regex fragments (case-insensitive, matched on word boundaries) that signal the dimension."""
    patterns: tuple[str, ...] = ()
    """For phrase kinds: regexes with a `v` group capturing the value (NAME/PLACE macros expanded)."""
    vocabulary: tuple[str, ...] = ()
    """For `words`: the closed set of values."""
    unit: str | None = None
    """For quantities: the canonical unit family hint ("B" information, "ms" time…)."""
    cue_optional: bool = False
    """The value kind alone makes a sentence relevant (a demonym in "X is an American director")."""
    query_words: tuple[str, ...] = field(default=())
    """Words for search queries (the ladder's rephrase rung)."""
    word_forms: tuple[tuple[str, str], ...] = ()
    """For `words`: other forms of a vocabulary value ("footballer" → "football")."""
    weak_cues: tuple[str, ...] = ()
    """Cues that also signal other things ("launched" a product line): a reading they govern loses to one a
    strong cue governs on the same page."""
    case_sensitive: bool = False
    """For `words`: the vocabulary matches as written ("Go" the language, not "go" the verb)."""


_NAME = r"(?:[A-Z][\w'’.&-]*(?:\s+(?:(?:de|da|di|del|der|van|von|la|le|of|the|and|y|bin|al)\s+)?[A-Z0-9][\w'’.&-]*){0,5})"
_PLACE = _NAME + r"(?:,\s+" + _NAME + r"){0,2}"


_AIRCRAFT = r"(?:[A-Z][\w.&-]*\s+){1,2}(?:[A-Z][A-Za-z]{0,3}-?\d[\w-]*|\d[\w-]*)"


_ADVERBIAL = r"(?:(?:in|on|at|during|around)\s+[\w'’-]+(?:\s+[\w'’-]+){0,2}\s+)?"
"""An adverbial between a participle and its agent: "founded in 1989 by", "directed in Rome by"."""


def _expand(pattern: str) -> str:
    pattern = pattern.replace(r"by\s+(?P<v>NAME)", _ADVERBIAL + r"by\s+(?P<v>NAME)")
    return pattern.replace("AIRCRAFT", _AIRCRAFT).replace("NAME", _NAME).replace("PLACE", _PLACE)


SPORTS = (
    "ice hockey", "field hockey", "hockey", "baseball", "american football", "canadian football", "association football",
    "football", "soccer", "basketball", "tennis", "table tennis", "golf", "cricket", "rugby union", "rugby league", "rugby",
    "boxing", "athletics", "track and field", "swimming", "cycling", "volleyball", "handball", "wrestling", "lacrosse",
    "badminton", "snooker", "motor racing", "formula one", "skiing", "figure skating", "speed skating", "rowing",
    "sailing", "fencing", "gymnastics", "judo", "karate", "taekwondo", "softball", "water polo", "netball", "squash",
    "darts", "curling", "bobsleigh", "equestrian", "horse racing", "triathlon", "archery", "shooting", "weightlifting",
    "mixed martial arts", "bowling", "polo", "surfing", "skateboarding", "chess", "racquetball", "australian rules football",
    "gaelic football", "hurling",
)
US_STATES = (
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida", "Georgia",
    "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland",
    "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire",
    "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon",
    "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont",
    "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming",
)
POSITIONS = (
    "quarterback", "linebacker", "running back", "wide receiver", "tight end", "cornerback", "safety", "defensive end",
    "defensive tackle", "offensive tackle", "offensive lineman", "guard", "center", "centre", "kicker", "punter",
    "fullback", "halfback", "tailback", "pitcher", "catcher", "shortstop", "outfielder", "first baseman",
    "second baseman", "third baseman", "designated hitter", "goalkeeper", "goaltender", "defender", "defenceman",
    "defenseman", "midfielder", "forward", "striker", "winger", "left wing", "right wing", "point guard",
    "shooting guard", "small forward", "power forward", "prop", "hooker", "lock", "flanker", "scrum-half", "fly-half",
    "wicket-keeper", "batsman", "bowler", "all-rounder", "umpire", "referee", "coach", "manager",
)
SPORT_FORMS = (
    ("footballer", "football"), ("cricketer", "cricket"), ("golfer", "golf"), ("boxer", "boxing"), ("cyclist", "cycling"),
    ("swimmer", "swimming"), ("sprinter", "athletics"), ("hurdler", "athletics"), ("middle-distance runner", "athletics"),
    ("long-distance runner", "athletics"), ("marathon runner", "athletics"), ("skier", "skiing"),
    ("cross-country skier", "cross-country skiing"), ("ski jumper", "ski jumping"), ("wrestler", "wrestling"),
    ("rower", "rowing"), ("jockey", "horse racing"), ("racing driver", "motor racing"), ("weightlifter", "weightlifting"),
    ("fencer", "fencing"), ("gymnast", "gymnastics"), ("figure skater", "figure skating"), ("speed skater", "speed skating"),
    ("snooker player", "snooker"), ("darts player", "darts"), ("archer", "archery"), ("sailor", "sailing"),
    ("hockey player", "hockey"), ("baseball player", "baseball"), ("basketball player", "basketball"),
    ("tennis player", "tennis"), ("rugby union player", "rugby union"), ("rugby league player", "rugby league"),
    ("pitcher", "baseball"), ("quarterback", "american football"), ("linebacker", "american football"),
    ("goaltender", "ice hockey"), ("defenceman", "ice hockey"), ("defenseman", "ice hockey"), ("umpire", "baseball"),
    ("chess player", "chess"), ("bobsledder", "bobsleigh"), ("triathlete", "triathlon"), ("decathlete", "athletics"),
)
RANKS = (
    "general", "lieutenant general", "major general", "brigadier general", "brigadier", "colonel", "lieutenant colonel",
    "major", "captain", "lieutenant", "second lieutenant", "first lieutenant", "sergeant", "corporal", "private",
    "admiral", "vice admiral", "rear admiral", "commodore", "commander", "lieutenant commander", "field marshal",
    "marshal", "air marshal", "air vice-marshal", "air chief marshal", "air commodore", "group captain", "wing commander",
    "squadron leader", "flight lieutenant", "generalmajor", "generalleutnant", "generaloberst", "oberst",
    "generalfeldmarschall", "konteradmiral", "vizeadmiral", "general of the army", "fleet admiral", "ensign",
)
LANGUAGES = (
    "English", "French", "German", "Spanish", "Portuguese", "Italian", "Dutch", "Russian", "Polish", "Czech", "Slovak",
    "Hungarian", "Romanian", "Bulgarian", "Greek", "Turkish", "Arabic", "Hebrew", "Persian", "Urdu", "Hindi", "Bengali",
    "Punjabi", "Marathi", "Gujarati", "Tamil", "Telugu", "Kannada", "Malayalam", "Odia", "Sinhala", "Nepali", "Chinese",
    "Mandarin", "Cantonese", "Japanese", "Korean", "Vietnamese", "Thai", "Malay", "Indonesian", "Tagalog", "Filipino",
    "Swahili", "Amharic", "Yoruba", "Hausa", "Zulu", "Afrikaans", "Swedish", "Norwegian", "Danish", "Finnish",
    "Icelandic", "Estonian", "Latvian", "Lithuanian", "Ukrainian", "Belarusian", "Serbian", "Croatian", "Bosnian",
    "Slovene", "Slovenian", "Macedonian", "Albanian", "Armenian", "Georgian", "Azerbaijani", "Kazakh", "Uzbek",
    "Mongolian", "Tibetan", "Burmese", "Khmer", "Lao", "Welsh", "Irish", "Scottish Gaelic", "Basque", "Catalan",
    "Galician", "Latin", "Esperanto", "Yiddish", "Bhojpuri", "Assamese", "Konkani", "Tulu", "Maithili", "Kashmiri",
    "Sindhi", "Pashto", "Kurdish", "Maltese", "Luxembourgish", "Faroese", "Maori", "Hawaiian", "Samoan",
)

PROGRAMMING_LANGUAGES = (
    "Rust", "Go", "Golang", "Python", "Java", "Kotlin", "Scala", "C", "C++", "C#", "F#", "JavaScript", "TypeScript", "Ruby",
    "PHP", "Perl", "Swift", "Objective-C", "Elixir", "Erlang", "Haskell", "OCaml", "Clojure", "Zig", "Nim", "Dart",
    "Lua", "R", "Julia", "Crystal", "D", "Fortran", "COBOL", "Pascal", "Delphi", "Lisp", "Common Lisp", "Racket",
    "Groovy", "Visual Basic", "Assembly", "WebAssembly", "Shell", "Bash", "PowerShell", "SQL", "Solidity", "V",
)

# A Wikipedia title's disambiguation: "Iconoclast (Symphony X album)", "The Wilderness Years (Nick Lowe album)"
# name the maker; "Central Square Historic District (Stoneham, Massachusetts)" the place. A parenthesis belongs
# to the name before it, so attribution ties the value to the titled work.
DISAMBIGUATED_WORK = r"\((?P<v>NAME)(?:['’]s)?\s+(?:album|song|single|EP|mixtape|novel|book|film|play|painting|poem)\)"
DISAMBIGUATED_PLACE = r"\((?P<v>NAME,\s+NAME)\)"

# Most specific first: the first family whose key words all occur in the name wins.
FAMILIES: tuple[Family, ...] = (
    Family("country", "nationality", (("country",), ("nation",)),
           (r"country", r"nation", r"located in", r"in", r"of", r"from", r"based"), cue_optional=True,
           query_words=("country",)),
    Family("birthplace", "place", (("birthplace",), ("born", "where"), ("place", "birth"), ("hometown",)),
           (r"born", r"native of", r"hometown", r"raised"),
           patterns=(r"\bborn\b[^.;()]{0,40}?\bin\s+(?:the\s+)?(?P<v>PLACE)", r"\bnative of\s+(?P<v>PLACE)",
                     # a birth note gives the place after the date: "(born 2 May 1971, Dunmore, Ireland)"
                     r"\(born\b[^;()]{0,40}?\b\d{4},\s+(?P<v>PLACE)\)"),
           query_words=("born in",)),
    # "Where did X die?", "How did X die?": the place and the cause, not the date (before `died`)
    Family("death place", "place", (("death", "place"), ("place", "death"), ("died", "where")),
           (r"died", r"death", r"passed away", r"killed"),
           patterns=(r"\b(?:died|passed away|was killed)\b[^.;()]{0,40}?\b(?:in|at)\s+(?:the\s+)?(?P<v>PLACE)",),
           query_words=("died in",)),
    Family("cause of death", "phrase", (("cause", "death"), ("died", "how")),
           (r"died", r"death", r"succumbed", r"killed"),
           patterns=(r"\bdied\s+(?:of|from)\s+(?:an?\s+|the\s+)?(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)"
                     r"(?=\s*[,.;(]|\s+(?:in|at|on|aged|after|while|and)\b|$)",
                     r"\bsuccumbed\s+to\s+(?:an?\s+|the\s+)?(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)"
                     r"(?=\s*[,.;(]|\s+(?:in|at|on|aged|after|while|and)\b|$)",
                     r"\bcause of (?:his |her |their )?death was\s+(?:an?\s+|the\s+)?(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)"
                     r"(?=\s*[,.;(]|\s+(?:in|at|on|aged|after|while|and)\b|$)"),
           query_words=("died of", "cause of death")),
    Family("died", "date", (("death",), ("died",), ("die",), ("deceased",)),
           (r"died", r"dies", r"death", r"passed away", r"killed", r"d\."), query_words=("died", "death")),
    Family("birth name", "person", (("birth", "name"), ("born", "name"), ("maiden", "name"), ("name", "birth")),
           (r"born", r"n[ée]e", r"birth name", r"maiden name"),
           # the name someone was born with: "Ann Lee (born Ann Marsh; 14 March 1958)", "née Marsh", "birth name is …"
           patterns=(r"\b(?:birth|maiden)\s+name\s+(?:is\s+|was\s+)?(?P<v>NAME)", r"\bn[ée]e\s+(?P<v>NAME)",
                     r"\bborn\s+(?!(?:in|on|at|January|February|March|April|May|June|July|August|September|October|November|December)\b)"
                     r"(?P<v>NAME)"),
           query_words=("birth name", "born")),
    Family("born", "date", (("birth",), ("born",), ("birthday",), ("dob",)),
           (r"born", r"birth", r"b\."), query_words=("born", "birth")),
    Family("built", "date", (("built",), ("construct",), ("construction",), ("erected",), ("build",)),
           (r"built", r"construct(?:ed|ion)?", r"erected", r"completed", r"rebuilt"), query_words=("built", "constructed"),
           weak_cues=(r"rebuilt",)),
    Family("elected", "date", (("elected",), ("election",), ("elect",)),
           (r"elected", r"re-elected", r"election", r"won (?:the )?(?:seat|election)"), query_words=("elected",)),
    # "When did X begin his professional career?", "When did X start playing for Y?": a player's debut, not a
    # founding (before `founded`, whose keys hold "start", and `occupation`, whose keys hold "career")
    Family("debut", "date", (("debut",), ("debuted",), ("career", "start"), ("career", "began"), ("career", "begin"),
                             ("career", "started"), ("first", "appearance")),
           (r"(?:first-class |professional |senior |international |league |test |odi |full )?debut(?:ed|s)?",
            r"first (?:played|appeared|capped|selected|called up|appearance|match|game)",
            r"beg[ia]n (?:his|her|their) (?:professional |playing |senior |international )?career",
            r"start(?:ed)? (?:his|her|their) (?:professional |playing |senior |international )?career",
            r"turned professional", r"turned pro"),
           query_words=("debut",)),
    Family("version", "version", (("version",), ("release", "latest"), ("latest",)),
           (r"version", r"v\d", r"release", r"latest", r"current"), query_words=("latest version",)),
    Family("released", "date", (("release",), ("released",), ("publication",), ("published",), ("premiere",), ("aired",)),
           (r"released?", r"re-released", r"publish(?:ed)?", r"issued", r"premiered?", r"came out", r"debuted", r"aired",
            r"shipped", r"first (?:version|shipped|appeared)", r"initial release",
            # how a product's release is said: it arrives, ships, lands, goes on sale, hits shelves, becomes available
            r"arriv(?:es|ed|ing)", r"ships?", r"shipping", r"land(?:s|ed)", r"(?:go|goes|went|going) on sale", r"on sale",
            r"hits? (?:shelves|stores)", r"(?:becomes? |became )?available", r"launch(?:es|ed)?", r"roll(?:s|ed)? out"),
           cue_optional=True, query_words=("released", "release")),
    Family("introduced", "date", (("introduced",), ("introduction",), ("adopted",)),
           (r"introduced", r"introduction", r"adopted", r"replaced", r"first issued"), query_words=("introduced",)),
    Family("founded", "date",
           (("found",), ("founded",), ("founding",), ("establish",), ("established",), ("establishment",), ("formed",), ("formation",),
            ("inception",), ("launched",), ("launch",), ("incorporated",), ("started",), ("start",), ("creation",),
            ("created",), ("opened",)),
           (r"found(?:ed|ing)", r"co-?founded", r"establish(?:ed|ment)", r"formed", r"formation", r"launch(?:ed)?",
            r"incorporated", r"started", r"began", r"created", r"set up", r"open(?:ed)?", r"inaugurated",
            r"first (?:published|issued|appeared|aired)", r"in existence since", r"since", r"dates? (?:back )?to",
            r"debut(?:ed)?", r"first played"),
           weak_cues=(r"launch(?:ed)?", r"started", r"began", r"created", r"set up", r"open(?:ed)?", r"inaugurated", r"since",
                      r"in existence since", r"dates? (?:back )?to", r"debut(?:ed)?", r"first played"),
           query_words=("founded", "established")),
    Family("trial", "duration", (("trial",),), (r"(?:free )?trial", r"evaluation period", r"tr(?:y|ied) (?:it )?(?:out )?(?:for )?free",
                                                 r"free for(?: the first)?", r"tr(?:y|ied) (?:[\w-]+ ){0,3}?(?:for|free)",
                                                 r"(?<=days )free", r"(?<=weeks )free", r"(?<=month )free", r"(?<=months )free"),
           query_words=("free trial",)),
    Family("retention", "duration", (("retention",), ("backup",), ("retain",), ("kept",)),
           (r"backups?", r"retention", r"retain(?:ed|s)?", r"kept for", r"keeps?", r"stored for", r"snapshots?"),
           query_words=("backup retention",)),
    Family("max size", "quantity", (("maximum", "size"), ("max", "size"), ("size", "limit"), ("largest",), ("capacity",),
                                    ("database", "size"), ("file", "size")),
           (r"max(?:imum)?", r"up to", r"limit(?:ed)?", r"largest", r"how large", r"can (?:grow|get|reach)", r"capacity",
            r"size", r"at most", r"supports?"), unit="B", query_words=("maximum size", "limit")),
    Family("storage", "quantity", (("storage",), ("disk",), ("quota",), ("space",)),
           (r"storage", r"stor(?:e|es|ed)", r"disk", r"space", r"quota"), unit="B", query_words=("storage",)),
    Family("memory", "quantity", (("memory",), ("ram",), ("footprint",)), (r"memory", r"ram", r"footprint"), unit="B",
           query_words=("memory",)),
    Family("latency", "quantity", (("latency",), ("response", "time")), (r"latency", r"response times?", r"p\d\d"),
           unit="ms", query_words=("latency",)),
    Family("throughput", "quantity", (("throughput",),), (r"throughput", r"per second", r"ops/s", r"req/s", r"rps"),
           query_words=("throughput",)),
    Family("height", "quantity", (("height",), ("tall",), ("elevation",), ("altitude",)),
           (r"height", r"tall", r"high", r"elevation", r"altitude", r"stands?"), unit="m", query_words=("height",)),
    Family("length", "quantity", (("length",), ("long",), ("distance",)), (r"length", r"long", r"distance", r"spans?"),
           unit="m", query_words=("length",)),
    Family("area", "quantity", (("area",),), (r"area", r"covers?", r"square"), query_words=("area",)),
    Family("price", "money", (("price",), ("pricing",), ("cost",), ("fee",), ("plan",), ("cheap",), ("subscription",)),
           (r"pric(?:e|es|ed|ing)", r"costs?", r"per (?:user|seat|month|year|node|instance)", r"/(?:mo|month|user|year)",
            r"plans?", r"subscription", r"fees?", r"charges?", r"tiers?", r"free"), query_words=("price", "pricing")),
    Family("revenue", "money", (("revenue",), ("sales",), ("turnover",)), (r"revenues?", r"sales", r"turnover"),
           query_words=("revenue",)),
    Family("employees", "count", (("employee",), ("employees",), ("staff",), ("headcount",), ("workforce",), ("team", "size")),
           (r"employ(?:s|ed|ees?)?", r"staff", r"headcount", r"workforce", r"people", r"team of", r"personnel", r"workers"),
           query_words=("employees", "staff")),
    Family("population", "count", (("population",), ("inhabitants",), ("residents",), ("populous",)),
           (r"population", r"inhabitants", r"residents", r"people", r"census", r"populous"), query_words=("population",)),
    Family("members", "count", (("members",), ("member",), ("membership",)),
           (r"members?", r"membership", r"consist(?:s|ed)? of", r"line-?up", r"comprising", r"quartet", r"trio", r"duo"),
           query_words=("members",)),
    Family("median age", "duration", (("median", "age"), ("average", "age")), (r"median age", r"average age"),
           query_words=("median age",)),
    Family("license", "license", (("license",), ("licence",), ("licensing",), ("licensed",), ("copyright",)),
           (r"licen[cs](?:e|es|ed|ing)", r"released under", r"available under", r"distributed under", r"published under", r"offered under", r"under the",
            r"open[- ]source", r"proprietary", r"closed[- ]source", r"source[- ]available", r"copyleft", r"permissive",
            r"commercial", r"free software", r"public domain"),
           cue_optional=True, query_words=("license", "licensed under")),
    Family("nationality", "nationality", (("nationality",), ("citizenship",), ("citizen",), ("national",)),
           (r"nationality", r"citizen(?:ship)?", r"national", r"born in", r"native of", r"from"), cue_optional=True,
           query_words=("nationality",)),
    Family("location", "place", (("location",), ("located",), ("where",), ("headquarters",), ("based",), ("city",), ("place",),
                                 ("region",), ("town",), ("village",), ("county",), ("province",), ("district",),
                                 ("municipality",), ("suburb",)),
           (r"located", r"situated", r"based", r"headquartered", r"lies", r"sits", r"in", r"near",
            r"\([A-Z][^()]*,\s*[A-Z][^()]*\)"),  # a title's "(Town, State)" is its own cue
           patterns=(r"\b(?:located|situated|based|headquartered|lies|sits|found)\s+(?:in|at|on|near)\s+(?:the\s+)?(?P<v>PLACE)",
                     r"\b(?:is|was)\s+an?\s+(?:[\w-]+\s+){0,4}(?:in|at|of)\s+(?:the\s+)?(?P<v>PLACE)",
                     DISAMBIGUATED_PLACE,
                     # "is a covered bridge that carries Canyon Road across the Brewster River … in Cambridge, Vermont"
                     r"\b(?:is|was)\s+an?\s+[^.;()]{0,160}?\bin\s+(?P<v>" + _NAME + r",\s+" + _NAME + r")"),
           query_words=("located",)),
    Family("director", "person", (("director",), ("directed",), ("filmmaker",)),
           (r"direct(?:ed|or|s)", r"helmed", r"filmmaker"),
           patterns=(r"\bdirected\s+(?:and\s+\w+\s+)?by\s+(?P<v>NAME)", r"\bdirector\s+(?P<v>NAME)",
                     r"\b(?P<v>NAME)\s+directed\b", r"\bhelmed by (?P<v>NAME)"),
           query_words=("directed by", "director")),
    Family("artist", "person", (("artist",), ("performer",), ("singer",), ("band",), ("musician",), ("recorded",)),
           (r"album", r"single", r"EP", r"song", r"record(?:ed|ing)?", r"artist", r"band", r"singer", r"performed", r"by",
            r"paint(?:ing|ed|er)s?", r"portrait", r"fresco", r"sculpt(?:ure|ed|or)", r"(?:re)?attributed"),
           patterns=(r"\b(?:artist|band|singer|rapper|group|musician|duo|trio|songwriter|pianist|saxophonist|guitarist|trumpeter|DJ|composer"
                     r"|painter|sculptor)\s+(?P<v>NAME)",
                     r"\b(?:album|single|EP|LP|song|record|mixtape|compilation)\b[^.;]{0,80}?\bby\s+(?:the\s+)?(?P<v>NAME)",
                     r"\b(?:recorded|performed)\s+by\s+(?:the\s+)?(?P<v>NAME)",
                     # a work of art: "a painting by the Italian master Caravaggio", "reattributed to Stanzione"
                     r"\b(?:painting|portrait|fresco|canvas|altarpiece|sculpture|statue|mural|etching|engraving|drawing)s?\b[^.;]{0,60}?"
                     r"\bby\s+(?:(?:[a-z][\w-]*|[A-Z][a-z]+(?:ish|ian|ean|ese|an|ch|ic|i)(?=\s+[a-z]))\s+){0,4}(?P<v>NAME)",
                     r"\b(?:painted|sculpted|carved|engraved)\s+by\s+(?P<v>NAME)",
                     r"\b(?:attributed|reattributed|ascribed)\s+to\s+(?P<v>NAME)",
                     r"\b(?P<v>NAME)['’]s\s+(?:\w+\s+){0,3}(?:album|single|EP|record)\b", DISAMBIGUATED_WORK),
           query_words=("album by", "artist")),
    Family("architect", "person", (("architect",), ("designer",), ("designed",)),
           (r"architects?", r"designed", r"design(?:er)?"),
           patterns=(r"\bdesigned\s+by\s+(?:the\s+)?(?:architects?\s+)?(?P<v>NAME)", r"\barchitects?\s+(?:was\s+|were\s+)?(?P<v>NAME)",
                     r"\b(?P<v>NAME)\s+designed\b"),
           query_words=("designed by", "architect")),
    # "Who is the creator of X?" asks for whoever made the work, whatever the work is: the author of a book,
    # the artist of an album, the director of a film, the writer of a song's lyrics
    Family("creator", "person", (("creator",), ("created",), ("inventor",), ("invented",)),
           (r"creat(?:ed|or)", r"invent(?:ed|or)", r"devised", r"conceived", r"writ(?:ten|er)", r"wrote", r"direct(?:ed|or)",
            r"album", r"EP", r"CD", r"single", r"song", r"book", r"novel", r"release", r"by"),
           patterns=(r"\b(?:created|invented|devised|conceived|developed)\s+by\s+(?:the\s+)?(?:[a-z-]+\s+){0,3}?(?P<v>NAME)",
                     r"\b(?:creator|inventor)\s+(?:is\s+|was\s+)?(?P<v>NAME)",
                     r"\b(?:written|directed|produced|composed)(?:(?:,\s+|\s+and\s+)(?:written|directed|produced|composed))*\s+by\s+(?P<v>NAME)",
                     r"\b(?:album|EP|LP|CD|single|song|record|mixtape|book|novel|release)\b[^.;]{0,60}?\b(?:by|for)\s+(?:the\s+)?"
                     r"(?:[a-z-]+\s+){0,4}?(?P<v>NAME)",
                     r"\b(?P<v>NAME)\s+(?:wrote|created|invented)\b", DISAMBIGUATED_WORK),
           query_words=("created by", "creator")),
    Family("written in", "words", (("written", "in"), ("programming", "language"), ("implementation", "language"),
                                   ("implemented",), ("codebase",)),
           (r"written in", r"implemented in", r"built (?:in|with)", r"programmed in", r"coded in", r"languages?", r"codebase"),
           vocabulary=PROGRAMMING_LANGUAGES + LANGUAGES, case_sensitive=True, cue_optional=True, query_words=("written in",)),
    Family("author", "person", (("author",), ("writer",), ("written",), ("wrote",)),
           (r"author", r"writ(?:er|ten)", r"wrote", r"novel", r"book"),
           patterns=(r"\bwritten\s+by\s+(?P<v>NAME)", r"\b(?:novel|book|story|poem|play)\b[^.;]{0,60}?\bby\s+(?:[a-z-]+\s+){0,3}?(?P<v>NAME)",
                     r"\bauthor\s+(?P<v>NAME)", r"\b(?P<v>NAME)\s+wrote\b"),
           query_words=("written by", "author")),
    Family("founder", "person", (("founder",), ("founded", "by")),
           (r"found(?:ed|er)", r"co-?found(?:ed|er)"),
           patterns=(r"\b(?:co-?)?founded\s+by\s+(?P<v>NAME)", r"\b(?:co-?)?founders?\s+(?P<v>NAME)"), query_words=("founded by",)),
    Family("father", "person", (("father",), ("parent",)),
           (r"father", r"son of", r"daughter of", r"child of", r"sired"),
           patterns=(r"\b(?:son|daughter|child|heir)\s+of\s+(?:the\s+)?(?:[a-z-]+\s+){0,2}?(?P<v>NAME)", r"\bfather,?\s+(?P<v>NAME)",
                     r"\b(?P<v>NAME)['’]s\s+(?:eldest\s+|youngest\s+|second\s+|only\s+)?(?:son|daughter)\b"),
           query_words=("son of", "father")),
    Family("mother", "person", (("mother",),), (r"mother", r"son of", r"daughter of"),
           patterns=(r"\bmother,?\s+(?P<v>NAME)",), query_words=("mother",)),
    Family("spouse", "person", (("husband",), ("wife",), ("spouse",), ("married",)),
           (r"husband", r"wife", r"spouse", r"married", r"wed"),
           patterns=(r"\bmarried\s+(?:to\s+)?(?P<v>NAME)", r"\b(?:wife|husband|spouse|consort|widow)\s+of\s+(?P<v>NAME)",
                     r"\b(?:wife|husband|spouse)\s+(?P<v>NAME)"),
           query_words=("married", "spouse")),
    # "What is the main political ideology of the Harbour League?" (before `party`: "political" is its key too)
    Family("ideology", "words", (("ideology",), ("ideologies",), ("political", "position"), ("political", "orientation")),
           (r"ideolog(?:y|ies|ical)", r"political", r"party", r"group", r"organi[sz]ation", r"movement", r"position",
            r"espous(?:es|ed)", r"advocat(?:es|ed)"),
           vocabulary=("far-right", "far-left", "right-wing", "left-wing", "centre-right", "center-right", "centre-left",
                       "center-left", "conservative", "liberal", "socialist", "social democratic", "communist", "fascist",
                       "neo-nazi", "neo-fascist", "national socialism", "national socialist", "nationalist", "libertarian",
                       "green", "centrist", "populist", "anarchist", "islamist", "monarchist", "christian democratic",
                       "marxist", "marxist-leninist", "white supremacist", "separatist", "progressive"),
           query_words=("ideology",)),
    Family("party", "phrase", (("party",), ("political",)),
           (r"part(?:y|ies)", r"member of", r"politician", r"caucus", r"(?:elected|re-elected|ran|served|sat) as"),
           patterns=(r"\b(?P<v>(?:[A-Z][\w'’.-]*\s+){0,4}(?:Party|Alliance|Front|Congress|League|Union|Movement|Liberals|Conservatives|Democrats|Republicans|Progressives|Liberal-Progressives))\b",
                     # "was elected as a Democrat", "is a Republican member of the Oregon State Senate"
                     r"\b(?:as|is|was)\s+an?\s+(?:former\s+)?(?P<v>(?-i:Democrat|Republican|Whig|Federalist|Populist|Socialist|"
                     r"Communist|Unionist|Labour|Liberal|Conservative))\b"),
           query_words=("party",)),
    Family("sport", "words", (("sport",), ("sports",), ("game",), ("played",), ("play",)),
           (r"sports?", r"play(?:s|ed|er|ing)?", r"athlete", r"player", r"team", r"league", r"umpire", r"coach"),
           vocabulary=SPORTS, cue_optional=True, query_words=("player",), word_forms=SPORT_FORMS),
    Family("composer", "person", (("composer",), ("composed",)), (r"compos(?:ed|er|ition)", r"by", r"wrote", r"written"),
           patterns=(r"\bcomposed\s+by\s+(?P<v>NAME)", r"\b(?i:symphony|concerto|sonata|opera|suite|quartet|overture|mass|requiem|work)\b(?:No\.|Op\.|[^.;]){0,60}?\bby\s+(?:the\s+)?(?:[a-z-]+\s+){0,3}?(?P<v>NAME)",
                     r"\bcomposer\s+(?P<v>NAME)", r"\b(?P<v>NAME)['’]s\s+(?:\w+\s+){0,2}(?:symphony|concerto|sonata|opera)\b"),
           query_words=("composed by", "composer")),
    Family("main character", "person", (("character",), ("protagonist",), ("hero",)),
           (r"protagonist", r"character", r"hero", r"stars?", r"starring", r"follows", r"story of", r"plays?", r"controls?"),
           patterns=(r"\b(?:protagonist|main character|hero|heroine|title character)\s*,?\s+(?P<v>NAME)",
                     r"\bfollows\s+(?:the\s+)?(?:[a-z-]+\s+){0,3}?(?P<v>NAME)", r"\bstory of\s+(?:the\s+)?(?:[a-z-]+\s+){0,3}?(?P<v>NAME)",
                     r"\b(?:player|you)\s+(?:controls?|plays?)\s+(?:as\s+)?(?P<v>NAME)"),
           query_words=("main character",)),
    # people, works and places of RAMDocs questions that mapped to no family ("What was the rank of General
    # Seitz?", "Who is the main actor in …?", "Who was the owner of …?", "What is the courtesy name of …?")
    Family("rank", "words", (("rank",),), (r"rank", r"promoted", r"retired", r"served", r"was", r"is"), vocabulary=RANKS,
           cue_optional=True, query_words=("rank",)),
    Family("starring", "person", (("actor",), ("actress",), ("starring",), ("star",), ("cast",), ("lead",)),
           (r"starr?(?:ing|ed|s)", r"actor", r"actress", r"cast", r"lead"),
           patterns=(r"\bstarr(?:ing|ed)\s+(?:[a-z-]+\s+){0,4}?(?P<v>NAME)", r"\bstars\s+(?:[a-z-]+\s+){0,4}?(?P<v>NAME)",
                     r"\b(?P<v>NAME)\s+starred\b"),
           query_words=("starring",)),
    Family("owner", "person", (("owner",), ("owned",), ("ownership",)),
           (r"own(?:er|ed|s)", r"built for", r"home of", r"property of"),
           patterns=(r"\bowner,?\s+(?:was\s+|is\s+)?(?P<v>NAME)", r"\bowned\s+by\s+(?:the\s+)?(?P<v>NAME)",
                     r"\bbuilt\s+for\s+(?:[a-z-]+\s+){0,3}?(?P<v>NAME)", r"\b(?:home|property)\s+of\s+(?P<v>NAME)"),
           query_words=("owner",)),
    Family("name", "person", (("name",), ("called",), ("nickname",)),
           (r"names?", r"known", r"called", r"modern", r"present-day", r"formerly", r"originally"),
           patterns=(r"\b(?:courtesy|common|historical|former|official|posthumous|birth|original)\s+name\s+(?:is\s+|was\s+)?(?P<v>NAME)",
                     r"\b(?:commonly|also|formerly|originally|initially|locally|once|previously)\s+(?:known|called|named|referred to)"
                     r"\s+(?:as\s+)?(?:the\s+)?(?P<v>NAME|[a-z][\w-]+(?:\s+[a-z][\w-]+)?)",
                     r"\b(?:called|named|referred to as)\s+(?:the\s+)?(?P<v>NAME)",
                     r"\b(?:modern|modern-day|present-day)\s+(?:(?:town|city|village)\s+(?:of\s+)?(?:is\s+)?(?:written\s+)?)?(?P<v>NAME)"),
           query_words=("name",)),
    Family("state", "words", (("state",), ("province",)), (r"state", r"in", r"located", r"of"), cue_optional=True,
           vocabulary=US_STATES, query_words=("state",)),
    Family("income", "money", (("income",), ("earnings",), ("salary",), ("wage",)), (r"income", r"earn(?:s|ed|ings)?", r"salary", r"wages?"),
           query_words=("median income",)),
    Family("position", "words", (("position",), ("positions",), ("role",)),
           (r"position", r"played (?:as )?(?:a |an )?", r"player", r"playing"), cue_optional=True,
           vocabulary=POSITIONS, query_words=("position",)),
    Family("line", "phrase", (("line",),), (r"line", r"station", r"metro", r"served by"),
           patterns=(r"\b(?:on|of|serving)\s+the\s+(?P<v>(?:[A-Z][\w-]*\s+){1,3}[Ll]ine)\b", r"\b(?P<v>(?:[A-Z][\w-]*\s+){1,3}[Ll]ine)\b"),
           query_words=("line",)),
    Family("war", "phrase", (("war",), ("conflict",)), (r"war", r"ended", r"end(?:ed)? the", r"treaty", r"peace"),
           patterns=(r"\b(?:ended|end of|concluded|terminated)\s+(?:the\s+)?(?P<v>(?:[A-Z][\w-]*\s+){1,4}War)\b",
                     r"\b(?P<v>(?:(?:First|Second|Third)\s+)?(?:[A-Z][\w-]*\s+){1,3}War)\b"),
           query_words=("war",)),
    Family("medium", "words", (("medium",), ("format", "work"), ("type", "work")), (r"is", r"was", r"adapted", r"medium"),
           vocabulary=("play", "film", "novel", "musical", "opera", "television series", "radio play", "short story",
                       "poem", "song", "album", "video game", "comic", "painting", "sculpture", "documentary", "book"),
           cue_optional=True, query_words=("play", "film")),
    Family("language", "words", (("language",), ("languages",), ("spoken",), ("tongue",)),
           (r"languages?", r"[A-Z][\w]+-language", r"spoken", r"in"), vocabulary=LANGUAGES, query_words=("language",)),
    Family("occupation", "phrase", (("occupation",), ("profession",), ("job",), ("career",), ("work",), ("role",)),
           (r"is", r"was", r"works? as", r"worked as", r"career", r"profession", r"occupation"), cue_optional=True,
           query_words=("profession",)),
    # "What is the primary function of X?", "What does X refer to?": what X is, the complement of "X is a/an …"
    Family("definition", "phrase", (("function",), ("purpose",), ("activity",), ("definition",), ("meaning",), ("refer",),
                                    ("refers",), ("stand", "for"), ("known", "for")),
           (r"is", r"was", r"are", r"were"), cue_optional=True, query_words=("is a",)),
    Family("genre", "phrase", (("genre",), ("style",), ("type",), ("kind",)),
           (r"genre", r"style", r"is", r"was"), cue_optional=True, query_words=("genre",)),
    Family("format", "phrase", (("format",),), (r"format", r"airs", r"broadcasts?", r"programming"),
           patterns=(r"\b(?:an?|its)\s+(?P<v>(?:[\w/-]+\s+){0,4}?[\w/-]+)\s+format\b", r"\bformat\s+(?:of|is)\s+(?P<v>[^,.;]{3,40})"),
           query_words=("format",)),
    # "What type of aircraft was involved in Flight 109?": a maker and a model with a digit ("Tupolev Tu-104A",
    # "Airbus A310-324", "Douglas DC-3")
    Family("aircraft", "phrase", (("aircraft",), ("airliner",), ("airplane",), ("plane",)),
           (r"aircraft", r"airliner", r"airplane", r"plane", r"jet", r"flown by", r"operated with", r"flights?"),
           patterns=(r"\b(?:aircraft|airliner|airplane|plane|jet)\b[^.;]{0,50}?\b(?:was|is)\s+(?:an?\s+)?(?P<v>AIRCRAFT)",
                     r"\b(?:flown by|operated with|operated by|using|aboard)\s+(?:an?\s+)?(?P<v>AIRCRAFT)",
                     r"\b(?:was|is)\s+an?\s+(?P<v>AIRCRAFT)"),
           query_words=("aircraft",)),
    # a school's intake: "an all-girls, private, Roman Catholic high school", "a grammar school for boys"
    Family("gender", "words", (("gender",), ("sex",), ("coeducational",), ("co-educational",)),
           (r"schools?", r"academy", r"college", r"gender", r"students?", r"pupils?", r"educat(?:ion|ional|es|ed)",
            r"institution", r"seminary", r"convent", r"intake", r"enrol(?:l)?(?:s|ed|ment)?"),
           vocabulary=("all-boys", "all-girls", "all-boy", "all-girl", "all-male", "all-female", "single-sex", "single-gender",
                       "co-educational", "coeducational", "co-ed", "coed", "mixed-sex", "boys", "girls"),
           word_forms=(("coeducational", "co-educational"), ("co-ed", "co-educational"), ("coed", "co-educational"),
                       ("all-boy", "all-boys"), ("all-girl", "all-girls")),
           case_sensitive=True,  # "Wirral Grammar School for Girls" is a name, not a statement of its intake
           query_words=("boys", "girls")),
    # what a company makes: "a company … that manufactured porcelain-headed bisque dolls", "one of the leading
    # underwear manufacturers"
    Family("product", "phrase", (("product",), ("products",), ("industry",), ("manufacture",), ("makes",)),
           (r"manufactur(?:es|ed|ing|ers?)", r"produc(?:es|ed|ing|ers?|ts?)", r"makes?", r"made", r"makers?", r"industry",
            r"maker of", r"supplier of"),
           patterns=(r"\b(?:manufactur(?:es|ed|ing)|produc(?:es|ed|ing)|makes|made|supplie[sd]|sells|sold)\s+(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
                     r"(?=\s+(?:from|since|in|for|and|at|until|with|under|to|by|which|that)\b|\s*[,.;(]|$)",
                     r"\b(?:maker|manufacturer|producer|supplier)s?\s+of\s+(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
                     r"(?=\s+(?:from|since|in|for|and|at|until|with|under|to|by|which|that)\b|\s*[,.;(]|$)",
                     r"\b(?:leading|largest|major|biggest|main|top)\s+(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:manufacturers?|makers?|producers?))\b"),
           query_words=("manufacturer",)),
    # "How many libraries are part of the LCLS?" → "number of libraries": a count whose noun is its own cue
    # (families for people, members, employees and residents come first)
    Family("count", "count", (("number",), ("count",), ("how", "many"), ("total",)),
           (r"number of", r"total(?: of)?", r"consists? of", r"comprises?", r"comprising", r"includes?", r"including",
            r"contains?", r"made up of", r"there (?:are|were|is)", r"operates?", r"counts?"),
           query_words=("number of",)),
    # last, so every specific family wins: "When did X take place?", "What year was X passed?"
    Family("date", "date", (("date",), ("year",), ("when",), ("day",)),
           (r"took place", r"held", r"fought", r"occurred", r"happened", r"began", r"begun", r"started", r"passed",
            r"enacted", r"signed", r"called", r"confirmed", r"elected", r"appointed", r"became", r"served", r"expanded",
            r"opened", r"raised", r"formed", r"founded", r"established", r"created", r"introduced", r"launched",
            r"released", r"built", r"completed", r"held", r"succeeded", r"crowned", r"reigned", r"ruled", r"since",
            r"from", r"until", r"in", r"on"),
           cue_optional=True, query_words=("date", "year")),  # "X is a 1966 horror film": the definition dates it
    Family("deployment", "enum", (("deployment",), ("hosting",), ("deploy",)),
           (r"deploy(?:ed|ment|s)?", r"self-hosted", r"hosted", r"on-premises", r"cloud", r"managed", r"saas"),
           query_words=("deployment",)),
)

_COUNT = next(f for f in FAMILIES if f.name == "count")

_STEM_SUFFIXES = ("ings", "ing", "ies", "ers", "er", "ed", "es", "s")


def _stem(word: str) -> str:
    w = word.lower()
    for suffix in _STEM_SUFFIXES:
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


@lru_cache(maxsize=512)
def family_named(name: str) -> Family | None:
    """The family a dimension name maps to, or None (see the module docstring)."""
    raw = name.lower().strip()
    if m := re.match(r"(?:the\s+)?(?:number|count|total)\s+of\s+(.+)$", raw):
        # "number of buildings" counts buildings (not the `built` family); a counted noun with its own count
        # family keeps it ("number of employees")
        counted = family_named(m[1])
        return counted if counted is not None and counted.kind == "count" else _COUNT
    words = set(re.findall(r"[a-z0-9]+", raw))
    stems = {_stem(w) for w in words} | words
    for fam in FAMILIES:
        if raw == fam.name:
            return fam
    for fam in FAMILIES:
        for key in fam.keys:
            if all(k in words or _stem(k) in stems for k in key):
                typed = re.match(r"(?:the\s+)?(?:type|kind|sort|make|model)\s+of\s+(.+)$", raw)
                if fam.name == "genre" and typed and (of := family_named(typed[1])) is not None:
                    return of  # "type of aircraft" is answered by an aircraft's name, not a genre
                return fam
    return None


@lru_cache(maxsize=1024)
def cue_pattern(cues: tuple[str, ...]) -> re.Pattern[str]:
    """One regex for a family's (or a dimension's own) cues, on word boundaries."""
    alts = sorted(cues, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(alts) + r")(?![\w])", re.I)


@lru_cache(maxsize=256)
def compiled_patterns(fam: Family) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(_expand(p)) for p in fam.patterns)


def infer_kind(kinds_per_sentence: list[set[str]]) -> str | None:
    """The value kind most candidate sentences carry (ties: the more specific kind first)."""
    order = ("license", "money", "duration", "quantity", "date", "version", "count", "nationality")
    counts = Counter(k for kinds in kinds_per_sentence for k in kinds)
    best = [k for k in order if counts.get(k)]
    if not best:
        return None
    return max(best, key=lambda k: (counts[k], -order.index(k)))
