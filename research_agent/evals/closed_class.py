"""English's closed word classes, for the wrong-confirmation check (`support`).

A capitalised word is evidence of a name only when it is not capitalised by
orthography: the first word of a sentence, of a title or of a table cell is
capitalised whatever it is.  The closed classes of English — prepositions,
determiners and quantifiers, pronouns, conjunctions, question words and the
small numerals — are finite and never part of a product's, a person's or a
place's name in running text ("How Parrow Vale keeps…", "Inside is…", "| Up to
16 hours |", "Two plans to pick from").  The lists are the grammar's, not any page's.
"""

from __future__ import annotations

__all__ = ["CLOSED_CLASS"]

_PREPOSITIONS = (
    "aboard about above across after against along alongside amid amidst among amongst around as at atop before "
    "behind below beneath beside besides between beyond by despite down during except for from in inside into "
    "like near of off on onto opposite out outside over past per since than through throughout till to toward "
    "towards under underneath unlike until unto up upon via with within without"
)
_DETERMINERS = (
    "a an the this that these those my your his her its our their every each either neither some any no all "
    "both few many much most more less least several such enough another other"
)
_PRONOUNS = "i you he she it we they me him us them one ones myself yourself itself ourselves themselves"
_CONJUNCTIONS = (
    "and but or nor so yet because although though while whereas if unless once whenever wherever whether"
)
_QUESTION_WORDS = "how why what when where who whom whose which"
_NUMERALS = "two three four five six seven eight nine ten eleven twelve"

CLOSED_CLASS = frozenset(
    " ".join((_PREPOSITIONS, _DETERMINERS, _PRONOUNS, _CONJUNCTIONS, _QUESTION_WORDS, _NUMERALS)).split()
)
