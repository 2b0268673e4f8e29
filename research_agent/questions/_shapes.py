"""The question shapes, in the order they are tried, and `read_question` (see the package docstring)."""

from __future__ import annotations

import re

from ..errors import ContractError
from ._base import UNREADABLE, Handler, QuestionReading, _NoMatch
from ._parsed import read_parsed
from ._handlers import (
    _agent, _before, _both_middle, _both_split, _clause_pair, _compare, _compare_with, _event, _how_adjective, _how_many, _in_which,
    _no_dimension, _same, _single, _than, _topic_event, _vs_colon, _what_did, _what_did_to, _what_is, _what_of,
    _what_was_done, _when_clause, _where, _where_born, _where_clause, _which_of, _x_in_which, _x_which,
)

_I = re.IGNORECASE
_ON = r"(?:on|by|in terms of|regarding|for|across|with respect to)"
_BE = r"(?:is|was|are|were)"
_TAIL = (
    r"(?:(?:mainly|primarily|mostly|usually)\s+)?(?:associated with|belongs? to|belonged to|play(?:s|ed)?|uses?|used|"
    r"ha(?:ve|s|d)|(?:released|licensed|distributed|available|published|offered) under|under|written in|implemented in|"
    r"affiliated with|(?:a )?member of|(?:a )?part of|represent(?:s|ed)?|speak|spoke|runs? on|supports?|compete[sd]? in|follows?|"
    r"known for|signed to|based on|named after|part of|(?:located|situated|based|headquartered)(?: in)?|specializes? in|"
    r"speciali[sz]ed in|play(?:s|ed)? in|from|in)"
)
_ROLE = r"(?P<dim>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"

