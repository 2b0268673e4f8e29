"""The reducer: one observation in, one typed `Transition` out (`Reducer.reduce`).

The reduce phase is this one call: the agent hands it the step's observation and the reader (the
policy, as the narrow `policy.base.Reader` port), and the reducer applies every result, asks the reader
for an opened page's finding drafts and for the rubric verdict on each cell about to be confirmed — from
below, where it needs them — settles the cells and returns what changed (`transition.py`).  It holds no
policy between calls and knows no model: the reader is an argument of the call.

Runs after every act phase and *before* any stop check, so the last useful
evidence is never lost.  Per action result, in order:

1. refused actions (a typed `Refusal`: risk / duplicate / denied / copy) are
   logged, the cell's strategy climbs one rung and the policy is told why
   (`state.notice`);
2. search results become sources seen as snippets and leads for the cell;
3. an opened page is screened for planted instructions: flagged passages are
   cut out (``criteria.quarantine``) and only the rest reaches the policy and
   the grounding; an exfiltration attempt or a page that is mostly
   instructions quarantines the whole page and the risk criterion stops the
   run.  The page joins a fingerprint cluster, and the policy's finding
   drafts are grounded — a quote that does not occur in the page text is
   rejected and counted.  A visit refused at a redirect hop by the address
   policy is a risk event, not a tool failure;
4. failures are classified: transient ones keep the lead until the per-URL
   retry budget is spent, permanent ones consume it.

Then every cell is settled from its findings by the one rule that decides a
cell's status (`cell_rules.rule_cell`: agreement, independence, conflicts and
their resolution; a cell about to be confirmed waits for the policy's verdict,
which can only hold it back), hard constraints rule objects out, ladders
climb for cells whose current path is spent, and the progress counters move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, assert_never

from criteria.risk_policy import RiskPolicy
from criteria.quarantine import quarantine
from criteria.risk_screen import page_is_risky, screen_action
from engine import ActionResult, Decision, Observation

from .cell_rules import CellRuling, judged, rule_cell
from .contract import TaskContract, split_cell_key
from .normalize import query_key, squash
from .reading import Target, check_finding, read_page
from .reading.values import same_measure, same_price, same_statement
from .policy.base import CellJudgement, FindingDraft, PageView, Reader
from .leads import result_names, usable_leads
from .settling import EvidenceIndex, apply_constraints, apply_ruling, evidence_of, rules_of
from .search_terms import next_rung, returned_everything, titled_objects
from .source_types import source_type_of
from .step_kinds import Refusal, WaitReason, purpose_of
from .state import (
    LADDER,
    ActionLog,
    Cell,
    CellStatus,
    Finding,
    Lead,
    RefusedFinding,
    ResearchState,
    RiskEvent,
    Source,
    StepEntry,
)
from .tools.canonical import canonical_url, domain_of
from .tools.errors import BlockedByPolicy
from .transition import ActionFiled, CellChange, CellJudged, PageRead, ReduceEvent, RiskRecorded, Transition
from .tools.fingerprint import ClusterIndex

MAX_LEADS_PER_SEARCH = 5


def action_key(tool: str, args: dict) -> str:
    if tool == "search":
        return f"search:{query_key(str(args.get('query', '')))}"
    if tool == "visit":
        return f"visit:{canonical_url(str(args.get('url', '')))}"
    return f"{tool}:{sorted((k, str(v)) for k, v in args.items())}"


def _logged(result: ActionResult, step: int, key: str, status: str, **kw: Any) -> ActionLog:
    """The log line of one action result, filed under the cell its purpose names."""
    purpose = purpose_of(result)
    return ActionLog(step, result.name, dict(result.args), key, status, purpose.cell if purpose else None,
                     strategy=purpose.strategy if purpose else None, **kw)


def _blocked_hop(exc: BlockedByPolicy, url: str, step: int) -> RiskEvent:
    hop = exc.url or url
    chain = " -> ".join(exc.via) if exc.via else hop
    return RiskEvent("private_address", f"visit {url} blocked at {hop}: {exc.reason}", chain[:200], step, hop)



def snippet_hint(contract: TaskContract, cell: Cell, title: str, snippet: str) -> tuple[str | None, str | None]:
    """The value the reader finds for `cell` in a search result's title and snippet, if any."""
    obj, dim = contract.object(cell.object), contract.dimension(cell.dimension)
    readings = read_page(contract.objects, [Target(cell.key, obj, dim)], title, snippet.replace("…", "."))
    return (readings[0].canonical, readings[0].display) if readings else (None, None)


