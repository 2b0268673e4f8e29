"""OpenAIModel through the real `openai` client against a loopback OpenAI-compatible server."""

from __future__ import annotations

import email.utils
import logging
import random
import socket
import time
import traceback

import httpx
import pytest

from engine import ModelError as EngineModelError
from research_agent.llm import (
    ModelOutputInvalid,
    ModelRejected,
    ModelUnavailable,
    OpenAIModel,
    PriceTable,
    retry_after_seconds,
)
from research_agent.llm.prices import ModelPrice
from tests.fakes.openai_server import Reply

KEY = "sk-test-DO-NOT-LEAK-4f9a1c2b7e"
MSGS = [{"role": "system", "content": "TASK: plan\nBe brief."}, {"role": "user", "content": "Say hello."}]


def make(server, sleeps, **kw) -> OpenAIModel:
    kw.setdefault("api_key", KEY)
    kw.setdefault("rng", random.Random(7))
    return OpenAIModel(kw.pop("model", "gpt-4o-mini"), base_url=server.base_url, sleep=sleeps, **kw)


def test_completion_returns_text_usage_and_cost(fake_openai, sleeps):
    server = fake_openai([Reply.text("hello there", usage={"prompt_tokens": 1_000_000, "completion_tokens": 500_000,
                                                           "total_tokens": 1_500_000})])
    model = make(server, sleeps)
    r = model.generate(MSGS)
    assert r.text == "hello there"
    assert (r.usage.prompt_tokens, r.usage.completion_tokens, r.usage.total_tokens) == (1_000_000, 500_000, 1_500_000)
    # built-in table: gpt-4o-mini* = $0.15 in / $0.60 out per 1M tokens
    assert r.usage.cost == pytest.approx(0.15 + 0.30)
    assert server.requests[0]["model"] == "gpt-4o-mini"
    assert server.requests[0]["messages"] == MSGS
    assert server.headers[0]["authorization"] == f"Bearer {KEY}"  # the key does go on the wire
    assert sleeps.calls == []


def test_usage_estimated_from_server_counts_and_price_table_override(fake_openai, sleeps):
    server = fake_openai(["x" * 400])
    prices = PriceTable(models={"local-*": ModelPrice(input=1.0, output=2.0)})
    r = make(server, sleeps, model="local-llama", prices=prices).generate(MSGS)
    expected_prompt = (sum(len(m["content"]) for m in MSGS) + 3) // 4
    assert r.usage.prompt_tokens == expected_prompt
    assert r.usage.completion_tokens == 100
    assert r.usage.cost == pytest.approx((expected_prompt * 1.0 + 100 * 2.0) / 1e6)


def test_unknown_local_model_costs_nothing_and_missing_usage_is_estimated(fake_openai, sleeps):
    server = fake_openai([Reply.text("abcd" * 10, omit_usage=True)])
    r = make(server, sleeps, model="llama3.1:8b", api_key=None).generate(MSGS)
    assert r.usage.completion_tokens == 10
    assert r.usage.prompt_tokens > 0 and r.usage.total_tokens == r.usage.prompt_tokens + 10
    assert r.usage.cost == 0.0


def test_response_format_is_sent_as_given_or_downgraded(fake_openai, sleeps):
    fmt = {"type": "json_schema", "json_schema": {"name": "X", "schema": {"type": "object"}, "strict": True}}
    server = fake_openai(["{}", "{}", "{}"])
    make(server, sleeps).generate(MSGS, response_format=fmt)
    make(server, sleeps, structured_output="json_object").generate(MSGS, response_format=fmt)
    make(server, sleeps, structured_output="off").generate(MSGS, response_format=fmt)
    assert server.requests[0]["response_format"] == fmt
    assert server.requests[1]["response_format"] == {"type": "json_object"}
    assert "response_format" not in server.requests[2]


def test_schema_argument_builds_a_strict_json_schema(fake_openai, sleeps):
    from pydantic import BaseModel

    class Answer(BaseModel):
        value: str
        note: str | None = None

    server = fake_openai(['{"value": "1"}'])
    make(server, sleeps).generate(MSGS, schema=Answer)
    rf = server.requests[0]["response_format"]
    assert rf["type"] == "json_schema" and rf["json_schema"]["strict"] is True
    schema = rf["json_schema"]["schema"]
    assert schema["additionalProperties"] is False and schema["required"] == ["value", "note"]


