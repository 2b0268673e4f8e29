"""Why a run ended: QitOS's values plus the ones research needs."""

from enum import Enum


class StopReason(str, Enum):
    # QitOS values
    SUCCESS = "success"
    FINAL = "final"
    BUDGET_STEPS = "budget_steps"
    BUDGET_TIME = "budget_time"
    BUDGET_TOKENS = "budget_tokens"
    CRITIC_STOP = "critic_stop"
    STAGNATION = "stagnation"
    AGENT_CONDITION = "agent_condition"
    ENV_TERMINAL = "env_terminal"
    TASK_VALIDATION_FAILED = "task_validation_failed"
    ENV_CAPABILITY_MISMATCH = "env_capability_mismatch"
    UNRECOVERABLE_ERROR = "unrecoverable_error"
    # research additions
    EVIDENCE_SUFFICIENT = "evidence_sufficient"
    NO_NEW_EVIDENCE = "no_new_evidence"
    DUPLICATE_PATH = "duplicate_path"
    TOOL_UNAVAILABLE = "tool_unavailable"
    RISK_ABORT = "risk_abort"
    USER_CANCELLED = "user_cancelled"
    BUDGET_COST = "budget_cost"
    BUDGET_TOOL_CALLS = "budget_tool_calls"

    def __str__(self) -> str:
        return self.value


BUDGET_REASONS = frozenset(
    {StopReason.BUDGET_STEPS, StopReason.BUDGET_TIME, StopReason.BUDGET_TOKENS, StopReason.BUDGET_COST,
     StopReason.BUDGET_TOOL_CALLS}
)