def _value_stated(state: ResearchState, cell: Cell) -> bool:
    """Some page read (not a forum post) states a value for the cell, whether or not it is settled yet."""
    ids = [*cell.finding_ids, *cell.candidate_ids]
    return any(state.findings[f].source_type != "forum" for f in ids if f in state.findings)


@dataclass
class ReducerConfig:
    transient_attempts: int = 3
    """Attempts per URL before a transient failure consumes the lead."""
    local_search_only: bool = True
    """Searches go to the local index alone (no web backend merged in): a short answer can be complete
    (`search_terms.returned_everything`).  With a web backend, a web answer with no result leaves the
    merged list all local and short, which proves nothing."""


@dataclass
class OpenedPage:
    """A page this step opened and screened, waiting for the reader's finding drafts (`Reducer._read`)."""

    view: PageView
    """What the policy reads: the page without its quarantined passages."""
    cells: list[str]
    """The cells the policy may state values for (every cell not ruled out)."""
    source: Source
    log: ActionLog


@dataclass
class ReduceStep:
    """One reduce under way: the cells as they were, the cluster index, the events so far."""

    step: int
    before: dict[str, tuple[CellStatus, str | None]]
    index: ClusterIndex
    new_evidence: bool = False
    events: list[ReduceEvent] = field(default_factory=list)


