"""The composition root: engine + agent + policy + criteria + tools + store.

Only the CLI, the eval runner and tests call this module.  `Toolbox` owns the
run's I/O (the loopback web serving the corpus, the search index, the httpx
client); `execute` runs one engine pass over a task — a first run or a
resume — checkpointing after every step and writing the report at the end.
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal

import httpx

from criteria.critics import GroundingCritic, ResultValidityCritic, ToolFailureCritic
from criteria.risk_policy import RiskPolicy
from engine import (
    CancelToken,
    Engine,
    EngineHook,
    EngineResult,
    MeteredModel,
    RuntimeBudget,
    StepRecord,
    Task,
    ToolRegistry,
    TraceWriter,
    Usage,
    UsageMeter,
)

from .agent import ResearchAgent
from .calls import GatedModel, RunSeams, gated
from .config import ResearchConfig
from .home import research_home
from .leads import renew_failed_pages
from .construct import make_model
from .contract import TaskContract
from .endings import EXIT_CODES, RESUMABLE, EndKind, end_kind_for, manifest_status
from .policy.base import Policy
from .policy.offline import OfflinePolicy
from .reducer import ReducerConfig
from .report import build_report
from .state import ResearchState
from .stop_rules import Stopper, research_criteria, settings_for
from .store import Store
from .store.replay_log import StepFacts
from .tools.faults import Fault
from .tools.localweb import LocalWeb
from .tools.netpolicy import AddressPolicy
from .tools.pinned import web_transport
from .tools.prefetch import Prefetcher
from .tools.routes import MergedSearch, SplitTransport
from .tools.search import SEARCH_LIMIT
from .tools.search_local import LocalIndex, LocalSearch, corpus_signature
from .tools.visit import Visitor



class ResumeError(ValueError):
    """A task cannot be resumed (finished, changed contract, missing tools)."""


# ------------------------------------------------------------------ tools


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False


def corpus_index_path(corpus: Path) -> Path:
    digest = hashlib.sha256(str(corpus.resolve()).encode()).hexdigest()[:16]
    return research_home() / "indexes" / f"{digest}.db"


def build_index(corpus: Path, db_path: Path | None = None, *, rebuild: bool = False) -> tuple[LocalIndex, int]:
    """Index `corpus` (cached by its directories' signature unless `rebuild`: `research index`
    picks up files edited in place); returns the index and its size."""
    db_path = db_path or corpus_index_path(corpus)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    with _exclusive(db_path.with_suffix(".lock")):  # two runs of one corpus (a worker's threads, two workers)
        return _build_index(corpus, db_path, rebuild)


_INDEX_THREADS = threading.Lock()


@contextmanager
def _exclusive(lock_path: Path) -> Iterator[None]:
    """Held by one thread of one process at a time (a thread lock, then an OS file lock)."""
    import fcntl

    with _INDEX_THREADS, open(lock_path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def _build_index(corpus: Path, db_path: Path, rebuild: bool) -> tuple[LocalIndex, int]:
    sig_file = db_path.with_suffix(".sig")
    signature = corpus_signature(corpus)  # directory mtimes: no walk over every file
    if not rebuild and db_path.exists() and sig_file.exists() and sig_file.read_text() == signature:
        index = LocalIndex(db_path)
        return index, len(index)
    for stale in (db_path, sig_file):
        stale.unlink(missing_ok=True)
    index = LocalIndex(db_path)
    count = index.index_dir(corpus)
    sig_file.write_text(signature)
    return index, count


@dataclass
class Toolbox:
    """The run's tools and the I/O behind them. Close it when the run ends."""

    registry: ToolRegistry
    names: list[str]
    closers: list[Callable[[], None]] = field(default_factory=list)
    corpus_hosts: frozenset[str] = frozenset()
    """Hosts the local web serves: allowed by construction (risk screen and address policy)."""
    prefetch: Callable[..., None] | None = None
    """Fetch these URLs ahead for later visits (`Prefetcher.prefetch`); None when `cfg.prefetch` is 0."""

    def close(self) -> None:
        for close in reversed(self.closers):
            close()
        self.closers.clear()


