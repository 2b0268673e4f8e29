"""Which state items changed since a checkpoint: assignments logged as they happen.

A checkpoint writes the rows that changed since the previous one (see
`store/snapshot.py`).  Finding them by comparing every source, finding and
lead with a copy costs what the run holds (≈1 µs an item, 4,000 items at
1,000 steps) at every step; so the items whose fields are reassigned in
place — `Source`, `Finding`, `Lead` — derive from `Tracked`, and assigning
one of their fields puts the object in every open `ChangeLog`.  A writer
opens a log when it takes its snapshot and drains it at the next one: the
log then names every object assigned to in between, however large the state.

The contract this relies on: a `Tracked` object changes only by assignment
(`source.title = …`, `source.quarantined_passages = cut.passages`), never by
editing a list field in place.  What assignment does not see — an item added,
removed, replaced or reordered in its container, an object unpickled or
copied — the writer finds by comparing the containers themselves by identity
(a C-speed list comparison, ≈10 µs at 1,000 items).

With no log open (a process that stores nothing) an assignment costs one
Python-level call and an empty-tuple check.  Logs are held weakly: a log its
writer dropped closes itself.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from typing import Any

__all__ = ["ChangeLog", "Tracked"]

_OPEN: tuple[weakref.ref, ...] = ()
"""The open logs (replaced, never edited, so an assignment iterating it is never disturbed)."""


class ChangeLog(dict):
    """`id(obj) → obj` for every `Tracked` object assigned to since the log opened or was drained."""

    def __init__(self) -> None:
        super().__init__()
        global _OPEN
        _OPEN = (*_OPEN, weakref.ref(self, _forget))

    def drain(self) -> list[Any]:
        """The objects logged so far, removing them (one at a time: a concurrent assignment is never lost)."""
        out = []
        while self:
            out.append(self.popitem()[1])
        return out

    def close(self) -> None:
        """Stop logging (idempotent); what is logged stays readable."""
        global _OPEN
        _OPEN = tuple(r for r in _OPEN if r() is not self and r() is not None)


def _forget(ref: weakref.ref) -> None:
    global _OPEN
    if _OPEN:  # at interpreter exit the module may be half torn down
        _OPEN = tuple(r for r in _OPEN if r is not ref)


class Tracked:
    """Base of a dataclass whose field assignments are logged (see the module docstring)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        for ref in _OPEN:
            log = ref()
            if log is not None:
                log[id(self)] = self

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> Any:
        """`cls(**data)` without the per-field `__setattr__` (a restored object is not a change):
        the same object, a third of the cost, which a resume pays per source, finding and lead.
        An unknown or missing field is the `TypeError` the constructor would raise."""
        names, defaults, factories = _shape(cls)
        if not names.issuperset(data):
            unknown = sorted(set(data) - names)[0]
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument {unknown!r}")
        values = {**defaults, **data}
        for name, factory in factories:
            if name not in data:
                values[name] = factory()
        if len(values) != len(names):
            missing = sorted(names - values.keys())
            raise TypeError(f"{cls.__name__}.__init__() missing required argument(s): {', '.join(map(repr, missing))}")
        obj = object.__new__(cls)
        obj.__dict__.update(values)
        return obj


_SHAPES: dict[type, tuple[frozenset[str], dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]] = {}


def _shape(cls: type) -> tuple[frozenset[str], dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]:
    """A dataclass's field names, plain defaults and default factories (cached)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        fs = [f for f in fields(cls) if f.init]
        if len(fs) != len(fields(cls)) or hasattr(cls, "__post_init__"):
            raise TypeError(f"{cls.__name__}: restore needs every field in __init__ and no __post_init__")
        shape = _SHAPES[cls] = (
            frozenset(f.name for f in fs),
            {f.name: f.default for f in fs if f.default is not MISSING},
            tuple((f.name, f.default_factory) for f in fs if f.default_factory is not MISSING),
        )
    return shape