class Reducer:
    """Applies one observation to the state and returns the `Transition` (see the module docstring).

    `reduce` is the whole phase, in this order: every action result filed (an opened page read by the
    reader and its drafts grounded), then every cell settled (a cell about to be confirmed judged by the
    reader), hard constraints, ladders and the progress counters."""

    def __init__(self, risk_policy: RiskPolicy, config: ReducerConfig | None = None) -> None:
        self.risk_policy = risk_policy
        self.config = config or ReducerConfig()
        self._clusters: tuple[int, ClusterIndex] | None = None

    # ---------------------------------------------------------------- entry
    def reduce(self, state: ResearchState, observation: Observation, decision: Decision, reader: Reader) -> Transition:
        """One observation in, the state changed in place and the step's `Transition` out."""
        state.notice = None
        work = ReduceStep(state.current_step, {k: (c.status, c.value) for k, c in state.cells.items()},
                          self._cluster_index(state))
        for result in observation.action_results:
            page = self._file(state, work, result)
            if page is not None:
                self._read(state, work, page, reader)
        self._settle_all(state, work, decision, reader)
        apply_constraints(state)
        self._climb_ladders(state)
        transition = Transition(work.step, _changes(state, work.before), tuple(work.events), work.new_evidence)
        self._progress(state, transition)
        return transition

    def _file(self, state: ResearchState, work: ReduceStep, result: ActionResult) -> OpenedPage | None:
        """Fold one action result in, noting what was filed and any risk it recorded; a page that was opened
        and may be read comes back to be read."""
        actions, risks = len(state.actions), len(state.risk)
        page = self._apply_result(state, work, result)
        work.events += [ActionFiled(a.tool, a.key, a.status, a.cell) for a in state.actions[actions:]]
        work.events += [RiskRecorded(r.kind, r.url) for r in state.risk[risks:]]
        return page

    def _apply_result(self, state: ResearchState, work: ReduceStep, result: ActionResult) -> OpenedPage | None:
        purpose = purpose_of(result)
        if purpose is not None and purpose.cell:
            state.focus = purpose.cell
        if result.status == "skipped":
            return None
        if result.status == "refused":
            self._refused(state, result, work.step)
            return None
        state.progress.tool_calls += 1
        if result.name == "search":
            self._search(state, result, work.step)
        elif result.name == "visit":
            return self._visit(state, result, work.step, work.index)
        return None

    def _read(self, state: ResearchState, work: ReduceStep, page: OpenedPage, reader: Reader) -> None:
        """The reader's finding drafts for a page just opened, grounded and added."""
        drafts = reader.extract(state, page.view, page.cells)
        added = self._apply_drafts(state, work, page, drafts, reader.name)
        work.events.append(PageRead(page.source.id, page.view.url, len(drafts), added))

    def _settle_all(self, state: ResearchState, work: ReduceStep, decision: Decision, reader: Reader) -> None:
        """Close the cells when no path is left, then settle every cell from its findings; a cell the rules
        would confirm now is confirmed only if the reader's rubric does not hold it back."""
        if decision.mode == "wait" and decision.cause is WaitReason.NO_PATH:
            for c in state.open_cells():
                self._close(state, c, "no path left")
        state.clusters = work.index.to_dict()
        evidence = EvidenceIndex(state)
        awaiting: list[tuple[Cell, CellRuling]] = []
        for cell in state.cells.values():  # every cell ruled before the rubric sees any of them
            ruling = rule_cell(evidence_of(state, cell, evidence), rules_of(state))
            apply_ruling(cell, ruling)
            if ruling is not None and ruling.awaiting_rubric:
                awaiting.append((cell, ruling))
        for cell, ruling in awaiting:
            judgement = reader.judge(state, cell.key)
            apply_ruling(cell, judged(ruling, judgement))
            work.events.append(CellJudged(cell.key, None if judgement is None else judgement.supported))

    def _cluster_index(self, state: ResearchState) -> ClusterIndex:
        # Rebuilt from the persisted dict when the state object changes (resume).
        if self._clusters is None or self._clusters[0] != id(state):
            index = ClusterIndex.from_dict(state.clusters) if state.clusters else ClusterIndex()
            self._clusters = (id(state), index)
        return self._clusters[1]

    # ------------------------------------------------------------- refusals
    def _refused(self, state: ResearchState, result: ActionResult, step: int) -> None:
        reason = result.error or "refused"
        kind = result.refusal.kind if isinstance(result.refusal, Refusal) else None
        key = action_key(result.name, result.args)
        log = _logged(result, step, key, "refused", error_type="Refused", error=reason)
        cell_key = log.cell
        state.actions.append(log)
        if result.name == "visit":
            canon = canonical_url(str(result.args.get("url", "")))
            for lead in state.leads:
                if lead.canonical_url == canon:
                    lead.refused = reason
        match kind:
            case "risk":
                flag = screen_action(result.name, dict(result.args), self.risk_policy)
                state.risk.append(RiskEvent(flag.kind if flag else "policy", reason, str(result.args)[:200], step, result.args.get("url")))
                return
            case "duplicate":
                # the policy repeated a path that already ran: change strategy
                state.progress.refused_duplicates += 1
                state.progress.consecutive_duplicates += 1
                cell = state.cells.get(cell_key or "")
                if cell is not None and cell.is_open and not cell.exhausted:
                    self._advance(state, cell, f"refused: {reason}")
            case "copy":  # a probable copy: drop that lead, keep the rest of the path
                state.progress.refused_copies += 1
            case "denied" | None:  # a denied domain or URL (or an untyped refusal): drop that lead
                state.progress.refused_other += 1
            case _:
                assert_never(kind)
        state.notice = f"step {step}: {result.name} refused — {reason}"

    # --------------------------------------------------------------- search
    def _search(self, state: ResearchState, result: ActionResult, step: int) -> None:
        query = str(result.args.get("query", ""))
        log = _logged(result, step, action_key("search", result.args), result.status)
        cell_key = log.cell
        state.actions.append(log)
        cell = state.cells.get(cell_key or "")
        if cell is not None:
            cell.tasked = True
            if query not in cell.queries:
                cell.queries.append(query)
            strategy = log.strategy
            if strategy in LADDER and LADDER.index(strategy) > cell.rung and not cell.exhausted:
                cell.rung = LADDER.index(strategy)  # the policy skipped rungs whose query had already run
                cell.strategies += [s for s in LADDER[1 : cell.rung + 1] if s not in cell.strategies]
        if result.status != "ok":
            self._failure(state, log, result)
            return
        state.progress.succeeded("search")
        contract = state.task_contract
        obj = contract.object(cell.object) if cell else None
        known = {lead.canonical_url for lead in state.leads if lead.cell == cell_key}
        opened = {s.canonical_url for s in state.sources.values() if s.opened or s.failure}
        added = capped = 0
        for hit in result.output or []:
            canon = canonical_url(hit.url)
            source = state.source_by_canonical(canon)
            if source is None:
                source = Source(
                    id=f"S{len(state.sources) + 1}", url=hit.url, canonical_url=canon, domain=domain_of(hit.url),
                    title=hit.title, snippet=hit.snippet, first_seen_step=step,
                    source_type=source_type_of(hit.url, obj, contract),
                )
                state.sources[source.id] = source
            relevant = obj is not None and result_names(contract, obj, hit.title, hit.snippet, hit.url)
            if relevant and canon not in known and canon not in opened and added < MAX_LEADS_PER_SEARCH:
                lead = Lead(hit.url, canon, hit.title, hit.snippet, cell_key or "", query, hit.rank, step)
                if cell is not None:
                    lead.hint, lead.hint_display = snippet_hint(contract, cell, hit.title, hit.snippet)
                state.leads.append(lead)
                known.add(canon)
                added += 1
            elif relevant and canon not in known and canon not in opened:
                capped += 1
        log.new_leads = added
        log.complete = self.config.local_search_only and not capped and returned_everything(result.output or [])
        if log.complete:
            log.complete_for = titled_objects(contract, result.output or [], opened, obj.name if obj else None)
        if added == 0:
            state.progress.invalid_actions += 1
            if cell is not None and cell.is_open:
                cell.stale_steps += 1

    # ---------------------------------------------------------------- visit
    def _visit(self, state: ResearchState, result: ActionResult, step: int, index: ClusterIndex) -> OpenedPage | None:
        url = str(result.args.get("url", ""))
        log = _logged(result, step, action_key("visit", result.args), result.status)
        cell_key = log.cell
        state.actions.append(log)
        contract = state.task_contract
        canon = canonical_url(url)
        source = state.source_by_canonical(canon)
        if source is None:
            obj_name = split_cell_key(cell_key)[0] if cell_key else None
            names = {o.name for o in contract.objects}
            about = contract.object(obj_name) if obj_name in names else None
            source = Source(
                id=f"S{len(state.sources) + 1}", url=url, canonical_url=canon, domain=domain_of(url),
                first_seen_step=step, source_type=source_type_of(url, about, contract),
            )
            state.sources[source.id] = source
        if result.status != "ok":
            if isinstance(result.exception, BlockedByPolicy):  # a redirect hop into a denied network: a risk
                state.risk.append(_blocked_hop(result.exception, url, step))
            self._failure(state, log, result, source)
            return None
        state.progress.succeeded("visit")
        page = result.output
        source.opened, source.opened_step, source.failure = True, step, None
        source.title = page.title or source.title
        source.date = page.date
        source.fingerprint = index.fingerprint_for(page.text, page.fingerprint)  # a task saved before v2 stays v1
        if page.canonical_url != canon and state.source_by_canonical(page.canonical_url) is None:
            source.canonical_url = page.canonical_url  # redirected: the answering URL is the identity
        cut = quarantine(page.text, self.risk_policy, url=page.final_url)
        text = page.text
        if cut.abort is not None or page_is_risky(cut.flags, self.risk_policy):  # exfiltration aborts below any threshold
            source.quarantined_passages = cut.passages
            if cut.abort is not None or not cut.text.strip():  # exfiltration, or nothing but instructions
                source.quarantined = True
                for flag in cut.flags:
                    state.risk.append(RiskEvent(flag.kind, f"{flag.detail}; {cut.abort}", flag.evidence, step, page.final_url))
                return None
            text = cut.text  # the rest of the page, without the passages, is all the policy sees
        seen_clusters = state.opened_clusters()
        source.cluster_id = index.add(source.id, source.fingerprint)
        if source.cluster_id in seen_clusters:
            state.progress.duplicate_sources += 1
        view = PageView(source.id, page.final_url, page.title or "", text, page.date, source.source_type)
        cells = [k for k, c in state.cells.items() if c.status != "irrelevant"]
        return OpenedPage(view, cells, source, log)

    def _apply_drafts(self, state: ResearchState, work: ReduceStep, page: OpenedPage, drafts: list[FindingDraft],
                      extractor: str) -> int:
        """Ground and add the reader's (`extractor`'s) finding drafts for a page just opened; how many were added."""
        source, log = page.source, page.log
        # an echo backs a value other findings state: filed, but no new evidence of its own (`reading.echo`)
        added = sum(self._add_finding(state, d, source, page.view, work.step, extractor) and not d.echo for d in drafts)
        log.new_evidence = added > 0  # grounded in the quarantined-clean text
        work.new_evidence |= added > 0
        if not added:
            state.progress.invalid_actions += 1
            cell = state.cells.get(log.cell or "")
            if cell is not None and cell.is_open:
                cell.stale_steps += 1
        return added

    def _add_finding(self, state: ResearchState, draft: FindingDraft, source: Source, page: PageView, step: int,
                     extractor: str) -> bool:
        """Ground a draft (its quote occurs in the page), type its value and, for a draft the reader did not
        make (a model's), apply the reader's attribution check: a quote about another entity is refused."""
        cell = state.cells.get(draft.cell)
        quote = draft.quote.strip()
        if cell is None or not quote or squash(quote) not in squash(page.text):
            state.progress.rejected()
            return False
        contract = state.task_contract
        dim = contract.dimension(cell.dimension)
        obj = contract.object(cell.object)
        matched = draft.attribution
        if draft.canonical is not None:
            value, display = draft.canonical, draft.value.strip()
        else:
            checked = check_finding(contract.objects, obj, dim, draft.value, quote, page.title or "", page.url,
                                    page.text)
            if checked.refusal is not None or checked.value is None:
                state.progress.rejected(checked.refusal or "no_value")
                if cell.refused is None:
                    cell.refused = RefusedFinding(checked.refusal or "no_value", draft.value.strip(), quote, source.id)
                return False
            value, display, matched = checked.value.canonical, checked.value.display, checked.matched
            quote = checked.quote or quote  # a piece of a sentence is recorded as the sentence it was read in
        if not value:
            state.progress.rejected()
            return False
        kin = [f for f in state.findings.values() if f.cell == draft.cell]
        if all(f.value != value for f in kin):
            # one measure in two units ("17 ft", "5.2 m"), one price with and without its period ("$31", "$31 a month"),
            # one statement at two precisions ("2019", "March 2019")
            value = next((f.value for f in kin if same_measure(f.display, display) or same_price(f.value, value)
                          or same_statement(f.value, value)),
                         value)
        for f in kin:  # an echo stays beside a weak statement of its value: it may back the value where that cannot
            if f.source_id == source.id and f.value == value and not (draft.echo and f.weak):
                return False
        fid = f"F{len(state.findings) + 1}"
        # primary or not depends on the finding's own object: a vendor's page is
        # primary for the vendor's product, whichever search surfaced it
        kind = source_type_of(source.canonical_url, obj, contract)
        state.findings[fid] = Finding(
            fid, draft.cell, value, display, quote, source.id, source.url, source.date,
            kind, step, extractor, matched,
        )
        return True

    # -------------------------------------------------------------- failures
    def _failure(self, state: ResearchState, log: ActionLog, result: ActionResult, source: Source | None = None) -> None:
        exc = getattr(result, "exception", None)
        transient = bool(getattr(exc, "transient", False))
        log.error_type, log.error = result.error_type, result.error
        log.retry_after = getattr(exc, "retry_after", None)
        state.progress.failed(log.tool)
        if transient:
            attempts = state.progress.attempt(log.key)
            log.transient = attempts < self.config.transient_attempts
            if log.transient:
                return  # the lead stays: the critic retries with backoff
            reason = f"{result.error_type} after {attempts} attempts"
        else:
            reason = result.error_type or "error"
        if source is not None:
            source.failure = reason

    # ---------------------------------------------------------------- ladder
    def _climb_ladders(self, state: ResearchState) -> None:
        executed = state.executed_keys()
        for cell in state.cells.values():
            if not cell.is_open or cell.exhausted:
                continue
            searched_here = any(
                a.cell == cell.key and a.tool == "search" and a.strategy == LADDER[cell.rung] and a.key in executed
                for a in state.actions
            )
            if searched_here and not usable_leads(state, cell):
                self._advance(state, cell, "path spent")

    def _advance(self, state: ResearchState, cell: Cell, why: str) -> None:
        cell.rung = next_rung(state, cell)
        cell.stale_steps = 0
        if cell.rung >= len(LADDER) - 1:
            self._close(state, cell, why)
        elif LADDER[cell.rung] == "reframe" and _value_stated(state, cell):
            # "is <dimension> publicly disclosed for <object>" is answered: a page read states a value
            self._close(state, cell, why)
        elif LADDER[cell.rung] not in cell.strategies:
            cell.strategies.append(LADDER[cell.rung])

    def _close(self, state: ResearchState, cell: Cell, why: str) -> None:
        cell.rung = len(LADDER) - 1
        cell.exhausted = True
        if "closed" not in cell.strategies:
            cell.strategies.append("closed")
        opened = sorted({s.domain for s in state.sources.values() if s.opened})
        scope = (
            f"searched {len(cell.queries)} quer{'y' if len(cell.queries) == 1 else 'ies'} "
            f"({'; '.join(repr(q) for q in cell.queries) or 'none'}) and read {len(opened)} site(s)"
            f"{' (' + ', '.join(opened[:8]) + (f' and {len(opened) - 8} more' if len(opened) > 8 else '') + ')' if opened else ''}"
        )
        cell.scope_note = scope
        if cell.status == "pending":
            cell.status, cell.gap = "unavailable", "not_public"
            cell.needed = cell.refused.sentence() if cell.refused else f"no public statement found ({why})"

    # -------------------------------------------------------------- progress
    def _progress(self, state: ResearchState, transition: Transition) -> None:
        sig = state.signature()
        counts = state.progress
        if sig == state.last_signature:
            counts.unchanged_steps += 1
        else:
            counts.unchanged_steps = 0
            counts.last_change_step = state.current_step
        state.last_signature = sig
        rejected = counts.rejected_findings
        state.step_log.append(StepEntry(state.current_step, rejected - counts.rejected_reported, transition.new_evidence,
                                        transition.gaps_closed, state.status_counts()))
        counts.rejected_reported = rejected
        del state.step_log[:-50]  # bounded: the full history lives in the trace



def _changes(state: ResearchState, before: dict[str, tuple[CellStatus, str | None]]) -> tuple[CellChange, ...]:
    """The cells whose status or value differs from `before` (a cell not there before counts as pending)."""
    out = []
    for key, cell in state.cells.items():
        was_status, was_value = before.get(key, ("pending", None))
        if (was_status, was_value) != (cell.status, cell.value):
            out.append(CellChange(key, was_status, cell.status, cell.value))
    return tuple(out)
