"""A recorded task, read back step by step from the store's replay log (`store/replay_log.py`).

`Recording.load` reads the task, its runs with the stop settings each used, and the log; a task recorded
before migration 8 (or whose first steps were) is refused with a `NotReplayable` that says so.
`Recording.states()` rebuilds the state after every step by applying the log in order to one state
object: each step costs what it changed, so a 1,000-step task replays in well under a second.  The
object is reused from step to step: whoever keeps something across steps copies it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any

from engine.stop_reason import StopReason

from ..contract import TaskContract
from ..progress_counters import ProgressCounters
from ..state import ActionLog, Cell, Finding, Lead, ResearchState, RiskEvent, Source
from ..stop_rules import StopSettings
from ..store import Store
from ..store.records import RunRecord, RunUsage, TaskRecord
from ..store.replay_log import LoggedChange, LoggedStep
from ..store.snapshot import RowChange
from .tracker import Touched

__all__ = ["NotReplayable", "Recording"]

_STATE_FIELDS = frozenset(f.name for f in fields(ResearchState))


class NotReplayable(ValueError):
    """The task has no complete replay log; the message says why and what to do."""


@dataclass
class Recording:
    task: TaskRecord
    contract: TaskContract
    runs: list[RunRecord]
    settings: dict[str, StopSettings]
    """Each run's stop settings, by run id."""
    steps: list[LoggedStep]
    changes: list[LoggedChange]

    @classmethod
    def load(cls, store: Store, task_id: str) -> "Recording":
        task = store.load_task(task_id)
        steps, changes, settings = store.replay_log(task_id)
        if not steps:
            raise NotReplayable(
                f"task {task_id} was recorded before replay was kept (migration 8: the state after every step); "
                "it cannot be replayed — run the question again to get a replayable task"
            )
        runs = store.runs(task_id)
        contract = task.task_contract
        fallback = _settings_of(task)
        return cls(task, contract, runs, {r.id: StopSettings.model_validate(settings[r.id]) if settings.get(r.id) else fallback
                                          for r in runs}, steps, changes)

    # ---------------------------------------------------------------- runs
    @property
    def last_step(self) -> int:
        return self.steps[-1].step

    def run_of(self, step: LoggedStep) -> RunRecord:
        by_id = {r.id: r for r in self.runs}
        run = by_id.get(step.run_id or "")
        if run is not None:
            return run
        started = [r for r in self.runs if r.start_step < step.step] or self.runs[:1]
        return started[-1]

    def usage_before(self, run: RunRecord) -> RunUsage:
        """What the task's runs before `run` used."""
        total = RunUsage()
        for r in self.runs:
            if r.number < run.number:
                total = total + r.usage
        return total

    # --------------------------------------------------------------- states
    def states(self) -> Iterator[tuple[LoggedStep, ResearchState]]:
        """The state after every logged step, in order (one object, updated in place)."""
        for logged, state, _ in self.steps_touched():
            yield logged, state

    def steps_touched(self) -> Iterator[tuple[LoggedStep, ResearchState, Touched]]:
        """`states()`, with the rows each step changed."""
        state = ResearchState(task=self.task.question, contract=self.contract)
        texts = _parsed([c.change.text for c in self.changes])
        at = 0
        for logged in self.steps:
            touched = Touched()
            while at < len(self.changes) and self.changes[at].step <= logged.step:
                change = self.changes[at].change
                _apply(state, change, texts[at])
                _touch(touched, change)
                at += 1
            _apply_core(state, logged.core)
            yield logged, state, touched


def _settings_of(task: TaskRecord) -> StopSettings:
    """A run that kept no stop settings (a library caller's): the task's config, contract and budget."""
    c, b = task.config, task.budget
    keep = {k: c[k] for k in ("max_unchanged_steps", "max_duplicates", "max_consecutive_failures", "max_tool_calls")
            if c.get(k) is not None}
    return StopSettings(min_sources=task.task_contract.min_sources, max_steps=b.get("max_steps"),
                        max_seconds=b.get("max_time"), max_tokens=b.get("max_tokens"), max_cost=b.get("max_cost"), **keep)


def _parsed(texts: list[str | None]) -> list[Any]:
    """Every row's JSON, parsed as one array (a parse per row costs twice as much)."""
    present = [t for t in texts if t is not None]
    values = iter(json.loads("[" + ",".join(present) + "]") if present else [])
    return [None if t is None else next(values) for t in texts]


def _apply(state: ResearchState, change: RowChange, data: Any) -> None:
    kind, op, key = change.kind, change.op, change.key
    if op == "reset":
        state.cells, state.sources, state.findings, state.leads, state.actions = {}, {}, {}, [], []
        return
    if kind in ("leads", "actions"):
        _apply_list(state.leads if kind == "leads" else state.actions, op, key, data, kind)
        return
    table: dict[str, Any] = getattr(state, kind)
    if op == "clear":
        table.clear()
    elif op == "drop":
        table.pop(str(key), None)
    elif op == "put":
        table[str(key)] = _item(kind, data)


def _apply_list(items: list[Any], op: str, key: str | None, data: Any, kind: str) -> None:
    if op == "clear":
        items.clear()
    elif op == "truncate":
        del items[int(key or 0):]
    elif op == "put":
        at, item = int(key or 0), _item(kind, data)
        if at < len(items):
            items[at] = item
        else:
            items.append(item)


def _item(kind: str, data: dict[str, Any]) -> Any:
    if kind == "cells":
        return Cell(**data)
    if kind == "sources":
        if isinstance(data.get("fingerprint"), str):  # stored once, with the cluster index: replay needs none
            data = {**data, "fingerprint": None}
        return Source.restore(data)
    if kind == "findings":
        return Finding.restore(data)
    if kind == "leads":
        return Lead.restore(data)
    return ActionLog.load(data)


def _touch(touched: Touched, change: RowChange) -> None:
    kind, op, key = change.kind, change.op, change.key
    if op in ("reset", "clear", "truncate"):  # rare: a process's first write, a moved item, a shorter list
        touched.rebuilt = True
    elif kind == "leads":
        touched.leads.add(int(key or 0))
    elif kind in ("cells", "findings", "sources") and key is not None:
        getattr(touched, kind).add(str(key))


def _apply_core(state: ResearchState, core: dict[str, Any]) -> None:
    for name, value in core.items():
        if name not in _STATE_FIELDS:
            continue
        if name == "progress":
            value = ProgressCounters.from_dict(value)
        elif name == "risk":
            value = [RiskEvent(**r) for r in value]
        elif name == "stop_reason":
            value = StopReason(value) if value else None
        setattr(state, name, value)
