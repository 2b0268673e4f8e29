"""`OpenAIModel`: the engine's `Model` over any OpenAI-compatible chat endpoint.

One adapter serves OpenAI itself and every server that speaks its chat
completions API (vLLM, Ollama, llama.cpp server, LM Studio, OpenRouter…):
point `base_url` at it.  It goes through the official `openai` client with
the client's own retries switched off (`max_retries=0`), because the retry
policy is ours:

* 429, 5xx (and 408), timeouts, connection errors and unparseable response
  bodies are transient: retried up to `max_attempts` calls in all, waiting
  `Retry-After` (seconds or an HTTP date; also `retry-after-ms`) capped at
  `backoff_cap`, or else a full-jitter backoff
  `uniform(0, min(backoff_cap, backoff_base * 2**(attempt-1)))`.
  The wait goes through the injected `sleep`, so tests never really sleep.
* any other 4xx is permanent and never retried.

Errors are mapped at this boundary (`raise … from exc`) to a small tree
under the engine's `ModelError` (one class, re-exported here), so the
engine's recovery policy sees every model failure as one kind:

    engine.errors.ModelError      a model call failed (this adapter, the LLM policy)
     ├── ModelUnavailable         transient failures outlasted the retries (429/5xx/timeout/connection)
     ├── ModelRejected            permanent: a 4xx other than 429, a refused configuration
     │                            (no key for a remote endpoint, a remote one under the offline guard)
     ├── FormatRejected           internal: the server refused the `response_format` rung; the
     │                            adapter steps down the ladder (or, at the bottom / with a fixed
     │                            rung, raises ModelRejected)
     └── ModelOutputInvalid       the model answered, but not with something usable
                                  (a refusal, no choices; the LLM policy raises it after
                                  its validation retries run out)

Every response's usage (prompt/completion/total tokens) is returned on the
`ModelResponse`, priced with the `PriceTable`; a server that reports no usage
gets an estimate (four characters per token) so token budgets still work.

The API key lives only inside the `openai` client.  It is never stored on
this object, never shown by `repr`, and scrubbed from every error message
(a provider that echoes it back gets its error detached from the chain).
With `offline_guard=True` (the config setting `offline_guard`, env
`RESEARCH_OFFLINE_GUARD=1`, which the test suite turns on) the adapter refuses
at construction to talk to anything but a loopback address.

Structured output is negotiated per endpoint (`capabilities`): with
`structured_output="auto"` a server that rejects a `response_format` rung —
any 4xx/5xx whose error body names the field or a format type — gets the
next rung at once (no retry, no backoff: it is a capability answer), and the
rung that worked is remembered in the capability cache.  `max_tokens` is sent
on every call (`default_max_tokens` when the caller gives none): a local
server without a default would otherwise generate until its context is full.

A typed request (`generate(..., request=...)`, `llm/request.py`) is sent in
the body's `research_request` field when `request_parts` says so: `loopback`
(the default) to a server on loopback only — local OpenAI-compatible servers
ignore a field they do not know, and a test server reads the page and cells
from it — `always`, or `never` (OpenAI's own API rejects unknown fields).
"""

from __future__ import annotations

import email.utils
import ipaddress
import json
import logging
import random
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Literal, cast
from urllib.parse import urlsplit

from pydantic import BaseModel

from engine.errors import ModelError
from engine.model import Message, ModelResponse, estimate_tokens
from engine.types import Usage

from .capabilities import FORMAT_LADDER, SCHEMA_IN_PROMPT, CapabilityCache, FormatMode, next_mode
from .prices import DEFAULT_PRICES, PriceTable
from .request import WIRE_FIELD, ModelRequest, to_wire

if TYPE_CHECKING:
    import httpx
    from openai.types.chat import ChatCompletionMessageParam

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
TEST_GUARD_MESSAGE = (
    "the offline guard is on (setting `offline_guard`): only loopback model servers are allowed; "
    "point OPENAI_BASE_URL at a loopback server"
)
_NO_KEY = "no-key-needed-for-loopback"
_PASSTHROUGH = frozenset({"temperature", "max_tokens", "max_completion_tokens", "seed", "top_p", "stop"})

