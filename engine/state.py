"""`StateSchema`: the typed state an agent carries through a run.

The engine reads and writes only the base fields: it sets `current_step` at
the start of each step, `final_result` when a decision is `final`, and
`stop_reason`/`stop_detail` when the run stops.  `metrics` is where stop
criteria keep their counters (so a resumed run keeps them and a reused
criterion starts clean on a new state); `metadata` is the agent's.  Agents
subclass it and add their own fields, each with a default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .stop_reason import StopReason


@dataclass
class StateSchema:
    """Base state of a run; subclass it to add the agent's own fields."""

    task: str = ""
    """The task's objective text."""
    current_step: int = 0
    """Number of the step being run (the last completed step between runs)."""
    final_result: Any = None
    """The answer; a `final` decision sets it, `FinalResultCriteria` stops on it."""
    stop_reason: StopReason | None = None
    """Why the run stopped; None while it runs."""
    stop_detail: str | None = None
    """The stop's detail, with its numbers ("10/10 steps")."""
    metadata: dict[str, Any] = field(default_factory=dict)
    """Free-form agent data."""
    metrics: dict[str, Any] = field(default_factory=dict)
    """Counters kept by stop criteria and critics (JSON-serialisable values)."""