SHAPES: tuple[tuple[re.Pattern[str], Handler], ...] = (
    # today's shapes, read exactly as before (tests/test_questions.py holds every evalset question to it)
    (re.compile(rf"^compare\s+(?P<objs>.+?)\s+{_ON}\s+(?P<dims>.+?)$", _I), _compare),
    # "How do A and B compare on X?", "How does A compare with B in terms of X?"
    (re.compile(rf"^how\s+(?:do|does|did)\s+(?P<objs>.+?)\s+compare\s+{_ON}\s+(?P<dims>.+?)$", _I), _compare),
    (re.compile(rf"^how\s+(?:do|does|did)\s+(?P<a>.+?)\s+compare\s+(?:with|to|against)\s+(?P<b>.+?)\s+{_ON}\s+(?P<dims>.+?)$", _I),
     _compare_with),
    (re.compile(r"^(?P<objs>.+?\s+(?:vs\.?|versus)\s+.+?)\s+(?:for|on|in terms of|regarding|by)\s+(?P<dims>.+?)$", _I), _compare),
    (re.compile(r"^which\s+of\s+(?P<objs>.+?)\s+(?:has|have|offers?|gives?|is)\s+(?:the\s+)?(?:best|lowest|highest|most|least"
                r"|cheapest|fastest|strongest)\s+(?P<dims>.+?)$", _I), _compare),
    (re.compile(rf"^(?:what|who)\s+{_BE}\s+the\s+(?P<dims>.+?)\s+of\s+(?P<objs>.+?)$", _I), _what_of),
    # two or more objects and what decides between them
    (re.compile(r"^(?P<objs>.+?\s+(?:vs\.?|versus)\s+.+?)\s*:\s*(?P<rest>.+)$", _I), _vs_colon),
    (re.compile(r"^(?P<objs>.+?\s+or\s+.+?)\s*:\s*(?P<clause>(?:which|who)\b.+)$", _I), _clause_pair),
    (re.compile(r"^which\s+of\s+(?:the\s+two,?\s+)?(?P<objs>.+?)\s+(?P<clause>(?:is|was|are|were|has|had|have|came|costs?"
                r"|died)\b.+)$", _I), _which_of),
    (re.compile(r"^(?P<clause>(?:which|who)\b[^,:]+?)\s*[,:]\s*(?P<objs>.+?\s+or\s+.+)$", _I), _clause_pair),
    (re.compile(r"^(?i:is|was|are|were)\s+(?P<a>.+?)\s+(?P<adj>(?:more|less)\s+[a-z]+|[a-z]+er)\s+than\s+(?P<b>.+)$"), _than),
    (re.compile(r"^(?i:was|were|is|are)\s+(?P<a>.+?)\s+(?P<verb>[a-z-]+)\s+(?:before|after|earlier than|later than)\s+"
                r"(?P<b>.+)$"), _before),
    (re.compile(r"^compare\s+(?P<objs>.+)$", _I), _no_dimension),
    (re.compile(r"^(?P<objs>[^:]+?\s+(?:vs\.?|versus)\s+[^:]+)$", _I), _no_dimension),
    (re.compile(r"^(?:are|were|is|was|do|did)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?:both\s+)?(?:(?:of|from|in|have|has|had|share"
                r"|shared|born in|play(?:ed)?)\s+)?(?:the\s+)?same\s+(?P<noun>[a-z][a-z -]*)$", _I), _same),
    (re.compile(r"^(?:are|were)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+both\s+(?P<comp>.+)$", _I), _both_middle),
    (re.compile(r"^(?:are|were)\s+(?:both\s+)?(?P<a>.+?)\s+and\s+(?P<rest>.+)$", _I), _both_split),
    # one object
    (re.compile(r"^when\s+(?:was|were|is|are|did|does|do|has|had)\s+(?P<rest>.+)$", _I), _event),
    (re.compile(r"^(?:in\s+)?(?:what|which)\s+(?:year|date|day|month|decade|century)\s+(?:was|were|is|are|did|does|do)\s+"
                r"(?P<rest>.+)$", _I), _event),
    (re.compile(r"^when\s+and\s+where\s+(?:was|were)\s+(?P<obj>.+?)\s+born$", _I), _single("when and where born", "born")),
    (re.compile(r"^how\s+many\s+(?P<noun>[a-z][a-z -]*?)\s+(?:are|were|is|was)\s+(?:there\s+)?(?:part\s+of|included\s+in|in|at"
                r"|on|within|located\s+in|listed\s+in)\s+(?P<obj>.+)$", _I), _how_many),
    (re.compile(r"^how\s+many\s+(?P<noun>[a-z][a-z -]*?)\s+(?:does|do|did)\s+(?P<obj>.+?)\s+(?:have|has|had|contain|include"
                r"|operate|run|own)$", _I), _how_many),
    (re.compile(r"^(?:which|what)\s+(?P<dim>line)\s+(?:is|was)\s+(?P<obj>.+?)\s+(?:a\s+)?station\s+on$", _I),
     _single("which line is X a station on")),
    (re.compile(r"^who\s+(?P<verb>[a-z-]+)\s+(?P<obj>.+)$", _I), _agent),
    (re.compile(rf"^(?:who|what)\s+{_BE}\s+(?P<obj>.+?)['’]s\s+(?P<dim>[a-z][a-z -]*)$", _I), _single("X's D")),
    (re.compile(rf"^(?:who|what)\s+{_BE}\s+the\s+(?P<dim>[a-z][a-z -]*?)\s+(?:associated with|performing in|behind"
                r"|responsible for|in)\s+(?P<obj>.+)$", _I), _single("the D in X")),
    (re.compile(r"^under\s+(?:what|which)\s+licen[cs]e\s+(?:is|was|are|were)\s+(?P<obj>.+?)\s+(?:released|licensed|distributed"
                r"|available|published|offered)$", _I), _single("under which license", "license")),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?i:does|do|did|is|was|are|were|has|have|had)\s+(?P<obj>.+?)\s+(?i:{_TAIL})$"),
     _single("what D does X")),
    # "What is Ada Quill known for?": what a person is known for is what they do
    (re.compile(r"^(?:what|who)\s+(?:is|was|are|were)\s+(?P<obj>.+?)\s+(?:(?:best|mainly|mostly|primarily|most)\s+)?known\s+for$",
                _I), _single("known for", "occupation")),
    (re.compile(r"^(?:who|whom)\s+(?:is|was|were)\s+(?P<obj>.+?)\s+(?:married|wed)\s+to$", _I), _single("married to", "spouse")),
    # "What does the term "Ibanag" refer to?", "What does the abbreviation "IGY" stand for?": what X is
    (re.compile(r"^what\s+(?:does|did|do)\s+(?:the\s+(?:term|word|name|abbreviation|acronym|title)\s+)?(?P<obj>.+?)\s+"
                r"(?:refer\s+to|stand\s+for|mean|denote|describe)$", _I), _single("what does X refer to", "definition")),
    # "2nd Duke of Newcastle, what year was he born?"
    (re.compile(r"^(?P<rest>[^,]+?),\s+(?:when|(?:in\s+)?(?:what|which)\s+(?:year|date))\s+(?:was|were|did)\s+(?:he|she|it|they)\s+"
                r"(?P<verb>[a-z-]+)$", _I), _topic_event),
    (re.compile(r"^where\s+(?:is|was|are|were)\s+(?P<obj>.+?)(?:\s+(?P<verb>located|situated|based|headquartered|found|published|printed|born"
                r"|buried))?$", _I), _where),
    (re.compile(rf"^in\s+(?:what|which)\s+(?P<dim>[a-z]+(?:\s+[a-z]+)?)\s+{_BE}\s+(?P<obj>.+?)(?:\s+(?P<verb>located|situated"
                r"|based|headquartered|found|born))?$", _I), _in_which),
    (re.compile(rf"^(?P<obj>.+?)\s+{_BE}\s+(?:(?P<verb>[a-z-]+)\s+)?(?:in|from|at)\s+(?:which|what)\s+"
                r"(?P<dim>[a-z]+(?:\s+[a-z]+)?)$", _I), _x_in_which),
    (re.compile(r"^(?P<obj>[^>]+?)\s*>>\s*(?P<dim>[^>]+)$"), _single("X >> D", strict=False)),
    # wh + auxiliary + subject + predicate, for verbs no shape above names
    (re.compile(r"^(?:when|(?:in\s+)?(?:what|which)\s+(?:year|date|day|month|decade|century))\s+"
                r"(?P<aux>was|were|is|are|did|does|do|has|had|have)\s+(?P<rest>.+)$", _I), _when_clause),
    (re.compile(r"^when\s+(?:is|was|are|were)\s+the\s+(?P<dims>[a-z][a-z -]*?)\s+of\s+(?P<objs>.+?)$", _I), _what_of),
    (re.compile(r"^where\s+(?P<aux>was|were|is|are|did|does|do)\s+(?P<rest>.+)$", _I), _where_clause),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?P<aux>does|do|did)\s+(?P<rest>.+)$"), _what_did),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?i:is|was|are|were)\s+(?P<part>[a-z-]+)\s+(?:in|to|by|at|on|for|with|from|into"
                r"|during|of)\s+(?P<obj>.+)$"), _what_was_done),
    (re.compile(rf"^(?i:what|which)\s+{_ROLE}\s+(?i:is|was|are|were)\s+(?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?\s+of\s+"
                r"(?P<obj>.+)$"), _single("what D is the N of X")),
    (re.compile(r"^(?:what|which)\s+(?:is|was)\s+the\s+(?P<dim>[a-z]+(?:\s+[a-z]+)?)\s+(?:where|in which)\s+"
                r"(?P<rest>.+?)\s+(?P<aux>was|were|is|are)\s+(?P<verb>born|located|based|situated|founded|built)$", _I),
     _where_born),
    (re.compile(r"^(?:what|who)\s+(?:is|was)\s+(?:another|an?|the)\s+(?P<dim>[a-z][a-z -]*?)\s+for\s+(?P<obj>[^,&]+)$", _I),
     _single("the D for X")),
    (re.compile(rf"^(?P<wh>what|who)\s+{_BE}\s+(?P<obj>.+)$", _I), _what_is),
    (re.compile(rf"^how\s+(?P<adj>[a-z]+)\s+{_BE}\s+(?P<obj>.+)$", _I), _how_adjective),
    (re.compile(r"^how\s+many\s+(?:people|inhabitants|residents)\s+(?:live|lived|reside|resided)\s+in\s+(?P<obj>.+)$", _I),
     _single("how many people live in X", "population")),
    (re.compile(r"^how\s+did\s+(?P<obj>.+?)\s+die$", _I), _single("how did X die", "cause of death")),
    (re.compile(rf"^(?i:which|what)\s+{_ROLE}\s+(?P<verb>[a-z-]+)\s+(?:(?:through|into|in|at|on|near|across|along|for|over)\s+)?"
                r"(?P<obj>(?:the\s+)?[A-Z0-9\"“].*)$"), _what_did_to),
    (re.compile(r"^(?P<obj>[^\s?]+(?:\s+[^\s?]+)*?)\s+(?:[a-z-]+\s+){1,3}(?i:which|what)\s+(?P<dim>[a-z]+(?:\s+of\s+[a-z]+)?)"
                r"(?:\s+(?:is|was|are|were)\s+[a-z-]+)?$"), _x_which),
)


