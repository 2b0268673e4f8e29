"""Run traces on disk: `<root>/<run_id>/manifest.json`, `events.jsonl`, `steps.jsonl`.

`TraceWriter(root)` is cheap and stateless; `open_run(...)` returns the
`RunTrace` of one run, so a writer can be shared by several engines.

* `steps.jsonl` gets one `StepLine` per step, appended and flushed as the step
  ends, so a killed process leaves every completed step on disk.  The line of
  the step that stopped the run carries `stop_reason`/`stop_detail`.  When the
  stop is decided after that line was written (a cancel noticed between two
  steps, an `on_after_step` hook failing), the last step's line is appended
  again with the stop and `amended: true`: readers keep the last line per
  step number.
* `events.jsonl` gets every `EngineEvent`, written in batches with the next
  step line (and at close).
* `manifest.json` is written at the start (`status: running`) and rewritten,
  atomically, at the end with the stop reason, detail, `status` and usage.

`status` is derived from the stop reason by `run_status` and never calls a
budget stop "completed" (QitOS does).

Nothing secret reaches these files: every value goes through `redact`, which
replaces string values under keys that look like credentials and any string
that looks like an OpenAI-style key or a bearer token; the values found under
credential keys are also scrubbed from free text (an error message that echoes
an `api_key` argument).  Numbers under such keys are kept: `total_tokens` is a
count, not a credential.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import os
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any, Literal

from pydantic import BaseModel, Field

from .events import EngineEvent
from .statuses import RunStatus, run_status
from .stop_reason import StopReason
from .types import StepRecord, Usage

# --- redaction -------------------------------------------------------------

REDACTED = "[REDACTED]"
_SECRET_KEY = re.compile(r"api[_-]?key|authorization|token|secret|password", re.IGNORECASE)
_SECRET_TEXT = re.compile(r"sk-[A-Za-z0-9_-]{8,}|Bearer \S+")


def redact(value: Any, secrets: frozenset[str] = frozenset()) -> Any:
    """A JSON-able copy of `value` with secrets replaced by "[REDACTED]".

    `secrets` are literal values known to be credentials (found by
    `find_secrets` under credential-like keys); they are also scrubbed from
    free text, e.g. an error message that echoes the api_key argument.
    """
    if isinstance(value, str):
        value = _SECRET_TEXT.sub(REDACTED, value)
        for secret in secrets:
            value = value.replace(secret, REDACTED)
        return value
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, enum.Enum):
        return redact(value.value, secrets)
    if isinstance(value, dict):
        return {str(k): _redact_item(str(k), v, secrets) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [redact(v, secrets) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return redact({f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.repr}, secrets)
    if isinstance(value, BaseModel):
        return redact(value.model_dump(), secrets)
    return redact(str(value), secrets)


@functools.lru_cache(maxsize=4096)  # keys repeat on every line; the regex need not
def _is_secret_key(key: str) -> bool:
    return _SECRET_KEY.search(key) is not None


def _redact_item(key: str, value: Any, secrets: frozenset[str]) -> Any:
    if _is_secret_key(key) and not (value is None or isinstance(value, (bool, int, float))):
        return REDACTED
    return redact(value, secrets)


def find_secrets(value: Any) -> set[str]:
    """String values (4+ characters) stored under credential-like keys anywhere in `value`."""
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, str) and len(v) >= 4 and _is_secret_key(str(k)):
                found.add(v)
            else:
                found |= find_secrets(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            found |= find_secrets(v)
    return found


def summarize_output(output: Any, limit: int = 500, secrets: frozenset[str] = frozenset()) -> str | None:
    """A redacted text summary of a tool output, at most `limit` characters."""
    if output is None:
        return None
    clean = redact(output, secrets)
    text = clean if isinstance(clean, str) else json.dumps(clean, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- line models -----------------------------------------------------------


class TraceUsage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    cost: float = 0.0

    @classmethod
    def of(cls, usage: Usage) -> "TraceUsage":
        return cls(**dataclasses.asdict(usage))


class TraceAction(BaseModel):
    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    purpose: str | None = None
    """The action's purpose in its text form (`str(purpose)`), when the agent gave one."""


class TraceDecision(BaseModel):
    mode: str
    actions: list[TraceAction] = Field(default_factory=list)
    final_answer: str | None = None
    rationale: str | None = None


class TraceActionResult(BaseModel):
    name: str
    status: str
    output: str | None = None
    """Redacted summary of the tool output, at most 500 characters."""
    error: str | None = None
    error_type: str | None = None


