"""`ProgressCounters`: what the reducer counts and the stop criteria and critics read.

Persisted with the state (`ResearchState.progress`), so a resumed run keeps its
counts.  The free-form `ResearchState.counters` keeps only the model's tallies
(`model_calls`, `rejected_outputs`, `model_calls:<kind>`…), which the policy writes.

`ModelOutage` is the one signal a policy writes here: its model endpoint outlasted the adapter's retries.
The policy decides nothing with it; `criteria/failure.ModelOutageCriteria` ends the run on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ModelOutage:
    """The policy's model could not be reached at `step` (its endpoint outlasted the adapter's retries)."""

    step: int
    """The step whose call failed: the outage ends that step's run (a resumed run starts past it)."""
    call: str
    """The call kind that failed (plan, extract, judge)."""
    detail: str
    """What the adapter said, for the stop detail ("model unavailable: …")."""


@dataclass
class ProgressCounters:
    tool_calls: int = 0
    """Actions that reached a tool (refusals cost none)."""
    invalid_actions: int = 0
    """Executed actions that added neither a lead nor a finding."""
    refused_duplicates: int = 0
    consecutive_duplicates: int = 0
    """Duplicate refusals since the last successful tool call (`duplicate_path` reads it)."""
    refused_copies: int = 0
    refused_other: int = 0
    """Denied domains and URLs without provenance."""
    duplicate_sources: int = 0
    """Opened pages whose fingerprint joined a cluster already read."""
    rejected_findings: int = 0
    """Finding drafts refused by grounding or attribution."""
    rejected_reported: int = 0
    """`rejected_findings` as of the last step-log entry (the entry reports the difference)."""
    rejected_by: dict[str, int] = field(default_factory=dict)
    """Attribution refusals by the reader's reason (`no_value`, …)."""
    unchanged_steps: int = 0
    """Steps in a row without a state-signature change."""
    last_change_step: int = 0
    failures: dict[str, int] = field(default_factory=dict)
    """Failed calls per tool."""
    consecutive_failures: dict[str, int] = field(default_factory=dict)
    """Failed calls per tool since its last success (`tool_unavailable` reads it)."""
    attempts: dict[str, int] = field(default_factory=dict)
    """Transient-failure attempts per normalised action key (the retry budget)."""
    model_outage: ModelOutage | None = None
    """The last step at which the policy's model was unreachable (`tool_unavailable` reads it)."""

    def failed(self, tool: str) -> None:
        self.failures[tool] = self.failures.get(tool, 0) + 1
        self.consecutive_failures[tool] = self.consecutive_failures.get(tool, 0) + 1

    def succeeded(self, tool: str) -> None:
        """A tool call that worked: its failure streak and the duplicate streak end."""
        self.consecutive_failures[tool] = 0
        self.consecutive_duplicates = 0

    def attempt(self, key: str) -> int:
        self.attempts[key] = self.attempts.get(key, 0) + 1
        return self.attempts[key]

    def rejected(self, reason: str | None = None) -> None:
        self.rejected_findings += 1
        if reason is not None:
            self.rejected_by[reason] = self.rejected_by.get(reason, 0) + 1

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ProgressCounters":
        fields: dict[str, Any] = {k: (dict(v) if isinstance(v, dict) else v) for k, v in data.items()}
        if isinstance(fields.get("model_outage"), dict):
            fields["model_outage"] = ModelOutage(**fields["model_outage"])
        return cls(**fields)

    def model_down_at(self, step: int) -> ModelOutage | None:
        """The outage recorded at `step`, if the model was unreachable then."""
        outage = self.model_outage
        return outage if outage is not None and outage.step == step else None
