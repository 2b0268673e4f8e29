"""Dedup and grounding: a repeated path is caught before it runs (no tool
call, the policy is told why), URL variants are one source, and a quote that
is not in the page never becomes evidence."""

from __future__ import annotations

from agentkit import DOCS, LICENSE_PAGES
from research_agent.endings import EndKind
from research_agent.policy.base import FindingDraft, PlannedAction
from research_agent.policy.offline import OfflinePolicy

Q = "What is the license of Quillstore?"


class RepeatingPolicy(OfflinePolicy):
    """Proposes the same search in different wordings, like a looping model."""

    wordings = ["Quillstore license", "license of quillstore", "the Quillstore licence?", "QUILLSTORE LICENSE"]

    def __init__(self):
        super().__init__()
        self.notices = []
        self.turn = 0

    def plan(self, state):
        self.notices.append(state.notice)
        q = self.wordings[min(self.turn, len(self.wordings) - 1)]
        self.turn += 1
        return PlannedAction("search", {"query": q}, "Quillstore/license")


def test_repeated_query_is_refused_before_execution(runner, monkeypatch):
    policy = RepeatingPolicy()
    monkeypatch.setattr("research_agent.compose.make_policy", lambda cfg, **_: policy)
    out = runner.run(LICENSE_PAGES, Q)
    searches = [a for a in out.state.actions if a.tool == "search"]
    assert [a.status for a in searches] == ["ok", "refused", "refused", "refused"]
    assert out.state.progress.tool_calls == 1  # refusals cost no tool call
    assert any(n and "duplicate" in n and "step 1" in n for n in policy.notices)  # the policy was told
    assert out.end_kind == EndKind.NO_PROGRESS and out.stop_reason == "duplicate_path"
    assert "3 proposed actions in a row" in out.stop_detail


def test_tracking_and_fragment_variants_are_one_source(runner, monkeypatch):
    class VariantPolicy(OfflinePolicy):
        urls = [DOCS, DOCS + "?utm_source=newsletter&utm_medium=email#licence", DOCS + "#top"]

        def __init__(self):
            super().__init__()
            self.i = 0

        def plan(self, state):
            if self.i >= len(self.urls):
                return None
            self.i += 1
            return PlannedAction("visit", {"url": self.urls[self.i - 1]}, "Quillstore/license")

    monkeypatch.setattr("research_agent.compose.make_policy", lambda cfg, **_: VariantPolicy())
    # the policy visits without searching: the official domain is what lets the first visit run
    contract = {"objects": [{"name": "Quillstore", "official_domains": ["quillstore.example"]}], "dimensions": ["license"]}
    out = runner.run(LICENSE_PAGES, Q, contract=contract)
    visits = [a for a in out.state.actions if a.tool == "visit"]
    assert [a.status for a in visits] == ["ok", "refused", "refused"]
    assert len([s for s in out.state.sources.values() if s.opened]) == 1


def test_ungrounded_quote_is_rejected_and_counted(runner, monkeypatch):
    class Inventing(OfflinePolicy):
        def extract(self, state, page, cells):
            return [FindingDraft("Quillstore/license", "MIT", "Quillstore is released under the MIT license.")]

    monkeypatch.setattr("research_agent.compose.make_policy", lambda cfg, **_: Inventing())
    out = runner.run(LICENSE_PAGES, Q, max_steps=6)
    assert not out.state.findings
    assert out.state.progress.rejected_findings >= 1
    assert out.state.cells["Quillstore/license"].status in ("pending", "unavailable")  # never confirmed
    assert out.end_kind != EndKind.COMPLETED