_UNSUPPORTED_KEYWORDS = frozenset({
    "default", "maxLength", "minLength", "maxItems", "minItems", "pattern", "format",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
})

StructuredMode = Literal["auto", "json_schema", "json_object_schema", "json_object", "off"]
RequestParts = Literal["loopback", "always", "never"]
DEFAULT_MAX_TOKENS = 1024
_FORMAT_WORDS = ("response_format", "json_schema", "json_object")


class ModelUnavailable(ModelError):
    """Transient failures (429, 5xx, timeouts, connection errors) outlasted the retries."""

    def __init__(self, message: str, *, status_code: int | None = None, attempts: int = 0) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.attempts = attempts


class ModelRejected(ModelError):
    """A permanent refusal: a 4xx other than 429, or a configuration this adapter will not run."""

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


class ModelOutputInvalid(ModelError):
    """The model answered, but not with something usable (refusal, no choice, invalid structure)."""


# ---------------------------------------------------------------- helpers


def is_loopback_url(url: str) -> bool:
    """True when `url`'s host is 127.0.0.1/::1 (any 127/8 address) or localhost."""
    host = (urlsplit(url).hostname or "").lower()
    if host in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _check_endpoint(url: str, *, api_key: str | None, offline_guard: bool) -> bool:
    """Whether `url` is on loopback; `ModelRejected` for an endpoint this adapter will not call."""
    if urlsplit(url).scheme not in ("http", "https"):
        raise ModelRejected(f"base URL {safe_url(url)!r} is not an http(s) URL")
    loopback = is_loopback_url(url)
    if offline_guard and not loopback:
        raise ModelRejected(TEST_GUARD_MESSAGE)
    if not api_key and not loopback:
        raise ModelRejected(
            f"no API key for {safe_url(url)}: set OPENAI_API_KEY (or `openai_api_key` in the "
            "config file; any non-empty value for a server that does not check keys)"
        )
    return loopback


def safe_url(url: str) -> str:
    """`url` without user info, query or fragment (they may carry credentials)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{parts.port}" if parts.port else host
    return f"{parts.scheme}://{netloc}{parts.path}"


def retry_after_seconds(headers: Any, *, now: datetime | None = None) -> float | None:
    """The wait a response asks for: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    now = now or datetime.now(timezone.utc)
    return max(0.0, (when - now).total_seconds())


def strict_json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """`model`'s JSON schema in the subset OpenAI's strict structured outputs accept.

    Every object gets `additionalProperties: false` and lists all its
    properties as required (optional fields are already nullable or have a
    value the model can state); defaults and value constraints (lengths,
    bounds, patterns) are dropped because strict mode and many local servers
    do not support them.  Pydantic still validates the answer against the
    full model, so nothing is lost.
    """

    def fix(node: Any) -> Any:
        if isinstance(node, dict):
            out: dict[str, Any] = {}
            for k, v in node.items():
                if k in ("properties", "$defs"):  # maps of names → schemas: keep every name
                    out[k] = {name: fix(sub) for name, sub in v.items()}
                elif k not in _UNSUPPORTED_KEYWORDS:
                    out[k] = fix(v)
            if out.get("type") == "object" and "properties" in out:
                out["additionalProperties"] = False
                out["required"] = list(out["properties"])
            return out
        if isinstance(node, list):
            return [fix(x) for x in node]
        return node

    return fix(model.model_json_schema())


def response_format_for(model: type[BaseModel], *, name: str | None = None, strict: bool = True) -> dict[str, Any]:
    """A chat-completions `response_format` asking for JSON that matches `model`."""
    return {
        "type": "json_schema",
        "json_schema": {
            "name": (name or model.__name__)[:64],
            "schema": strict_json_schema(model),
            "strict": strict,
        },
    }


