"""Recorded scripts (`scripted:path.jsonl`), `resolve_model`, and the price table."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from engine import ScriptedModel, ScriptExhausted, Usage
from llm_states import base_state
from research_agent.llm import (
    DEFAULT_PRICES,
    ModelRejected,
    ModelUnavailable,
    OpenAIModel,
    PricesFileError,
    ScriptError,
    cost,
    load_prices,
    load_script,
    resolve_model,
)
from research_agent.llm.request import (
    CellAsked,
    ContractRequest,
    ExtractRequest,
    JudgedCell,
    JudgeRequest,
    PageShown,
    PlanRequest,
)
from research_agent.policy.base import PageView
from research_agent.policy.llm import LLMPolicy
from research_agent.policy.view import compact_view


def write(tmp_path, lines, name="script.jsonl"):
    p = tmp_path / name
    p.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return p


def request(kind, *, url="https://redis.io/", cell="Redis/license", step=0, question="Compare Redis and Valkey"):
    """A typed request of `kind`, as the LLM policy would send it."""
    if kind == "plan":
        state = base_state()
        state.current_step = step
        return PlanRequest(view=compact_view(state))
    if kind == "extract":
        page = PageShown(url=url, title="t", date=None, text="page", truncated=False)
        return ExtractRequest(question=question, cells=[CellAsked(cell=cell)], page=page)
    if kind == "judge":
        judged = JudgedCell(cell=cell, value="AGPLv3", status="partial", conflict=False, conflict_note=None, findings=[])
        return JudgeRequest(question=question, cell=judged)
    return ContractRequest(question=question)


def ask_as(model, kind, user="", **parts):
    """`model`'s answer to a `kind` request whose prompt text is `user` (a system line that names no kind)."""
    messages = [{"role": "system", "content": "rules…"}, {"role": "user", "content": user}]
    return model.generate(messages, request=request(kind, **parts))


def test_selection_by_request_kind_not_by_order(tmp_path):
    path = write(tmp_path, [
        "# plan answers first in the file, extract second",
        {"when": {"task": "plan"}, "json": {"tool": "none"}},
        {"when": {"task": "extract"}, "json": {"findings": []}},
    ])
    model = load_script(path)
    assert isinstance(model, ScriptedModel)
    r = ask_as(model, "extract", "page")
    assert json.loads(r.text) == {"findings": []}
    assert json.loads(ask_as(model, "plan", "view").text) == {"tool": "none"}
    with pytest.raises(ScriptExhausted):  # never repeats a default
        ask_as(model, "plan", "view")
    assert len(model.requests) == 3
    assert r.usage.total_tokens > 0  # estimated, so token budgets see scripted runs


def test_a_prompt_naming_a_kind_is_not_read_as_one(tmp_path):
    """The kind comes from the typed request: a request given as messages alone matches no `task` line."""
    model = load_script(write(tmp_path, [{"when": {"task": "plan"}, "json": {"tool": "none"}}]))
    with pytest.raises(ScriptExhausted):
        model.generate([{"role": "system", "content": "TASK: plan\n…"}, {"role": "user", "content": "view"}])


def test_typed_keys_pick_by_step_url_cell_and_question(tmp_path):
    path = write(tmp_path, [
        {"when": {"task": "plan", "step": 7}, "text": "plan 7"},
        {"when": {"task": "plan"}, "text": "plan any", "times": 9},
        {"when": {"url": "https://valkey.io/"}, "text": "valkey page"},
        {"when": {"cell": "Valkey/license"}, "text": "valkey cell"},
        {"when": {"question": "Compare A and B"}, "text": "that question"},
        {"text": "anything else", "times": 9},
    ])
    model = load_script(path)
    assert ask_as(model, "plan", step=3).text == "plan any"
    assert ask_as(model, "plan", step=7).text == "plan 7"
    assert ask_as(model, "extract", url="https://redis.io/").text == "anything else"
    assert ask_as(model, "extract", url="https://valkey.io/").text == "valkey page"
    assert ask_as(model, "judge", cell="Redis/license").text == "anything else"
    assert ask_as(model, "judge", cell="Valkey/license").text == "valkey cell"
    assert ask_as(model, "contract", question="Compare A and B").text == "that question"