def corpus_joins(cfg: ResearchConfig) -> bool:
    """The local corpus takes part when it is the backend, or when the user asks for it
    with a web backend (`--corpus DIR` or `--with-corpus`)."""
    return cfg.search_backend == "local" or cfg.with_corpus or cfg.corpus is not None


def _allowed_hosts(cfg: ResearchConfig) -> set[str]:
    """Hosts the user allowed in the risk policy (`allowed_hosts`, `host` or `host:port`), as host names."""
    return {h.rsplit(":", 1)[0] if h.count(":") == 1 else h for h in load_risk_policy(cfg).allowed_hosts}


def _visit_client(cfg: ResearchConfig, web: LocalWeb | None, policy: AddressPolicy,
                  seams: RunSeams | None = None) -> httpx.Client:
    """Corpus only: loopback, nothing else. Web backend: the real web, only through the pinned transport
    (checked addresses, one deadline per exchange). Both: split by host."""
    if web is not None and cfg.search_backend == "local":
        transport: httpx.BaseTransport = web.transport()
    else:
        out = web_transport(policy) if seams is None else seams.wrap("visit:web", web_transport(policy))
        transport = out if web is None else SplitTransport(web, out)
    return httpx.Client(transport=transport, timeout=cfg.http_timeout, follow_redirects=False)


def open_toolbox(cfg: ResearchConfig, *, faults: list[Fault] | None = None, index_path: Path | None = None,
                 seams: RunSeams | None = None) -> Toolbox:
    corpus = cfg.corpus_path() if corpus_joins(cfg) else None
    if corpus is not None and not corpus.is_dir():
        raise FileNotFoundError(f"corpus folder {corpus} does not exist; pass --corpus DIR")
    closers: list[Callable[[], None]] = []
    web: LocalWeb | None = None
    index: LocalIndex | None = None
    if corpus is not None:
        index, _ = build_index(corpus, index_path)
        closers.append(index.close)
        web = LocalWeb(corpus, faults or [], files=index.corpus_files()).start()  # no walk: the index's map
        closers.append(web.stop)
    served = frozenset(h for h in (web.hosts if web else ()) if not _is_ip(h))
    policy = AddressPolicy(allow_hosts=frozenset(served | _allowed_hosts(cfg)))
    client = _visit_client(cfg, web, policy, seams)
    closers.append(client.close)
    visitor = Visitor(client, policy, max_bytes=cfg.max_page_bytes, timeout=cfg.http_timeout)
    backend = _search_backend(cfg, index, closers, seams)
    gate = seams.gate if seams is not None else None
    fetch = gated(gate, "visit", visitor.visit)  # prefetched visits too: they fetch through it
    prefetcher = Prefetcher(fetch, workers=cfg.prefetch, per_host=cfg.prefetch_per_host) if cfg.prefetch else None
    if prefetcher is not None:
        closers.append(prefetcher.close)  # before the client closes: unvisited outcomes are dropped
        fetch = prefetcher.visit

    backend_search = gated(gate, "search", backend.search)

    def search(query: str):
        return backend_search(query, limit=SEARCH_LIMIT)

    def visit(url: str):
        return fetch(url)

    registry = ToolRegistry()
    registry.register("search", search)
    registry.register("visit", visit)
    return Toolbox(registry, [f"search:{cfg.search_backend}", "visit"], closers, served,
                   prefetcher.prefetch if prefetcher is not None else None)


def _search_backend(cfg: ResearchConfig, index: LocalIndex | None, closers: list, seams: RunSeams | None = None):
    local = None if index is None else LocalSearch(index)
    if cfg.search_backend == "local":
        return local
    web = _web_search_backend(cfg, closers, seams)
    return web if local is None else MergedSearch(web, local)


