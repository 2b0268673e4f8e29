"""Tables whose columns are the objects: a side-by-side spec table ("| Spec | Lumenpad 11 | Orrery Note |" over
"| Weight | 512 g | 448 g |").

A header cell that is exactly one contract object's name (or alias) makes its column that object's; each row
below is then a label (its first cell) and one value per column.  A row speaks for an object's cell when its
label is the dimension — the dimension's name, its words, or a cue of it — and the object's cell holds a value
of the dimension's kind read as the line "<label>: <cell>".  A unit the label carries in parentheses ("Battery
(mAh)", "Weight (kg)") is the unit of a bare number in its cells.  Columns whose header names no contract object
(another model, a plan) are never read, and a row is never read for the object of another column.

The quote is the table from its header row down to the row, as the page writes it: the header names the object
and the row holds the value, so the quote alone shows whose value it is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Sequence

from .attribution import Attribution, Named
from .tables import SEPARATOR, labelled_values, one_stem_label, row_cells, squash

if TYPE_CHECKING:
    from .dimensions import Profile
    from .readings import Reading, Target
    from .values import Value

__all__ = ["column_readings"]

_UNIT_IN_LABEL = re.compile(r"\(([^()]{1,12})\)\s*$")
_BARE_NUMBER = re.compile(r"^\s*[\d.,]+\s*$")


def _tables(text: str) -> list[list[tuple[int, int, list[str]]]]:
    """Each table as its rows: (start, end) offsets of the row line in `text` and its cells; separators left out."""
    out: list[list[tuple[int, int, list[str]]]] = []
    current: list[tuple[int, int, list[str]]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        cells = row_cells(line)
        if not cells:
            if current:
                out.append(current)
            current = []
            continue
        if not SEPARATOR.match(line):
            current.append((start, start + len(line.rstrip("\r\n")), cells))
    if current:
        out.append(current)
    return out


def _label_is(label: str, dim_name: str, prof: "Profile") -> bool:
    words = set(squash(label).split())
    return bool(words) and (set(squash(dim_name).split()) <= words or bool(prof.cues.search(label)))


def _with_label_unit(label: str, cell: str) -> str:
    m = _UNIT_IN_LABEL.search(label)
    return f"{cell} {m.group(1).strip()}" if m and _BARE_NUMBER.match(cell) else cell


def column_readings(
    text: str, named: Sequence[Named], targets: Sequence["Target"], profiles: dict[str, "Profile"],
    values_for: Callable[..., list["Value"]], make: Callable[..., "Reading"],
) -> list["Reading"]:
    """A reading per (row, target) of every table whose header names the target object in a column of its own."""
    out: list[Reading] = []
    for rows in _tables(text):
        header = rows[0][2]
        owners: dict[int, str] = {}
        for j, h in enumerate(header[1:], start=1):
            named_here = [o.name for o in named if any(squash(h) == squash(n) for n in o.names)]
            if len(named_here) == 1 and named_here[0] not in owners.values():
                owners[j] = named_here[0]
        if not owners:
            continue
        # the one row whose label has a word of an unknown-kind dimension, in any form, is that dimension's
        stem_row = {t.key: one_stem_label([c[0] if c else "" for _, _, c in rows[1:]], profiles[t.key]) for t in targets}
        for i, (start, end, cells) in enumerate(rows[1:]):
            if len(cells) != len(header) or not cells[0]:
                continue
            quote = text[rows[0][0]:end]
            for j, owner in owners.items():
                for t in targets:
                    stemmed = stem_row[t.key] == i
                    if t.obj.name != owner or not cells[j] or not (_label_is(cells[0], t.dim.name, profiles[t.key]) or stemmed):
                        continue
                    vals = labelled_values(cells[0], _with_label_unit(cells[0], cells[j]), profiles[t.key], t.dim, values_for, stemmed)
                    if vals:  # shown as the cell writes it ("6,100" under "Battery (mAh)")
                        shown = vals[0].display if vals[0].display in cells[j] else cells[j]
                        out.append(make(t.key, vals[0].canonical, shown, quote, Attribution(owner, "name", header[j]), True))
    return out
