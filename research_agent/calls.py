"""The seam every outgoing call of a run passes: tool calls, model calls and their HTTP clients.

A run started by `research run` passes nothing here.  A run started by a
queue worker (`scale/`) hands `compose.execute` a `RunSeams`:

* `gate.before_call(kind, name)` runs before every tool call (`search`,
  `visit`, prefetched visits included: they go through the same fetch) and
  every model call.  The worker's gate checks that it still holds the task's
  lease and raises `LeaseLost` — a `BaseException`, so no tool-error or
  step-recovery path turns it into a step that goes on — when it does not.
* `transport(key, inner)` wraps the httpx transport of each outgoing client
  (`model:<base url>`, `search:<backend>`), which is where a limit shared by
  all workers is taken and a 429's Retry-After is seen.
* `hooks` are extra engine hooks (the worker's: stop at the next step when
  it is told to let go).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import httpx

    from engine import EngineHook
    from engine.model import Message, Model, ModelResponse

__all__ = ["CallGate", "CallKind", "GatedModel", "RunSeams", "gated"]

F = TypeVar("F", bound=Callable[..., Any])


class CallKind(str, Enum):
    TOOL = "tool"
    MODEL = "model"


class CallGate(Protocol):
    def before_call(self, kind: CallKind, name: str) -> None:
        """Return to let the call go; raise (a `LeaseLost`) to stop the run before it."""


TransportWrapper = Callable[[str, "httpx.BaseTransport"], "httpx.BaseTransport"]


@dataclass
class RunSeams:
    """What a queue worker adds to a run (nothing for `research run`)."""

    gate: CallGate | None = None
    transport: TransportWrapper | None = None
    hooks: list["EngineHook"] = field(default_factory=list)

    def wrap(self, key: str, inner: "httpx.BaseTransport") -> "httpx.BaseTransport":
        return inner if self.transport is None else self.transport(key, inner)


def gated(gate: CallGate | None, name: str, fn: F) -> F:
    """`fn`, with `gate.before_call(TOOL, name)` before each call (`fn` itself when no gate)."""
    if gate is None:
        return fn

    def call(*args: Any, **kwargs: Any) -> Any:
        gate.before_call(CallKind.TOOL, name)
        return fn(*args, **kwargs)

    return call  # type: ignore[return-value]


class GatedModel:
    """A model whose every `generate` first passes the gate; other attributes are the model's."""

    def __init__(self, inner: "Model", gate: CallGate) -> None:
        self.inner, self.gate = inner, gate

    def generate(self, messages: "list[Message]", **kwargs: Any) -> "ModelResponse":
        self.gate.before_call(CallKind.MODEL, getattr(self.inner, "name", type(self.inner).__name__))
        return self.inner.generate(messages, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
