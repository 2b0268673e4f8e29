"""One configuration model, filled from flags, environment and a file.

Precedence, lowest to highest: built-in defaults → `$RESEARCH_HOME/config.toml`
(or `--config FILE`) → environment (`RESEARCH_HOME`, `OPENAI_API_KEY`,
`OPENAI_BASE_URL`, `TAVILY_API_KEY`, `BRAVE_API_KEY`, `SEARXNG_URL`,
`RESEARCH_OFFLINE_GUARD`, `RESEARCH_PLANNER`, `RESEARCH_DATABASE_URL`, `RESEARCH_LLM_TIMEOUT`,
`RESEARCH_LLM_ATTEMPTS`, `RESEARCH_LLM_MAX_TOKENS_<KIND>`) → flags.
Budgets are config, not constants.  Secrets are `SecretStr`, so they never
print, and `public_dump` leaves them out of anything persisted.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, SecretStr, ValidationError

from .home import config_file_path, default_db, research_home
from .model_spec import ModelSpec, parse_model
from .user_files import read_user_text

ModelSetting = Annotated[ModelSpec, BeforeValidator(parse_model), PlainSerializer(str, return_type=str)]
"""`--model` as the config holds it: parsed once from its text, written back as text."""

REPO_ROOT = Path(__file__).resolve().parent.parent
DEMO_CORPUS = Path(__file__).resolve().parent / "demo"
"""The README's demo corpus; package data, so it is there after `pip install .` too."""


def default_eval_paths() -> list[Path]:
    """What `research eval` runs without arguments: `evalsets/` of a checkout and the demo case."""
    return [p for p in (REPO_ROOT / "evalsets", DEMO_CORPUS) if p.is_dir()]


class ConfigError(ValueError):
    """The configuration file or a setting is invalid."""




class ResearchConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    db: Path | None = None
    """SQLite database; default `$RESEARCH_HOME/research.db`."""
    database_url: str | None = None
    """A `postgresql://` URL: the PostgreSQL store instead of SQLite (`--db URL`, env
    RESEARCH_DATABASE_URL; docs/scale.md).  Never stored with a task (it may hold a password)."""
    traces: Path = Path("traces")
    """Where run traces are written (`<traces>/<run_id>/`)."""
    model: ModelSetting = ModelSpec()
    """`offline`, `rules`, `rules:noisy`, `openai:<name>` or `scripted:<path.jsonl>` (a `ModelSpec`)."""
    openai_api_key: SecretStr | None = None
    """Key for the OpenAI-compatible endpoint (env OPENAI_API_KEY)."""
    openai_base_url: str | None = None
    """Base URL of an OpenAI-compatible server (env OPENAI_BASE_URL)."""
    prices_file: Path | None = None
    """TOML price table overriding the built-in one (USD per 1M tokens)."""
    openai_structured_output: Literal["auto", "json_schema", "json_object_schema", "json_object", "off"] = "auto"
    """How the adapter asks for JSON: `auto` negotiates per endpoint (docs/llm.md), or one fixed rung."""
    openai_request_parts: Literal["loopback", "always", "never"] = "loopback"
    """Send each request's kind and typed parts in the body's `research_request` field: `loopback`
    (to a server on loopback only; OpenAI's own API rejects unknown fields), `always` or `never`."""
    llm_capabilities_file: Path | None = None
    """Where negotiated formats are remembered; default `$RESEARCH_HOME/llm_capabilities.json`."""
    planner: Literal["auto", "rules", "model"] = "auto"
    """Who plans the next call with a model: `rules` (the deterministic ladder; the model reads and
    judges) or `model`; `auto` = `rules` for `openai:` models, `model` for `rules`/`scripted:`."""
    llm_timeout: float = Field(120.0, gt=0)
    """Seconds one model request may take (env RESEARCH_LLM_TIMEOUT)."""
    llm_attempts: int = Field(4, ge=1)
    """Attempts per model request on transient failures (env RESEARCH_LLM_ATTEMPTS)."""
    llm_max_tokens_plan: int = Field(200, ge=16)
    """`max_tokens` sent with a planning call (env RESEARCH_LLM_MAX_TOKENS_PLAN)."""
    llm_max_tokens_extract: int = Field(600, ge=16)
    """`max_tokens` sent with a page-reading call (env RESEARCH_LLM_MAX_TOKENS_EXTRACT)."""
    llm_max_tokens_judge: int = Field(150, ge=16)
    """`max_tokens` sent with a rubric call (env RESEARCH_LLM_MAX_TOKENS_JUDGE)."""
    llm_max_tokens_synthesize: int = Field(600, ge=16)
    """`max_tokens` sent with the answer-text call (env RESEARCH_LLM_MAX_TOKENS_SYNTHESIZE)."""
    llm_max_tokens_contract: int = Field(600, ge=16)
    """`max_tokens` sent with a contract-drafting call (env RESEARCH_LLM_MAX_TOKENS_CONTRACT)."""
    llm_invalid_retries: int = Field(2, ge=0)
    """Times an invalid answer is sent back to the model with the validator's reason."""
    llm_page_chars: int = Field(12_000, ge=500)
    """Characters of page text one reading prompt carries."""
    offline_guard: bool = False
    """Refuse model and search endpoints that are not on loopback (env RESEARCH_OFFLINE_GUARD=1; tests)."""
    record_script: Path | None = None
    """Append every model answer to this JSONL script, replayable with `scripted:<file>`."""
    corpus: Path | None = None
    """Local corpus folder served on loopback and indexed; default the demo corpus."""
    with_corpus: bool = False
    """With a web search backend, also search and read the local corpus (set by `--corpus` too)."""
    search_backend: Literal["local", "searxng", "tavily", "brave"] = "local"
    """Where `search` goes."""
    searxng_url: str | None = None
    """Base URL of a SearXNG instance with the JSON format enabled."""
    tavily_api_key: SecretStr | None = None
    brave_api_key: SecretStr | None = None
    max_steps: int = Field(40, ge=1)
    """Hard step budget (one tool call per step)."""
    max_time: float | None = Field(None, gt=0)
    """Hard wall-time budget in seconds."""
    max_tokens: int | None = Field(None, ge=1)
    """Hard model-token budget."""
    max_cost: float | None = Field(None, gt=0)
    """Hard model-cost budget in US dollars."""
    risk_policy: Path | None = None
    """TOML risk policy merged over the defaults."""
    http_timeout: float = Field(10.0, gt=0)
    max_page_bytes: int = Field(2_000_000, ge=1024)
    retry_base_delay: float = Field(0.2, ge=0)
    retry_max_delay: float = Field(5.0, ge=0)
    transient_attempts: int = Field(3, ge=1)
    max_consecutive_failures: int = Field(6, ge=1)
    max_unchanged_steps: int = Field(20, ge=1)
    """Steps in a row without a state change after which the run ends `no_new_evidence` (the stagnation safety net)."""
    max_duplicates: int = Field(3, ge=1)
    """Already-executed actions proposed in a row after which the run ends `duplicate_path`."""
    max_tool_calls: int | None = Field(None, ge=1)
    """Hard tool-call budget (searches and page reads; refused actions cost none)."""
    prefetch: int = Field(4, ge=0)
    """Leads of open cells fetched ahead, concurrently, and served to later `visit` steps (0: off)."""
    prefetch_per_host: int = Field(2, ge=1)
    """At most this many requests to one host at once while prefetching."""

    def db_path(self) -> Path:
        return self.db or default_db()

    def corpus_path(self) -> Path:
        return self.corpus or DEMO_CORPUS

    def capabilities_path(self) -> Path:
        return self.llm_capabilities_file or research_home() / "llm_capabilities.json"

    def reply_tokens(self) -> dict[str, int]:
        """`max_tokens` per model call kind."""
        return {kind: getattr(self, f"llm_max_tokens_{kind}") for kind in LLM_CALL_KINDS}

    def public_dump(self) -> dict[str, Any]:
        """Everything but secrets, JSON-able: what the store keeps."""
        data = self.model_dump(mode="json", exclude={"openai_api_key", "tavily_api_key", "brave_api_key", "database_url"})
        return data


