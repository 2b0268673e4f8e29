"""Reports: what a person reads when a run ends, however it ended.

`build_report` turns the research-state table into one set of typed *facts*
(`report_facts.ReportFacts`; its JSON dump is the report JSON, stable keys) and
renders the Markdown from those same facts, so the formats cannot disagree.  Every report, for every end kind, opens with the
status (`Complete | Partial | Aborted | Failed`, from `STATUS_LABEL`: a budget
stop is never "Complete") and why the run stopped, then has the same sections:

  ## Answer              per object × dimension: conclusion + source ids, or
                         why there is none (open / ruled out / unavailable);
                         conflicts and how they were resolved; an LLM
                         synthesis, labelled as such, when one was written
  ## Verified claims     confirmed cells only, each with the sources behind it
  ## Open questions      what is still needed; candidate evidence marked
                         "candidate (not cross-checked)"; conflicts with the
                         conditions that differ; the scope searched
  ## Paths already tried queries, strategy rungs, sources opened, failed
                         calls: what a resume will not repeat
  ## How to resume       the exact command, or "Not resumable:" and why
  ## Sources             every source seen: opened or snippet only, cluster
  ## Risk                risk events (first after the status on a risk abort)

A partial report must answer five things (`REPORT_PARTS`);
`report_parts_present` checks them on the Markdown alone, the way a reader
would: a heading is not enough, each confirmed cell must be listed with a
source, each open cell must be listed, and the resume part must hold a command
or an explicit reason why there is none.  Cells are written `**object /
dimension**` in the claim and question lists so they can be found again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from engine.stop_reason import StopReason

from .contract import split_cell_key
from .endings import RESUMABLE, STATUS_LABEL, EndKind
from .report_facts import (
    AnswerRow,
    Candidate,
    CellPaths,
    Claim,
    Conflict,
    FailedCall,
    OpenQuestion,
    PathsTried,
    ReportFacts,
    ResumeOption,
    RiskRow,
    SourceRef,
    SourceRow,
)
from .state import Cell, Finding, ResearchState, Source

__all__ = ["REPORT_PARTS", "build_report", "report_facts", "report_parts_present"]

REPORT_PARTS = ("why_stopped", "verified_claims", "sources_per_claim", "open_questions", "resume")

CANDIDATE = "candidate (not cross-checked)"
CORPUS_HOST = "corpus.local"
"""The host `tools/localweb.py` serves a plain folder's files under (its CORPUS_HOST)."""
NOT_RESUMABLE = "Not resumable:"
_CONFLICT_OPEN = "(conflict unresolved)"
_OPEN_MARKS = ("partial", "pending", "unavailable")
_QUOTE_CHARS = 280

_WRITTEN_BY = {
    "openai": "written by the language model",
    "rules": "written by the rule-based stand-in (no language model)",
    "scripted": "replayed from a recorded model script",
}

_NOT_RESUMABLE_WHY = {
    EndKind.COMPLETED: "the task is complete; there is nothing left to research.",
    EndKind.RISK_ABORT: (
        "the run stopped at a risk boundary; a human has to review the risk events "
        "(see *Risk*) and decide before any further research on this task."
    ),
}


# ---------------------------------------------------------------- facts


def build_report(
    state: ResearchState,
    *,
    task_id: str,
    end_kind: EndKind,
    stop_reason: StopReason | str | None,
    stop_detail: str | None,
    usage: Mapping[str, Any] | Any,
    resume_command: str | None,
    answer_text: str | None = None,
    answer_by: str | None = None,
) -> tuple[str, dict[str, Any]]:
    """The report as (Markdown, JSON-able dict) for a run that ended with `end_kind`.

    `usage` is a mapping of usage figures (or anything with `model_dump()`, such
    as the store's `RunUsage`).  `resume_command` is shown verbatim when the end
    kind is resumable; when it is None there, `research resume <task_id>` is shown.
    `answer_by` is the model kind that wrote `answer_text` (`openai`, `rules`,
    `scripted`, …): the synthesis heading says who wrote it.
    """
    facts = report_facts(
        state,
        task_id=task_id,
        end_kind=EndKind(end_kind),
        stop_reason=stop_reason,
        stop_detail=stop_detail,
        usage=usage,
        resume_command=resume_command,
        answer_text=answer_text,
    )
    facts.answer_by = answer_by if answer_text else None
    return _markdown(facts), facts.to_json()


