"""Model adapters for the LLM research policy.

`OpenAIModel` speaks to any OpenAI-compatible chat endpoint (OpenAI, vLLM,
Ollama, llama.cpp server, LM Studio…); `load_script` plays a recorded JSONL
script (`--model scripted:path.jsonl`); `resolve_model` turns a `--model` spec
into one of them.  `PriceTable` prices token usage for the cost budget.
Errors are one tree rooted in the engine's `ModelError` (see `openai_model`).
"""

from .openai_model import (
    ModelError,
    ModelOutputInvalid,
    ModelRejected,
    ModelUnavailable,
    OpenAIModel,
    is_loopback_url,
    response_format_for,
    retry_after_seconds,
    strict_json_schema,
)
from .prices import DEFAULT_PRICES, ModelPrice, PriceTable, PricesFileError, cost, load_prices
from .resolve import resolve_model
from .scripted import ScriptError, ScriptModel, load_script

__all__ = [
    "DEFAULT_PRICES",
    "ModelError",
    "ModelOutputInvalid",
    "ModelPrice",
    "ModelRejected",
    "ModelUnavailable",
    "OpenAIModel",
    "PriceTable",
    "PricesFileError",
    "ScriptError",
    "ScriptModel",
    "cost",
    "is_loopback_url",
    "load_prices",
    "load_script",
    "resolve_model",
    "response_format_for",
    "retry_after_seconds",
    "strict_json_schema",
]
