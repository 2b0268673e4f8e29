"""`EngineHook`: observe a run without touching the kernel.

Override any of the no-op methods.  Call order for a run:

    on_run_start(engine, state, task)       after init_state, before step 1
    on_before_step(state, step)              first thing in each step
    on_step_commit(state, record)            after check_stop and *before* the step's
                                             trace line is written: a durable
                                             checkpoint goes here, so a process
                                             killed in between never leaves a traced
                                             step that a resume would run again
    on_after_step(state, record)             after check_stop and after the step's
                                             trace line is written: on the last step
                                             `record.stop_reason` is set
    on_run_end(result)                       after the trace is closed
    on_event(event)                          every `EngineEvent`, as it is emitted
                                             (an observer: it must not raise)

A hook that raises does not fail silently: inside a run (start, before/after
step, commit) its exception is a step error handed to the `RecoveryPolicy`; from
`on_run_end` it propagates to the caller of `Engine.run` (the run itself is
already complete and traced).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .events import EngineEvent
    from .types import EngineResult, StepRecord, Task


class EngineHook:
    """Lifecycle callbacks; every method is a no-op by default."""

    def on_run_start(self, engine: Any, state: Any, task: "Task") -> None:
        """A run is about to take its first step."""

    def on_before_step(self, state: Any, step: int) -> None:
        """Step `step` starts."""

    def on_step_commit(self, state: Any, record: "StepRecord") -> None:
        """Step `record.step` is complete and checked for stop; its trace line is next."""

    def on_after_step(self, state: Any, record: "StepRecord") -> None:
        """Step `record.step` is complete, checked for stop and traced."""

    def on_run_end(self, result: "EngineResult[Any]") -> None:
        """The run has ended; `result` is what `Engine.run` returns."""

    def on_event(self, event: "EngineEvent") -> None:
        """An event was emitted (typed: see `engine.events`); called from inside the run."""
