"""A drafted contract's objects, checked against the question they came from.

A model drafting a contract may invent an object ("Fibredb" for a question
about Ferrodb), list one twice, or glue two into one name
("Quillstore/Quillstore").  The program accepts a draft only when:

* every object's name, or one of its aliases, occurs in the question —
  case-insensitively, on word boundaries (`Nimbus KV` matches "nimbus kv",
  `KV` does not match "KVstore");
* no object appears twice: no two objects share a name or alias (case- and
  space-insensitively).

A refused draft is shown back to the model with the reason; when the retries
run out the CLI falls back to the rule-based parse and says so on stderr.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Protocol


class DraftedObject(Protocol):
    name: str
    aliases: list[str]


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def occurs_in(name: str, question: str) -> bool:
    """`name` occurs in `question`, case-insensitively, not inside a longer word."""
    words = " ".join(name.split())
    if not words:
        return False
    pattern = r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in words.split(" ")) + r"(?![\w-])"
    return re.search(pattern, question, re.I) is not None


def check_draft_objects(objects: Sequence[DraftedObject], question: str) -> None:
    """Raise ValueError (the reason, for the model) unless the objects pass the module's rules."""
    missing = [o.name for o in objects if not any(occurs_in(n, question) for n in _names(o))]
    if missing:
        shown = ", ".join(repr(m) for m in missing[:6])
        raise ValueError(f"objects not named in the question: {shown}; use the names the question writes")
    owner: dict[str, str] = {}
    for o in objects:
        for n in {_key(x) for x in _names(o) if x.strip()}:
            if n in owner:
                raise ValueError(f"object {o.name!r} repeats {owner[n]!r} (both are called {n!r}); list each object once")
            owner[n] = o.name


def _names(o: DraftedObject) -> Iterable[str]:
    return [o.name, *o.aliases]
