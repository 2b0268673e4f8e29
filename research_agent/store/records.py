"""What the store hands back: typed records of tasks, runs, actions and usage."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..contract import TaskContract
from ..endings import STORE_STATUS, EndKind

__all__ = ["ActionRecord", "ReportFormat", "RunKind", "RunRecord", "RunUsage", "TaskRecord", "default_db_path", "status_for"]

RunKind = Literal["first", "resume"]
ReportFormat = Literal["md", "json"]


def default_db_path() -> Path:
    """`$RESEARCH_HOME/research.db`, `RESEARCH_HOME` defaulting to `~/.research`."""
    home = os.environ.get("RESEARCH_HOME") or "~/.research"
    return Path(home).expanduser() / "research.db"


def status_for(end_kind: EndKind) -> str:
    """The `tasks.status` of a finished task: completed | partial | aborted | failed."""
    return STORE_STATUS[end_kind]


class RunUsage(BaseModel):
    """What a run (or, summed, a task) has used."""

    model_config = ConfigDict(extra="forbid")

    steps: int = 0
    """Steps executed."""
    tool_calls: int = 0
    """Tool calls that ran (refused and skipped ones excluded)."""
    tokens: int = 0
    """Model tokens, prompt + completion."""
    cost: float = 0.0
    """Model cost in US dollars, when known."""
    elapsed_seconds: float = 0.0
    """Wall-clock time."""

    def __add__(self, other: "RunUsage") -> "RunUsage":
        return RunUsage(
            steps=self.steps + other.steps,
            tool_calls=self.tool_calls + other.tool_calls,
            tokens=self.tokens + other.tokens,
            cost=self.cost + other.cost,
            elapsed_seconds=self.elapsed_seconds + other.elapsed_seconds,
        )


@dataclass(frozen=True)
class TaskRecord:
    id: str
    question: str
    contract: dict[str, Any]
    contract_version: str
    config: dict[str, Any]
    tools: list[str]
    status: str
    """created | running | completed | partial | aborted | failed."""
    end_kind: EndKind | None
    stop_reason: str | None
    stop_detail: str | None
    budget: dict[str, Any]
    usage: RunUsage
    """Summed over all runs."""
    cancel_requested: bool
    created_at: str
    updated_at: str

    @property
    def task_contract(self) -> TaskContract:
        return TaskContract.model_validate(self.contract)


@dataclass(frozen=True)
class RunRecord:
    id: str
    task_id: str
    number: int
    kind: RunKind
    started_at: str
    ended_at: str | None
    end_kind: EndKind | None
    stop_reason: str | None
    stop_detail: str | None
    steps: int
    """Steps this run executed."""
    start_step: int
    """The state's step when the run started (0 for a first run)."""
    pid: int | None
    usage: RunUsage
    """What this run used."""


@dataclass(frozen=True)
class ActionRecord:
    step: int
    seq: int
    tool: str
    key: str
    args: dict[str, Any]
    status: str
    cell: str | None
    new_evidence: bool
    error_type: str | None