def report_facts(
    state: ResearchState,
    *,
    task_id: str,
    end_kind: EndKind,
    stop_reason: StopReason | str | None,
    stop_detail: str | None,
    usage: Mapping[str, Any] | Any,
    resume_command: str | None,
    answer_text: str | None,
) -> ReportFacts:
    """The typed facts of the report (see `report_facts.ReportFacts`)."""
    cells = _ordered_cells(state)
    by_canonical = {s.canonical_url: s for s in state.sources.values()}
    # a no-progress ending has no untried path left: a resume cannot change it (new material means a new task)
    resumable = end_kind in RESUMABLE
    reason = stop_reason.value if isinstance(stop_reason, StopReason) else stop_reason
    if isinstance(usage, BaseModel):
        usage = usage.model_dump()
    return ReportFacts(
        task_id=task_id,
        question=state.task or (state.contract.question if state.contract else ""),
        status=STATUS_LABEL[end_kind],
        end_kind=end_kind.value,
        stop_reason=reason,
        stop_detail=stop_detail,
        answer=[_answer(c) for c in cells],
        answer_text=answer_text,
        verified_claims=[_claim(state, c) for c in cells if c.status == "confirmed"],
        open_questions=[_question(state, c) for c in cells if c.is_unanswered],
        conflicts=[
            Conflict(cell=c.key, conditions=c.conflict_note, resolution=c.resolution, resolved=bool(c.resolution))
            for c in cells
            if c.conflict
        ],
        paths_tried=PathsTried(
            cells=[_paths(state, c, by_canonical) for c in cells if c.queries or c.tasked or _opened_for(state, c, by_canonical)],
            failed_calls=_failed_calls(state),
            tool_calls=len(state.executed_keys()),
        ),
        resumable=resumable,
        resume_command=(resume_command or f"research resume {task_id}") if resumable else None,
        resume_options=_resume_options(state) if end_kind == EndKind.NO_PROGRESS else [],
        not_resumable_reason=None if resumable else _NOT_RESUMABLE_WHY.get(end_kind, "this run cannot be continued."),
        sources=[_source(s) for s in state.sources.values()],
        risk=[RiskRow(kind=r.kind, detail=r.detail, url=r.url, step=r.step, evidence=r.evidence) for r in state.risk],
        usage=dict(usage or {}),
        counts=state.status_counts(),
    )


def _resume_options(state: ResearchState) -> list[ResumeOption]:
    """What could change a no-progress ending, each as a new task: every open cell has no untried
    path left, and a resume keeps the task's dedup memory, so it would only stop again."""
    question = (state.task or (state.contract.question if state.contract else "")).replace('"', '\\"')
    return [
        ResumeOption(change="more sources: a corpus folder with pages this run has not seen",
                     command=f'research run "{question}" --corpus DIR'),
        ResumeOption(change="another search backend (the web)",
                     command=f'research run "{question}" --search searxng --search-url URL'),
        ResumeOption(change="a wider contract (other objects or dimensions, fewer required sources)",
                     command=f'research run "{question}" --show-contract > task.toml; edit it; research run --contract task.toml'),
    ]


def display_url(url: str | None) -> str:
    """The URL as a reader should see it: a file of a plain local corpus folder is its path (`notes/heron.md`)."""
    from urllib.parse import unquote, urlsplit

    if not url:
        return "no url"
    parts = urlsplit(url)
    if parts.hostname == CORPUS_HOST:
        return unquote(parts.path.lstrip("/")) or url
    return url


def _ordered_cells(state: ResearchState) -> list[Cell]:
    order = state.task_contract.cell_keys() if state.contract else []
    seen = [state.cells[k] for k in order if k in state.cells]
    return seen + [c for k, c in state.cells.items() if k not in set(order)]


def _answer(c: Cell) -> AnswerRow:
    return AnswerRow(
        cell=c.key,
        object=c.object,
        dimension=c.dimension,
        status=c.status,
        conclusion=(c.conclusion or c.value) if c.status == "confirmed" else None,
        source_ids=list(c.source_ids) if c.status == "confirmed" else [],
        conflict=c.conflict,
        conflict_note=c.conflict_note,
        resolution=c.resolution,
        irrelevant_reason=c.irrelevant_reason,
        scope_note=c.scope_note,
    )


def _source_ref(state: ResearchState, source_id: str, finding: Finding | None = None) -> SourceRef:
    s = state.sources.get(source_id)
    return SourceRef(
        id=source_id,
        title=(s.title if s else "") or (s.domain if s else ""),
        url=s.canonical_url if s else (finding.url if finding else None),
        # a finding is typed for its own object: a vendor's page is primary for the vendor's product
        source_type=finding.source_type if finding else (s.source_type if s else "unknown"),
        date=(finding.date if finding and finding.date else None) or (s.date if s else None),
        opened=bool(s and s.opened),
        quote=finding.quote if finding else None,
    )


