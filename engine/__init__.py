"""engine: a generic agent kernel that knows nothing about research.

One step loop (prepare → decide → act → reduce → critics → check_stop →
trace) drives any `AgentModule`; stop criteria and critics decide when it
ends and the `TraceWriter` records why.  The code lives in small modules
behind this package; everything public is re-exported here.
"""

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
from .engine import Engine
from .errors import (
    ContractError,
    DuplicateTool,
    EngineBusy,
    EngineError,
    ModelError,
    ParseError,
    RetryLimitExceeded,
    ScriptExhausted,
    UnknownTool,
)
from .events import EngineEvent
from .hooks import EngineHook
from .model import MeteredModel, Model, ModelResponse, ScriptedModel, UsageMeter, estimate_tokens
from .parser import JsonDecisionParser, Parser
from .recovery import RecoveryPolicy
from .state import StateSchema
from .stop_reason import BUDGET_REASONS, StopReason
from .tools import ToolRegistry
from .trace import Manifest, StepLine, TraceWriter, redact, run_status
from .types import (
    Action,
    ActionResult,
    Decision,
    EngineResult,
    Observation,
    RuntimeBudget,
    StepRecord,
    Task,
    TaskBudget,
    TaskResult,
    Usage,
)

__all__ = [
    "Action",
    "ActionResult",
    "AgentModule",
    "AsyncEngine",
    "BUDGET_REASONS",
    "CancelToken",
    "ContractError",
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
    "redact",
    "run_status",
]
