"""`AsyncEngine`: the same step loop, driven from asyncio.

There is no second loop: `arun` runs `Engine.run` in a worker thread, and
`arun_stream` does the same while yielding each `EngineEvent` as it is
emitted (through the engine's `on_event` listener, handed to the event loop
with `call_soon_threadsafe`).  The stream starts with `run_start` and ends with
`run_end`; an exception from the run is raised by the stream after its last
event.  If the consumer stops iterating early, the run is cancelled
(cooperatively) and the stream waits for its thread to finish, so no run keeps
going unobserved.
"""

from __future__ import annotations

import asyncio
import functools
import uuid
from collections.abc import AsyncIterator
from typing import Any

from .engine import Engine
from .events import EngineEvent
from .types import EngineResult, Task

_DONE = object()


class AsyncEngine:
    """Takes exactly `Engine`'s constructor arguments; `engine` is the wrapped sync engine."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.engine = Engine(*args, **kwargs)

    def cancel(self, run_id: str | None = None) -> bool:
        return self.engine.cancel(run_id)

    async def arun(self, task: str | Task, **kwargs: Any) -> EngineResult[Any]:
        """Run `task` in a worker thread; same result as `Engine.run`."""
        return await asyncio.to_thread(self.engine.run, task, **kwargs)

    async def arun_stream(self, task: str | Task, **kwargs: Any) -> AsyncIterator[EngineEvent]:
        """Yield the run's events live, from `run_start` to `run_end`."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Any] = asyncio.Queue()
        run_id = kwargs.pop("run_id", None) or uuid.uuid4().hex

        def on_event(event: EngineEvent) -> None:  # called on the worker thread
            loop.call_soon_threadsafe(queue.put_nowait, event)

        call = functools.partial(self.engine.run, task, run_id=run_id, on_event=on_event, **kwargs)
        future = loop.run_in_executor(None, call)
        # Queued after every event: call_soon_threadsafe callbacks run in order.
        future.add_done_callback(lambda _: queue.put_nowait(_DONE))
        try:
            while (item := await queue.get()) is not _DONE:
                yield item
            await future  # re-raises the run's exception, if any
        finally:
            if not future.done():
                self.engine.cancel(run_id)  # only this run: never leak a cancel into the next one
                await asyncio.wait([future])