def _web_search_backend(cfg: ResearchConfig, closers: list, seams: RunSeams | None = None):
    from .tools import search_http

    transport = None if seams is None else seams.wrap(f"search:{cfg.search_backend}", httpx.HTTPTransport())
    client = httpx.Client(timeout=cfg.http_timeout, transport=transport)
    closers.append(client.close)
    guard = cfg.offline_guard
    if cfg.search_backend == "searxng":
        if not cfg.searxng_url:
            raise ValueError("the searxng backend needs SEARXNG_URL or --search-url")
        return search_http.SearxngSearch(client, cfg.searxng_url, offline_guard=guard)
    if cfg.search_backend == "tavily":
        if not cfg.tavily_api_key:
            raise ValueError("the tavily backend needs TAVILY_API_KEY")
        return search_http.TavilySearch(client, cfg.tavily_api_key.get_secret_value(), offline_guard=guard)
    if not cfg.brave_api_key:
        raise ValueError("the brave backend needs BRAVE_API_KEY")
    return search_http.BraveSearch(client, cfg.brave_api_key.get_secret_value(), offline_guard=guard)


# ----------------------------------------------------------------- policy


def planner_for(cfg: ResearchConfig) -> Literal["rules", "model"]:
    """`planner = "auto"`: the rule ladder plans for `openai:` models (docs/llm.md), the model otherwise."""
    if cfg.planner != "auto":
        return cfg.planner
    return "rules" if cfg.model.kind == "openai" else "model"


def make_policy(cfg: ResearchConfig, *, meter: UsageMeter, budget: RuntimeBudget, exhaustive: bool = False,
                seams: RunSeams | None = None) -> Policy:
    """The policy, handed the configured model metered on `meter` (the engine's) and the run's token
    and cost limits, checked before each call; the offline policy has no model.  With `seams`,
    every model call passes the gate and the model's HTTP client the shared rate limit."""
    model = make_model(cfg, transport=None if seams is None else seams.wrap)
    if model is None:
        return OfflinePolicy(exhaustive=exhaustive)
    if seams is not None and seams.gate is not None:
        model = GatedModel(model, seams.gate)
    from .llm.budget import CallBudget
    from .policy.llm import LLMPolicy

    return LLMPolicy(MeteredModel(model, meter), exhaustive=exhaustive, planner=planner_for(cfg),
                     reply_tokens=cfg.reply_tokens(), max_page_chars=cfg.llm_page_chars,
                     max_invalid_retries=cfg.llm_invalid_retries, budget=CallBudget(budget.max_tokens, budget.max_cost, meter=meter))


def load_risk_policy(cfg: ResearchConfig, *, allow: frozenset[str] = frozenset()) -> RiskPolicy:
    """The configured risk policy; `allow` adds hosts (the served corpus hosts) to its `allowed_hosts`."""
    policy = RiskPolicy.from_toml(cfg.risk_policy) if cfg.risk_policy else RiskPolicy.default()
    if not allow:
        return policy
    return RiskPolicy.model_validate({**policy.model_dump(), "allowed_hosts": [*policy.allowed_hosts, *sorted(allow)]})


def stop_rules(cfg: ResearchConfig, stopper: Stopper) -> list:
    """The research criteria of a run (`stop_rules.research_criteria`); the engine adds the hard budget."""
    return research_criteria(settings_for(cfg, None, stopper))


# -------------------------------------------------------------- execution


@dataclass
class Outcome:
    task_id: str
    run_id: str
    end_kind: EndKind
    stop_reason: str | None
    stop_detail: str | None
    state: ResearchState
    report_md: str
    report_json: dict
    usage: dict
    trace_dir: Path | None

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.end_kind]


class StoreCancelToken(CancelToken):
    """Cancelled by `cancel()` (SIGINT) or by `research cancel` writing the store."""

    def __init__(self, store: Store, task_id: str, poll_seconds: float = 0.2) -> None:
        super().__init__()
        self.store, self.task_id, self.poll_seconds = store, task_id, poll_seconds
        self._last = 0.0

    def is_cancelled(self) -> bool:
        if super().is_cancelled():
            return True
        now = time.monotonic()
        if now - self._last >= self.poll_seconds:
            self._last = now
            if self.store.cancel_requested(self.task_id):
                self.cancel()
        return super().is_cancelled()


