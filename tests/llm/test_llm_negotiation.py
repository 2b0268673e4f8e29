"""What real OpenAI-compatible servers accept, played by the loopback fake: the response_format
ladder and its cache, max_tokens always sent, the timeout setting, lenient replies."""

from __future__ import annotations

import json
import random

import pytest

from llm_states import base_state
from research_agent.config import load_config
from research_agent.llm import ModelRejected, ModelUnavailable, OpenAIModel, resolve_model
from research_agent.llm.capabilities import CapabilityCache
from research_agent.policy.answers import NextAction
from research_agent.policy.llm import LLMPolicy
from test_llm_policy import page
from tests.fakes.openai_server import Reply

LLAMA_CPP_PYTHON_500 = ("1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
                        "'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}")
PLAN = {"tool": "search", "query": "Redis license", "cell": "Redis/license", "strategy": "initial", "rationale": "r"}
MSGS = [{"role": "system", "content": "TASK: plan\nBe brief."}, {"role": "user", "content": "Plan."}]


def fmt_type(request: dict) -> str:
    rf = request.get("response_format")
    if rf is None:
        return "off"
    return "json_object_schema" if rf.get("type") == "json_object" and "schema" in rf else rf["type"]


def server_accepting(accepted: set[str], *, status: int = 400, message: str = "response_format is not supported"):
    """A script answering PLAN when the request's format rung is in `accepted`, else an error naming the field."""
    def play(request: dict):
        if fmt_type(request) in accepted:
            return Reply.json(PLAN)
        return Reply.error(status, message=message)
    return play


def model_on(server, sleeps, tmp_path, **kw) -> OpenAIModel:
    kw.setdefault("capability_cache", CapabilityCache(tmp_path / "caps.json"))
    return OpenAIModel("fake-local", api_key="sk-test", base_url=server.base_url, sleep=sleeps,
                       rng=random.Random(0), **kw)


def plan_with(model) -> NextAction | None:
    return LLMPolicy(model).plan(base_state())


# ------------------------------------------------------------ the response_format ladder


def test_a_500_that_rejects_json_schema_steps_down_at_once_and_is_remembered(fake_openai, sleeps, tmp_path):
    server = fake_openai(server_accepting({"json_object_schema", "json_object", "off"}, status=500,
                                          message=LLAMA_CPP_PYTHON_500))
    model = model_on(server, sleeps, tmp_path)
    assert plan_with(model) is not None
    assert [fmt_type(r) for r in server.requests] == ["json_schema", "json_object_schema"]
    assert sleeps.calls == []  # a capability answer: no backoff, no retry of the same rung
    schema = server.requests[1]["response_format"]["schema"]
    assert set(schema["properties"]) >= {"tool", "query", "url", "cell"}
    cached = json.loads((tmp_path / "caps.json").read_text())
    assert cached["endpoints"][f"{server.base_url} fake-local"]["structured_output"] == "json_object_schema"
    # a new adapter (a new run) starts where the endpoint answered: no json_schema request again
    again = model_on(server, sleeps, tmp_path)
    assert plan_with(again) is not None
    assert [fmt_type(r) for r in server.requests[2:]] == ["json_object_schema"]


def test_json_mode_only_gets_the_schema_in_the_prompt(fake_openai, sleeps, tmp_path):
    server = fake_openai(server_accepting({"json_object"}, message="unknown field response_format.schema"))
    model = model_on(server, sleeps, tmp_path)
    assert plan_with(model) is not None
    assert [fmt_type(r) for r in server.requests] == ["json_schema", "json_object_schema", "json_object"]
    system = server.requests[-1]["messages"][0]["content"]
    assert system.startswith("TASK: plan\n") and "must match this JSON schema" in system and '"cell"' in system
    assert "must match this JSON schema" not in server.requests[0]["messages"][0]["content"]


def test_a_server_rejecting_the_field_gets_prompt_only_json_validated_as_ever(fake_openai, sleeps, tmp_path):
    server = fake_openai(server_accepting({"off"}))
    model = model_on(server, sleeps, tmp_path)
    action = plan_with(model)
    assert action is not None and action.cell == "Redis/license"
    assert [fmt_type(r) for r in server.requests] == ["json_schema", "json_object_schema", "json_object", "off"]
    assert "response_format" not in server.requests[-1]
    assert "must match this JSON schema" in server.requests[-1]["messages"][0]["content"]
    assert model.format_fallbacks == 3
    assert CapabilityCache(tmp_path / "caps.json").get(server.base_url, "fake-local") == "off"


def test_a_fixed_rung_that_is_rejected_is_a_permanent_error_not_retried(fake_openai, sleeps, tmp_path):
    server = fake_openai(server_accepting(set(), status=500, message=LLAMA_CPP_PYTHON_500))
    model = model_on(server, sleeps, tmp_path, structured_output="json_schema")
    with pytest.raises(ModelRejected, match=r"rejected response_format 'json_schema' \(HTTP 500\)"):
        model.generate(MSGS, schema=NextAction)
    assert len(server.requests) == 1 and sleeps.calls == []


