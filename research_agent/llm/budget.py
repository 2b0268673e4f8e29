"""Token and cost budgets checked before each model call, not between steps.

One research step can make a plan call, a reading call and a rubric call per
cell, each with validation retries, so a limit checked between steps can be
overrun by a whole step.  `CallBudget.check` runs before every call (the
pattern of pydantic-ai's `UsageLimits.check_before_request`):

    estimated tokens = prompt characters / 4 (rounded up)  +  the max_tokens sent
    estimated cost   = prompt estimate × input price + max_tokens × output price

and raises `ModelBudgetExceeded` — a typed value carrying the figures — when
what was spent plus the estimate would cross `max_tokens` or `max_cost`; the
call is then not made, and the engine's `UsageMeter` (`meter`) is told as a
typed `BudgetRefusal`: the engine's budget criterion ends the run on it, with
these figures as the detail.  The caller only keeps what its step found.  Because the reply can never be longer than the
`max_tokens` sent, the estimate is an upper bound whenever the server counts
prompt tokens no higher than characters / 4 (true of English text with BPE
tokenizers; a server that counts more can overrun by that difference, which
the between-step check then catches).  `add` books what each call really used.

Prices come from the model: an `OpenAIModel`'s price table entry, a scripted
model's `cost_per_token`, else zero (local servers, the rule stand-in).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engine.model import BudgetRefusal, Message, UsageMeter, estimate_tokens
from engine.stop_reason import StopReason
from engine.types import Usage

from .openai_model import ModelError
from .prices import ModelPrice

BudgetKind = Literal["budget_tokens", "budget_cost"]


class ModelBudgetExceeded(ModelError):
    """A model call was not made: its estimate would cross the run's token or cost limit."""

    def __init__(self, kind: BudgetKind, *, call: str, spent: Usage, tokens: int, cost: float,
                 max_tokens: int | None, max_cost: float | None) -> None:
        self.kind: BudgetKind = kind
        self.call, self.spent, self.tokens, self.cost = call, spent, tokens, cost
        self.max_tokens, self.max_cost = max_tokens, max_cost
        super().__init__(self.detail)

    @property
    def detail(self) -> str:
        if self.kind == "budget_tokens":
            return (f"{self.call} call not made: {self.spent.total_tokens} tokens used + ~{self.tokens} estimated "
                    f"would cross the {self.max_tokens}-token limit")
        return (f"{self.call} call not made: ${self.spent.cost:.6f} spent + ~${self.cost:.6f} estimated "
                f"would cross the ${self.max_cost:.6f} limit")


def price_of(model: Any) -> ModelPrice | None:
    """The per-1M-token price of `model`, looking through wrappers (`.inner`)."""
    seen = 0
    while model is not None and seen < 8:
        prices, name = getattr(model, "prices", None), getattr(model, "model", None)
        if prices is not None and isinstance(name, str) and hasattr(prices, "price_for"):
            return prices.price_for(name)
        per_token = getattr(model, "cost_per_token", None)
        if isinstance(per_token, (int, float)) and not isinstance(per_token, bool):
            return ModelPrice(input=per_token * 1e6, output=per_token * 1e6) if per_token else None
        model, seen = getattr(model, "inner", None), seen + 1
    return None


@dataclass
class CallBudget:
    """The run's token/cost limits and what the model calls have spent against them."""

    max_tokens: int | None = None
    max_cost: float | None = None
    spent: Usage = field(default_factory=Usage)
    meter: UsageMeter | None = None
    """The engine's meter, told of a refused call (its budget criterion turns that into the ending)."""

    def check(self, call: str, messages: list[Message], reply_tokens: int, price: ModelPrice | None) -> None:
        """Raise `ModelBudgetExceeded` when this call's estimate would cross a limit."""
        if self.max_tokens is None and self.max_cost is None:
            return
        prompt = sum(estimate_tokens(str(m.get("content") or "")) for m in messages)
        tokens = prompt + reply_tokens
        cost = (prompt * price.input + reply_tokens * price.output) / 1e6 if price is not None else 0.0
        def exceeded(kind: BudgetKind) -> ModelBudgetExceeded:
            refused = ModelBudgetExceeded(kind, call=call, spent=self.spent, tokens=tokens, cost=cost,
                                          max_tokens=self.max_tokens, max_cost=self.max_cost)
            if self.meter is not None:
                self.meter.refuse(BudgetRefusal(StopReason(kind), refused.detail))
            return refused

        if self.max_tokens is not None and self.spent.total_tokens + tokens > self.max_tokens:
            raise exceeded("budget_tokens")
        if self.max_cost is not None and self.spent.cost + cost > self.max_cost + 1e-12:
            raise exceeded("budget_cost")

    def add(self, usage: Usage | None) -> None:
        if usage is not None:
            self.spent = self.spent + usage
