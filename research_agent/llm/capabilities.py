"""What an endpoint accepts for structured output, negotiated once and remembered.

Servers that speak the chat-completions API disagree on `response_format`:

    json_schema         {"type": "json_schema", "json_schema": {...}}   OpenAI, vLLM, llama.cpp's C++ server
    json_object_schema  {"type": "json_object", "schema": {...}}        llama-cpp-python (grammar from the schema)
    json_object         {"type": "json_object"}  + schema in the prompt  JSON mode only
    off                 no response_format       + schema in the prompt  servers that reject the field

With `structured_output = "auto"` the adapter starts at the first rung (or at
what this file remembers for the endpoint) and steps down one rung each time
the server answers that it rejects the field — a 4xx/5xx whose error body
names `response_format` or a format type is a capability answer, never a
transient failure.  The rung that answered is remembered per base URL +
model in a small JSON file (default `$RESEARCH_HOME/llm_capabilities.json`,
setting `llm_capabilities_file`):

    {"version": 1, "endpoints": {"http://127.0.0.1:8080/v1 smollm2":
        {"structured_output": "json_object_schema", "checked_at": "2026-12-01T08:30:00+00:00"}}}

Delete the file (or its entry) to negotiate again.  An unreadable file is
ignored and rewritten: it is a cache, never a source of truth.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Literal, get_args

log = logging.getLogger(__name__)

FormatMode = Literal["json_schema", "json_object_schema", "json_object", "off"]
FORMAT_LADDER: tuple[FormatMode, ...] = get_args(FormatMode)
"""Rungs tried in order by `auto`, best first."""

SCHEMA_IN_PROMPT: frozenset[FormatMode] = frozenset({"json_object", "off"})
"""Rungs where the server does not see the schema, so the prompt carries it."""


def next_mode(mode: FormatMode) -> FormatMode | None:
    """The rung below `mode`, or None at the bottom."""
    i = FORMAT_LADDER.index(mode)
    return FORMAT_LADDER[i + 1] if i + 1 < len(FORMAT_LADDER) else None


def endpoint_key(base_url: str, model: str) -> str:
    return f"{base_url.rstrip('/')} {model}"


class CapabilityCache:
    """The JSON file of negotiated formats (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def _load(self) -> dict[str, dict[str, str]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable capability cache %s: %s", self.path, exc)
            return {}
        endpoints = data.get("endpoints") if isinstance(data, dict) else None
        return endpoints if isinstance(endpoints, dict) else {}

    def get(self, base_url: str, model: str) -> FormatMode | None:
        entry = self._load().get(endpoint_key(base_url, model))
        mode = entry.get("structured_output") if isinstance(entry, dict) else None
        return mode if mode in FORMAT_LADDER else None

    def put(self, base_url: str, model: str, mode: FormatMode) -> None:
        endpoints = self._load()
        endpoints[endpoint_key(base_url, model)] = {
            "structured_output": mode, "checked_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # write-then-rename: a reader never sees half a file, two runs never interleave lines
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".capabilities-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"version": 1, "endpoints": endpoints}, fh, indent=1, sort_keys=True)
        os.replace(tmp, self.path)
