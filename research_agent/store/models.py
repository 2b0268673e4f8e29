"""SQLModel row classes for the research store, one per table.

The schema itself is owned by the numbered migrations in `migrations.py`
(explicit DDL, applied on open); these classes only *map* the tables so the
store can query them with SQLModel/SQLAlchemy.  A test checks that every
column declared here exists in a freshly migrated database, so the two cannot
drift apart silently.

The classes use their own SQLAlchemy registry (`StoreModel`), not SQLModel's
global one, so another module of this project that defines a SQLModel table
called `sources` (the corpus index, say) cannot collide with ours.

JSON-valued columns end in `_json` and hold text; timestamps are ISO 8601 UTC
strings; booleans are SQLite integers.  Since migration 4 (`state.layout`
2) a run's `ResearchState` is its `state.state_json` (the small part) plus the
`data_json` of its `cells`/`sources`/`findings`/`actions`/`leads` rows and its
`fingerprints`; the other columns are a queryable projection, written in the
same transaction (see `snapshot.py`).  The store itself does not import this
module (it uses `sqlite3` directly, for start-up time).
"""

from __future__ import annotations

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

__all__ = [
    "ActionRow",
    "CellRow",
    "FindingRow",
    "EvalResultRow",
    "FingerprintRow",
    "LeadRow",
    "RateGrantRow",
    "RateKeyRow",
    "ReplayRowRow",
    "ReplayStepRow",
    "ReportRow",
    "RunRow",
    "SchemaMigrationRow",
    "SourceRow",
    "StateRow",
    "StepLineRow",
    "StoreModel",
    "TaskRow",
]


class StoreModel(SQLModel, registry=registry()):
    """Base of the store's tables (a private registry and metadata)."""


class SchemaMigrationRow(StoreModel, table=True):
    __tablename__ = "schema_migrations"

    version: int = Field(primary_key=True)
    name: str
    applied_at: str


class TaskRow(StoreModel, table=True):
    __tablename__ = "tasks"

    id: str = Field(primary_key=True)
    question: str
    contract_json: str
    """`TaskContract.model_dump()` as JSON."""
    contract_version: str
    """`TaskContract.version()`: a resume checks it has not changed."""
    config_json: str = "{}"
    """The run configuration with secret-looking keys removed."""
    tools_json: str = "[]"
    """Names of the tools the task needs (a resume checks they are available)."""
    status: str = "created"
    """created | running | completed | partial | aborted | failed."""
    end_kind: str | None = None
    stop_reason: str | None = None
    stop_detail: str | None = None
    budget_json: str = "{}"
    usage_json: str = "{}"
    """Usage summed over all runs (`RunUsage` fields)."""
    cancel_requested: bool = False
    created_at: str
    updated_at: str
    lease_epoch: int = 0
    """Bumped by every claim of the task by a queue worker (migration 7; docs/scale.md)."""
    lease_worker: int | None = None
    """The claiming worker's queue id (its heartbeat row); None when no worker holds the task."""
    job_id: int | None = None
    """The queue job last enqueued for the task."""


class RunRow(StoreModel, table=True):
    __tablename__ = "runs"

    id: str = Field(primary_key=True)
    task_id: str = Field(foreign_key="tasks.id")
    number: int
    kind: str
    """first | resume."""
    started_at: str
    ended_at: str | None = None
    end_kind: str | None = None
    stop_reason: str | None = None
    stop_detail: str | None = None
    steps: int = 0
    """Steps this run executed."""
    pid: int | None = None
    usage_json: str = "{}"
    """What this run used (`RunUsage` fields; migration 2)."""
    start_step: int = 0
    """The state's step when the run started (migration 3)."""
    stop_settings_json: str | None = None
    """The stop settings the run used (`stop_rules.StopSettings`; migration 8); None before it."""


class StateRow(StoreModel, table=True):
    __tablename__ = "state"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    step: int
    state_json: str
    signature: str
    updated_at: str
    layout: int = 1
    """1: the whole state in `state_json`; 2: the row layout (migration 4)."""
    generation: int = 0
    """Incremented by every layout-2 write (a writer's cache checks it)."""


class CellRow(StoreModel, table=True):
    __tablename__ = "cells"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    key: str = Field(primary_key=True)
    object: str
    dimension: str
    status: str
    value: str | None = None
    conclusion: str | None = None
    conflict: bool = False
    source_ids_json: str = "[]"
    data_json: str | None = None
    """The whole `Cell` (layout 2)."""