def _claim(state: ResearchState, c: Cell) -> Claim:
    findings = [state.findings[f] for f in c.finding_ids if f in state.findings]
    by_source = {f.source_id: f for f in findings}
    source_ids = list(dict.fromkeys([*c.source_ids, *by_source]))
    return Claim(
        cell=c.key,
        object=c.object,
        dimension=c.dimension,
        value=c.conclusion or c.value,
        independent_sources=c.independent_sources,
        sources=[_source_ref(state, sid, by_source.get(sid)) for sid in source_ids],
        conflict_unresolved=c.conflict and not c.resolution,
    )


def _question(state: ResearchState, c: Cell) -> OpenQuestion:
    # On an open cell nothing is cross-checked yet, so every finding is a
    # candidate; on a confirmed cell with an open conflict only the other side is.
    ids = c.candidate_ids if c.status == "confirmed" else [*c.finding_ids, *c.candidate_ids]
    candidates = []
    for fid in dict.fromkeys(ids):
        f = state.findings.get(fid)
        if f is None:
            continue
        ref = _source_ref(state, f.source_id, f)
        candidates.append(Candidate(finding_id=f.id, value=f.display or f.value, cross_checked=False, **ref.model_dump()))
    if c.status == "unavailable":
        scope = c.scope_note or "no scope recorded"
    else:
        rung = c.strategies[-1] if c.strategies else "initial"
        scope = f"searched {len(c.queries)} quer{'y' if len(c.queries) == 1 else 'ies'} so far, strategy rung: {rung}"
    return OpenQuestion(
        cell=c.key,
        object=c.object,
        dimension=c.dimension,
        status=c.status,
        needed=c.needed if c.status != "unavailable" else None,
        candidates=candidates,
        conflict=c.conflict_note if c.conflict else None,
        conflict_resolution=c.resolution if c.conflict else None,
        scope=scope,
        exhausted=c.exhausted,
    )


def _opened_for(state: ResearchState, c: Cell, by_canonical: dict[str, Source]) -> list[str]:
    ids: list[str] = []
    for fid in [*c.finding_ids, *c.candidate_ids]:
        f = state.findings.get(fid)
        if f is not None:
            ids.append(f.source_id)
    for a in state.actions:
        if a.cell == c.key and a.tool == "visit" and a.status == "ok" and a.key.startswith("visit:"):
            s = by_canonical.get(a.key.removeprefix("visit:"))
            if s is not None:
                ids.append(s.id)
    return list(dict.fromkeys(ids))


def _paths(state: ResearchState, c: Cell, by_canonical: dict[str, Source]) -> CellPaths:
    return CellPaths(
        cell=c.key,
        queries=list(dict.fromkeys(c.queries)),
        strategies=list(c.strategies),
        sources_opened=_opened_for(state, c, by_canonical),
        exhausted=c.exhausted,
    )


def _failed_calls(state: ResearchState) -> list[FailedCall]:
    out: dict[str, FailedCall] = {}
    for a in state.actions:
        if a.status == "error":
            out[a.key] = FailedCall(tool=a.tool, key=a.key, error_type=a.error_type, transient=a.transient, step=a.step)
    for s in state.sources.values():
        key = f"visit:{s.canonical_url}"
        if s.failure and key not in out:
            out[key] = FailedCall(tool="visit", key=key, error_type=s.failure, transient=False, step=None)
    return list(out.values())


def _source(s: Source) -> SourceRow:
    return SourceRow(
        id=s.id,
        title=s.title,
        url=s.url,
        canonical_url=s.canonical_url,
        domain=s.domain,
        source_type=s.source_type,
        opened=s.opened,
        cluster_id=s.cluster_id,
        date=s.date,
        failure=s.failure,
        quarantined=s.quarantined,
        quarantined_passages=list(s.quarantined_passages),
    )


# ---------------------------------------------------------------- Markdown


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
    meta = ", ".join(x for x in (ref.source_type, ref.date) if x)
    line = f"[{ref.id}] {ref.title or 'untitled'} — {display_url(ref.url)}"
    if meta:
        line += f" ({meta})"
    if ref.quote:
        line += f': "{_quote(ref.quote)}"'
    return line


def _markdown(f: ReportFacts) -> str:
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
            status += f" {_CONFLICT_OPEN}"
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
            head += ": not found in public sources"
        out.append(head)
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
    out += ["| Id | Title | URL | Type | Read | Cluster |", "|---|---|---|---|---|---|"]
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
            f"| {s.source_type} | {read} | {_esc(s.cluster_id or '')} |"
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


# ---------------------------------------------------------------- checking


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
        open_cells = {k for k, s in table.items() if s in _OPEN_MARKS or s.endswith(_CONFLICT_OPEN)}
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