LLM_CALL_KINDS = ("plan", "extract", "judge", "synthesize", "contract")

MODEL_SETTINGS = (
    "openai_api_key", "openai_base_url", "prices_file", "openai_structured_output", "openai_request_parts",
    "llm_capabilities_file",
    "planner", "llm_timeout", "llm_attempts", "llm_invalid_retries", "llm_page_chars", "offline_guard",
    *(f"llm_max_tokens_{kind}" for kind in LLM_CALL_KINDS),
)
"""The settings that say how to reach a model: what `research eval` takes from the user's config."""


def model_settings(cfg: ResearchConfig, model: ModelSpec | str) -> dict[str, Any]:
    """`model` plus the connection settings of `cfg` (key, base URL, prices), nothing else:
    an eval case keeps its own budgets and corpus whatever the user's config says."""
    return {"model": model, **{k: getattr(cfg, k) for k in MODEL_SETTINGS}}


_ENV = {
    "OPENAI_API_KEY": "openai_api_key",
    "OPENAI_BASE_URL": "openai_base_url",
    "TAVILY_API_KEY": "tavily_api_key",
    "BRAVE_API_KEY": "brave_api_key",
    "SEARXNG_URL": "searxng_url",
    "RESEARCH_DATABASE_URL": "database_url",
    "RESEARCH_OFFLINE_GUARD": "offline_guard",
    "RESEARCH_LLM_TIMEOUT": "llm_timeout",
    "RESEARCH_LLM_ATTEMPTS": "llm_attempts",
    "RESEARCH_PLANNER": "planner",
    **{f"RESEARCH_LLM_MAX_TOKENS_{kind.upper()}": f"llm_max_tokens_{kind}" for kind in ("plan", "extract", "judge", "synthesize", "contract")},
}


def load_config(file: Path | None = None, overrides: dict[str, Any] | None = None, env: dict[str, str] | None = None) -> ResearchConfig:
    env = dict(os.environ if env is None else env)
    data: dict[str, Any] = {}
    path = file or config_file_path()
    if file is not None or path.exists():
        text = read_user_text(path, "config file", ConfigError)
        try:
            data.update(tomllib.loads(text))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: not valid TOML ({exc})") from exc
    for var, key in _ENV.items():
        if env.get(var):
            data[key] = env[var]
    data.update({k: v for k, v in (overrides or {}).items() if v is not None})
    try:
        return ResearchConfig.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ConfigError(f"{path if data else 'config'}: setting `{where}`: {first['msg']}") from exc
