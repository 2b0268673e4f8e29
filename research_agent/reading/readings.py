"""The reader's result types: a cell to read (`Target`) and a value read for it (`Reading`).

Below `extract.py` and `tables.py`, which both make them, so neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..contract import DimensionSpec, ObjectSpec
from .attribution import Attribution

__all__ = ["Reading", "Target"]


@dataclass(frozen=True)
class Target:
    key: str
    obj: ObjectSpec
    dim: DimensionSpec


@dataclass(frozen=True)
class Reading:
    """A value read for one cell from one sentence."""

    cell: str
    canonical: str
    display: str
    quote: str
    attribution: Attribution
    cued: bool
    weak: bool = False
    """The governing cue is one of the family's weak cues ("launched" for a founding year)."""
