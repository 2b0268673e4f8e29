"""`ToolRegistry`: the named tools an agent's actions are dispatched to.

`call(name, args)` runs a tool and lets its exception through; `execute(action)`
is what the engine's act phase uses, and it never raises: a tool's exception
becomes `ActionResult(status="error", error=str(exc), error_type=<class name>)`
with the exception itself kept on `result.exception` so critics can classify
failures by type (never by message).  An unknown tool name is the same kind of
result with `error_type="UnknownTool"`: the agent sees its mistake as an
observation instead of the run crashing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from .errors import DuplicateTool, UnknownTool
from .types import Action, ActionResult

Tool = Callable[..., Any]


class ToolRegistry:
    """Name → callable; tools are called with the action's args as keyword arguments."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    @overload
    def register(self, name: str, fn: Tool) -> Tool: ...
    @overload
    def register(self, name: str, fn: None = None) -> Callable[[Tool], Tool]: ...

    def register(self, name: str, fn: Tool | None = None) -> Tool | Callable[[Tool], Tool]:
        """Register `fn` under `name`; without `fn`, return a decorator. A name registers once."""
        if fn is None:
            return lambda f: self.register(name, f)
        if name in self._tools:
            raise DuplicateTool(f"tool {name!r} is already registered")
        self._tools[name] = fn
        return fn

    def names(self) -> list[str]:
        """Registered tool names, in registration order."""
        return list(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def call(self, name: str, args: dict[str, Any]) -> Any:
        """Run tool `name` with `args`; raises `UnknownTool` or whatever the tool raises."""
        try:
            fn = self._tools[name]
        except KeyError:
            raise UnknownTool(f"unknown tool {name!r}; registered: {', '.join(self._tools) or 'none'}") from None
        return fn(**args)

    def execute(self, action: Action) -> ActionResult:
        """Run one action and describe the outcome; never raises for a tool failure."""
        try:
            output = self.call(action.name, action.args)
        except Exception as exc:  # a tool failure is an observation for the agent, not a crash
            return ActionResult(
                name=action.name,
                status="error",
                error=str(exc),
                error_type=type(exc).__name__,
                args=action.args,
                exception=exc,
                purpose=action.purpose,
            )
        return ActionResult(name=action.name, status="ok", output=output, args=action.args, purpose=action.purpose)