class StepLine(BaseModel):
    """One line of `steps.jsonl`."""

    kind: Literal["step"] = "step"
    run_id: str
    task_id: str
    step: int
    decision: TraceDecision | None = None
    action_results: list[TraceActionResult] = Field(default_factory=list)
    critic_outputs: list[dict[str, Any]] = Field(default_factory=list)
    summary: dict[str, Any] = Field(default_factory=dict)
    usage: TraceUsage = Field(default_factory=TraceUsage)
    retries: int = 0
    error: str | None = None
    elapsed_seconds: float = 0.0
    stop_reason: str | None = None
    stop_detail: str | None = None
    amended: bool = False
    """True when this line repeats an earlier step to record a stop decided after it."""

    @classmethod
    def of(
        cls, record: StepRecord, run_id: str, task_id: str, amended: bool = False, secrets: frozenset[str] = frozenset()
    ) -> "StepLine":
        """The line for `record`, with every value redacted (`secrets` also scrubbed from free text)."""
        d = record.decision
        decision = None
        if d is not None:
            decision = TraceDecision(
                mode=d.mode,
                actions=[TraceAction(name=a.name, args=redact(a.args, secrets),
                                     purpose=None if a.purpose is None else redact(str(a.purpose), secrets))
                         for a in d.actions],
                final_answer=redact(d.final_answer, secrets),
                rationale=redact(d.rationale, secrets),
            )
        return cls(
            run_id=run_id,
            task_id=task_id,
            step=record.step,
            decision=decision,
            action_results=[
                TraceActionResult(
                    name=r.name,
                    status=r.status,
                    output=summarize_output(r.output, secrets=secrets),
                    error=redact(r.error, secrets),
                    error_type=r.error_type,
                )
                for r in record.action_results
            ],
            critic_outputs=redact(record.critic_outputs, secrets),
            summary=redact(record.summary, secrets),
            usage=TraceUsage.of(record.usage),
            retries=record.retries,
            error=redact(record.error, secrets),
            elapsed_seconds=round(record.elapsed_seconds, 6),
            stop_reason=None if record.stop_reason is None else str(record.stop_reason),
            stop_detail=redact(record.stop_detail, secrets),
            amended=amended,
        )


class Manifest(BaseModel):
    """`manifest.json` of one run."""

    run_id: str
    task_id: str
    objective: str
    started_at: str
    ended_at: str | None = None
    steps: int = 0
    """Number of the last step reached (counts steps of earlier calls when a run is resumed)."""
    status: RunStatus = "running"
    stop_reason: str | None = None
    stop_detail: str | None = None
    usage: TraceUsage = Field(default_factory=TraceUsage)


# --- writer ----------------------------------------------------------------


class RunTrace:
    """The open trace files of one run.

    Events are held in memory until their step's line is written: by then the
    step's credential values are known (`find_secrets` over its action args,
    summary and critic outputs) and can be scrubbed from the events too.
    """

    def __init__(self, directory: Path, manifest: Manifest) -> None:
        self.dir = directory
        self.manifest = manifest
        self._secrets: frozenset[str] = frozenset()
        self._pending: list[EngineEvent] = []
        self._steps: IO[str] = open(directory / "steps.jsonl", "a", encoding="utf-8")
        self._events: IO[str] = open(directory / "events.jsonl", "a", encoding="utf-8")
        self._write_manifest()

    def event(self, event: EngineEvent) -> None:
        self._pending.append(event)

    def step(self, record: StepRecord, amended: bool = False) -> None:
        found = find_secrets([a.args for a in record.decision.actions] if record.decision else [])
        found |= find_secrets([record.summary, record.critic_outputs])
        if found - self._secrets:
            self._secrets = self._secrets | found
        line = StepLine.of(record, self.manifest.run_id, self.manifest.task_id, amended, self._secrets)
        self._write_events()
        self._steps.write(line.model_dump_json() + "\n")
        self._steps.flush()
        self._events.flush()

    def close(self, *, steps: int, stop_reason: StopReason | None, stop_detail: str | None, usage: Usage,
              status: RunStatus | None = None) -> None:
        """`status` as the engine's `status_of` gave it; by default `run_status` of the reason."""
        self._write_events()
        self.manifest.ended_at = datetime.now(timezone.utc).isoformat()
        self.manifest.steps = steps
        if status is None:
            status = run_status(stop_reason) if stop_reason is not None else "failed"
        self.manifest.status = status
        self.manifest.stop_reason = None if stop_reason is None else str(stop_reason)
        self.manifest.stop_detail = redact(stop_detail, self._secrets)
        self.manifest.usage = TraceUsage.of(usage)
        self._steps.close()
        self._events.close()
        self._write_manifest()

    def _write_events(self) -> None:
        for event in self._pending:
            line = event.to_dict()  # only payload and error carry free values
            line["payload"] = redact(line["payload"], self._secrets)
            line["error"] = redact(line["error"], self._secrets)
            self._events.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._pending.clear()

    def _write_manifest(self) -> None:
        # Write-then-rename: a reader never sees half a manifest.
        tmp = self.dir / "manifest.json.tmp"
        tmp.write_text(self.manifest.model_dump_json(indent=2), encoding="utf-8")
        os.replace(tmp, self.dir / "manifest.json")


class TraceWriter:
    """Writes each run's trace under `<root>/<run_id>/`."""

    def __init__(self, root: str | os.PathLike[str] = "traces") -> None:
        self.root = Path(root)

    def run_dir(self, run_id: str) -> Path:
        return self.root / run_id

    def open_run(self, *, run_id: str, task_id: str, objective: str, started_at: str) -> RunTrace:
        """Create (or, for a resumed run id, reopen for appending) the run's trace."""
        directory = self.run_dir(run_id)
        directory.mkdir(parents=True, exist_ok=True)
        previous = directory / "manifest.json"
        if previous.exists():  # resumed under the same id: keep when it first started
            started_at = Manifest.model_validate_json(previous.read_text(encoding="utf-8")).started_at
        manifest = Manifest(run_id=run_id, task_id=task_id, objective=redact(objective), started_at=started_at)
        return RunTrace(directory, manifest)