def test_contains_times_and_any_contains(tmp_path):
    path = write(tmp_path, [
        {"when": {"task": "extract", "contains": "valkey.io"}, "json": {"findings": ["valkey"]}},
        {"when": {"task": "extract", "not_contains": "valkey.io"}, "json": {"findings": ["other"]}, "times": 2},
        {"when": {"any_contains": "SECRET MARKER"}, "text": "marker seen"},
    ])
    model = load_script(path)
    ask = lambda user, kind="extract": ask_as(model, kind, user).text  # noqa: E731
    assert ask("URL https://redis.io") == '{"findings": ["other"]}'
    assert ask("URL https://valkey.io") == '{"findings": ["valkey"]}'
    assert ask("URL https://keydb.dev") == '{"findings": ["other"]}'
    with pytest.raises(ScriptExhausted):
        ask("URL https://keydb.dev")
    assert ask("SECRET MARKER", kind="judge") == "marker seen"


def test_raise_lines_and_usage(tmp_path):
    path = write(tmp_path, [
        {"raise": "unavailable"},
        {"text": "ok", "usage": {"prompt_tokens": 900, "completion_tokens": 40, "cost": 0.01}},
    ])
    model = load_script(path)
    with pytest.raises(ModelUnavailable, match="line 1"):
        ask_as(model, "plan")
    r = ask_as(model, "plan")
    assert (r.usage.prompt_tokens, r.usage.completion_tokens, r.usage.total_tokens, r.usage.cost) == (900, 40, 940, 0.01)


@pytest.mark.parametrize("line, message", [
    ("{not json", "line 1: not valid JSON"),
    ('{"text": "a", "json": {}}', "exactly one of `text`, `json` or `raise`"),
    ('{"text": "a", "when": {"task": "dance"}}', "key `when.task`"),
    ('{"text": "a", "when": {"turn": 3}}', "key `when.turn`"),
    ("[1, 2]", "each line must be a JSON object"),
])
def test_script_errors_name_line_and_key(tmp_path, line, message):
    with pytest.raises(ScriptError, match=message):
        load_script(write(tmp_path, [line]))


def test_missing_or_empty_script(tmp_path):
    with pytest.raises(ScriptError, match="no such script file"):
        load_script(tmp_path / "nope.jsonl")
    with pytest.raises(ScriptError, match="holds no outputs"):
        load_script(write(tmp_path, [""], name="empty.jsonl"))


def test_comment_only_script_answers_nothing(tmp_path):
    """A recording of a run that never asked the model: loads, and any request exhausts it."""
    model = load_script(write(tmp_path, ["# recorded by research eval --record: model rules; 0 answers"]))
    with pytest.raises(ScriptExhausted):
        ask_as(model, "plan", "x")


def test_script_drives_the_llm_policy_by_task(tmp_path):
    path = write(tmp_path, [
        {"when": {"task": "extract"}, "json": {"findings": [
            {"cell": "Redis/license", "value": "AGPLv3", "quote": "Redis is AGPLv3."}]}},
        {"when": {"task": "plan"}, "json": {"tool": "search", "query": "redis license", "cell": "Redis/license"}},
    ])
    policy = LLMPolicy(load_script(path))
    action = policy.plan(base_state())
    assert action is not None and action.args == {"query": "redis license"}
    drafts = policy.extract(base_state(), PageView("s1", "https://redis.io", "t", "Redis is AGPLv3.", None, "primary"),
                            ["Redis/license"])
    assert drafts[0].value == "AGPLv3"


# ------------------------------------------------------------ resolve_model


def test_resolve_offline_and_scripted(tmp_path):
    assert resolve_model("offline", config=None) is None
    model = resolve_model(f"scripted:{write(tmp_path, [{'text': 'x'}])}", config={})
    assert isinstance(model, ScriptedModel)