# ---------------------------------------------------------------- adapter


class OpenAIModel:
    """`Model` over an OpenAI-compatible chat-completions endpoint.

    `structured_output` says how a requested `response_format` is sent:
    `auto` negotiates down the ladder of `capabilities.FORMAT_LADDER` and
    remembers the answer in `capability_cache`; any other value is one fixed
    rung (`json_schema`, `json_object_schema`, `json_object`, `off`).  On the
    rungs where the server never sees the schema the schema goes into the
    system prompt.  `rng` makes the jitter reproducible in tests.
    """

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None,
        base_url: str | None,
        prices: PriceTable | None = None,
        max_attempts: int = 4,
        backoff_base: float = 0.5,
        backoff_cap: float = 20.0,
        timeout: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
        http_client: "httpx.Client | None" = None,
        structured_output: StructuredMode = "auto",
        capability_cache: CapabilityCache | None = None,
        default_max_tokens: int = DEFAULT_MAX_TOKENS,
        offline_guard: bool = False,
        rng: random.Random | None = None,
        request_parts: RequestParts = "loopback",
    ) -> None:
        if not model:
            raise ModelRejected("no model name given: use e.g. --model openai:gpt-4o-mini")
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        url = (base_url or DEFAULT_BASE_URL).rstrip("/")
        loopback = _check_endpoint(url, api_key=api_key, offline_guard=offline_guard)
        self.model = model
        self.base_url = safe_url(url)
        self.prices = prices if prices is not None else DEFAULT_PRICES
        self.max_attempts = max_attempts
        self.backoff_base = backoff_base
        self.backoff_cap = backoff_cap
        self.timeout = timeout
        self.structured_output: StructuredMode = structured_output
        self.capability_cache = capability_cache
        self.default_max_tokens = default_max_tokens
        self.format_fallbacks = 0
        """Rungs stepped down because the server rejected a `response_format`."""
        self.sends_request_parts = request_parts == "always" or (request_parts == "loopback" and loopback)
        """Typed requests go in the body's `research_request` field (see the module docstring)."""
        self._mode: FormatMode | None = None
        self._sleep = sleep
        self._rng = rng or random.Random()
        import openai  # imported here: the offline path never pays for it

        # The key is handed to the client and kept nowhere else (not even for
        # scrubbing: `_secrets` reads it back from the client when needed).
        self._client = openai.OpenAI(
            api_key=api_key or _NO_KEY,
            base_url=url,
            max_retries=0,
            timeout=timeout,
            http_client=cast(Any, http_client),  # openai's hint says httpx2.Client; it takes an httpx.Client too
        )

    def __repr__(self) -> str:
        return f"OpenAIModel(model={self.model!r}, base_url={self.base_url!r})"

    __str__ = __repr__

    def __reduce__(self) -> Any:  # never pickle a live client (and its key) into a store
        raise TypeError("OpenAIModel cannot be pickled")

    @property
    def name(self) -> str:
        return f"openai:{self.model}"

    # ------------------------------------------------------------ calling
    def generate(
        self,
        messages: list[Message],
        *,
        response_format: dict[str, Any] | None = None,
        schema: type[BaseModel] | None = None,
        request: ModelRequest | None = None,
        **kwargs: Any,
    ) -> ModelResponse:
        """One chat completion, retried on transient failures; see the module docstring."""
        unknown = set(kwargs) - _PASSTHROUGH
        if unknown:
            raise TypeError(f"OpenAIModel.generate got unexpected arguments: {sorted(unknown)}")
        if response_format is None and schema is not None:
            response_format = response_format_for(schema)
        params: dict[str, Any] = dict(kwargs)
        if not params.get("max_tokens") and not params.get("max_completion_tokens"):
            params["max_tokens"] = self.default_max_tokens
        if request is not None and self.sends_request_parts:
            params["extra_body"] = {WIRE_FIELD: to_wire(request)}
        if response_format is None:
            return self._response(self._call_with_retries(messages, params), messages)
        return self._generate_structured(messages, params, response_format)

    @property
    def format_mode(self) -> FormatMode:
        """The rung the next structured call uses (fixed, remembered, or the top of the ladder)."""
        if self.structured_output != "auto":
            return self.structured_output
        if self._mode is None:
            cached = self.capability_cache.get(self.base_url, self.model) if self.capability_cache else None
            self._mode = cached or FORMAT_LADDER[0]
        return self._mode

    def _generate_structured(self, messages: list[Message], params: dict[str, Any],
                             response_format: dict[str, Any]) -> ModelResponse:
        while True:
            mode = self.format_mode
            sent, fmt = structured_request(mode, messages, response_format)
            call = dict(params)
            if fmt is not None:
                call["response_format"] = fmt
            try:
                completion = self._call_with_retries(sent, call)
            except FormatRejected as exc:
                lower = next_mode(mode) if self.structured_output == "auto" else None
                if lower is None:
                    raise self._detach(ModelRejected(
                        f"{self.name} at {self.base_url} rejected response_format {mode!r} "
                        f"(HTTP {exc.status_code}): {self._scrub(exc.detail)}", status_code=exc.status_code), exc)
                log.warning("%s rejected response_format %r (HTTP %s); trying %r", self.name, mode,
                            exc.status_code, lower)
                self.format_fallbacks += 1
                self._remember(lower)
                continue
            if self.structured_output == "auto" and self.capability_cache is not None \
                    and self.capability_cache.get(self.base_url, self.model) != mode:
                self._remember(mode)
            return self._response(completion, sent)

    def _remember(self, mode: FormatMode) -> None:
        self._mode = mode
        if self.capability_cache is not None:
            self.capability_cache.put(self.base_url, self.model, mode)

    def _call_with_retries(self, messages: list[Message], params: dict[str, Any]) -> Any:
        import openai

        last_status: int | None = None
        for attempt in range(1, self.max_attempts + 1):
            wait_hint: float | None = None
            try:
                return self._client.chat.completions.create(
                    model=self.model, messages=cast("list[ChatCompletionMessageParam]", messages), **params
                )
            except openai.APIStatusError as exc:
                status = exc.status_code
                if "response_format" in params and _rejects_format(exc):
                    raise FormatRejected(status, _provider_message(exc)) from exc
                if not _transient_status(status):
                    raise self._detach(
                        ModelRejected(
                            f"{self.name} at {self.base_url} rejected the request "
                            f"(HTTP {status}): {self._scrub(_provider_message(exc))}",
                            status_code=status,
                        ),
                        exc,
                    )
                last_status = status
                wait_hint = retry_after_seconds(exc.response.headers)
                what = f"HTTP {status}"
                cause: BaseException = exc
            except openai.APITimeoutError as exc:
                what, cause = f"timed out after {self.timeout:g}s", exc
            except openai.APIConnectionError as exc:
                what, cause = "connection failed", exc
            except (json.JSONDecodeError, openai.APIResponseValidationError) as exc:
                what, cause = "answered with a body that is not a chat completion", exc
            if attempt >= self.max_attempts:
                raise self._detach(
                    ModelUnavailable(
                        f"{self.name} at {self.base_url} {what}; gave up after "
                        f"{self.max_attempts} attempt{'s' if self.max_attempts != 1 else ''}",
                        status_code=last_status,
                        attempts=attempt,
                    ),
                    cause,
                )
            delay = self._delay(attempt, wait_hint)
            log.warning("%s %s; retrying in %.2fs (attempt %d/%d)", self.name, what, delay, attempt + 1,
                        self.max_attempts)
            self._sleep(delay)
        raise AssertionError("unreachable")  # pragma: no cover

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self.backoff_cap)
        return self._rng.uniform(0.0, min(self.backoff_cap, self.backoff_base * 2 ** (attempt - 1)))

    def _response(self, completion: Any, messages: list[Message]) -> ModelResponse:
        if not getattr(completion, "choices", None):
            raise ModelOutputInvalid(f"{self.name} returned no choices")
        message = completion.choices[0].message
        text = message.content
        if not text and message.tool_calls:
            # Some servers deliver structured output as a tool call's arguments.
            call = message.tool_calls[0]
            text = getattr(getattr(call, "function", None), "arguments", None)
        if not text and message.refusal:
            raise ModelOutputInvalid(f"{self.name} refused: {self._scrub(message.refusal)[:300]}")
        text = text or ""
        u = completion.usage
        if u is not None:
            prompt, comp = int(u.prompt_tokens or 0), int(u.completion_tokens or 0)
            total = int(u.total_tokens or (prompt + comp))
        else:  # the server reports none: estimate so budgets still see the spend
            prompt = sum(estimate_tokens(str(m.get("content") or "")) for m in messages)
            comp = estimate_tokens(text)
            total = prompt + comp
        usage = Usage(prompt_tokens=prompt, completion_tokens=comp, total_tokens=total)
        usage.cost = self.prices.cost(self.model, usage)
        return ModelResponse(text=text, usage=usage, raw=completion)

    # ------------------------------------------------------------ secrets
    @property
    def _secrets(self) -> tuple[str, ...]:
        key = getattr(self._client, "api_key", "") or ""
        return (key,) if key and key != _NO_KEY else ()

    def _scrub(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "[redacted]")
        return text

    def _detach(self, error: ModelError, cause: BaseException) -> ModelError:
        """Chain `cause` unless its text carries the key (a provider echoing it back)."""
        leaked = any(s in str(cause) or s in repr(getattr(cause, "body", "")) for s in self._secrets)
        error.__cause__ = None if leaked else cause
        error.__suppress_context__ = True
        return error


