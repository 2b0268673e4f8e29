"""Typed model requests: what a model is asked travels as data beside the prompt, in-process and over HTTP."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from llm_states import base_state, confirmed_state
from research_agent.llm import OpenAIModel
from research_agent.llm.request import WIRE_FIELD, ExtractRequest, JudgeRequest, PlanRequest, from_wire
from research_agent.llm.rules import RuleModel
from research_agent.policy import prompts
from research_agent.policy.base import PageView
from research_agent.policy.llm import LLMPolicy

PAGE = PageView("s1", "https://redis.io/legal/licenses", "Redis licensing",
                "Redis licensing. Since version 8, Redis is available under the AGPLv3 license.", "2025-05-01",
                "primary")


def on_server(server, sleeps, **kw) -> LLMPolicy:
    model = OpenAIModel("local", api_key=None, base_url=server.base_url, sleep=sleeps, rng=random.Random(0), **kw)
    return LLMPolicy(model)


def test_a_reading_request_reaches_a_loopback_server_as_typed_parts(fake_openai, sleeps):
    server = fake_openai([{"findings": []}])
    on_server(server, sleeps).extract(base_state(), PAGE, ["Redis/license", "Valkey/license"])
    sent = from_wire(server.requests[0][WIRE_FIELD])
    assert isinstance(sent, ExtractRequest) and sent.attempt == 1
    assert sent.page.text == PAGE.text and sent.page.url == PAGE.url and sent.page.date == "2025-05-01"
    assert [c.cell for c in sent.cells] == ["Redis/license", "Valkey/license"]
    assert sent.cells[0].object == "Redis" and sent.cells[0].aliases == ["Redis OSS"]
    # the prompt the model reads is rendered from the same request
    assert server.requests[0]["messages"] == prompts.messages_for(sent)


def test_a_retry_carries_its_attempt_and_the_same_parts(fake_openai, sleeps):
    server = fake_openai(["not json at all", {"tool": "none"}])
    assert on_server(server, sleeps).plan(base_state()) is None
    first, second = (from_wire(r[WIRE_FIELD]) for r in server.requests)
    assert isinstance(first, PlanRequest) and isinstance(second, PlanRequest)
    assert (first.attempt, second.attempt) == (1, 2) and first.view == second.view
    assert len(server.requests[1]["messages"]) == 4  # the rejected answer and the validator's reason


@pytest.mark.parametrize("setting, sent", [("loopback", True), ("always", True), ("never", False)])
def test_the_request_parts_setting(fake_openai, sleeps, setting, sent):
    server = fake_openai([{"tool": "none"}])
    on_server(server, sleeps, request_parts=setting).plan(base_state())
    assert (WIRE_FIELD in server.requests[0]) is sent


def test_a_malformed_wire_request_is_a_validation_error():
    with pytest.raises(ValidationError):
        from_wire({"kind": "extract", "question": "q"})  # no cells, no page
    with pytest.raises(ValidationError):
        from_wire({"kind": "dance"})


def test_the_rule_model_does_not_read_the_prompt_text(monkeypatch):
    """Rewording every prompt leaves the stand-in's answers as they were: it reads the request's parts."""
    state = confirmed_state()
    before = LLMPolicy(RuleModel())
    expected = (before.plan(base_state()), before.extract(base_state(), PAGE, ["Redis/license"]),
                before.judge(state, "Redis/license"), before.synthesize(state))
    monkeypatch.setattr(prompts, "user_message", lambda request: "Please help with this research task.")
    monkeypatch.setattr(prompts, "system_prompt", lambda kind: "You are helpful.")
    after = LLMPolicy(RuleModel())
    assert (after.plan(base_state()), after.extract(base_state(), PAGE, ["Redis/license"]),
            after.judge(state, "Redis/license"), after.synthesize(state)) == expected
    assert expected[1] and expected[1][0].value == "AGPLv3"


def test_a_judge_request_holds_the_evidence_behind_the_cell():
    state = confirmed_state()
    seen = []

    class Spy(RuleModel):
        def generate(self, messages, *, request=None, **kw):
            seen.append(request)
            return super().generate(messages, request=request, **kw)

    LLMPolicy(Spy()).judge(state, "Redis/license")
    (asked,) = seen
    assert isinstance(asked, JudgeRequest) and asked.cell.cell == "Redis/license"
    assert any(f.backs_value and f.quote for f in asked.cell.findings)