def test_tool_call_shaped_answer_gives_its_arguments(fake_openai, sleeps):
    server = fake_openai([Reply.tool_call({"tool": "none"})])
    assert make(server, sleeps).generate(MSGS).text == '{"tool": "none"}'


def test_refusal_is_output_invalid(fake_openai, sleeps):
    server = fake_openai([Reply.refusal("I won't do that.")])
    with pytest.raises(ModelOutputInvalid, match="refused: I won't do that"):
        make(server, sleeps).generate(MSGS)


# ------------------------------------------------------------ retries


def test_429_with_retry_after_seconds_then_success(fake_openai, sleeps):
    server = fake_openai([Reply.error(429, retry_after=3, message="slow down"), "ok"])
    r = make(server, sleeps).generate(MSGS)
    assert r.text == "ok"
    assert sleeps.calls == [pytest.approx(3.0)]
    assert len(server.requests) == 2  # the client's own retries are off: one request per attempt


def test_429_with_retry_after_http_date(fake_openai, sleeps):
    when = email.utils.formatdate(time.time() + 8, usegmt=True)
    server = fake_openai([Reply.error(429, retry_after=when), "ok"])
    assert make(server, sleeps).generate(MSGS).text == "ok"
    assert len(sleeps.calls) == 1 and 5.0 <= sleeps.calls[0] <= 8.0


def test_retry_after_is_capped(fake_openai, sleeps):
    server = fake_openai([Reply.error(503, retry_after=3600), "ok"])
    assert make(server, sleeps, backoff_cap=7.5).generate(MSGS).text == "ok"
    assert sleeps.calls == [7.5]


def test_500_twice_then_success_with_full_jitter_backoff(fake_openai, sleeps):
    server = fake_openai([Reply.error(500), Reply.error(502), "fine"])
    r = make(server, sleeps, backoff_base=0.5).generate(MSGS)
    assert r.text == "fine"
    assert len(sleeps.calls) == 2
    assert 0.0 <= sleeps.calls[0] <= 0.5 and 0.0 <= sleeps.calls[1] <= 1.0
    assert len(server.requests) == 3


def test_persistent_500_gives_model_unavailable_after_max_attempts(fake_openai, sleeps):
    server = fake_openai(lambda req: Reply.error(500, message="boom"))
    with pytest.raises(ModelUnavailable) as info:
        make(server, sleeps, max_attempts=3).generate(MSGS)
    assert len(server.requests) == 3 and len(sleeps.calls) == 2
    assert info.value.status_code == 500 and info.value.attempts == 3
    assert "gave up after 3 attempts" in str(info.value)
    assert isinstance(info.value, EngineModelError)  # the engine sees one kind of model failure


def test_400_is_rejected_and_not_retried(fake_openai, sleeps):
    server = fake_openai([Reply.error(400, message="response_format is not supported"), "never sent"])
    with pytest.raises(ModelRejected, match=r"HTTP 400\): response_format is not supported") as info:
        make(server, sleeps).generate(MSGS)
    assert info.value.status_code == 400
    assert len(server.requests) == 1 and sleeps.calls == []


def test_malformed_body_is_retried_then_success(fake_openai, sleeps):
    server = fake_openai([Reply.malformed(), "recovered"])
    assert make(server, sleeps).generate(MSGS).text == "recovered"
    assert len(sleeps.calls) == 1


def test_timeout_is_retried_then_unavailable(fake_openai, sleeps):
    server = fake_openai(lambda req: "late", delay=0.6)
    with pytest.raises(ModelUnavailable, match="timed out"):
        make(server, sleeps, timeout=0.15, max_attempts=2).generate(MSGS)
    assert len(sleeps.calls) == 1


def test_connection_refused_is_retried_then_unavailable(sleeps):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    model = OpenAIModel("gpt-4o-mini", api_key=KEY, base_url=f"http://127.0.0.1:{port}/v1", sleep=sleeps,
                        max_attempts=3, rng=random.Random(1))
    with pytest.raises(ModelUnavailable, match="connection failed"):
        model.generate(MSGS)
    assert len(sleeps.calls) == 2