def test_a_500_that_does_not_name_the_format_is_still_transient(fake_openai, sleeps, tmp_path):
    server = fake_openai([Reply.error(500, message="CUDA out of memory"), Reply.json(PLAN)])
    model = model_on(server, sleeps, tmp_path)
    assert json.loads(model.generate(MSGS, schema=NextAction).text) == PLAN
    assert [fmt_type(r) for r in server.requests] == ["json_schema", "json_schema"]
    assert len(sleeps.calls) == 1


def test_an_unreadable_cache_is_ignored_and_rewritten(fake_openai, sleeps, tmp_path):
    (tmp_path / "caps.json").write_text("{not json", encoding="utf-8")
    server = fake_openai([Reply.json(PLAN)])
    assert plan_with(model_on(server, sleeps, tmp_path)) is not None
    assert CapabilityCache(tmp_path / "caps.json").get(server.base_url, "fake-local") == "json_schema"


# ------------------------------------------------------------ max_tokens and the timeout


def test_max_tokens_is_always_sent_per_call_kind(fake_openai, sleeps, tmp_path):
    server = fake_openai([Reply.json(PLAN), "plain text"])
    model = model_on(server, sleeps, tmp_path, default_max_tokens=333)
    LLMPolicy(model, reply_tokens={"plan": 77}).plan(base_state())
    model.generate(MSGS)  # a caller that gives none still sends the adapter's default
    assert [r["max_tokens"] for r in server.requests] == [77, 333]


def test_max_tokens_and_timeout_come_from_config_and_env(tmp_path, monkeypatch):
    cfg_file = tmp_path / "config.toml"
    cfg_file.write_text("llm_max_tokens_extract = 123\nllm_timeout = 7.5\n", encoding="utf-8")
    cfg = load_config(cfg_file, env={"RESEARCH_LLM_MAX_TOKENS_JUDGE": "44", "RESEARCH_LLM_ATTEMPTS": "2",
                                     "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"})
    assert cfg.reply_tokens()["extract"] == 123 and cfg.reply_tokens()["judge"] == 44
    model = resolve_model("openai:m", config=cfg)
    assert model.timeout == 7.5 and model.max_attempts == 2
    assert model._client.timeout == 7.5  # the client really carries it


def test_the_timeout_setting_is_honoured(fake_openai, sleeps, tmp_path):
    server = fake_openai([Reply.json(PLAN)], delay=1.5)
    model = model_on(server, sleeps, tmp_path, timeout=0.2, max_attempts=1)
    with pytest.raises(ModelUnavailable, match=r"timed out after 0.2s; gave up after 1 attempt"):
        model.generate(MSGS)
    assert len(server.requests) == 1


# ------------------------------------------------------------ lenient but safe replies


def test_a_reply_cut_mid_string_is_closed_and_used(fake_openai, sleeps, tmp_path):
    cut = '{"tool": "search", "query": "Redis license", "cell": "Redis/license", "rationale": "find the lic'
    server = fake_openai([cut])
    policy = LLMPolicy(model_on(server, sleeps, tmp_path))
    action = policy.plan(base_state())
    assert action is not None and action.args == {"query": "Redis license"} and action.rationale == "find the lic"
    assert policy.rejected_outputs == 0


def test_raw_newlines_inside_strings_are_read(fake_openai, sleeps, tmp_path):
    raw = '{\n  "tool": "search",\n  "query": "Redis\nlicense",\n  "cell": "Redis/license",\n  "rationale": "a\tb"\n}'
    server = fake_openai([raw])
    policy = LLMPolicy(model_on(server, sleeps, tmp_path))
    action = policy.plan(base_state())
    assert action is not None and action.args == {"query": "Redis license"}  # whitespace normalised
    assert policy.rejected_outputs == 0


def test_cell_null_is_rejected_with_the_reason_fed_back_and_counted(fake_openai, sleeps, tmp_path):
    server = fake_openai([
        {"findings": [{"cell": None, "value": "BSD", "quote": "Redis is BSD."}]},
        {"findings": []},
    ])
    policy = LLMPolicy(model_on(server, sleeps, tmp_path))
    assert policy.extract(base_state(), page("Redis is BSD."), ["Redis/license"]) == []
    retry = server.requests[1]["messages"][-1]["content"]
    assert "findings.0.cell: `cell` is null; leave the finding out instead; use one of: Redis/license" in retry
    assert policy.rejected_outputs == 1


# ------------------------------------------------------------ planner = "rules"


def test_with_the_rules_planner_the_ladder_plans_and_the_model_reads_a_focused_page(fake_openai, sleeps, tmp_path):
    server = fake_openai([{"findings": []}])
    policy = LLMPolicy(model_on(server, sleeps, tmp_path), planner="rules")
    state = base_state()
    action = policy.plan(state)
    assert action is not None and action.tool == "search" and server.requests == []  # no model call to plan
    state.cells["Redis/license"].status = "confirmed"
    state.focus = "KeyDB/latency"
    assert policy.extract(state, page("Redis is BSD."), list(state.cells)) == []
    user = server.requests[0]["messages"][-1]["content"]
    cells = json.loads(user.split("Cells (JSON):\n", 1)[1].split("\n\n", 1)[0])
    listed = [c["cell"] for c in cells]
    assert listed[0] == "KeyDB/latency" and "Redis/license" not in listed and len(listed) <= 6
    system = " ".join(server.requests[0]["messages"][0]["content"].split())
    assert "never credit a sentence about another named entity to the page's title object" in system
