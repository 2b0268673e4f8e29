"""`resolve_model`: a `--model` spec to a `Model` object.

    offline               → None (the rule-based policy runs; no model at all)
    openai:<name>         → OpenAIModel(<name>) against `openai_base_url`
                            (OpenAI itself when unset) with `openai_api_key`
    scripted:<path.jsonl> → a ScriptedModel playing that script (see `scripted`)
    rules                 → RuleModel: a rule-based stand-in that answers the LLM
                            policy's prompts (no network; see `rules`)
    rules:noisy           → the same, making scheduled model mistakes (invalid JSON,
                            fenced JSON, loose cell keys, invented quotes)

When the config's `record_script` is set, the model is wrapped in a
`RecordingModel` that appends every answer to that JSONL file, so
`scripted:<file>` replays the run later (see `record`).

`config` is the run's configuration — the pydantic config model, or any
object or mapping with the fields `openai_api_key`, `openai_base_url` and
`prices_file` (all optional).  This module never reads the environment
itself: the config loader fills those fields from `OPENAI_API_KEY`,
`OPENAI_BASE_URL` and the config file, so there is one place where settings
are merged (the default capability-cache path is the config's
`$RESEARCH_HOME/llm_capabilities.json`).  Optional fields passed on
to the adapter: `openai_structured_output` (`auto` | a fixed rung),
`llm_capabilities_file`, `llm_timeout`, `llm_attempts`, `offline_guard`,
`openai_request_parts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, get_args

from engine.model import Model

from ..model_spec import ACCEPTED, ModelSpec
from .capabilities import CapabilityCache
from .openai_model import DEFAULT_BASE_URL, OpenAIModel, RequestParts, StructuredMode
from .prices import load_prices
from .scripted import load_script

__all__ = ["ACCEPTED", "resolve_model"]


def _structured_mode(value: Any) -> StructuredMode:
    """The configured rung; a mapping config (not validated by ResearchConfig) may name none."""
    modes: tuple[StructuredMode, ...] = get_args(StructuredMode)
    for mode in modes:
        if (value or "auto") == mode:
            return mode
    raise ValueError(f"unknown openai_structured_output {value!r}; accepted: {' | '.join(modes)}")


def _request_parts(value: Any) -> RequestParts:
    modes: tuple[RequestParts, ...] = get_args(RequestParts)
    for mode in modes:
        if (value or "loopback") == mode:
            return mode
    raise ValueError(f"unknown openai_request_parts {value!r}; accepted: {' | '.join(modes)}")


def _get(config: Any, name: str) -> Any:
    if config is None:
        return None
    if isinstance(config, Mapping):
        value = config.get(name)
    else:
        value = getattr(config, name, None)
    # pydantic SecretStr (or anything like it) is unwrapped only here, at the last moment
    if value is not None and hasattr(value, "get_secret_value"):
        value = value.get_secret_value()
    return value or None


def _capabilities_path(config: Any) -> Path:
    given = _get(config, "llm_capabilities_file")
    if given:
        return Path(given)
    from ..home import research_home

    return research_home() / "llm_capabilities.json"


def resolve_model(spec: ModelSpec | str, *, config: Any = None, transport: Any = None) -> Model | None:
    """The model named by `spec` (text is parsed by `ModelSpec.parse`; ValueError for an unknown one).
    `transport(key, inner)` wraps the HTTP transport of an `openai:` model's client (key
    `model:<base url>`): where a queue worker takes its shared rate limit (`calls.RunSeams`)."""
    model = _resolve(spec if isinstance(spec, ModelSpec) else ModelSpec.parse(spec), config, transport)
    record = _get(config, "record_script")
    if model is not None and record:
        from .record import RecordingModel

        return RecordingModel(model, record)
    return model


def _http_client(base_url: str, timeout: float, transport: Any) -> Any:
    if transport is None:
        return None
    import httpx

    from .openai_model import safe_url

    return httpx.Client(transport=transport(f"model:{safe_url(base_url)}", httpx.HTTPTransport()), timeout=timeout)


def _resolve(spec: ModelSpec, config: Any, transport: Any = None) -> Model | None:
    if spec.kind == "offline":
        return None
    if spec.kind == "rules":
        from .rules import RuleModel

        return RuleModel(str(spec), noisy=spec.noisy)
    if spec.kind == "openai":
        base_url = _get(config, "openai_base_url") or DEFAULT_BASE_URL
        api_key = _get(config, "openai_api_key")
        prices_file = _get(config, "prices_file")
        prices = load_prices(prices_file) if prices_file else None
        mode = _structured_mode(_get(config, "openai_structured_output"))
        timeout = float(_get(config, "llm_timeout") or 120.0)
        return OpenAIModel(
            spec.name, api_key=api_key, base_url=base_url, prices=prices, structured_output=mode,
            capability_cache=CapabilityCache(_capabilities_path(config)),
            timeout=timeout, http_client=_http_client(base_url, timeout, transport),
            max_attempts=int(_get(config, "llm_attempts") or 4),
            offline_guard=bool(_get(config, "offline_guard")),
            request_parts=_request_parts(_get(config, "openai_request_parts")),
        )
    if spec.is_auto:
        raise ValueError("--model scripted:auto replays each eval case's own script: use it with `research eval`")
    return load_script(spec.script)
