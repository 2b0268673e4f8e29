"""Tables: a row that names an object in its first cell states that object's value in the column
whose header is the dimension ("| Kestrel | 256 TiB | Apache-2.0 |" under "| Product | Max database
size | License |"), or, when no header names it, in the one column in the units of the quantity the dimension's head
names (`unit_column`).

Tables arrive as the Markdown rows the extractor writes (`| a | b |`, a `|---|` separator).  Only
rows whose first cell is exactly one contract object's name (or alias) count, and the quote is the row itself (a
slice of the page that names the object and holds the value).  A two-column table naming no object is a list of
labels and values; on the object's own page its rows read as label lines (`label_readings`).  Tables with the objects as
columns are read by `columns`: there the header, not the row, names the object."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Sequence

from .attribution import Attribution, Named
from .dimensions import head_units, label_by_head, label_by_stem, label_head, stems_held, unit_of

if TYPE_CHECKING:
    from .dimensions import Profile
    from .readings import Reading, Target
    from .values import Value

__all__ = ["SEPARATOR", "header_column", "headed_rows", "label_lines", "label_readings", "labelled_values", "one_stem_label", "row_cells", "squash", "table_rows", "unit_column", "whole_cell"]

_ROW = re.compile(r"^\s*\|(.+)\|\s*$")
SEPARATOR = re.compile(r"^[\s|:-]+$")


def row_cells(line: str) -> list[str]:
    m = _ROW.match(line)
    return [c.strip() for c in m.group(1).split("|")] if m else []


def table_rows(text: str) -> list[tuple[list[str], list[str], str]]:
    """Every data row of every table in `text`: (header cells, row cells, the row line as written).  A table's
    first row is its header only when a delimiter row (`|---|`) follows it, as Markdown defines a header; a table
    without one (a definition list written as rows) has no header (`[]`) and every row is data."""
    out: list[tuple[list[str], list[str], str]] = []
    lines = text.splitlines()
    header: list[str] | None = None
    for i, line in enumerate(lines):
        cells = row_cells(line)
        if not cells:
            header = None
            continue
        if SEPARATOR.match(line):
            continue
        if header is None:
            delimited = i + 1 < len(lines) and bool(row_cells(lines[i + 1])) and bool(SEPARATOR.match(lines[i + 1]))
            header = cells if delimited else []
            if delimited:
                continue
        if not header or len(cells) == len(header):
            out.append((header, cells, line.strip()))
    return out


def headed_rows(text: str) -> frozenset[str]:
    """The data rows of tables that have a header (`squash`ed): each cell there belongs to its column, so such a row
    states a value only column by column (`table_readings`, `column_readings`, `label_readings`), never as a
    sentence; it may still echo a value another page states (`echo`)."""
    return frozenset(squash(" | ".join(cells)) for header, cells, _ in table_rows(text) if header)


def squash(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", s.lower()).strip()


def header_column(header: list[str], dim_name: str, cues: re.Pattern[str]) -> int | None:
    """The column (never the first) whose header is the dimension: its name, or a header carrying a cue."""
    for j, h in enumerate(header[1:], start=1):
        if squash(h) == squash(dim_name):
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
        owners = [o for o in named if any(squash(cells[0]) == squash(n) for n in o.names)]
        if len(owners) != 1:
            continue
        for t in targets:
            if t.obj.name != owners[0].name:
                continue
            prof = profiles[t.key]
            j, stemmed = header_column(header, t.dim.name, prof.cues), False
            if j is None and (k := one_stem_label(header[1:], prof)) is not None:  # the one header "Fill"
                j, stemmed = k + 1, True
            if j is None and header:
                j = unit_column(cells, prof, t.dim, values_for)
            if j is None or not cells[j]:
                continue
            vals = values_for(cells[j], prof, t.dim)
            if not vals:  # the header is the cell's context ("License" over "MIT")
                vals = labelled_values(header[j], cells[j], prof, t.dim, values_for, stemmed)
            if not vals:
                continue
            v = vals[0]
            out.append(make(t.key, v.canonical, v.display, line, Attribution(t.obj.name, "name", cells[0]), True))
    return out


def unit_column(cells: list[str], prof: "Profile", dim: object, values_for: Callable[..., list["Value"]]) -> int | None:
    """The one column (never the first) whose cell is in the units of the quantity the dimension's head names ("650 W"
    under "Watts" for a power draw): a column holds one quantity, and a figure in the head's units needs no other cue.
    Two such columns ("Weight" and "Capacity", both in pounds) name none."""
    units = head_units(prof.meaning)
    if not units:
        return None
    hits = [j for j, c in enumerate(cells[1:], start=1) if c and any(unit_of(v) in units for v in values_for(c, prof, dim))]
    return hits[0] if len(hits) == 1 else None


def label_readings(
    text: str, target: "Target", prof: "Profile", values_for: Callable[..., list["Value"]], make: Callable[..., "Reading"],
    named: Sequence[Named],
) -> list["Reading"]:
    """A two-column table whose first column names no object is a list of labels and values ("| Weight | 268 g |"):
    on the object's own page each row reads as the headless line "Weight: 268 g" (the caller checks the page). A row
    is the dimension's when its label holds the dimension's words, or when it is the only row whose label has the
    dimension's head noun ("| Nominal capacity | 2.4 kWh |" for "battery capacity") and selects nothing else, or the
    only row whose label carries a cue of the dimension ("| Battery | 12 hours |" for "battery life"), or — for a
    dimension of unknown kind — the only row whose label has a word of its name in any form ("| Filled with |
    goose down |" for "fill material")."""
    out: list[Reading] = []
    rows = table_rows(text) + label_lines(text)
    head = prof.meaning.head if prof.meaning is not None else None
    by_head = [cells for _, cells, _ in rows if len(cells) == 2 and head is not None and label_head(cells[0]) == head]
    words = set(squash(target.dim.name).split())

    def another_thing(label: str) -> bool:  # all the name's words under another head noun: "Overdraft buffer fee"
        return words <= set(squash(label).split()) and not label_by_stem(label_head(label) or "", prof)

    stem_row = one_stem_label([c[0] if len(c) == 2 and not another_thing(c[0]) else "" for _, c, _ in rows], prof)
    cued = [i for i, (_, c, _) in enumerate(rows) if len(c) == 2 and c[0] and prof.cues.search(c[0])]
    cue_row = cued[0] if len(cued) == 1 else None  # as a column header with a cue names its column (`header_column`)
    for i, (header, cells, line) in enumerate(rows):
        if len(cells) != 2 or any(squash(c) == squash(n) for o in named for n in o.names for c in (*header, *cells)):
            continue
        # a sheet lists each spec once: the one row whose label has the dimension's head noun names it, and for a
        # dimension of unknown kind the one row whose label has any of its words, in any form ("Filled with")
        headed = prof.by_head and (by_head == [cells] and label_by_head(cells[0], prof.meaning) or stem_row == i)
        if not cells[1] or not (words <= set(squash(cells[0]).split()) or headed or cue_row == i):
            continue
        vals = labelled_values(cells[0], cells[1], prof, target.dim, values_for, headed)
        if vals:
            v = vals[0]
            out.append(make(target.key, v.canonical, v.display, line, Attribution(target.obj.name, "fragment", ""), True))
    return out


def one_stem_label(labels: Sequence[str], prof: "Profile") -> int | None:
    """The index of the one label (a row's label, a column's header) holding the most words of an unknown-kind
    dimension in any of their forms (`stems_held`; "Strap lining" over "Strap width" for "strap lining material"),
    when no other label holds as many and no other asked dimension shares the head."""
    held = [stems_held(label, prof) if label else 0 for label in labels]
    most = max(held, default=0)
    hits = [i for i, n in enumerate(held) if n == most and most > 0]
    return hits[0] if len(hits) == 1 and prof.by_head else None


_LABEL_LINE = re.compile(r"^\s*(?:[-*•·]\s*)?(?P<label>[A-Z][\w ()/'’.&+-]{0,40}?)\s*:\s+(?P<value>[^|]+?)\s*$")


@lru_cache(maxsize=64)
def _label_lines(text: str) -> tuple[tuple[str, str, str], ...]:
    return tuple((m["label"].strip(), m["value"], line.strip()) for line in text.splitlines()
                 if (m := _LABEL_LINE.match(line)) and len(m["label"].split()) <= 5)


def label_lines(text: str) -> list[tuple[list[str], list[str], str]]:
    """The lines of a spec list written "Label: value" ("- Bowl volume: 1.2 L"), as two-cell rows with no header: a list
    item that opens with a short capitalised label and a colon is a table row in another dress."""
    return [([], [label, value], line) for label, value, line in _label_lines(text)]


def labelled_values(
    label: str, cell: str, prof: "Profile", dim: object, values_for: Callable[..., list["Value"]], headed: bool = False,
) -> list["Value"]:
    """The values of `cell` read as the line "<label>: <cell>" (the label is the value's context); for a dimension
    of unknown kind, the whole cell when its label names the dimension or is `headed` (the sheet's one label with
    the dimension's head noun)."""
    head = f"{label}: "
    found = [v for v in values_for(head + cell, prof, dim) if v.start >= len(head)]
    if not found and prof.kind == "text" and (headed or _names_dimension(label, getattr(dim, "name", ""))) and 0 < len(cell.strip()) <= 80:
        return [whole_cell(cell, len(head))]  # a dimension of unknown kind: the cell under its own name, as written
    return found


def _names_dimension(label: str, dim_name: str) -> bool:
    """A label names the dimension when it holds the dimension's name, give or take a parenthesis (a unit, a
    condition) or one word more: "Overdraft buffer (personal accounts)" and "Arranged overdraft buffer" name
    "overdraft buffer". A row's label says what its value is; a writer adds a unit or a qualifier to it, not
    another subject."""
    bare = squash(re.sub(r"\([^)]*\)", " ", label))
    want = squash(dim_name).split()
    have = bare.split()
    return bool(want) and set(want) <= set(have) and len(have) - len(want) <= 1


def whole_cell(cell: str, start: int = 0) -> "Value":
    """A table cell as the one value of a dimension whose kind the reader does not know, when the cell's label is
    the dimension's own name ("99.9%" under "Uptime SLA"): a table cell holds one value, and its label says which."""
    from .values import Value, measured_canonical

    text = cell.strip()
    canonical = measured_canonical(text) or " ".join(re.findall(r"[\w'’.%$€£-]+", text.lower()))
    return Value("text", canonical, text, start, start + len(text))
