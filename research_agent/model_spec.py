"""`ModelSpec`: the `--model` string, parsed once where it comes in.

    offline               no model: the rule-based offline policy runs
    rules | rules:noisy   the rule-based stand-in model (`llm/rules.py`), noisy: scheduled mistakes
    openai:<name>         an OpenAI-compatible endpoint serving <name>
    scripted:<path>       a recorded JSONL script (`llm/scripted.py`)
    scripted:auto         (`research eval` only) each case's own recorded script

The config (`ResearchConfig.model`) and `research eval --model` parse the
text into this value; everything downstream reads its fields (`kind`,
`name`, `script`, …) and never the text.  `str(spec)` writes the text form
back (what the stored config and a resume command hold), so a spec survives
a round trip through the store.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ModelKind = Literal["offline", "rules", "openai", "scripted"]
ACCEPTED = "offline | rules[:noisy] | openai:<model name> | scripted:<path.jsonl>"
AUTO = "auto"


@dataclass(frozen=True)
class ModelSpec:
    """Which model a run uses (see the module docstring)."""

    kind: ModelKind = "offline"
    name: str = ""
    """The model name an `openai` endpoint serves; empty for the other kinds."""
    script: str = ""
    """A `scripted` spec's script path, or "auto" (each eval case's own script)."""
    noisy: bool = False
    """`rules:noisy`: the stand-in makes scheduled model mistakes."""

    @classmethod
    def parse(cls, text: str, *, allow_auto: bool = False) -> ModelSpec:
        """The spec `text` names; ValueError listing the accepted forms for anything else."""
        s = (text or "").strip()
        if s in ("offline", "rules", "rules:noisy"):
            return cls("offline") if s == "offline" else cls("rules", noisy=s == "rules:noisy")
        kind, sep, rest = s.partition(":")
        rest = rest.strip()
        if sep and rest and kind == "openai":
            return cls("openai", name=rest)
        if sep and rest and kind == "scripted" and (rest != AUTO or allow_auto):
            return cls("scripted", script=rest)
        if kind == "scripted" and rest == AUTO:
            raise ValueError("--model scripted:auto replays each eval case's own script: use it with `research eval`")
        raise ValueError(f"unknown --model {text!r}; accepted forms: {ACCEPTED}")

    @property
    def uses_model(self) -> bool:
        """Any kind but `offline`: the LLM policy runs, through some model."""
        return self.kind != "offline"

    @property
    def is_auto(self) -> bool:
        """`scripted:auto`: the eval replays each case's own script."""
        return self.kind == "scripted" and self.script == AUTO

    def with_script(self, path: Path | str) -> ModelSpec:
        """This `scripted` spec playing the script at `path` (an `auto` spec resolved, a path made absolute)."""
        return ModelSpec("scripted", script=str(path))

    def __str__(self) -> str:
        if self.kind == "openai":
            return f"openai:{self.name}"
        if self.kind == "scripted":
            return f"scripted:{self.script}"
        return "rules:noisy" if self.noisy else self.kind


def parse_model(value: object) -> object:
    """The config's validator: a string is parsed, anything else (a `ModelSpec`) passes through."""
    return ModelSpec.parse(value) if isinstance(value, str) else value