def read_question(question: str) -> QuestionReading:
    """Objects and dimensions of `question` by the first shape that reads it (see the module docstring).

    Raises `MissingDimension` when the objects are read but nothing decides the answer, and
    `ContractError` (today's message) when no shape reads the question.
    """
    body = question.strip().rstrip("?!. ")
    for pattern, handle in SHAPES:
        m = pattern.match(body)
        if m is None:
            continue
        try:
            return handle(m)
        except _NoMatch:
            continue
    try:
        return read_parsed(body)  # the parse, for yes/no, "how many … can", "does X support Y" (_parsed.py)
    except _NoMatch:
        pass
    if (m := _IN_SITU.match(body)) is not None:
        # an echo question keeps its wh-word where the answer goes ("The capital of Norland is what?"); fronted, it is
        # the same question ("What is the capital of Norland?")
        subject = re.sub(r"^(?:The|A|An)\b", lambda a: a.group(0).lower(), m["np"])
        return read_question(f"{m['wh']} {m['be']} {subject}?")
    raise ContractError(UNREADABLE)


_IN_SITU = re.compile(r"^(?P<np>(?!(?:who|what|which|where|when|how)\b).+?)\s+(?P<be>is|was|are|were)\s+(?P<wh>who|whom|what|where|when)$", _I)
