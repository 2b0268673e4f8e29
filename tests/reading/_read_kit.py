"""One page read for one object × dimension, as the reader tests ask it: the object (and any `others`
named in the contract), the dimension by name or spec, the page text under `title` (the object's name
by default)."""

from __future__ import annotations

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page
from research_agent.reading import Reading


def finding(obj: str, dim: DimensionSpec | str, text: str, title: str | None = None,
            others: tuple[str, ...] = ()) -> Reading | None:
    d = dim if isinstance(dim, DimensionSpec) else DimensionSpec(name=dim)
    objects = [ObjectSpec(name=obj), *(ObjectSpec(name=o) for o in others)]
    found = read_page(objects, [Target(f"{obj}/{d.name}", objects[0], d)], obj if title is None else title, text)
    return found[0] if found else None


def read(obj: str, dim: DimensionSpec | str, text: str, title: str | None = None,
         others: tuple[str, ...] = ()) -> str | None:
    """The value as the page wrote it, or None."""
    found = finding(obj, dim, text, title, others)
    return found.display if found else None


def read_how(obj: str, dim: DimensionSpec | str, text: str, title: str | None = None) -> tuple[str, str] | None:
    """The value as written and how the sentence named the object ("name", "short", "partial" …), or None."""
    found = finding(obj, dim, text, title)
    return (found.display, found.attribution.how) if found else None
