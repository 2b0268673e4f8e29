"""The composition root's constructors: the `Store` and the model a config names.

`compose` builds runs from these; the CLI and the eval runner call them (never
`Store(...)` or `resolve_model` themselves).  They live apart from `compose`
because `list`, `show` and `cancel` need a store without loading the tools
behind a run (about a second on start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.model import Model

    from .calls import TransportWrapper
    from .config import ResearchConfig
    from .contract import TaskContract
    from .store import Store


def open_store(cfg: ResearchConfig) -> Store:
    """The task database the config points at (created when missing): PostgreSQL for a
    `database_url` (psycopg is imported only then), else the SQLite file."""
    if cfg.database_url:
        from .store.pg import PgStore

        return PgStore(cfg.database_url)
    from .store import Store

    return Store(cfg.db_path())


def make_model(cfg: ResearchConfig, *, transport: TransportWrapper | None = None) -> Model | None:
    """The model `cfg.model` names, None for `offline`; ValueError (or `ModelRejected`) for a bad spec.
    `transport` wraps the HTTP transport of an `openai:` model's client (a worker's shared rate limit)."""
    if not cfg.model.uses_model:
        return None
    from .llm.resolve import resolve_model

    return resolve_model(cfg.model, config=cfg, transport=transport)


def draft_contract(question: str, cfg: ResearchConfig, model: Model) -> TaskContract:
    """`model`'s contract for a free question (`ModelError` when it cannot write one)."""
    from .policy.llm import LLMPolicy

    policy = LLMPolicy(model, reply_tokens=cfg.reply_tokens(), max_invalid_retries=cfg.llm_invalid_retries)
    return policy.draft_contract(question)
