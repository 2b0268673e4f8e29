"""Faults the local web injects, so every error class can be reached over real HTTP.

A ``Fault`` names a URL (matched by canonical URL, so tracking-parameter
variants hit it too) and a kind. ``times=None`` means every request fails;
``times=N`` means the first N requests fail and later ones are served
normally (a transient fault that recovers). Evaluation cases list them in
``case.toml``; ``LocalWeb`` applies them.

What each kind does on the server:

=============  ================================================================
timeout        holds the request without answering (bounded wait, released
               when the server stops) — the client's read timeout fires
reset          closes the socket without sending a response
slow           waits 0.3 s (or ``seconds``), then serves the page normally
empty          200 ``text/html`` with an empty body
binary         200 ``application/octet-stream`` with random bytes
huge           200 ``text/html`` streaming more than 5 MB without Content-Length
redirect_loop  302 to the same URL with a changing ``_hop`` query parameter
redirect_private  302 to the cloud metadata address (169.254.169.254)
drip_headers   sends the status line, then one header byte every 50 ms
               (bounded, released when the server stops) — only a total
               deadline per exchange ends it
http_404 …     that status with a short HTML body; 429 carries ``Retry-After``
               (``retry_after`` or 1 second)
=============  ================================================================
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Fault", "FaultKind"]

FaultKind = Literal[
    "timeout",
    "http_404",
    "http_403",
    "http_429",
    "http_500",
    "reset",
    "slow",
    "empty",
    "binary",
    "huge",
    "redirect_loop",
    "redirect_private",
    "drip_headers",
]


class Fault(BaseModel):
    """One injected failure of the local web."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    url: str
    """The page's public URL (``https://<host>/<path>``); matched by canonical URL."""
    kind: FaultKind
    """What goes wrong (see the module docstring)."""
    times: int | None = Field(default=None, ge=0)
    """None: every request fails; N: the first N requests fail, later ones succeed."""
    retry_after: float | None = Field(default=None, ge=0)
    """Seconds sent in ``Retry-After`` for ``http_429`` (default 1)."""
    seconds: float | None = Field(default=None, gt=0)
    """How long ``slow`` waits before serving (default 0.3)."""
