"""`ResearchAgent`: the research domain as an engine `AgentModule`.

* `init_state` builds the research-state table from the task contract and
  screens the question itself (a request for personal data is a risk event
  before any tool runs).
* `decide` asks the policy for one tool call (one per step, so every call is
  checkpointed); with no path left it waits with `WaitReason.NO_PATH`, which the reducer
  turns into closed cells and the no-progress criterion into a stop.
* `guard` runs before each action is executed: risk screen, contract domain
  rules, and the dedup memory (normalised query key, canonical URL, a lead
  whose title and snippet match a page already read).  A refusal costs no tool
  call; the reducer tells the policy why.
* `reduce` is one call down: `Reducer.reduce(state, observation, decision, policy)` applies the
  observation, asking the policy — as its `Reader` — for an opened page's finding drafts and the rubric
  verdict on a cell about to be confirmed, and returns the step's `Transition`; `summarize_step` feeds
  the trace from it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from criteria.risk_policy import RiskPolicy, domain_covering
from criteria.risk_screen import screen_action, screen_request
from criteria.sufficiency import assess
from engine import Action, AgentModule, Decision, Model, Observation, StepRecord, ToolRegistry

from .contract import TaskContract
from .policy.base import Policy
from .leads import lead_allowed
from .policy.offline import leads_ahead
from .normalize import squash
from .reducer import Reducer, ReducerConfig, action_key
from .state import ResearchState, RiskEvent, new_state
from .transition import Transition
from .step_kinds import WAIT_TEXT, ActionPurpose, Refusal, WaitReason
from .tools.canonical import canonical_url, domain_of


class ResearchAgent(AgentModule[ResearchState]):
    def __init__(
        self,
        contract: TaskContract,
        policy: Policy,
        tools: ToolRegistry,
        risk_policy: RiskPolicy,
        *,
        llm: Model | None = None,
        reducer_config: ReducerConfig | None = None,
        naive_final: bool = False,
        prefetch: Callable[[Iterable[str], set[str]], None] | None = None,
    ) -> None:
        super().__init__(tool_registry=tools, llm=llm)
        self.contract = contract
        self.policy = policy
        self.risk_policy = risk_policy
        self.reducer = Reducer(risk_policy, reducer_config)
        # naive_final: answer as soon as every cell has some value — the
        # "final result" stopping of the QitOS-style baseline, never the default.
        self.naive_final = naive_final
        # prefetch: the tool layer's hook for visits likely to come (tools/prefetch.py); None = off
        self.prefetch = prefetch
        self._usage_seen = (0, 0)
        self.transition: Transition | None = None
        """The last reduce's `Transition` (what the step changed), read by `summarize_step`."""

    # ------------------------------------------------------------ lifecycle
    def init_state(self, task: str, **kw: Any) -> ResearchState:
        state = new_state(self.contract)
        for flag in screen_request(self.contract.question, self.risk_policy):
            state.risk.append(RiskEvent(flag.kind, flag.detail, flag.evidence, 0))
        return state

    def decide(self, state: ResearchState, observation: Observation | None) -> Decision:
        if state.risk:
            return Decision.wait(WAIT_TEXT[WaitReason.RISK_FLAGGED], WaitReason.RISK_FLAGGED)
        if self.naive_final and all(c.value or c.status in ("irrelevant", "unavailable") for c in state.cells.values()):
            return Decision.final(_naive_answer(state))
        try:
            planned = self.policy.plan(state)
        finally:
            self.count_model_use(state)
        if planned is None:
            return Decision.wait(WAIT_TEXT[WaitReason.NO_PATH], WaitReason.NO_PATH)
        if isinstance(planned, WaitReason):  # no plan could be asked for: a criterion ends the run on the signal
            return Decision.wait(WAIT_TEXT[planned], planned)
        if self.prefetch is not None:
            self._prefetch_ahead(state, planned.args.get("url") if planned.tool == "visit" else None)
        purpose = ActionPurpose(planned.cell, planned.strategy)
        return Decision.act(Action(planned.tool, dict(planned.args), purpose), rationale=planned.rationale)

    def guard(self, state: ResearchState, action: Action) -> Refusal | None:
        flag = screen_action(action.name, action.args, self.risk_policy)
        if flag is not None:
            return Refusal("risk", f"{flag.kind}: {flag.detail}")
        key = action_key(action.name, action.args)
        step = state.executed_keys().get(key)
        if step is not None:
            what = "query" if action.name == "search" else "page"
            return Refusal("duplicate", f"the same {what} already ran at step {step} ({key}); choose another query or source")
        if action.name == "visit":
            url = str(action.args.get("url", ""))
            if not lead_allowed(state.task_contract, url):
                return Refusal("denied", "the contract does not allow this domain")
            if not url_has_provenance(state, url):
                return Refusal("denied", "a visit's URL must come from a search result, a lead or a contract domain, not from page text")
            return self._probable_copy(state, url)
        return None

    def _probable_copy(self, state: ResearchState, url: str) -> Refusal | None:
        """A lead is refused as a probable copy only when its title and snippet equal those of a page already
        read *on the same site family* (a mirror path, a print view); copies on other sites are opened and
        recognised by their content fingerprint, so a correct page that shares a misinfo page's headline
        is still read."""
        canon = canonical_url(url)
        target = state.source_by_canonical(canon)
        if target is None or target.opened or not target.snippet:
            return None
        family = site_family(target.domain)
        twins = [
            s for s in state.sources.values()
            if s.opened and s.snippet and squash(s.snippet) == squash(target.snippet) and squash(s.title) == squash(target.title)
        ]
        for s in twins:
            if site_family(s.domain) == family:
                return Refusal("copy", f"same site, title and snippet as {s.id} ({s.canonical_url}), already read — a probable copy")
        sizes = Counter(s.cluster_id for s in state.sources.values() if s.opened and s.cluster_id)
        for s in twins:
            if s.cluster_id and sizes[s.cluster_id] >= 2:
                # the page it repeats is known syndicated: its fingerprint already matched another fetched page
                return Refusal("copy", f"same title and snippet as {s.id} ({s.canonical_url}), whose text was already found syndicated")
        return None

    def reduce(self, state: ResearchState, observation: Observation, decision: Decision) -> ResearchState:
        """One call down: the reducer applies the observation, asking the policy (as its reader) for a
        page's drafts and a cell's rubric verdict where it needs them; its `Transition` feeds the trace."""
        try:
            self.transition = self.reducer.reduce(state, observation, decision, self.policy)
            return state
        finally:
            self.count_model_use(state)

    def count_model_use(self, state: ResearchState) -> None:
        """Add the policy's model calls and rejected answers since the last look to the state's
        counters (`model_calls`, `rejected_outputs`): persisted, summed across resumes, reported."""
        usage = self.policy.usage
        calls, rejected = usage.calls, usage.rejected_outputs
        seen_calls, seen_rejected = self._usage_seen
        if calls > seen_calls:
            state.bump("model_calls", calls - seen_calls)
        if rejected > seen_rejected:
            state.bump("rejected_outputs", rejected - seen_rejected)
        self._usage_seen = (calls, rejected)

    def _prefetch_ahead(self, state: ResearchState, planned_url: str | None) -> None:
        """Hand the tool layer the visits this state makes likely — the planned one first, then the open
        cells' leads in plan order — each one only if the guard would let it run now: a prefetch never
        requests a URL that a visit step could not."""
        likely, usable = leads_ahead(state)
        urls = [planned_url] if planned_url else []
        urls += [lead.url for lead in likely if lead.url != planned_url]
        assert self.prefetch is not None
        self.prefetch((u for u in urls if self.guard(state, Action("visit", {"url": u})) is None),
                      {*urls, *(lead.url for lead in usable)})

    def prepare(self, state: ResearchState) -> str:
        counts = state.status_counts()
        return " ".join(f"{k}={v}" for k, v in counts.items())

    def summarize_step(self, state: ResearchState, record: StepRecord) -> dict[str, Any]:
        actions = [a for a in state.actions if a.step == record.step]
        last = state.step_log[-1] if state.step_log and state.step_log[-1].step == record.step else None
        moved = self.transition.changes if self.transition is not None and self.transition.step == record.step else ()
        verdict = assess(state)
        return {
            "queries": [a.key.removeprefix("search:") for a in actions if a.tool == "search"],
            "visits": [a.key.removeprefix("visit:") for a in actions if a.tool == "visit"],
            "refused": [a.error for a in actions if a.status == "refused"],
            "quarantined": [p for s in state.sources.values() if s.opened_step == record.step for p in s.quarantined_passages],
            "new_evidence": bool(last and last.new_evidence),
            "gaps_closed": list(last.gaps_closed) if last else [],
            "cells_changed": [str(c) for c in moved],
            "status_counts": dict(last.status_counts) if last else state.status_counts(),
            "focus": state.focus,
            "next": "stop" if record.stop_reason else "continue",
            "sufficiency": verdict.detail,
        }


_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or"})


def site_family(domain: str) -> str:
    """The registrable part of a host ("docs.vendor.example" → "vendor.example"; "news.bbc.co.uk" → "bbc.co.uk")."""
    labels = domain.lower().strip(".").split(".")
    keep = 3 if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2 else 2
    return ".".join(labels[-keep:])


def url_has_provenance(state: ResearchState, url: str) -> bool:
    """Capability limit for a fooled model: only URLs the program itself saw — a search result
    (a source with a title or snippet), a lead — or hosts the contract names may be visited."""
    canon = canonical_url(url)
    if any(lead.canonical_url == canon for lead in state.leads):
        return True
    source = state.source_by_canonical(canon)
    if source is not None and (source.snippet or source.title):
        return True
    contract = state.task_contract
    domains = {d.lower() for o in contract.objects for d in o.official_domains}
    domains |= {d.lower() for d in [*contract.primary_domains, *contract.allowed_domains]}
    return domain_covering(domain_of(url), sorted(domains)) is not None


def _naive_answer(state: ResearchState) -> str:
    return "; ".join(f"{k}: {c.value or c.status}" for k, c in state.cells.items())
