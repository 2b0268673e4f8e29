"""What a `--db` value names: a `postgresql://` URL or a SQLite file (no import of psycopg here)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

__all__ = ["is_pg_url", "safe_url"]

_SCHEMES = ("postgresql://", "postgres://")


def is_pg_url(value: object) -> bool:
    """True for a PostgreSQL connection URL (`postgresql://…` or `postgres://…`)."""
    return isinstance(value, str) and value.startswith(_SCHEMES)


def safe_url(url: str) -> str:
    """`url` without its password, for messages, reports and stored settings."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = f"{parts.username}:***@{parts.hostname or ''}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))
