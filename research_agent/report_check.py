"""Checking a report's Markdown the way a reader would: are the five parts of a partial report there?

`report_parts_present(markdown)` reads only the text a user sees (the CLI's
output, a stored report): a heading is not enough, each confirmed cell must be
listed with a source, each open cell must be listed, and the resume part must
hold a command or an explicit reason why there is none.  The evals read the
same parts from the typed facts instead (`ReportFacts.parts_present`).
"""

from __future__ import annotations

import re

from .report_facts import REPORT_PARTS
from .report_md import CONFLICT_OPEN, NOT_RESUMABLE
from .state import ResearchState

__all__ = ["report_parts_present"]

_OPEN_MARKS = ("partial", "pending", "unavailable")


def _sections(markdown: str) -> dict[str, str]:
    parts: dict[str, str] = {}
    current: str | None = None
    for line in markdown.splitlines():
        m = re.match(r"^## (.+?)\s*$", line)
        if m:
            current = m.group(1)
            parts[current] = ""
        elif current is not None:
            parts[current] += line + "\n"
    return parts


def _entries(section: str) -> dict[str, str]:
    """Top-level `- **obj / dim**` bullets of a section, each with its sub-lines."""
    entries: dict[str, str] = {}
    current: str | None = None
    for line in section.splitlines():
        m = re.match(r"^- \*\*(.+?)\*\*", line)
        if m:
            current = m.group(1)
            entries[current] = ""
        elif current is not None and line.startswith("  "):
            entries[current] += line + "\n"
        elif line.strip():
            current = None
    return entries


def _table_cells(answer: str) -> dict[str, str]:
    """`obj / dim` → status, from the Answer table."""
    out: dict[str, str] = {}
    for line in answer.splitlines():
        if not line.startswith("|"):
            continue
        cols = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cols) >= 3 and cols[2].split(" ")[0] in ("confirmed", "partial", "pending", "unavailable", "irrelevant"):
            out[f"{cols[0]} / {cols[1]}"] = cols[2]
    return out


def report_parts_present(markdown: str, *, state: ResearchState | None = None) -> dict[str, bool]:
    """Which of the five partial-report parts (`REPORT_PARTS`) the Markdown holds.

    A part counts only when its heading is there *and* it carries its content:
    `why_stopped` a non-empty status and reason; `verified_claims` every
    confirmed cell; `sources_per_claim` at least one source id under each
    confirmed cell; `open_questions` every open (pending, partial, unavailable
    or conflicted) cell; `resume` a `research resume` command or an explicit
    "Not resumable:" reason.  Which cells are confirmed/open comes from `state`
    when given, else from the report's own Answer table (no table → the cell
    parts cannot be checked and count as missing).
    """
    sections = _sections(markdown)
    result = dict.fromkeys(REPORT_PARTS, False)

    status = re.search(r"^\*\*Status:\*\* (Complete|Partial|Aborted|Failed) — \S+", markdown, re.M)
    why = re.search(r"^\*\*Why it stopped:\*\* *(\S.*)$", markdown, re.M)
    result["why_stopped"] = bool(status and why)

    if state is not None:
        cells = {f"{c.object} / {c.dimension}": c for c in state.cells.values()}
        confirmed = {k for k, c in cells.items() if c.status == "confirmed"}
        open_cells = {k for k, c in cells.items() if c.is_unanswered}
        known = True
    elif table := _table_cells(sections.get("Answer", "")):
        confirmed = {k for k, s in table.items() if s.startswith("confirmed")}
        open_cells = {k for k, s in table.items() if s in _OPEN_MARKS or s.endswith(CONFLICT_OPEN)}
        known = True
    else:
        confirmed, open_cells, known = set(), set(), False

    if known and "Verified claims" in sections:
        claims = _entries(sections["Verified claims"])
        result["verified_claims"] = all(k in claims for k in confirmed)
        result["sources_per_claim"] = result["verified_claims"] and all(
            re.search(r"^\s+- \[[^\]]+\] ", claims[k], re.M) for k in confirmed
        )
    if known and "Open questions" in sections:
        questions = _entries(sections["Open questions"])
        result["open_questions"] = all(k in questions for k in open_cells)

    resume = sections.get("How to resume", "")
    result["resume"] = bool(
        re.search(r"^research resume \S+", resume, re.M)
        or re.search(r"`research resume \S+[^`]*`", resume)
        or re.search(rf"^{re.escape(NOT_RESUMABLE)} *\S", resume, re.M)
    )
    return result
