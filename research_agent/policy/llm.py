"""`LLMPolicy`: the research policy backed by a model.

It implements `Policy` (plan / extract / judge / synthesize) and
`ContractPolicy` (draft_contract) by asking the model it is given for one
JSON object per call, validated by the pydantic models below:

    draft_contract  ContractDraft → TaskContract (via contract_from_mapping, source="llm")
    plan            NextAction    → PlannedAction | None   (prompt = compact_view(state) only)
    extract         Extraction    → [FindingDraft]          (page text wrapped as data)
    judge           Judgement     → CellJudgement
    synthesize      Synthesis     → answer text built by the program from confirmed cells

Answers are read leniently (`llm.lenient_json`: a fence, chatter around the
object, raw control characters in strings, a truncated tail that can be
closed).  An answer that is still not JSON, or fails validation (including
checks against the state: an unknown or null cell, a claim on an unconfirmed
cell, a contract object the question does not name), is counted in
`rejected_outputs` and retried with the validation error shown to the model
in a follow-up user message, at most `max_invalid_retries` times.  Then a
reading yields no findings, a rubric has no opinion and a plan comes from the
rule ladder — each noted in `state.notice` and counted (`model_gave_up:<kind>`
in the state's counters) — while a contract draft or the answer text raise
`ModelOutputInvalid` (their callers fall back to the rule parse / the report
template).  A model endpoint that outlasts its retries (`ModelUnavailable`)
is recorded as a typed `ModelOutage` on the state's progress counters — the
policy decides no stop: `criteria/failure.ModelOutageCriteria` ends the run
`tool_failure` (stop reason `tool_unavailable`, resumable) after the step, as
for a search backend that is down, keeping the evidence reduced so far.  Once
the model is down in a step, the step's later calls are not tried again.

`planner` divides the labour: "model" lets the model plan from the compact
view; "rules" plans with the offline ladder (`OfflinePolicy.plan`, no model
call) while the model reads pages — a focused prompt: one page, at most
FOCUSED_CELLS open cells, the attribution rule — and judges cells.

Budgets are checked before each call (`llm.budget.CallBudget`): a call whose
estimate (prompt chars / 4 + the `max_tokens` sent, priced) would cross the
run's token or cost limit is not made; the budget tells the engine's meter (a
typed `BudgetRefusal`), and the engine's budget criterion ends the run after
the step as `budget_tokens` / `budget_cost`, the figures in the detail.  The
policy only keeps what the step reduced so far; a plan call so refused (or
unmade for an outage) makes the step wait with a typed `WaitReason`.

What the model decides, and what it does not: it proposes the next call,
reads pages and judges rubric questions.  The program refuses duplicate
calls before they run (the model learns why from `state.notice`), checks every
quote against the fetched text (the reducer, not this class), counts
independent sources, screens for planted instructions and enforces budgets.

The policy calls the model it is given and creates no client.  The
composition root hands it the model already metered (`MeteredModel` on the
engine's meter) and the run's `CallBudget`, so token and cost budgets see every
call, the answer text written after the run included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from engine.model import Message, Model

from ..contract import ContractError, TaskContract, contract_from_mapping
from ..llm.budget import CallBudget, ModelBudgetExceeded, price_of
from ..llm.openai_model import ModelOutputInvalid, ModelUnavailable, response_format_for
from ..llm.request import (
    CellAsked,
    ConfirmedCell,
    ContractRequest,
    ExtractRequest,
    JudgedCell,
    JudgedFinding,
    JudgeRequest,
    ModelRequest,
    PageShown,
    PlanRequest,
    SynthesizeRequest,
)
from ..progress_counters import ModelOutage
from ..state import Cell, ResearchState
from ..step_kinds import WaitReason
from . import prompts
from .answers import (
    AnswerInvalid,
    ContractDraft,
    Extraction,
    Judgement,
    NextAction,
    Synthesis,
    describe_validation,
    parse_json_object,
)
from .base import CellJudgement, FindingDraft, PageView, PlannedAction, PolicyUsage
from .contract_check import check_draft_objects
from .offline import OfflinePolicy
from .view import clip, compact_view

MAX_EXTRACT_CELLS = 40
MAX_ECHO = 4000
"""Characters of an invalid answer echoed back to the model in the retry turn."""

T = TypeVar("T", bound=BaseModel)


# ------------------------------------------------------------ the policy


Planner = Literal["rules", "model"]
DEFAULT_REPLY_TOKENS: dict[str, int] = {"plan": 200, "extract": 600, "judge": 150, "synthesize": 600, "contract": 600}
"""`max_tokens` sent per call kind unless the config says otherwise (`llm_max_tokens_<kind>`)."""
FOCUSED_CELLS = 6
"""Open cells one focused reading prompt lists (planner = "rules")."""


class LLMPolicy:
    """The research policy backed by a model; see the module docstring."""

    name = "llm"

    def __init__(
        self,
        model: Model,
        *,
        max_invalid_retries: int = 2,
        max_page_chars: int = 12_000,
        view_limits: dict[str, int] | None = None,
        exhaustive: bool = False,
        planner: Planner = "model",
        reply_tokens: dict[str, int] | None = None,
        budget: CallBudget | None = None,
    ) -> None:
        if max_invalid_retries < 0:
            raise ValueError("max_invalid_retries must be >= 0")
        self.model: Model = model
        """The model every call goes through (metered by whoever built the policy)."""
        self.max_invalid_retries = max_invalid_retries
        self.max_page_chars = max_page_chars
        self.view_limits = dict(view_limits or {})
        self.usage = PolicyUsage()
        # exhaustive=True: the max-steps baseline — the view asks the model to keep
        # verifying confirmed cells too, and it is asked even when no cell is open
        self.exhaustive = exhaustive
        self.planner: Planner = planner
        self._rules = OfflinePolicy(exhaustive=exhaustive)
        self.reply_tokens = {**DEFAULT_REPLY_TOKENS, **(reply_tokens or {})}
        self.budget = budget or CallBudget()

    @property
    def rejected_outputs(self) -> int:
        """Answers rejected as invalid (each one was retried or ended the call)."""
        return self.usage.rejected_outputs

    @property
    def calls(self) -> int:
        """Model calls made, retries included."""
        return self.usage.calls

    # ------------------------------------------------------------ asking
    def _ask(self, request: ModelRequest, output: type[T], *, context: dict[str, Any] | None = None,
             check: Callable[[T], Any] | None = None, state: ResearchState | None = None) -> tuple[T, Any]:
        """One validated answer of type `output` (and what `check` returned).

        The model gets the prompt rendered from `request` and the request itself, typed
        (`request=`, its `attempt` counting the tries).  Before every call (retries included)
        the budget is checked: a call whose estimate would cross the run's token or cost limit
        raises `ModelBudgetExceeded` unmade.  Calls made are counted on `state` by kind
        (`model_calls:<kind>`) when it is given."""
        kind = request.kind
        messages: list[Message] = prompts.messages_for(request)
        response_format = response_format_for(output)
        reply_tokens = self.reply_tokens[kind]
        errors: list[str] = []
        for attempt in range(1, self.max_invalid_retries + 2):
            model = self.model
            self.budget.check(kind, messages, reply_tokens, price_of(model))
            asked = request if attempt == 1 else request.model_copy(update={"attempt": attempt})
            reply = model.generate(messages, request=asked, response_format=response_format, max_tokens=reply_tokens)
            self.budget.add(reply.usage)
            self.usage.calls += 1
            if state is not None:
                state.bump(f"model_calls:{kind}")
            text = reply.text or ""
            try:
                return self._validated(text, output, context, check)
            except AnswerInvalid as exc:
                self.usage.rejected_outputs += 1
                errors.append(str(exc))
                del self.usage.notes[:-9]
                self.usage.notes.append(f"{kind}: {clip(exc, 300)}")
                messages = [
                    *messages,
                    {"role": "assistant", "content": text[:MAX_ECHO]},
                    {"role": "user", "content": prompts.retry_user(str(exc))},
                ]
        tries = self.max_invalid_retries + 1
        raise ModelOutputInvalid(
            f"{kind}: no valid answer from the model in {tries} attempt{'s' if tries != 1 else ''}; "
            f"last error: {clip(errors[-1], 400)}"
        )

    @staticmethod
    def _validated(text: str, output: type[T], context: dict[str, Any] | None,
                   check: Callable[[T], Any] | None) -> tuple[T, Any]:
        data = parse_json_object(text)
        try:
            parsed = output.model_validate(data, context=context)
        except ValidationError as exc:
            raise AnswerInvalid(f"the JSON does not match the schema:\n{describe_validation(exc)}") from exc
        if check is None:
            return parsed, None
        try:
            return parsed, check(parsed)
        except (ValueError, ContractError) as exc:
            raise AnswerInvalid(str(exc)) from exc

    @staticmethod
    def _refused_by_budget(state: ResearchState) -> None:
        """A call the budget refused: counted here; the budget told the engine's meter, and the engine's
        budget criterion ends the run after this step (the evidence reduced so far stays in the state)."""
        state.bump("model_calls_refused_by_budget")

    @staticmethod
    def _record_outage(state: ResearchState, kind: str, exc: ModelUnavailable) -> None:
        """The model endpoint outlasted its retries: a typed signal on the state (the step's first outage is
        kept); the tool-failure criterion ends the run on it, keeping what the step reduced so far."""
        if state.progress.model_down_at(state.current_step) is None:
            state.progress.model_outage = ModelOutage(state.current_step, kind, clip(f"model unavailable: {exc}", 400) or "")

    def _gave_up(self, state: ResearchState, kind: str, exc: ModelOutputInvalid, what: str) -> None:
        """A call whose answers all failed validation: the step goes on without it, noted and counted."""
        state.bump(f"model_gave_up:{kind}")
        state.notice = clip(f"the model gave no valid {kind} answer ({what}): {exc}", 400)

    # ------------------------------------------------------------ contract
    def draft_contract(self, question: str) -> TaskContract:
        def build(draft: ContractDraft) -> TaskContract:
            check_draft_objects(draft.objects, question)
            return contract_from_mapping(draft.to_mapping(), question=question, origin="the drafted contract",
                                         source="llm")

        _, contract = self._ask(ContractRequest(question=question), ContractDraft, check=build)
        return contract

    # ------------------------------------------------------------ plan
    def plan(self, state: ResearchState) -> PlannedAction | WaitReason | None:
        """With planner = "rules" the deterministic ladder plans (no model call); else the model."""
        if self.planner == "rules":
            return self._rules.plan(state)
        if not state.open_cells() and not self.exhaustive:
            return None  # nothing left to work on: no need to ask
        if state.progress.model_down_at(state.current_step) is not None:
            return WaitReason.MODEL_UNAVAILABLE
        view = compact_view(state, keep_researching=self.exhaustive, **self.view_limits)
        try:
            out, _ = self._ask(PlanRequest(view=view), NextAction, context={"cells": list(state.cells)},
                               state=state)
        except ModelBudgetExceeded:
            self._refused_by_budget(state)
            return WaitReason.MODEL_BUDGET  # no plan: the step waits, and the budget criterion ends the run
        except ModelUnavailable as exc:
            self._record_outage(state, "plan", exc)
            return WaitReason.MODEL_UNAVAILABLE
        except ModelOutputInvalid as exc:
            self._gave_up(state, "plan", exc, "the rule ladder plans this step")
            return self._rules.plan(state)
        if out.tool == "none":
            return None
        assert out.cell is not None
        args = {"query": out.query} if out.tool == "search" else {"url": out.url}
        return PlannedAction(tool=out.tool, args=args, cell=out.cell, strategy=out.strategy, rationale=out.rationale)

    # ------------------------------------------------------------ extract
    def _reading_cells(self, state: ResearchState, cells: list[str]) -> list[str]:
        """The cells a reading prompt lists: open cells first; with planner = "rules" (small models)
        only the open cells, at most FOCUSED_CELLS, the focus cell first."""
        if self.planner == "rules":
            open_cells = [k for k in cells if k in state.cells and state.cells[k].is_open]
            return sorted(open_cells, key=lambda k: k != state.focus)[:FOCUSED_CELLS]
        return sorted(cells, key=lambda k: not (state.cells[k].is_open if k in state.cells else True))[:MAX_EXTRACT_CELLS]

    def extract(self, state: ResearchState, page: PageView, cells: list[str]) -> list[FindingDraft]:
        listed = self._reading_cells(state, cells) if cells else []
        if not listed or not page.text.strip():
            return []
        if state.progress.model_down_at(state.current_step) is not None:
            state.notice = clip(f"{page.url} was opened but not read: the model is unavailable", 400)
            return []
        contract = state.task_contract
        text = page.text[: self.max_page_chars]
        request = ExtractRequest(
            question=clip(contract.question, 600) or "",
            cells=[self._cell_asked(contract, state.cells.get(k), k) for k in listed],
            page=PageShown(url=clip(page.url, 300) or "", title=clip(page.title, 200) or "", date=page.date,
                           text=text, truncated=len(page.text) > len(text)),
        )
        try:
            # any table cell is accepted back (a finding for a listed cell's neighbour is still checked
            # by the reducer); the prompt lists only `listed`
            out, _ = self._ask(request, Extraction, context={"cells": list(dict.fromkeys([*listed, *cells]))},
                               state=state)
        except ModelBudgetExceeded as exc:
            self._refused_by_budget(state)
            state.notice = clip(f"{page.url} was opened but not read: {exc.detail}", 400)
            return []
        except ModelUnavailable as exc:
            self._record_outage(state, "extract", exc)
            state.notice = clip(f"{page.url} was opened but not read: the model is unavailable", 400)
            return []
        except ModelOutputInvalid as exc:
            self._gave_up(state, "extract", exc, f"{page.url} yields no findings")
            return []
        return [
            FindingDraft(cell=f.cell, value=f.value, quote=f.quote, date=f.date, source_type=f.source_type)
            for f in out.findings
        ]

    @staticmethod
    def _cell_asked(contract: TaskContract, cell: Cell | None, key: str) -> CellAsked:
        if cell is None:
            return CellAsked(cell=key)
        obj = contract.object(cell.object)
        dim = contract.dimension(cell.dimension)
        extra: dict[str, Any] = {}  # given only when the contract says something
        if dim.unit:
            extra["unit"] = dim.unit
        if dim.values:
            extra["values"] = dim.values[:12]
        return CellAsked(cell=key, object=obj.name, aliases=obj.aliases[:6], dimension=dim.name,
                         synonyms=dim.keywords[:8], kind=dim.kind, **extra)

    # ------------------------------------------------------------ judge
    def judge(self, state: ResearchState, cell: str) -> CellJudgement | None:
        c = state.cells.get(cell)
        if c is None:
            return None
        if state.progress.model_down_at(state.current_step) is not None:
            return self._unjudged_for_outage(cell)
        evidence = []
        for fid in [*c.finding_ids, *c.candidate_ids][:8]:
            f = state.findings.get(fid)
            if f is None:
                continue
            evidence.append(JudgedFinding(value=clip(f.display, 80), quote=clip(f.quote, 300), url=clip(f.url, 200),
                                          source_type=f.source_type, date=f.date, backs_value=fid in c.finding_ids))
        judged = JudgedCell(cell=cell, value=clip(c.value, 80), status=c.status, conflict=c.conflict,
                            conflict_note=clip(c.conflict_note, 200), findings=evidence)
        request = JudgeRequest(question=clip(state.task_contract.question, 600) or "", cell=judged)
        try:
            out, _ = self._ask(request, Judgement, state=state)
        except ModelBudgetExceeded as exc:
            self._refused_by_budget(state)
            # not judged: the rubric can only hold a cell back, and it could not look
            return CellJudgement(cell=cell, supported=False, note=f"not judged ({exc.detail})")
        except ModelUnavailable as exc:
            self._record_outage(state, "judge", exc)
            return self._unjudged_for_outage(cell)
        except ModelOutputInvalid as exc:
            self._gave_up(state, "judge", exc, f"{cell} is settled by the program's rules alone")
            return None
        return CellJudgement(cell=cell, supported=out.supported, conflict_explained=out.conflict_explained,
                             note=clip(out.note, 300) or "")

    @staticmethod
    def _unjudged_for_outage(cell: str) -> CellJudgement:
        """The rubric can only hold a cell back, and with the model down it could not look."""
        return CellJudgement(cell=cell, supported=False, note="not judged: the model is unavailable")

    # ------------------------------------------------------------ synthesize
    def synthesize(self, state: ResearchState) -> str | None:
        confirmed = [c for c in state.cells.values() if c.status == "confirmed" and c.value]
        if not confirmed:
            return None  # nothing verified: the report template says so better than a model would
        confirmed = confirmed[:40]
        rows = [ConfirmedCell(cell=c.key, value=clip(c.value, 80), conclusion=clip(c.conclusion, 160),
                              independent_sources=c.independent_sources) for c in confirmed]
        values = {c.key: [c.value or "", *self._displays(state, c)] for c in confirmed}
        context = {"confirmed_keys": [c.key for c in confirmed], "confirmed_values": values}
        request = SynthesizeRequest(question=clip(state.task_contract.question, 600) or "", confirmed=rows)
        out, _ = self._ask(request, Synthesis, context=context)
        return self._report_text(state, out, confirmed)

    @staticmethod
    def _displays(state: ResearchState, cell: Cell) -> list[str]:
        return [state.findings[f].display for f in cell.finding_ids if f in state.findings]

    @staticmethod
    def _sources(state: ResearchState, cell: Cell) -> list[str]:
        urls = []
        for sid in cell.source_ids:
            src = state.sources.get(sid)
            if src is not None and src.url not in urls:
                urls.append(src.url)
        return urls

    def _report_text(self, state: ResearchState, out: Synthesis, confirmed: list[Cell]) -> str:
        lines = [out.answer, "", "Confirmed findings:"]
        stated = {claim.cell: claim.statement for claim in out.claims}
        for c in confirmed:
            statement = clip(stated.get(c.key) or f"{c.key}: {c.value}", 300)
            srcs = self._sources(state, c)
            lines.append(f"- {statement} (sources: {'; '.join(srcs) if srcs else 'none recorded'})")
        candidates = []
        for c in state.cells.values():
            for fid in c.candidate_ids:
                f = state.findings.get(fid)
                if f is not None:
                    candidates.append(f"- [candidate] {c.key}: {clip(f.display, 80)} — {clip(f.url, 200)}")
        if candidates:
            lines += ["", "Candidate evidence (seen, not cross-checked; not a conclusion):", *candidates[:12]]
            if len(candidates) > 12:
                lines.append(f"- … and {len(candidates) - 12} more candidate findings")
        return "\n".join(lines)