class SourceRow(StoreModel, table=True):
    __tablename__ = "sources"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    id: str = Field(primary_key=True)
    url: str
    canonical_url: str
    domain: str
    title: str = ""
    source_type: str = "unknown"
    opened: bool = False
    cluster_id: str | None = None
    date: str | None = None
    data_json: str | None = None
    """The whole `Source`; its fingerprint is `"@member"` when `fingerprints` holds it."""


class FindingRow(StoreModel, table=True):
    __tablename__ = "findings"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    id: str = Field(primary_key=True)
    cell: str
    value: str
    quote: str
    source_id: str
    url: str
    date: str | None = None
    source_type: str
    step: int
    data_json: str | None = None


class ActionRow(StoreModel, table=True):
    __tablename__ = "actions"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    step: int = Field(primary_key=True)
    seq: int = Field(primary_key=True)
    """Index of the action among the state's actions of the same step."""
    tool: str
    key: str
    """Normalised key (`search:<query key>`, `visit:<canonical url>`)."""
    args_json: str
    status: str
    cell: str | None = None
    new_evidence: bool = False
    error_type: str | None = None
    data_json: str | None = None


class LeadRow(StoreModel, table=True):
    __tablename__ = "leads"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    seq: int = Field(primary_key=True)
    """Position in `state.leads`."""
    canonical_url: str
    cell: str
    data_json: str


class FingerprintRow(StoreModel, table=True):
    __tablename__ = "fingerprints"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    seq: int = Field(primary_key=True)
    """Insertion order in the cluster index."""
    source_id: str
    cluster_id: str
    hashvalues: bytes
    """128 little-endian uint64 MinHash values."""


class ReplayStepRow(StoreModel, table=True):
    __tablename__ = "replay_steps"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    step: int = Field(primary_key=True)
    run_id: str | None = None
    run_step: int | None = None
    """Steps of its run so far (`replay_log.StepFacts`; migration 8)."""
    hard_only: int = 0
    elapsed: float | None = None
    tokens: int | None = None
    cost: float | None = None
    stop_reason: str | None = None
    stop_detail: str | None = None
    core_json: str = "{}"
    """The state's small part: the top-level fields this step changed."""


class ReplayRowRow(StoreModel, table=True):
    __tablename__ = "replay_rows"

    id: int = Field(primary_key=True)
    """Log order."""
    task_id: str = Field(foreign_key="tasks.id")
    step: int
    kind: str
    """cells | sources | findings | leads | actions | * (a reset)."""
    op: str
    """reset | clear | put | drop | truncate."""
    key: str | None = None
    data_json: str | None = None


class ReportRow(StoreModel, table=True):
    __tablename__ = "reports"

    task_id: str = Field(primary_key=True, foreign_key="tasks.id")
    run_id: str = Field(primary_key=True, foreign_key="runs.id")
    format: str = Field(primary_key=True)
    """md | json."""
    body: str
    created_at: str


class RateGrantRow(StoreModel, table=True):
    """A grant of the shared rate limit (migration 7; `scale/ratelimit.py`)."""

    __tablename__ = "rate_grants"

    id: int = Field(primary_key=True)
    key: str
    """`model:<base url>` or `search:<backend>`."""
    granted_at: float
    """Seconds since the epoch, on the database's clock."""
    held_until: float
    """The grant counts against the request limit until then."""
    tokens: int = 0


class RateKeyRow(StoreModel, table=True):
    __tablename__ = "rate_keys"

    key: str = Field(primary_key=True)
    paused_until: float = 0.0
    """A 429's Retry-After: no worker sends a request on this key before then."""


class StepLineRow(StoreModel, table=True):
    """A committed step's trace line, kept by a queue worker (migration 7)."""

    __tablename__ = "step_lines"

    task_id: str = Field(foreign_key="tasks.id")
    run_id: str = Field(primary_key=True)
    step: int = Field(primary_key=True)
    body: str


class EvalResultRow(StoreModel, table=True):
    """One case of `research eval --submit` (migration 7); `result_json` is None until a worker ran it."""

    __tablename__ = "eval_results"

    run_id: str = Field(primary_key=True)
    case_id: str = Field(primary_key=True)
    stopper: str = Field(primary_key=True)
    cases: int
    result_json: str | None = None
