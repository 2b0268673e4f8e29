"""The report's Markdown, rendered from its typed facts (`report_facts.ReportFacts`).

`markdown(facts)` writes the sections `report.py` lists, in that order (the
risk events first after the status on a risk abort).  Cells are written
`**object / dimension**` in the claim and question lists so a reader (and
`report_check.report_parts_present`) can find them again.
"""

from __future__ import annotations

from typing import Any

from .contract import split_cell_key
from .endings import EndKind
from .report_facts import Candidate, ReportFacts, SourceRef, source_kind
from .tools.canonical import display_url

__all__ = ["CANDIDATE", "CONFLICT_OPEN", "NOT_RESUMABLE", "markdown"]

CANDIDATE = "candidate (not cross-checked)"
NOT_RESUMABLE = "Not resumable:"
CONFLICT_OPEN = "(conflict unresolved)"
_QUOTE_CHARS = 280

_WRITTEN_BY = {
    "openai": "written by the language model",
    "rules": "written by the rule-based stand-in (no language model)",
    "scripted": "replayed from a recorded model script",
}


def _esc(text: Any) -> str:
    """Table-safe text: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _quote(text: str | None) -> str:
    t = " ".join((text or "").split())
    return t if len(t) <= _QUOTE_CHARS else t[: _QUOTE_CHARS - 1] + "…"


def _label(cell_key: str) -> str:
    obj, dim = split_cell_key(cell_key)
    return f"**{obj} / {dim}**"


def _ref_line(ref: SourceRef | Candidate) -> str:
    meta = ", ".join(x for x in (source_kind(ref.source_type, ref.why_primary), ref.date_label) if x)
    line = f"[{ref.id}] {ref.title or 'untitled'} — {display_url(ref.url)}"
    if meta:
        line += f" ({meta})"
    if ref.quote:
        line += f': "{_quote(ref.quote)}"'
    return line


def markdown(f: ReportFacts) -> str:
    out: list[str] = [f"# Research report: {f.question}", ""]
    out.append(f"**Status:** {f.status} — {f.end_kind}  ")
    why = f.stop_reason or "unknown (no stop reason was recorded)"
    out.append(f"**Why it stopped:** {why}" + (f": {f.stop_detail}" if f.stop_detail else "") + "  ")
    open_cells = [q.cell for q in f.open_questions]
    if open_cells:
        out.append(f"**Open cells ({len(open_cells)}):** " + ", ".join(open_cells) + "  ")
    out.append(f"**Task:** `{f.task_id}`  ")
    counts = f.counts
    out.append("**Cells:** " + ", ".join(f"{n} {k}" for k, n in counts.items() if n) + "  ")
    if f.usage:
        out.append("**Used:** " + ", ".join(f"{k.replace('_', ' ')} {_num(v)}" for k, v in f.usage.items()))
    out.append("")
    if f.end_kind == EndKind.RISK_ABORT.value:
        out += _risk_md(f)
    out += _answer_md(f)
    out += _claims_md(f)
    out += _questions_md(f)
    out += _paths_md(f)
    out += _resume_md(f)
    out += _sources_md(f)
    if f.end_kind != EndKind.RISK_ABORT.value and (f.risk or any(s.quarantined_passages for s in f.sources)):
        out += _risk_md(f)
    return "\n".join(out).rstrip() + "\n"


def _num(v: Any) -> str:
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def _answer_md(f: ReportFacts) -> list[str]:
    out = ["## Answer", ""]
    if f.status != "Complete":
        out += [
            f"The run is not complete ({f.end_kind}): only the confirmed rows below are verified answers; "
            "the others are open (see *Open questions*).",
            "",
        ]
    out += ["| Object | Dimension | Status | Conclusion | Sources |", "|---|---|---|---|---|"]
    for a in f.answer:
        if a.status == "confirmed":
            text = a.conclusion or ""
        elif a.status == "irrelevant":
            text = f"ruled out: {a.irrelevant_reason or 'a hard constraint'}"
        elif a.status == "unavailable":
            text = "not publicly available (the scope searched is under Open questions)"
        else:
            text = "open (see Open questions)"
        refs = "".join(f"[{sid}]" for sid in a.source_ids)
        status = a.status
        if status == "confirmed" and a.conflict and not a.resolution:
            status += f" {CONFLICT_OPEN}"
        out.append(f"| {_esc(a.object)} | {_esc(a.dimension)} | {status} | {_esc(text)} | {refs} |")
    out.append("")
    if f.conflicts:
        out += ["### Conflicts", ""]
        for c in f.conflicts:
            how = f"resolved: {c.resolution}" if c.resolved else "unresolved (see Open questions)"
            out.append(f"- {_label(c.cell)}: sources disagree — {c.conditions or 'no conditions recorded'}; {how}")
        out.append("")
    if f.answer_text:
        out += [
            f"### Synthesis ({_WRITTEN_BY.get(f.answer_by or '', 'written by the policy')} from the evidence above; "
            "not separately verified)",
            "",
            f.answer_text.strip(),
            "",
        ]
    return out


def _claims_md(f: ReportFacts) -> list[str]:
    out = ["## Verified claims", ""]
    if not f.verified_claims:
        out += ["No claim is verified yet.", ""]
        return out
    for c in f.verified_claims:
        n = c.independent_sources
        head = f"- {_label(c.cell)}: {c.value} — {n} independent source{'s' if n != 1 else ''}"
        if c.conflict_unresolved:
            head += " (a conflicting report is still open, see Open questions)"
        out.append(head)
        for ref in c.sources:
            out.append(f"  - {_ref_line(ref)}")
        if not c.sources:
            out.append("  - no source recorded")
    out.append("")
    return out


def _questions_md(f: ReportFacts) -> list[str]:
    out = ["## Open questions", ""]
    if not f.open_questions:
        out += ["None: every cell is confirmed or ruled out.", ""]
        return out
    for q in f.open_questions:
        head = f"- {_label(q.cell)} ({q.status})"
        if q.needed:
            head += f": still needed: {q.needed}"
        elif q.status == "unavailable":
            head += f": {q.refused}" if q.refused else ": not found in public sources"
        out.append(head)
        if q.refused and (q.needed or q.status != "unavailable"):
            out.append(f"  - {q.refused}")
        for cand in q.candidates:
            out.append(f"  - {CANDIDATE}: {cand.value} — {_ref_line(cand)}")
        if q.conflict:
            how = f"resolved: {q.conflict_resolution}" if q.conflict_resolution else "unresolved"
            out.append(f"  - conflict: the conditions differ — {q.conflict} ({how})")
        out.append(f"  - scope: {q.scope}")
    out.append("")
    return out


def _paths_md(f: ReportFacts) -> list[str]:
    p = f.paths_tried
    out = ["## Paths already tried", ""]
    out.append(f"{p.tool_calls} tool calls ran; a resume does not repeat any of them.")
    out.append("")
    for c in p.cells:
        out.append(f"- {_label(c.cell)}" + (" — no untried path left" if c.exhausted else ""))
        queries = ", ".join(f"`{q}`" for q in c.queries) or "none"
        out.append(f"  - queries: {queries}")
        out.append(f"  - strategies: {' → '.join(c.strategies) or 'initial'}")
        opened = ", ".join(f"[{s}]" for s in c.sources_opened) or "none"
        out.append(f"  - sources opened: {opened}")
    if p.failed_calls:
        out.append("- Failed calls:")
        for e in p.failed_calls:
            kind = e.error_type or "error"
            out.append(f"  - `{e.key}` — {kind}" + (" (transient)" if e.transient else ""))
    out.append("")
    return out


def _resume_md(f: ReportFacts) -> list[str]:
    out = ["## How to resume", ""]
    if f.resume_options:
        out += [f"{NOT_RESUMABLE} a resume cannot change this ending: no open cell has an untried path left. "
                "What could change it, as a new task:", ""]
        out += [f"- {o.change}: `{o.command}`" for o in f.resume_options]
        return out + [""]
    if f.resumable:
        n_open = len(f.open_questions)
        out += [
            f"Continue from the {n_open} open cell{'s' if n_open != 1 else ''} with:",
            "",
            "```",
            f.resume_command or "",
            "```",
            "",
        ]
    else:
        out += [f"{NOT_RESUMABLE} {f.not_resumable_reason}", ""]
    return out


def _sources_md(f: ReportFacts) -> list[str]:
    out = ["## Sources", ""]
    if not f.sources:
        return out + ["No source was seen.", ""]
    out += ["| Id | Title | URL | Type | Date | Read | Cluster |", "|---|---|---|---|---|---|---|"]
    for s in f.sources:
        read = "opened" if s.opened else "snippet only"
        if s.failure:
            read += f" (visit failed: {s.failure})"
        if s.quarantined:
            read += " (quarantined)"
        elif s.quarantined_passages:
            read += f" ({len(s.quarantined_passages)} passage(s) quarantined)"
        out.append(
            f"| {_esc(s.id)} | {_esc(s.title or s.domain)} | {_esc(display_url(s.canonical_url or s.url))} "
            f"| {_esc(source_kind(s.source_type, s.why_primary))} | {s.date_label if s.opened else ''} | {read} "
            f"| {_esc(s.cluster_id or '')} |"
        )
    out.append("")
    return out


def _risk_md(f: ReportFacts) -> list[str]:
    out = ["## Risk", ""]
    if f.risk:
        for r in f.risk:
            out.append(f"- {r.kind}: {r.detail}" + (f" — {r.url}" if r.url else "") + f" (step {r.step})")
    else:
        out.append("- no risk event was recorded")
    for s in f.sources:
        for passage in s.quarantined_passages:
            out.append(f"- quarantined passage on {s.id} ({s.canonical_url or s.url}), never used as evidence: {_esc(passage[:200])!r}")
    out += [
        "",
        "Fetched content was treated as data: nothing written in it was followed as an instruction.",
        "",
    ]
    return out