class FormatRejected(ModelError):
    """The server refused the request's `response_format` (a capability answer, never retried as is)."""

    def __init__(self, status_code: int, detail: str) -> None:
        super().__init__(f"HTTP {status_code}: {detail}")
        self.status_code = status_code
        self.detail = detail


def _rejects_format(exc: Any) -> bool:
    """A 4xx/5xx whose error body names `response_format` or a format type: the server does not
    support what we asked for.  (The body is the only place such a server says so; it is read once,
    here at the boundary, and becomes the typed `FormatRejected`.)"""
    if exc.status_code in (401, 403, 404, 408, 429):
        return False
    body = exc.body if exc.body is not None else getattr(exc, "message", "")
    text = json.dumps(body) if not isinstance(body, str) else body
    return any(word in text for word in _FORMAT_WORDS)


def schema_instruction(schema: dict[str, Any]) -> str:
    """The schema as a prompt line, for rungs where the server does not see it."""
    return "The JSON object must match this JSON schema:\n" + json.dumps(schema, separators=(",", ":"))


def structured_request(mode: FormatMode, messages: list[Message],
                       response_format: dict[str, Any]) -> tuple[list[Message], dict[str, Any] | None]:
    """The messages and `response_format` to send on rung `mode` for a `json_schema` request."""
    schema = (response_format.get("json_schema") or {}).get("schema")
    if response_format.get("type") != "json_schema" or schema is None or mode == "json_schema":
        return messages, (None if mode == "off" else response_format)
    if mode == "json_object_schema":
        return messages, {"type": "json_object", "schema": schema}
    assert mode in SCHEMA_IN_PROMPT
    sent = [dict(m) for m in messages]
    if sent and sent[0].get("role") == "system":
        sent[0]["content"] = f"{sent[0].get('content') or ''}\n{schema_instruction(schema)}"
    else:
        sent.insert(0, {"role": "system", "content": schema_instruction(schema)})
    return sent, ({"type": "json_object"} if mode == "json_object" else None)


def _transient_status(status: int) -> bool:
    return status in (408, 429) or status >= 500


def _provider_message(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])[:300]
        if isinstance(err, str):
            return err[:300]
    return str(getattr(exc, "message", "") or exc)[:300]
