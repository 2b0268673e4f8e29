"""`RecoveryPolicy`: what a failing step does.

A step error is any exception raised inside a step by decide, the parser,
guard, reduce, critics, stop criteria, summarize_step or hooks, plus
`RetryLimitExceeded` when critics keep asking for retries.  Tool exceptions
are not step errors: they are `ActionResult`s the agent sees.

`handle(state, step, exc)` answers "continue" or "stop".  On "stop" the
engine records `unrecoverable_error` with the detail "<ExcType>: message",
unless the policy has already set `state.stop_reason` itself (then its
reason and detail stand).  On "continue" the failed step is kept in the
records with its `error`, cancellation and the hard budget are still checked
(so a run of failing steps always ends), and the next step starts.
"""

from __future__ import annotations

from typing import Any, Literal

RecoveryAction = Literal["continue", "stop"]


class RecoveryPolicy:
    """Default policy: any step error stops the run as `unrecoverable_error`."""

    def handle(self, state: Any, step: int, exc: BaseException) -> RecoveryAction:
        return "stop"


def describe(exc: BaseException) -> str:
    """The "<ExcType>: message" form used in stop details, records and events."""
    message = str(exc)
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__
