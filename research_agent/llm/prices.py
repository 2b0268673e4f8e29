"""Model prices: USD per million input/output tokens, per model name.

A `PriceTable` maps a model name, or a prefix pattern ending in `*`
("gpt-4o-mini*" matches "gpt-4o-mini-2024-07-18"), to a `ModelPrice`.  An
exact name wins over a pattern; among patterns the longest prefix wins, so
"gpt-4o-mini*" beats "gpt-4o*".  A model the table does not know costs 0:
that is right for local servers (vLLM, Ollama, llama.cpp, LM Studio) and
means the cost budget cannot see spending on an unknown paid model — add it
to a prices file (`load_prices`) when you use one.

`DEFAULT_PRICES` is deliberately small.  Its numbers are OpenAI list prices as
the author knew them when this file was written (see `as_of`); providers
change prices, so check them and override with a TOML file:

    as_of = "2026-11-30"
    replace = false          # true: drop the built-in table instead of extending it

    [models."gpt-4o-mini*"]
    input = 0.15             # USD per 1M prompt tokens
    output = 0.60            # USD per 1M completion tokens

    [models."my-finetune"]
    input = 0.30
    output = 1.20
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.types import Usage

from ..user_files import read_user_text


class ModelPrice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    input: float = Field(ge=0)
    """USD per one million prompt (input) tokens."""
    output: float = Field(ge=0)
    """USD per one million completion (output) tokens."""


class PriceTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    models: dict[str, ModelPrice] = Field(default_factory=dict)
    """Model name or prefix pattern (ending in `*`) → price."""
    as_of: str | None = None
    """When the prices were written down (they go stale; override them)."""

    def price_for(self, model: str) -> ModelPrice | None:
        """The price of `model`: exact name first, then the longest matching prefix pattern."""
        if model in self.models:
            return self.models[model]
        best: tuple[int, ModelPrice] | None = None
        for pattern, price in self.models.items():
            if pattern.endswith("*") and model.startswith(pattern[:-1]):
                if best is None or len(pattern) > best[0]:
                    best = (len(pattern), price)
        return best[1] if best else None

    def cost(self, model: str, usage: Usage) -> float:
        """USD cost of `usage` on `model`; 0.0 when the table does not know the model."""
        price = self.price_for(model)
        if price is None:
            return 0.0
        return (usage.prompt_tokens * price.input + usage.completion_tokens * price.output) / 1_000_000

    def merged(self, other: "PriceTable") -> "PriceTable":
        """This table extended (and overridden) by `other`."""
        return PriceTable(models={**self.models, **other.models}, as_of=other.as_of or self.as_of)


class PricesFileError(ValueError):
    """A prices file cannot be read; the message names the file and the key."""


# OpenAI list prices (USD / 1M tokens) as known to the author; written 2026-11-30.
# Verify at https://openai.com/api/pricing and override with `prices_file`.
DEFAULT_PRICES = PriceTable(
    as_of="2026-11-30 (author's list prices; overridable)",
    models={
        "gpt-4o-mini*": ModelPrice(input=0.15, output=0.60),
        "gpt-4o*": ModelPrice(input=2.50, output=10.00),
        "gpt-4.1-nano*": ModelPrice(input=0.10, output=0.40),
        "gpt-4.1-mini*": ModelPrice(input=0.40, output=1.60),
        "gpt-4.1*": ModelPrice(input=2.00, output=8.00),
        "o3-mini*": ModelPrice(input=1.10, output=4.40),
        "o4-mini*": ModelPrice(input=1.10, output=4.40),
    },
)


def load_prices(path: str | Path, *, base: PriceTable | None = DEFAULT_PRICES) -> PriceTable:
    """Read a TOML prices file and extend `base` with it (`replace = true` in the file drops `base`)."""
    p = Path(path)
    text = read_user_text(p, "prices file", PricesFileError)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PricesFileError(f"{p}: not valid TOML ({exc})") from exc
    replace = raw.pop("replace", False)
    if not isinstance(replace, bool):
        raise PricesFileError(f"{p}: key `replace` must be true or false")
    try:
        table = PriceTable.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "(top level)"
        raise PricesFileError(f"{p}: key `{where}`: {first['msg']}") from exc
    if replace or base is None:
        return table
    return base.merged(table)


def cost(model: str, usage: Usage, table: PriceTable = DEFAULT_PRICES) -> float:
    """USD cost of `usage` on `model` according to `table` (the built-in one by default)."""
    return table.cost(model, usage)
