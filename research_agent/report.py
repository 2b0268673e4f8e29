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

This module finds the facts; `report_md.py` writes the Markdown,
`report_html.py` the HTML page.  A partial report must answer five things
(`REPORT_PARTS`): the facts say which they hold (`ReportFacts.parts_present`,
what the evals read), and `report_check.report_parts_present` checks the same
on the Markdown alone, the way a reader would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from engine.stop_reason import StopReason

from .endings import RESUMABLE, STATUS_LABEL, EndKind
from .report_check import report_parts_present
from .report_facts import (
    REPORT_PARTS,
    AnswerRow,
    Candidate,
    CellPaths,
    Conflict,
    FailedCall,
    OpenQuestion,
    PathsTried,
    ReportFacts,
    ResumeOption,
    RiskRow,
    SourceRef,
    SourceRow,
    VerifiedClaim,
)
from .report_md import markdown
from .contract import split_cell_key
from .source_types import classify_source
from .state import Cell, Finding, ResearchState, Source

__all__ = ["REPORT_PARTS", "build_report", "report_facts", "report_parts_present"]

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
    return markdown(facts), facts.to_json()


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
        sources=[_source(state, s) for s in state.sources.values()],
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
    url = s.canonical_url if s else (finding.url if finding else None)
    date = (finding.date if finding and finding.date else None) or (s.date if s else None)
    return SourceRef(
        id=source_id,
        title=(s.title if s else "") or (s.domain if s else ""),
        url=url,
        # a finding is typed for its own object: a vendor's page is primary for the vendor's product
        source_type=finding.source_type if finding else (s.source_type if s else "unknown"),
        why_primary=_why_primary(state, url, finding),
        date=date,
        date_label=date or "undated",
        opened=bool(s and s.opened),
        quote=finding.quote if finding else None,
    )


def _claim(state: ResearchState, c: Cell) -> VerifiedClaim:
    findings = [state.findings[f] for f in c.finding_ids if f in state.findings]
    by_source = {f.source_id: f for f in findings}
    source_ids = list(dict.fromkeys([*c.source_ids, *by_source]))
    return VerifiedClaim(
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
        refused=c.refused.sentence() if c.refused is not None else None,
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


def _why_primary(state: ResearchState, url: str | None, finding: Finding | None = None) -> str | None:
    """Why `url` is a primary source: for the finding's object, else for the first object it is primary for."""
    if not url:
        return None
    contract = state.task_contract
    objects = [contract.object(split_cell_key(finding.cell)[0])] if finding else contract.objects
    return next((k.why for o in objects if (k := classify_source(url, o, contract)).type == "primary"), None)


def _source(state: ResearchState, s: Source) -> SourceRow:
    # a row is typed for the object it is primary for, whichever object's search found it
    why = _why_primary(state, s.canonical_url)
    return SourceRow(
        id=s.id,
        title=s.title,
        url=s.url,
        canonical_url=s.canonical_url,
        domain=s.domain,
        source_type="primary" if why else s.source_type,
        why_primary=why,
        opened=s.opened,
        cluster_id=s.cluster_id,
        date=s.date,
        date_label=s.date or "undated",
        failure=s.failure,
        quarantined=s.quarantined,
        quarantined_passages=list(s.quarantined_passages),
    )
