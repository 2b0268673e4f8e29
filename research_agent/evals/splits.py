"""The fixed dev and test parts of every real-data set (``docs/splits.md``), and what a test part may print.

A real-data set is either split by position in its shared file (RAMDocs rows, MuSiQue questions:
`--split dev|test` chooses the part) or written as one part (the comparison specs: `comparison`,
`comparison-fresh` and `comparison-fresh2` are dev, `comparison-test` is test).  Positions are 1-based, as ``docs/splits.md``
writes them; `--limit/--offset` work inside a part.

A **test** part prints aggregates only: no case's miss, mismatch or wrong value, in the tables or in the
JSON (its runs are withheld; the per-set aggregates stay), so whoever tunes the reader never sees a test
miss.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

__all__ = [
    "COMPARISON_SETS", "MUSIQUE_QUESTIONS", "RAMDOCS_ROWS", "REAL_SETS", "SPLITS", "RealSet", "Split", "chosen_rows", "real_set",
]

Split = Literal["dev", "test"]
SPLITS: tuple[str, ...] = get_args(Split)

RAMDOCS_ROWS: dict[Split, range] = {"dev": range(1, 201), "test": range(201, 401)}
"""Rows of ``ramdocs/RAMDocs_test.jsonl`` (its lines 1–200 are the original lines 101–300)."""
MUSIQUE_QUESTIONS: dict[Split, range] = {"dev": range(1, 51), "test": range(51, 101)}
"""Questions of ``multihop/musique_train.json``, in file order."""


@dataclass(frozen=True)
class RealSet:
    """One `--realdata` name."""

    name: str
    parts: tuple[Split, ...]
    """The parts `--split` may choose, the default first; a set written as one part has only that one."""

    def split_of(self, asked: Split | None) -> Split:
        """The part a run of this set measures; ValueError when `asked` is not one of its parts."""
        if asked is None:
            return self.parts[0]
        if asked not in self.parts:
            other = " or ".join(COMPARISON_SETS[asked])
            raise ValueError(f"--realdata {self.name} is a {self.parts[0]} set; its {asked} part is --realdata {other}")
        return asked


COMPARISON_SETS: dict[Split, tuple[str, ...]] = {
    "dev": ("comparison", "comparison-fresh", "comparison-fresh2"), "test": ("comparison-test",),
}
"""The comparison spec sets of each part, in one place (the benches and the well-formedness tests read it)."""

REAL_SETS: dict[str, RealSet] = {
    "ramdocs": RealSet("ramdocs", ("dev", "test")),
    "musique": RealSet("musique", ("dev", "test")),
    **{name: RealSet(name, (part,)) for part, names in COMPARISON_SETS.items() for name in names},
}


def real_set(name: str) -> RealSet:
    try:
        return REAL_SETS[name]
    except KeyError:
        raise ValueError(f"--realdata {name!r}: choose one of {', '.join(REAL_SETS)}") from None


def chosen_rows(part: range, *, limit: int | None = None, offset: int = 0) -> range:
    """The positions of `part` after skipping `offset` and keeping at most `limit`."""
    rows = part[offset:]
    return rows if limit is None else rows[:limit]
