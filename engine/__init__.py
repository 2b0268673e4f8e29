"""engine: a generic agent kernel that knows nothing about research.

One step loop (prepare → decide → act → reduce → critics → check_stop →
trace) drives any `AgentModule`; stop criteria and critics decide when it
ends and the `TraceWriter` records why.  The code lives in small modules
behind this package; everything public is re-exported here.

Names are imported on first use (PEP 562): `import engine` costs nothing until a
name is touched, so a command that needs only `StopReason` does not load the kernel.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the same names, eagerly, for type checkers
    from .agent import AgentModule
    from .async_engine import AsyncEngine
    from .cancel import CancelToken
    from .criteria import (
        FinalResultCriteria,
        MaxCostCriteria,
        MaxRuntimeCriteria,
        MaxStepsCriteria,
        MaxTokensCriteria,
        StagnationCriteria,
        StopCriteria,
    )
    from .critic import Critic, CriticVerdict
    from .engine import Engine, run_agent
    from .errors import (
        ComponentContractError,
        DuplicateTool,
        EngineBusy,
        EngineError,
        ModelError,
        ParseError,
        RetryLimitExceeded,
        ScriptExhausted,
        UnknownTool,
    )
    from .events import EngineEvent, parse_event
    from .hooks import EngineHook
    from .model import BudgetRefusal, MeteredModel, Model, ModelResponse, ScriptedModel, UsageMeter, estimate_tokens
    from .parser import JsonDecisionParser, Parser
    from .recovery import RecoveryPolicy
    from .state import StateSchema
    from .stop_reason import BUDGET_REASONS, StopReason
    from .tools import ToolRegistry
    from .statuses import run_status
    from .trace import Manifest, StepLine, TraceWriter, redact
    from .types import (
        Action,
        ActionResult,
        Decision,
        EngineResult,
        Observation,
        Refusal,
        RuntimeBudget,
        StepRecord,
        Task,
        TaskBudget,
        TaskResult,
        Usage,
    )

_EXPORTS: dict[str, str] = {
    "AgentModule": "agent",
    "AsyncEngine": "async_engine",
    "CancelToken": "cancel",
    "FinalResultCriteria": "criteria",
    "MaxCostCriteria": "criteria",
    "MaxRuntimeCriteria": "criteria",
    "MaxStepsCriteria": "criteria",
    "MaxTokensCriteria": "criteria",
    "StagnationCriteria": "criteria",
    "StopCriteria": "criteria",
    "Critic": "critic",
    "CriticVerdict": "critic",
    "Engine": "engine",
    "run_agent": "engine",
    "ComponentContractError": "errors",
    "DuplicateTool": "errors",
    "EngineBusy": "errors",
    "EngineError": "errors",
    "ModelError": "errors",
    "ParseError": "errors",
    "RetryLimitExceeded": "errors",
    "ScriptExhausted": "errors",
    "UnknownTool": "errors",
    "EngineEvent": "events",
    "parse_event": "events",
    "EngineHook": "hooks",
    "BudgetRefusal": "model",
    "MeteredModel": "model",
    "Model": "model",
    "ModelResponse": "model",
    "ScriptedModel": "model",
    "UsageMeter": "model",
    "estimate_tokens": "model",
    "JsonDecisionParser": "parser",
    "Parser": "parser",
    "RecoveryPolicy": "recovery",
    "StateSchema": "state",
    "BUDGET_REASONS": "stop_reason",
    "StopReason": "stop_reason",
    "ToolRegistry": "tools",
    "Manifest": "trace",
    "StepLine": "trace",
    "TraceWriter": "trace",
    "redact": "trace",
    "run_status": "statuses",
    "Action": "types",
    "ActionResult": "types",
    "Decision": "types",
    "EngineResult": "types",
    "Observation": "types",
    "Refusal": "types",
    "RuntimeBudget": "types",
    "StepRecord": "types",
    "Task": "types",
    "TaskBudget": "types",
    "TaskResult": "types",
    "Usage": "types",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "Action",
    "ActionResult",
    "AgentModule",
    "AsyncEngine",
    "BudgetRefusal",
    "BUDGET_REASONS",
    "CancelToken",
    "ComponentContractError",
    "Critic",
    "CriticVerdict",
    "Decision",
    "DuplicateTool",
    "Engine",
    "EngineBusy",
    "EngineError",
    "EngineEvent",
    "EngineHook",
    "EngineResult",
    "FinalResultCriteria",
    "JsonDecisionParser",
    "Manifest",
    "MaxCostCriteria",
    "MaxRuntimeCriteria",
    "MaxStepsCriteria",
    "MaxTokensCriteria",
    "MeteredModel",
    "Model",
    "ModelError",
    "ModelResponse",
    "Observation",
    "ParseError",
    "Parser",
    "RecoveryPolicy",
    "Refusal",
    "RetryLimitExceeded",
    "RuntimeBudget",
    "ScriptExhausted",
    "ScriptedModel",
    "StagnationCriteria",
    "StateSchema",
    "StepLine",
    "StepRecord",
    "StopCriteria",
    "StopReason",
    "Task",
    "TaskBudget",
    "TaskResult",
    "ToolRegistry",
    "TraceWriter",
    "Usage",
    "UnknownTool",
    "UsageMeter",
    "estimate_tokens",
    "parse_event",
    "redact",
    "run_agent",
    "run_status",
]