class _Checkpoint(EngineHook):
    """Persist the state after every step (one transaction each)."""

    def __init__(self, store: Store, task_id: str, run_id: str, state: ResearchState | None, base_usage: dict, on_step) -> None:
        self.store, self.task_id, self.run_id = store, task_id, run_id
        self.base = dict(base_usage)
        self.start_step = state.current_step if state is not None else 0
        self.start_calls = state.progress.tool_calls if state is not None else 0
        self.usage = Usage()
        self.started = time.monotonic()
        self.on_step = on_step

    def on_run_start(self, engine, state, task) -> None:
        self.started = time.monotonic()  # the engine's clock starts now: what its time budget reads

    def run_usage(self, state: ResearchState) -> dict:
        """What this run used: the store sums runs into the task's usage."""
        return {
            "steps": state.current_step - self.start_step,
            "tool_calls": state.progress.tool_calls - self.start_calls,
            "tokens": self.usage.total_tokens,
            "cost": round(self.usage.cost, 6),
            "elapsed_seconds": round(time.monotonic() - self.started, 3),
        }

    def totals(self, state: ResearchState) -> dict:
        """Cumulative over every run of the task: what reports and the live view show."""
        run = self.run_usage(state)
        return {k: round(self.base.get(k, 0) + v, 6) if isinstance(v, float) else self.base.get(k, 0) + v for k, v in run.items()}

    def on_step_commit(self, state, record: StepRecord) -> None:
        # before the step's trace line: a traced step is a committed one, so a
        # run killed at any point never has a resume repeat a traced tool call
        self.usage = self.usage + record.usage
        facts = StepFacts(
            run_step=state.current_step - self.start_step, elapsed=time.monotonic() - self.started,
            tokens=self.usage.total_tokens, cost=self.usage.cost,
            hard_only=record.retries > 0 or record.error is not None,
        )
        self.store.checkpoint(self.task_id, self.run_id, state, self.run_usage(state), facts)

    def on_after_step(self, state, record: StepRecord) -> None:
        if self.on_step is not None:
            self.on_step(state, record, self.totals(state))


def resume_command(task_id: str, cfg: ResearchConfig, end_kind: EndKind) -> str | None:
    if end_kind not in RESUMABLE:
        return None
    cmd = f"research resume {task_id}"
    if cfg.database_url:
        from .store.pg_url import safe_url

        cmd += f" --db {safe_url(cfg.database_url)}"
    elif cfg.db is not None:
        cmd += f" --db {cfg.db}"
    if end_kind == EndKind.BUDGET_EXHAUSTED:
        cmd += " --add-steps 20"
    return cmd


def new_task_id() -> str:
    return time.strftime("%Y%m%d") + "-" + os.urandom(3).hex()


def _reducer_config(cfg: ResearchConfig) -> ReducerConfig:
    """What the reducer takes from the run's config: retries per page, and whether searches go to the local
    index alone (a short answer can then be complete)."""
    return ReducerConfig(transient_attempts=cfg.transient_attempts, local_search_only=cfg.search_backend == "local")


