"""Whole research runs over the loopback local web with and without prefetching: the same steps,
table and ending; pages fetched ahead and never visited stay out of the state; a resume never
fetches again a page the stopped run had opened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from research_agent import compose
from research_agent.config import ResearchConfig
from research_agent.contract import parse_question
from research_agent.endings import EndKind
from research_agent.store import Store
from research_agent.tools.faults import Fault
from research_agent.tools.prefetch import Prefetcher


class _Recording(Prefetcher):
    """The real prefetcher, noting every request its visit function makes (ahead or in place)."""

    made: list[_Recording] = []

    def __init__(self, visit, **kw) -> None:
        self.fetched: list[str] = []

        def fetch(url: str):
            self.fetched.append(url)
            return visit(url)

        super().__init__(fetch, **kw)
        _Recording.made.append(self)


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> type[_Recording]:
    _Recording.made = []
    monkeypatch.setattr(compose, "Prefetcher", _Recording)
    return _Recording


def _cfg(tmp: Path, corpus: Path, **kw) -> ResearchConfig:
    base = dict(db=tmp / "research.db", traces=tmp / "traces", corpus=corpus, max_steps=40, http_timeout=2.0,
                retry_base_delay=0.0, retry_max_delay=0.05)
    return ResearchConfig(**{**base, **kw})


def _question(corpus: Path) -> str:
    return (corpus / "question.txt").read_text().strip()


def _table(outcome) -> dict:
    return {k: (c.status, c.value) for k, c in outcome.state.cells.items()}


def _steps(outcome) -> list[tuple[int, str, str]]:
    return [(a.step, a.key, a.status) for a in outcome.state.actions]


def _first_read(tmp: Path, corpus: Path) -> str:
    """The first page a run without faults opens (one a faulty run is sure to meet)."""
    clean = _run(tmp, corpus, "clean", prefetch=0)
    return next(k.removeprefix("visit:") for _, k, s in _steps(clean) if k.startswith("visit:"))


def _run(tmp: Path, corpus: Path, task: str, **kw):
    faults = kw.pop("faults", None)
    cfg = _cfg(tmp, corpus, **kw)
    with Store(cfg.db_path()) as store:
        return compose.start(store, cfg, parse_question(_question(corpus)), task_id=task,
                             index_path=tmp / "index.db", faults=faults)


def test_a_run_with_prefetch_takes_the_same_steps_to_the_same_table_and_ending(
    mini_corpus: Path, tmp_path: Path, recording: type[_Recording]
) -> None:
    one_at_a_time = _run(tmp_path, mini_corpus, "plain", prefetch=0)
    assert recording.made == []  # prefetch 0: no prefetcher at all
    ahead = _run(tmp_path, mini_corpus, "ahead", prefetch=4)
    assert ahead.end_kind == one_at_a_time.end_kind == EndKind.COMPLETED
    assert _table(ahead) == _table(one_at_a_time)
    assert _steps(ahead) == _steps(one_at_a_time)
    assert ahead.usage["tool_calls"] == one_at_a_time.usage["tool_calls"]
    stats = recording.made[0].stats
    assert stats.served >= 3  # most visits were answered by a fetch started ahead
    # the trace still has one visit per visit step
    lines = [json.loads(x) for x in (ahead.trace_dir / "steps.jsonl").read_text().splitlines()]
    visits = [v for line in lines for v in line["summary"]["visits"]]
    assert visits == [k.removeprefix("visit:") for _, k, s in _steps(ahead) if k.startswith("visit:") and s == "ok"]


def test_pages_fetched_ahead_and_never_visited_stay_out_of_the_state(
    mini_corpus: Path, tmp_path: Path, recording: type[_Recording]
) -> None:
    stopped = _run(tmp_path, mini_corpus, "short", prefetch=4, max_steps=4)
    assert stopped.end_kind == EndKind.BUDGET_EXHAUSTED
    prefetcher = recording.made[0]
    opened = {s.canonical_url for s in stopped.state.sources.values() if s.opened}
    visited = {k.removeprefix("visit:") for _, k, s in _steps(stopped) if k.startswith("visit:") and s == "ok"}
    assert prefetcher.stats.discarded >= 1  # fetched (or queued) ahead when the budget ran out
    assert set(prefetcher.fetched) - visited  # and those pages were really requested
    assert opened == visited


def test_a_resume_never_fetches_a_page_the_stopped_run_opened_and_ends_with_the_same_table(
    mini_corpus: Path, tmp_path: Path, recording: type[_Recording]
) -> None:
    whole = _run(tmp_path, mini_corpus, "whole", prefetch=4)
    recording.made.clear()
    stopped = _run(tmp_path, mini_corpus, "cut", prefetch=4, max_steps=5)
    assert stopped.end_kind == EndKind.BUDGET_EXHAUSTED
    before = {k.removeprefix("visit:") for _, k, s in _steps(stopped) if k.startswith("visit:") and s == "ok"}
    cfg = _cfg(tmp_path, mini_corpus, prefetch=4)
    with Store(cfg.db_path()) as store:
        resumed = compose.resume(store, "cut", cfg, add={"steps": 40}, index_path=tmp_path / "index.db")
    again = recording.made[-1].fetched
    assert before and not before & set(again)
    assert resumed.end_kind == whole.end_kind == EndKind.COMPLETED
    assert _table(resumed) == _table(whole)
    executed = [k for _, k, s in _steps(resumed) if s in ("ok", "error")]
    assert len(executed) == len(set(executed))  # no tool call ran twice across the two runs


def test_a_transient_failure_met_by_a_prefetch_is_retried_like_one_met_by_a_visit(
    mini_corpus: Path, tmp_path: Path, recording: type[_Recording]
) -> None:
    target = _first_read(tmp_path, mini_corpus)
    faults = [Fault(url=target, kind="http_500", times=1)]
    one_at_a_time = _run(tmp_path, mini_corpus, "plain", prefetch=0, faults=faults)
    ahead = _run(tmp_path, mini_corpus, "ahead", prefetch=4, faults=faults)
    failed = [(step, key) for step, key, status in _steps(one_at_a_time) if status == "error"]
    assert failed and failed[0][1] == f"visit:{target}"  # the run met the 500, then retried
    assert recording.made[0].stats.served >= 1
    assert _steps(ahead) == _steps(one_at_a_time)
    assert _table(ahead) == _table(one_at_a_time)
    assert ahead.state.counters == one_at_a_time.state.counters


def test_the_agent_hands_the_prefetcher_only_visits_its_guard_accepts() -> None:
    from criteria.risk_policy import RiskPolicy
    from engine import ToolRegistry
    from research_agent.agent import ResearchAgent
    from research_agent.policy.offline import OfflinePolicy
    from research_agent.state import Lead, new_state
    from research_agent.tools.canonical import canonical_url

    contract = parse_question("What is the license of Tallyflow?")
    state = new_state(contract)
    cell = next(iter(state.cells))
    urls = ["https://tallyflow.example/docs/license.html", "http://169.254.169.254/latest/meta-data/",
            "https://news.example/2025/tallyflow-review.html"]
    for rank, url in enumerate(urls, 1):
        state.leads.append(Lead(url=url, canonical_url=canonical_url(url), title=f"Tallyflow license {rank}",
                                snippet="Tallyflow is released under the MIT license.", cell=cell,
                                query="tallyflow license", rank=rank, step=1))
    handed: list[str] = []
    live: set[str] = set()

    def prefetch(ahead, still_usable) -> None:
        handed.extend(ahead)
        live.update(still_usable)

    agent = ResearchAgent(contract, OfflinePolicy(), ToolRegistry(), RiskPolicy.default(), prefetch=prefetch)
    decision = agent.decide(state, None)
    assert decision.actions[0].args["url"] == urls[0]
    assert handed == [urls[0], urls[2]]  # the metadata address is a risk: never requested ahead
    assert live == set(urls)


def test_a_server_dripping_its_headers_gets_as_many_requests_as_attempts_prefetched_or_not(
    mini_corpus: Path, tmp_path: Path, recording: type[_Recording]
) -> None:
    """A timed-out prefetch is the URL's attempt: the trickling host (LocalWeb's ``drip_headers``, one
    header byte every 50 ms over real loopback HTTP) is asked ``transient_attempts`` times in all, as
    one visit at a time asks it, never once more in the background."""
    target = _first_read(tmp_path, mini_corpus)
    faults = [Fault(url=target, kind="drip_headers")]
    one_at_a_time = _run(tmp_path, mini_corpus, "plain", prefetch=0, faults=faults, http_timeout=0.5, transient_attempts=3)
    ahead = _run(tmp_path, mini_corpus, "ahead", prefetch=4, faults=faults, http_timeout=0.5, transient_attempts=3)
    assert recording.made[0].fetched.count(target) == 3
    tried = [s for _, k, s in _steps(ahead) if k == f"visit:{target}"]
    assert tried == ["error"] * 3
    assert _steps(ahead) == _steps(one_at_a_time)
