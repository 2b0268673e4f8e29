"""Tables: a row that names an object in its first cell states that object's value in the column
whose header is the dimension ("| Kestrel | 256 TiB | Apache-2.0 |" under "| Product | Max database
size | License |").

Tables arrive as the Markdown rows the extractor writes (`| a | b |`, a `|---|` separator).  Only
rows whose first cell is exactly one contract object's name (or alias) count, and the quote is the row itself (a
slice of the page that names the object and holds the value).  A two-column table naming no object is a list of
labels and values; on the object's own page its rows read as label lines (`label_readings`).  Tables with the objects as columns
are not read: no single row would name the object its value belongs to."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Sequence

from .attribution import Attribution, Named

if TYPE_CHECKING:
    from .dimensions import Profile
    from .readings import Reading, Target
    from .values import Value

__all__ = ["table_rows", "header_column", "label_readings"]

_ROW = re.compile(r"^\s*\|(.+)\|\s*$")
_SEPARATOR = re.compile(r"^[\s|:-]+$")


def _cells(line: str) -> list[str]:
    m = _ROW.match(line)
    return [c.strip() for c in m.group(1).split("|")] if m else []


def table_rows(text: str) -> list[tuple[list[str], list[str], str]]:
    """Every data row of every table in `text`: (header cells, row cells, the row line as written)."""
    out: list[tuple[list[str], list[str], str]] = []
    header: list[str] | None = None
    for line in text.splitlines():
        cells = _cells(line)
        if not cells:
            header = None
            continue
        if _SEPARATOR.match(line):
            continue
        if header is None:
            header = cells
            continue
        if len(cells) == len(header):
            out.append((header, cells, line.strip()))
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
            vals = values_for(cells[j], prof, t.dim)
            if not vals:  # the header is the cell's context ("License" over "MIT")
                vals = _labelled(header[j], cells[j], prof, t.dim, values_for)
            if not vals:
                continue
            v = vals[0]
            out.append(make(t.key, v.canonical, v.display, line, Attribution(t.obj.name, "name", cells[0]), True))
    return out


def label_readings(
    text: str, target: "Target", prof: "Profile", values_for: Callable[..., list["Value"]], make: Callable[..., "Reading"],
    named: Sequence[Named],
) -> list["Reading"]:
    """A two-column table whose first column names no object is a list of labels and values ("| Weight | 268 g |"):
    on the object's own page each row reads as the headless line "Weight: 268 g" (the caller checks the page)."""
    out: list[Reading] = []
    for header, cells, line in table_rows(text):
        if len(cells) != 2 or any(_squash(c) == _squash(n) for o in named for n in o.names for c in (*header, *cells)):
            continue
        if not cells[1] or not set(_squash(target.dim.name).split()) <= set(_squash(cells[0]).split()):
            continue
        vals = _labelled(cells[0], cells[1], prof, target.dim, values_for)
        if vals:
            v = vals[0]
            out.append(make(target.key, v.canonical, v.display, line, Attribution(target.obj.name, "fragment", ""), True))
    return out


def _labelled(label: str, cell: str, prof: "Profile", dim: object, values_for: Callable[..., list["Value"]]) -> list["Value"]:
    """The values of `cell` read as the line "<label>: <cell>" (the label is the value's context)."""
    head = f"{label}: "
    return [v for v in values_for(head + cell, prof, dim) if v.start >= len(head)]