def execute(
    store: Store,
    cfg: ResearchConfig,
    contract: TaskContract,
    task_id: str,
    *,
    state: ResearchState | None = None,
    budget: RuntimeBudget,
    base_usage: dict | None = None,
    stopper: Stopper = "evidence",
    faults: list[Fault] | None = None,
    cancel_token: CancelToken | None = None,
    on_step: Callable | None = None,
    index_path: Path | None = None,
    sleep: Callable[[float], None] = time.sleep,
    seams: RunSeams | None = None,
) -> Outcome:
    """Run (or continue) one task through the engine until a stop rule fires (`seams`: a queue worker's gate)."""
    run_id = _start_run(store, task_id, state is not None, cfg, contract, stopper, budget)
    meter = UsageMeter()  # the engine's: the policy's model is handed over metered on it
    hook = _Checkpoint(store, task_id, run_id, state, base_usage or {}, on_step)
    toolbox = open_toolbox(cfg, faults=faults, index_path=index_path, seams=seams)
    try:
        policy = make_policy(cfg, meter=meter, budget=budget, exhaustive=stopper == "max_steps", seams=seams)
        agent = ResearchAgent(
            contract, policy, toolbox.registry, load_risk_policy(cfg, allow=toolbox.corpus_hosts),
            reducer_config=_reducer_config(cfg),
            naive_final=stopper == "stagnation", prefetch=toolbox.prefetch,
        )
        engine = Engine(
            agent,
            budget=budget,
            critics=[ResultValidityCritic(), ToolFailureCritic(cfg.retry_base_delay, cfg.retry_max_delay, sleep=sleep), GroundingCritic()],
            stop_criteria=stop_rules(cfg, stopper),
            trace_writer=TraceWriter(root=str(cfg.traces)),
            hooks=[hook, *(seams.hooks if seams is not None else [])],
            cancel_token=cancel_token or StoreCancelToken(store, task_id),
            max_retries_per_step=cfg.transient_attempts,
            meter=meter, status_of=manifest_status,
        )
        result: EngineResult = engine.run(Task(objective=contract.question, id=task_id), state=state, run_id=run_id)
    finally:
        toolbox.close()
    final: ResearchState = result.state
    end_kind = end_kind_for(final.stop_reason)
    answer = _answer_text(agent, meter, hook, final) if end_kind == EndKind.COMPLETED else None
    usage = hook.totals(final)
    with_model = policy.model is not None
    usage.update(_model_counters(final, with_model=with_model))
    md, js = build_report(
        final, task_id=task_id, end_kind=end_kind, stop_reason=final.stop_reason, stop_detail=final.stop_detail,
        usage=usage, resume_command=resume_command(task_id, cfg, end_kind), answer_text=answer,
        answer_by=cfg.model.kind if with_model else None,
    )
    store.finish(
        task_id, run_id, end_kind=end_kind, stop_reason=final.stop_reason, stop_detail=final.stop_detail,
        usage=hook.run_usage(final), report_md=md, report_json=js, state=final,
    )
    return Outcome(task_id, run_id, end_kind, str(final.stop_reason), final.stop_detail, final, md, js, usage,
                   Path(cfg.traces) / run_id)


def _start_run(store: Store, task_id: str, resumed: bool, cfg: ResearchConfig, contract: TaskContract,
               stopper: Stopper, budget: RuntimeBudget) -> str:
    """Open the run and keep with it what its stop decisions read: `research replay` starts from these."""
    run_id = store.start_run(task_id, "resume" if resumed else "first", os.getpid())
    store.record_stop_settings(run_id, settings_for(
        cfg, contract, stopper, max_steps=budget.max_steps, max_seconds=budget.max_runtime_seconds,
        max_tokens=budget.max_tokens, max_cost=budget.max_cost,
    ).model_dump())
    return run_id


def _model_counters(state: ResearchState, *, with_model: bool) -> dict[str, int]:
    """The model's counters for the report: calls and rejected answers (said even when zero with a
    model), ungrounded findings, and calls by kind, give-ups and budget refusals."""
    out: dict[str, int] = {}
    for counter in ("model_calls", "rejected_outputs"):
        if state.counters.get(counter) or with_model:
            out[counter] = state.counters.get(counter, 0)
    if state.progress.rejected_findings:
        out["rejected_findings"] = state.progress.rejected_findings
    for counter, n in sorted(state.counters.items()):
        if counter.startswith(("model_calls:", "model_gave_up:", "model_calls_refused")) and n:
            out[counter] = n
    return out


def budget_from(cfg: ResearchConfig) -> RuntimeBudget:
    return RuntimeBudget(max_steps=cfg.max_steps, max_runtime_seconds=cfg.max_time, max_tokens=cfg.max_tokens, max_cost=cfg.max_cost)


def record_task(store: Store, cfg: ResearchConfig, contract: TaskContract, task_id: str) -> RuntimeBudget:
    """Write the task row (status `created`): what `start` runs, or what a queue worker picks up."""
    tools = [f"search:{cfg.search_backend}", "visit"]
    budget = budget_from(cfg)
    store.create_task(
        task_id, contract.question, contract.model_dump(mode="json"), contract.version(), cfg.public_dump(), tools,
        {"max_steps": budget.max_steps, "max_time": budget.max_runtime_seconds, "max_tokens": budget.max_tokens, "max_cost": budget.max_cost},
    )
    return budget


