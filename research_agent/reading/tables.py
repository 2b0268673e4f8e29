"""Tables: a row that names an object in its first cell states that object's value in the column
whose header is the dimension ("| Kestrel | 256 TiB | Apache-2.0 |" under "| Product | Max database
size | License |").

Tables arrive as the Markdown rows the extractor writes (`| a | b |`, a `|---|` separator).  Only
rows whose first cell is exactly one contract object's name (or alias) count, and the quote is the row itself (a
slice of the page that names the object and holds the value).

A comparison table turns that around (`column_readings`): its header row names the products, one a column,
and each row's first cell names the dimension ("| Spec | Lumenpad 11 | Orrery Note |" over "| Weight | 512 g |
448 g |").  A cell's value belongs to its column's product; the quote runs from the header to the row, so it
names the product and holds the value."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Sequence

from .attribution import Attribution, Named

if TYPE_CHECKING:
    from .dimensions import Profile
    from .readings import Reading, Target
    from .values import Value

__all__ = ["column_readings", "table_rows", "header_column"]

_ROW = re.compile(r"^\s*\|(.+)\|\s*$")
_SEPARATOR = re.compile(r"^[\s|:-]+$")


def _cells(line: str) -> list[str]:
    m = _ROW.match(line)
    return [c.strip() for c in m.group(1).split("|")] if m else []


def table_rows(text: str) -> list[tuple[list[str], list[str], str]]:
    """Every data row of every table in `text`: (header cells, row cells, the row line as written)."""
    return [(header, cells, line) for header, cells, line, _ in _rows_from_header(text)]


def _rows_from_header(text: str) -> list[tuple[list[str], list[str], str, str]]:
    """Every data row with its header: (header cells, row cells, the row line, the text from header to row)."""
    out: list[tuple[list[str], list[str], str, str]] = []
    header: list[str] | None = None
    start = 0
    pos = 0
    for raw in text.splitlines(keepends=True):
        line, at = raw.rstrip("\r\n"), pos
        pos += len(raw)
        cells = _cells(line)
        if not cells:
            header = None
            continue
        if _SEPARATOR.match(line):
            continue
        if header is None:
            header, start = cells, at + len(line) - len(line.lstrip())
            continue
        if len(cells) == len(header):
            out.append((header, cells, line.strip(), text[start:at + len(line.rstrip())]))
    return out


def _squash(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", s.lower()).strip()


def header_column(header: list[str], dim_name: str, cues: re.Pattern[str]) -> int | None:
    """The column (never the first) whose header is the dimension: its name, or a header carrying a cue."""
    for j, h in enumerate(header[1:], start=1):
        if _squash(h) == _squash(dim_name):
            return j
    hits = [j for j, h in enumerate(header[1:], start=1) if h and cues.search(h)]
    return hits[0] if len(hits) == 1 else None


def table_readings(
    text: str, named: Sequence[Named], targets: Sequence["Target"], profiles: dict[str, "Profile"],
    values_for: Callable[..., list["Value"]], make: Callable[..., "Reading"],
) -> list["Reading"]:
    """A reading per (row, target) where the row's first cell names the target object alone."""
    out: list[Reading] = []
    for header, cells, line in table_rows(text):
        owners = [o for o in named if any(_squash(cells[0]) == _squash(n) for n in o.names)]
        if len(owners) != 1:
            continue
        for t in targets:
            if t.obj.name != owners[0].name:
                continue
            prof = profiles[t.key]
            j = header_column(header, t.dim.name, prof.cues)
            if j is None or not cells[j]:
                continue
            vals = [(v.canonical, v.display) for v in values_for(cells[j], prof, t.dim)]
            vals = vals or cell_values(header[j], cells[j], prof, t.dim, values_for)  # "License" over "MIT"
            if vals:
                out.append(make(t.key, *vals[0], line, Attribution(t.obj.name, "name", cells[0]), True))
    return out


_HEADER_UNIT = re.compile(r"\s*\(([^()]{1,12})\)\s*$")


def cell_values(
    label: str, cell: str, prof: "Profile", dim: object, values_for: Callable[..., list["Value"]],
) -> list[tuple[str, str]]:
    """The values of a cell read with its header or row label as context, (canonical, display as written).  A unit
    in the label's parentheses is the cell's unit ("Battery (mAh)" over "7,400" is 7,400 mAh)."""
    unit = _HEADER_UNIT.search(label)
    head = label[: unit.start()] if unit else label
    prefix = f"{head}: "
    text = prefix + cell + (f" {unit[1]}" if unit else "")
    end = len(prefix) + len(cell)
    return [(v.canonical, text[v.start:min(v.end, end)].strip()) for v in values_for(text, prof, dim)
            if v.start >= len(prefix) and v.start < end]


def _column_owners(header: list[str], named: Sequence[Named]) -> dict[int, Named]:
    """The columns (never the first) whose header is exactly one object's name or alias."""
    owners: dict[int, Named] = {}
    for j, h in enumerate(header[1:], start=1):
        hits = [o for o in named if any(_squash(h) == _squash(n) for n in o.names)]
        if len(hits) == 1:
            owners[j] = hits[0]
    return owners


def _row_label(label: str, dim_name: str, cues: re.Pattern[str]) -> bool:
    """A row's first cell names the dimension: its name, or a label carrying one of its cues."""
    return bool(label) and (_squash(label) == _squash(dim_name) or cues.search(label) is not None)


def column_readings(
    text: str, named: Sequence[Named], targets: Sequence["Target"], profiles: dict[str, "Profile"],
    values_for: Callable[..., list["Value"]], make: Callable[..., "Reading"],
) -> list["Reading"]:
    """A reading per (row, target) in a table whose header names the target object over one column."""
    out: list[Reading] = []
    for header, cells, _, quote in _rows_from_header(text):
        owners = _column_owners(header, named)
        if not owners:
            continue
        for j, owner in owners.items():
            for t in targets:
                prof = profiles[t.key]
                if t.obj.name != owner.name or not cells[j] or not _row_label(cells[0], t.dim.name, prof.cues):
                    continue
                vals = cell_values(cells[0], cells[j], prof, t.dim, values_for)  # the row's label is the context
                if vals:
                    out.append(make(t.key, *vals[0], quote, Attribution(t.obj.name, "name", header[j]), True))
    return out