def test_resolve_openai_from_dict_or_object_config(fake_openai, tmp_path):
    prices = tmp_path / "prices.toml"
    prices.write_text('[models."local-*"]\ninput = 1.0\noutput = 1.0\n', encoding="utf-8")
    server = fake_openai(["hi", "hi"])
    m1 = resolve_model("openai:local-model", config={"openai_base_url": server.base_url, "openai_api_key": "k"})
    cfg = SimpleNamespace(openai_api_key=None, openai_base_url=server.base_url, prices_file=str(prices))
    m2 = resolve_model("openai:local-model", config=cfg)
    assert isinstance(m1, OpenAIModel) and isinstance(m2, OpenAIModel)
    assert m1.model == "local-model" and m1.base_url == server.base_url
    assert m1.generate([{"role": "user", "content": "x" * 400}]).usage.cost == 0.0
    assert m2.generate([{"role": "user", "content": "x" * 400}]).usage.cost > 0.0


def test_resolve_openai_refuses_an_unknown_structured_output_in_a_dict_config():
    config = {"openai_base_url": "http://127.0.0.1:9/v1", "openai_api_key": "k", "openai_structured_output": "xml"}
    with pytest.raises(ValueError, match="unknown openai_structured_output 'xml'; accepted: auto | json_schema"):
        resolve_model("openai:local-model", config=config)
    config["openai_structured_output"] = "json_object"
    model = resolve_model("openai:local-model", config=config)
    assert isinstance(model, OpenAIModel) and model.format_mode == "json_object"


def test_resolve_openai_without_key_for_remote_endpoint(monkeypatch):
    with pytest.raises(ModelRejected, match="OPENAI_API_KEY"):
        resolve_model("openai:gpt-4o-mini", config={"openai_api_key": None, "openai_base_url": None})


def test_resolve_openai_with_the_offline_guard_refuses_real_provider():
    from research_agent.config import load_config

    with pytest.raises(ModelRejected, match="offline guard"):
        resolve_model("openai:gpt-4o-mini", config={"openai_api_key": "sk-x", "offline_guard": True})
    cfg = load_config(env={"RESEARCH_OFFLINE_GUARD": "1", "OPENAI_API_KEY": "sk-x"})
    assert cfg.offline_guard is True
    with pytest.raises(ModelRejected, match="offline guard"):
        resolve_model("openai:gpt-4o-mini", config=cfg)


@pytest.mark.parametrize("spec", ["gpt-4o", "openai:", "anthropic:claude", "scripted:", ""])
def test_resolve_unknown_spec_lists_accepted_forms(spec):
    with pytest.raises(ValueError, match=r"offline \| rules\[:noisy\] \| openai:<model name> \| scripted:<path.jsonl>"):
        resolve_model(spec, config=None)


# ------------------------------------------------------------ prices


def test_price_lookup_prefers_exact_then_longest_prefix():
    u = Usage(prompt_tokens=1_000_000, completion_tokens=1_000_000, total_tokens=2_000_000)
    assert cost("gpt-4o-mini-2024-07-18", u) == pytest.approx(0.75)
    assert cost("gpt-4o-2024-08-06", u) == pytest.approx(12.5)
    assert cost("llama3.1:8b", u) == 0.0
    assert DEFAULT_PRICES.as_of


def test_load_prices_extends_or_replaces(tmp_path):
    p = tmp_path / "p.toml"
    p.write_text('as_of = "2030-01-01"\n[models."gpt-4o-mini*"]\ninput = 1.0\noutput = 2.0\n', encoding="utf-8")
    table = load_prices(p)
    assert table.price_for("gpt-4o-mini").input == 1.0 and table.price_for("gpt-4o") is not None
    assert table.as_of == "2030-01-01"
    p.write_text('replace = true\n[models.mine]\ninput = 1.0\noutput = 1.0\n', encoding="utf-8")
    table = load_prices(p)
    assert table.price_for("gpt-4o") is None and table.price_for("mine") is not None


def test_load_prices_errors_name_the_key(tmp_path):
    p = tmp_path / "p.toml"
    p.write_text('[models.mine]\ninput = -1\noutput = 1\n', encoding="utf-8")
    with pytest.raises(PricesFileError, match=r"key `models.mine.input`"):
        load_prices(p)
    with pytest.raises(PricesFileError, match="no such prices file"):
        load_prices(tmp_path / "missing.toml")