def start(store: Store, cfg: ResearchConfig, contract: TaskContract, *, task_id: str | None = None, **kw: Any) -> Outcome:
    task_id = task_id or new_task_id()
    budget = record_task(store, cfg, contract, task_id)
    return execute(store, cfg, contract, task_id, budget=budget, **kw)


def _answer_text(agent: ResearchAgent, meter: UsageMeter, hook: "_Checkpoint", state: ResearchState) -> str | None:
    """The policy's answer text; the report template when the policy cannot write one.

    The engine has stopped, so what the call adds to the meter is booked here: its tokens
    and cost join the run's usage and it counts as a model call.  The evidence is final: a
    model that fails here (unavailable, garbage, a script that ran out) must not lose the
    report, so the failure is noted and the template is used."""
    before = meter.total
    try:
        return agent.policy.synthesize(state)
    except Exception as exc:  # noqa: BLE001 — any failure falls back to the template
        state.notice = f"answer text not written ({type(exc).__name__}: {str(exc)[:200]}); the report lists the confirmed values"
        state.bump("synthesis_failures")
        return None
    finally:
        hook.usage = hook.usage + (meter.total - before)
        agent.count_model_use(state)


def remaining_budget(limits: dict, used: dict, add: dict) -> RuntimeBudget:
    def left(limit_key: str, used_key: str, add_key: str, cast):
        limit = limits.get(limit_key)
        extra = add.get(add_key) or 0
        if limit is None:
            return None
        return cast(max(0, limit - used.get(used_key, 0)) + extra)

    return RuntimeBudget(
        max_steps=left("max_steps", "steps", "steps", int),
        max_runtime_seconds=left("max_time", "elapsed_seconds", "time", float),
        max_tokens=left("max_tokens", "tokens", "tokens", int),
        max_cost=left("max_cost", "cost", "cost", float),
    )


def resume(store: Store, task_id: str, cfg: ResearchConfig, *, add: dict | None = None, **kw: Any) -> Outcome:
    """Continue a stopped task from its last checkpoint, with its dedup memory."""
    add = add or {}
    task = store.load_task(task_id)
    if task.end_kind == EndKind.COMPLETED:
        raise ResumeError(f"task {task_id} is already complete; nothing to resume (`research report {task_id}`)")
    if task.end_kind == EndKind.RISK_ABORT:
        raise ResumeError(f"task {task_id} was aborted for risk: {task.stop_detail}; it needs a human decision, not a resume")
    contract = TaskContract.model_validate(task.contract)
    if contract.version() != task.contract_version:
        raise ResumeError(f"task {task_id}: the stored contract does not match its version {task.contract_version}")
    needed = [t for t in task.tools if t.startswith("search:")]
    have = f"search:{cfg.search_backend}"
    if needed and needed[0] != have:
        raise ResumeError(f"task {task_id} used {needed[0]}, but this run has {have}; pass --search {needed[0].split(':')[1]}")
    if cfg.search_backend == "local" and not cfg.corpus_path().is_dir():
        raise ResumeError(f"task {task_id} needs its corpus folder {cfg.corpus_path()}, which is missing; pass --corpus DIR")
    state = store.load_state(task_id)
    if task.end_kind == EndKind.TOOL_FAILURE:
        renew_failed_pages(state)  # the outage may be over: its transient failures get their retries back
    state.stop_reason, state.stop_detail, state.final_result = None, None, None
    store.clear_cancel(task_id)
    used = task.usage.model_dump()
    budget = remaining_budget(task.budget, used, add)
    if budget.max_steps is not None and budget.max_steps <= 0:
        raise ResumeError(f"task {task_id} has no steps left; pass --add-steps N")
    return execute(store, cfg, contract, task_id, state=state, budget=budget, base_usage=used, **kw)
