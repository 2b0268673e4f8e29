"""The kernel's exceptions, as one drawn tree.

    EngineError                  anything the kernel itself raises
     ├── ModelError              a model call failed (adapters map provider errors here, `raise … from exc`)
     │    └── ScriptExhausted    a ScriptedModel ran out of outputs (it never repeats one)
     ├── ParseError              model text is not a valid Decision
     ├── ComponentContractError  an agent, critic or hook returned something outside its contract
     ├── RetryLimitExceeded      a critic asked for more consecutive retries than `max_retries_per_step`
     ├── UnknownTool             a Decision named a tool the registry does not hold
     ├── DuplicateTool           a tool name was registered twice
     └── EngineBusy              `Engine.run` was called while that engine was already running

How the engine treats them: exceptions raised by a tool (including
`UnknownTool`) never leave the act phase; they become an `ActionResult` with
`status="error"`, the exception kept on `ActionResult.exception` so critics can
classify by type.  Every other exception raised inside a step (decide, parse,
reduce, critics, criteria, hooks, `RetryLimitExceeded`) is a step error handed
to the `RecoveryPolicy`.  A budget limit is not an exception: it is a stop
verdict (`StopReason.BUDGET_*`).  `EngineBusy` and errors raised before the
first step (e.g. by `init_state`) go straight to the caller.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every exception the kernel raises."""


class ModelError(EngineError):
    """A model call failed."""


class ScriptExhausted(ModelError):
    """A `ScriptedModel` was asked for more outputs than its script holds."""


class ParseError(EngineError):
    """Model output could not be parsed into a `Decision`; `text` is the offending output."""

    def __init__(self, message: str, text: str = "") -> None:
        super().__init__(message)
        self.text = text


class ComponentContractError(EngineError):
    """A component returned a value outside its contract (e.g. `decide` returned a str).

    Not the research task contract: that is `research_agent.contract.ContractError`."""


class RetryLimitExceeded(EngineError):
    """Critics asked to retry a step more than `max_retries_per_step` times in a row."""


class UnknownTool(EngineError):
    """A `Decision` named a tool that is not registered."""


class DuplicateTool(EngineError):
    """`ToolRegistry.register` was called twice with the same name."""


class EngineBusy(EngineError):
    """`Engine.run` was called while the same engine was running another task."""
