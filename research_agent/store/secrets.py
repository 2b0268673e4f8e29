"""Credentials never reach the database: config keys that look like secrets are dropped or redacted.

`strip_secrets` drops credential-looking keys (a task's stored config); `redact_secrets` keeps
the key and replaces its value (state rows); `may_hold_secret` is the cheap pre-check that lets
the common row, with no such key anywhere, skip the walk.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["REDACTED", "may_hold_secret", "redact_secrets", "strip_secrets"]

_SECRET_KEY = re.compile(
    r"(?:^|[_\-.])(?:api[_\-]?key|secret(?:[_\-]?key)?|token|authorization|password|passwd|bearer|cookie)$",
    re.IGNORECASE,
)
# A cheap scan of the JSON text for a key *ending* like one of those names: a
# superset of `_SECRET_KEY` (a hit only means the exact walk runs), so the
# common case, no such key anywhere in the row, skips the Python walk.
_SECRET_KEY_ENDINGS = tuple(
    f'{name}":'
    for name in (
        "apikey", "api_key", "api-key", "secret", "secretkey", "secret_key", "secret-key",
        "token", "authorization", "password", "passwd", "bearer", "cookie",
    )
)
REDACTED = "[redacted]"


def strip_secrets(value: Any) -> Any:
    """A copy of `value` without credential-looking keys (for config)."""
    if isinstance(value, Mapping):
        return {k: strip_secrets(v) for k, v in value.items() if not _SECRET_KEY.search(str(k))}
    if isinstance(value, list):
        return [strip_secrets(v) for v in value]
    return value


def redact_secrets(value: Any) -> Any:
    """A copy of `value` where credential-looking keys keep their key but lose their value."""
    if isinstance(value, dict):
        return {
            k: (REDACTED if v not in (None, "") and _SECRET_KEY.search(str(k)) else redact_secrets(v))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [redact_secrets(v) for v in value]
    return value


def may_hold_secret(text: str) -> bool:
    lowered = text.lower()  # a few C substring scans beat one case-folding regex alternation
    return any(ending in lowered for ending in _SECRET_KEY_ENDINGS)