def test_caller_supplied_httpx_client_is_used(fake_openai, sleeps):
    seen: list[str] = []

    def on_request(request: httpx.Request) -> None:
        seen.append(str(request.url))

    server = fake_openai(["via httpx"])
    with httpx.Client(event_hooks={"request": [on_request]}) as client:
        assert make(server, sleeps, http_client=client).generate(MSGS).text == "via httpx"
    assert seen == [f"{server.base_url}/chat/completions"]


def test_retry_after_parsing():
    assert retry_after_seconds({"retry-after": "2.5"}) == 2.5
    assert retry_after_seconds({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert retry_after_seconds({"retry-after": "soon"}) is None
    assert retry_after_seconds({}) is None


# ------------------------------------------------------------ guards and secrets


def test_offline_guard_refuses_remote_endpoints_and_allows_loopback():
    with pytest.raises(ModelRejected) as info:
        OpenAIModel("gpt-4o-mini", api_key=KEY, base_url="https://api.openai.com/v1", offline_guard=True)
    assert "offline guard is on" in str(info.value) and "loopback" in str(info.value)
    with pytest.raises(ModelRejected, match="offline guard"):
        OpenAIModel("gpt-4o-mini", api_key=KEY, base_url=None, offline_guard=True)  # None means OpenAI itself
    with pytest.raises(ModelRejected, match="offline guard"):
        OpenAIModel("m", api_key=KEY, base_url="http://10.0.0.5:8000/v1", offline_guard=True)
    for url in ("http://localhost:8000/v1", "http://[::1]:8000/v1", "http://127.0.0.1:1/v1"):
        OpenAIModel("m", api_key=KEY, base_url=url, offline_guard=True)  # loopback is fine


def test_without_the_guard_a_remote_endpoint_is_only_configured_not_contacted():
    # building the adapter makes no request (the socket guard in conftest would refuse one)
    model = OpenAIModel("gpt-4o-mini", api_key=KEY, base_url="https://api.openai.com/v1")
    assert model.base_url == "https://api.openai.com/v1"


def test_missing_key_for_remote_endpoint_names_the_variable(monkeypatch):
    with pytest.raises(ModelRejected, match="OPENAI_API_KEY"):
        OpenAIModel("gpt-4o-mini", api_key=None, base_url="https://api.openai.com/v1")


def _everything_said(exc: BaseException) -> str:
    return "\n".join([str(exc), repr(exc), "".join(traceback.format_exception(exc))])


def test_key_never_in_errors_repr_or_logs(fake_openai, sleeps, caplog):
    caplog.set_level(logging.DEBUG)
    server = None

    def echo_key(request):
        # a hostile/buggy server that echoes the credential back in its error
        auth = server.headers[-1].get("authorization", "")
        status = 401 if len(server.requests) == 1 else 500
        return Reply.error(status, message=f"bad credentials: {auth}")

    server = fake_openai(echo_key)
    model = make(server, sleeps, max_attempts=2)
    assert KEY not in repr(model) and KEY not in str(model)
    with pytest.raises(ModelRejected) as rejected:
        model.generate(MSGS)
    with pytest.raises(ModelUnavailable) as unavailable:
        model.generate(MSGS)
    assert "[redacted]" in str(rejected.value)
    for exc in (rejected.value, unavailable.value):
        assert KEY not in _everything_said(exc)
    assert KEY not in caplog.text
    assert "retrying" in caplog.text  # the retry was logged, without the key
    assert KEY not in repr(vars(model))


def test_key_never_in_error_chain_of_an_ordinary_failure(fake_openai, sleeps):
    server = fake_openai([Reply.error(403, message="project not allowed")])
    with pytest.raises(ModelRejected) as info:
        make(server, sleeps).generate(MSGS)
    assert info.value.__cause__ is not None  # mapped at the boundary, cause kept
    assert KEY not in _everything_said(info.value)


def test_model_is_not_picklable():
    import pickle

    model = OpenAIModel("m", api_key=KEY, base_url="http://127.0.0.1:9/v1")
    with pytest.raises(TypeError):
        pickle.dumps(model)
