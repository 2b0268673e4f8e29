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

Errors are mapped at this boundary (`raise … from exc`) to a small tree,
rooted in the engine's `ModelError` so the engine's recovery policy sees
every model failure as one kind:

    engine.errors.ModelError
     └── ModelError               a model call failed (this adapter, the LLM policy)
          ├── ModelUnavailable    transient failures outlasted the retries (429/5xx/timeout/connection)
          ├── ModelRejected       permanent: a 4xx other than 429, a refused configuration
          │                       (no key for a remote endpoint, a real provider under tests)
          └── ModelOutputInvalid  the model answered, but not with something usable
                                  (a refusal, no choices; the LLM policy raises it after
                                  its validation retries run out)

Every response's usage (prompt/completion/total tokens) is returned on the
`ModelResponse`, priced with the `PriceTable`; a server that reports no usage
gets an estimate (four characters per token) so token budgets still work.

The API key lives only inside the `openai` client.  It is never stored on
this object, never shown by `repr`, and scrubbed from every error message
(a provider that echoes it back gets its error detached from the chain).
Under tests (`PYTEST_CURRENT_TEST` set, or `RESEARCH_TESTING=1`) the adapter
refuses at construction to talk to anything but a loopback address.
"""

from __future__ import annotations

import email.utils
import ipaddress
import json
import logging
import os
import random
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel

from engine.errors import ModelError as EngineModelError
from engine.model import Message, ModelResponse, estimate_tokens
from engine.types import Usage

from .prices import DEFAULT_PRICES, PriceTable

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
TEST_GUARD_MESSAGE = (
    "real model providers are disabled under tests; point OPENAI_BASE_URL at a loopback server"
)
_NO_KEY = "no-key-needed-for-loopback"
_PASSTHROUGH = frozenset({"temperature", "max_tokens", "max_completion_tokens", "seed", "top_p", "stop"})

_UNSUPPORTED_KEYWORDS = frozenset({
    "default", "maxLength", "minLength", "maxItems", "minItems", "pattern", "format",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
})

StructuredMode = Literal["json_schema", "json_object", "off"]


class ModelError(EngineModelError):
    """A model call failed (see the module docstring for the tree)."""


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


def under_tests() -> bool:
    return bool(os.environ.get("PYTEST_CURRENT_TEST")) or os.environ.get("RESEARCH_TESTING") == "1"


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
    `json_schema` as given (OpenAI, vLLM, llama.cpp, LM Studio, recent
    Ollama), `json_object` (servers that only know JSON mode), or `off`
    (servers that reject the field; the policy still validates the text).
    `rng` makes the jitter reproducible in tests.
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
        structured_output: StructuredMode = "json_schema",
        rng: random.Random | None = None,
    ) -> None:
        if not model:
            raise ModelRejected("no model name given: use e.g. --model openai:gpt-4o-mini")
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        url = (base_url or DEFAULT_BASE_URL).rstrip("/")
        if urlsplit(url).scheme not in ("http", "https"):
            raise ModelRejected(f"base URL {safe_url(url)!r} is not an http(s) URL")
        loopback = is_loopback_url(url)
        if under_tests() and not loopback:
            raise ModelRejected(TEST_GUARD_MESSAGE)
        if not api_key and not loopback:
            raise ModelRejected(
                f"no API key for {safe_url(url)}: set OPENAI_API_KEY (or `openai_api_key` in the "
                "config file; any non-empty value for a server that does not check keys)"
            )
        self.model = model
        self.base_url = safe_url(url)
        self.prices = prices if prices is not None else DEFAULT_PRICES
        self.max_attempts = max_attempts
        self.backoff_base = backoff_base
        self.backoff_cap = backoff_cap
        self.timeout = timeout
        self.structured_output: StructuredMode = structured_output
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
            http_client=http_client,
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
        **kwargs: Any,
    ) -> ModelResponse:
        """One chat completion, retried on transient failures; see the module docstring."""
        unknown = set(kwargs) - _PASSTHROUGH
        if unknown:
            raise TypeError(f"OpenAIModel.generate got unexpected arguments: {sorted(unknown)}")
        if response_format is None and schema is not None:
            response_format = response_format_for(schema)
        params: dict[str, Any] = dict(kwargs)
        fmt = self._format(response_format)
        if fmt is not None:
            params["response_format"] = fmt
        completion = self._call_with_retries(messages, params)
        return self._response(completion, messages)

    def _format(self, response_format: dict[str, Any] | None) -> dict[str, Any] | None:
        if response_format is None or self.structured_output == "off":
            return None
        if self.structured_output == "json_object" and response_format.get("type") == "json_schema":
            return {"type": "json_object"}
        return response_format

    def _call_with_retries(self, messages: list[Message], params: dict[str, Any]) -> Any:
        import openai

        last_status: int | None = None
        for attempt in range(1, self.max_attempts + 1):
            wait_hint: float | None = None
            try:
                return self._client.chat.completions.create(model=self.model, messages=messages, **params)
            except openai.APIStatusError as exc:
                status = exc.status_code
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
