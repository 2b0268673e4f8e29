"""The one `Model` protocol every LLM call goes through, a scripted fake, and metering.

`Model.generate(messages, **kwargs) -> ModelResponse` returns the text and the
token `Usage` of one call.  The engine is handed a model object, never a
provider name; real adapters live outside the kernel and map their provider's
errors to `ModelError` at the boundary.

`ScriptedModel` fakes a model honestly: its script is a list, an iterator or a
callable; it raises `ScriptExhausted` when the script runs out (it never
repeats a default), records every request, and reports usage (estimated at
about four characters per token when the script gives none) so token budgets
are exercised by tests.

`MeteredModel(model, meter)` is how a model is handed over metered: the
composition root wraps the model it gives an agent or policy around the
engine's `UsageMeter` (`Engine(meter=...)`), so every `generate` call, wherever
it is made, adds its usage to the meter the run's budgets read.

A caller that checks a budget *before* a call (an estimate that would cross
the token or cost limit) does not make the call and tells the meter why, as a
typed `BudgetRefusal`; the engine's budget criteria (`MaxTokensCriteria`,
`MaxCostCriteria`) turn it into the ending.  Nobody else writes the stop.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from .errors import ComponentContractError, ScriptExhausted
from .stop_reason import StopReason
from .types import Usage

Message = dict[str, Any]


@dataclass
class ModelResponse:
    """What one model call returned."""

    text: str
    """The generated text."""
    usage: Usage = field(default_factory=Usage)
    """Tokens and cost of this call (all zero when unknown)."""
    raw: Any = None
    """The provider's own response object, for callers that need more."""


@runtime_checkable
class Model(Protocol):
    """Anything that turns chat messages into a `ModelResponse`."""

    def generate(self, messages: list[Message], **kwargs: Any) -> ModelResponse: ...


def estimate_tokens(text: str) -> int:
    """Rough token count: one token per four characters, rounded up."""
    return (len(text) + 3) // 4


ScriptOutput = str | ModelResponse | dict[str, Any]
Script = list[ScriptOutput] | Iterable[ScriptOutput] | Callable[[list[Message]], ScriptOutput | None]


class ScriptedModel:
    """A fake model that plays a script.

    `outputs` is a list or iterator of outputs, or a callable
    `(messages) -> output` (return None to end the script).  An output is a
    str, a `ModelResponse`, or a dict (sent as its JSON text, handy for
    scripting `JsonDecisionParser` decisions).  `cost_per_token` prices the
    (given or estimated) tokens so cost budgets can be tested.
    """

    def __init__(self, outputs: Script, *, name: str = "scripted", cost_per_token: float = 0.0) -> None:
        self.name = name
        self.cost_per_token = cost_per_token
        self.requests: list[list[Message]] = []
        self._fn: Callable[[list[Message]], ScriptOutput | None] | None = None
        self._iter: Iterator[ScriptOutput] | None = None
        if callable(outputs) and not isinstance(outputs, Iterable):
            self._fn = outputs
        else:
            self._iter = iter(outputs)

    def generate(self, messages: list[Message], **kwargs: Any) -> ModelResponse:
        self.requests.append([dict(m) for m in messages])
        n = len(self.requests)
        if self._fn is not None:
            out = self._fn(messages)
            if out is None:
                raise ScriptExhausted(f"{self.name}: script ended at request {n}")
        else:
            assert self._iter is not None
            try:
                out = next(self._iter)
            except StopIteration:
                raise ScriptExhausted(f"{self.name}: script ran out at request {n}") from None
        return self._response(out, messages)

    def _response(self, out: ScriptOutput, messages: list[Message]) -> ModelResponse:
        if isinstance(out, dict):
            out = json.dumps(out)
        if isinstance(out, str):
            out = ModelResponse(text=out)
        if not isinstance(out, ModelResponse):
            raise ComponentContractError(f"{self.name}: script output must be str, dict or ModelResponse, got {type(out).__name__}")
        if out.usage is None or (out.usage.total_tokens == 0 and out.usage.cost == 0):
            prompt = sum(estimate_tokens(str(m.get("content") or "")) for m in messages)
            completion = estimate_tokens(out.text)
            total = prompt + completion
            out = replace(out, usage=Usage(prompt, completion, total, total * self.cost_per_token))
        return out


@dataclass(frozen=True)
class BudgetRefusal:
    """A model call not made because its estimate would cross a hard limit: the run is out of budget."""

    reason: StopReason
    """`BUDGET_TOKENS` or `BUDGET_COST`: which limit, and the stop reason it ends the run with."""
    detail: str
    """The figures, for the stop detail ("extract call not made: … would cross the 1000-token limit")."""


class UsageMeter:
    """Thread-safe running total of the usage spent in one run, and the first budget refusal in it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._total = Usage()
        self.refusal: BudgetRefusal | None = None
        """The first call refused by a budget in the current run (`Engine.run` clears it when a run starts)."""

    def refuse(self, refusal: BudgetRefusal) -> None:
        """Record that a call was refused by a budget; the first refusal of a run is the one kept."""
        with self._lock:
            if self.refusal is None:
                self.refusal = refusal

    def add(self, usage: Usage | None) -> None:
        if usage is None:
            return
        with self._lock:
            self._total = self._total + usage

    @property
    def total(self) -> Usage:
        return self._total


class MeteredModel:
    """Wraps a model so that every `generate` call adds its usage to a meter.

    Other attributes are forwarded, so `model.requests` and the like keep
    working through the wrapper.
    """

    def __init__(self, inner: Model, meter: UsageMeter) -> None:
        self.inner = inner
        self.meter = meter

    def generate(self, messages: list[Message], **kwargs: Any) -> ModelResponse:
        response = self.inner.generate(messages, **kwargs)
        self.meter.add(getattr(response, "usage", None))
        return response

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
