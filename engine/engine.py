"""`Engine`: the one step loop every agent runs in.

Each step runs these phases, in this order, one short method each:

    prepare → decide → act → reduce → critics → check_stop → trace

* decide: `agent.decide(state, observation)`; None means "ask the model":
  `agent.llm.generate(agent.build_messages(state, prompt))`, then `parser.parse`.
* act: each action goes through the cancel check, `agent.guard`, then the
  `ToolRegistry`; tool failures become `ActionResult`s, never exceptions.
  A `final` decision's answer is put on `state.final_result` before `reduce`.
* reduce: always runs before any stop check, so the last step's evidence
  lands even when the budget then stops the run.
* critics: "stop" ends the run (critic_stop, or the critic's own
  `stop_reason`); "retry" re-runs the step as a new step with the observation
  carried forward (the rejected step's reduce is not undone), at most `max_retries_per_step` times in a row (then
  `RetryLimitExceeded` goes to the recovery policy).  A retried step is judged
  only by cancellation and the hard budget, and a final answer it held is kept
  aside (restored at the end if no later step gives one).
* check_stop, first that fires wins: (1) a stop already set (critic, or the
  agent writing `state.stop_reason`); (2) cancellation; (3) `agent.should_stop`;
  (4) the configured `stop_criteria` in order (default `[FinalResultCriteria()]`;
  a given list replaces it); (5) the `RuntimeBudget`: steps, time, tokens, cost.
* trace: the stop reason is copied to the step record, `agent.summarize_step`
  fills `record.summary`, `on_step_commit` hooks run (a checkpoint), the
  step's line is written, then `on_after_step` hooks run.  A traced step is
  therefore always a committed one: a resume never runs it again.

Any other exception inside a step is a step error for the `RecoveryPolicy`.

Run isolation: everything a run owns (records, events, usage since its start,
retry count, kept final answer, trace files) lives on a `Run` (`run_scope.py`) created by
`run()` and dropped when it returns, so one Engine can run many tasks in a
row.  A cancel applies to the run in progress or, if none is, to the next run;
the token is reset when a run ends.  An Engine runs one task at a time
(`EngineBusy` otherwise).

Budget accounting: `max_steps` counts the steps run by this `run()` call, so a
resumed run (`state=` given) gets a full step budget and continues the step
numbering from `state.current_step + 1`.  Usage is what the engine's
`UsageMeter` (the `meter=` seam) gains during the run: the engine's own model
call (decide returning None, through `agent.llm`), every call of a model the
composition wrapped as `MeteredModel(model, meter)` and handed to the agent or
its policy, and any `Decision.usage` the agent reports.  The engine never
replaces `agent.llm`: a model the agent calls itself is metered only if it was
handed over metered.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timezone
from time import perf_counter
from typing import Any

from .agent import AgentModule
from .cancel import CancelToken
from .criteria import FinalResultCriteria, StopCriteria
from .critic import Critic, CriticVerdict
from .errors import ComponentContractError, EngineBusy, RetryLimitExceeded
from .events import (
    ActEvent,
    ActionStatus,
    ActPayload,
    CheckStopEvent,
    CheckStopPayload,
    CriticEvent,
    CriticPayload,
    DecideEvent,
    DecidePayload,
    EngineEvent,
    ErrorEvent,
    ReduceEvent,
    RunEndEvent,
    RunEndPayload,
    RunStartEvent,
    RunStartPayload,
    StepEndEvent,
    StepEndPayload,
    StepStartEvent,
)
from .hooks import EngineHook
from .model import MeteredModel, UsageMeter
from .parser import JsonDecisionParser, Parser
from .recovery import RecoveryPolicy, describe
from .run_scope import EventListener, Run, budget_criteria, effective_budget
from .state import StateSchema
from .stop_reason import StopReason
from .statuses import RunStatus, run_status
from .trace import TraceWriter
from .types import (
    Action,
    ActionResult,
    Decision,
    EngineResult,
    Observation,
    RuntimeBudget,
    StepRecord,
    Task,
    TaskResult,
    Usage,
)

StopPair = tuple[StopReason | None, str | None]
_NO_STOP: StopPair = (None, None)


class Engine:
    """Runs an `AgentModule` on tasks; see the module docstring for the contract."""

    def __init__(
        self,
        agent: AgentModule[Any],
        budget: RuntimeBudget | None = None,
        parser: Parser | None = None,
        critics: list[Critic] | None = None,
        stop_criteria: list[StopCriteria] | None = None,
        env: Any = None,
        trace_writer: TraceWriter | None = None,
        hooks: list[EngineHook] | None = None,
        render_hooks: list[EngineHook] | None = None,
        history_policy: Any = None,
        recovery_policy: RecoveryPolicy | None = None,
        cancel_token: CancelToken | None = None,
        max_retries_per_step: int = 2,
        meter: UsageMeter | None = None,
        status_of: Callable[[StopReason | str | None], RunStatus] = run_status,
    ) -> None:
        self.agent = agent
        self.status_of = status_of
        """Stop reason → the manifest's and the run-end event's status; an application with its own ending
        table passes that table's view (the default is the engine's `run_status`)."""
        self.meter = meter if meter is not None else UsageMeter()
        """What every model call of a run adds to; wrap models handed to the agent as `MeteredModel(m, meter)`."""
        self.budget = budget if budget is not None else RuntimeBudget(max_steps=10)
        self.parser: Parser = parser if parser is not None else JsonDecisionParser()
        self.critics = list(critics or [])
        default: list[StopCriteria] = [FinalResultCriteria()]
        self.stop_criteria = list(stop_criteria) if stop_criteria is not None else default
        self.env = env
        self.trace_writer = trace_writer
        self.hooks: list[EngineHook] = list(hooks or []) + list(render_hooks or [])
        self.history_policy = history_policy  # stored for agents that assemble their own history
        self.recovery_policy = recovery_policy if recovery_policy is not None else RecoveryPolicy()
        self.cancel_token = cancel_token if cancel_token is not None else CancelToken()
        self.max_retries_per_step = max_retries_per_step
        self._busy = threading.Lock()
        self._active_lock = threading.Lock()
        self._active_run_id: str | None = None

    # --- hooks and cancellation ----------------------------------------

    def register_hook(self, hook: EngineHook) -> None:
        self.hooks.append(hook)

    def unregister_hook(self, hook: EngineHook) -> None:
        if hook in self.hooks:
            self.hooks.remove(hook)

    def clear_hooks(self) -> None:
        self.hooks.clear()

    def cancel(self, run_id: str | None = None) -> bool:
        """Cancel the current run (or the next one). With `run_id`, only if that run is in progress.

        Without `run_id` this only sets a flag: safe from a signal handler.
        Returns whether the cancel was registered.
        """
        if run_id is None:
            self.cancel_token.cancel()
            return True
        with self._active_lock:
            if self._active_run_id != run_id:
                return False
            self.cancel_token.cancel()
            return True

    # --- the run ---------------------------------------------------------

    def run(
        self,
        task: str | Task,
        *,
        state: StateSchema | None = None,
        run_id: str | None = None,
        on_event: EventListener | None = None,
    ) -> EngineResult[Any]:
        """Run `task` to a stop and return the result.

        `state` resumes a run from that state; `on_event` receives every event
        as it is emitted (it must not raise; `AsyncEngine` streams through it).
        """
        if not self._busy.acquire(blocking=False):
            raise EngineBusy("this Engine is already running a task")
        try:
            run = self._start(task, state, run_id, on_event)
            try:
                self._begin(run)
                self._loop(run)
            except BaseException as exc:
                self._abort(run, exc)
                raise
            finally:
                result = self._finish(run)
        finally:
            with self._active_lock:
                self._active_run_id = None
                self.cancel_token.reset()
            self._busy.release()
        for hook in run.hooks:
            hook.on_run_end(result)
        return result

    def _loop(self, run: Run) -> None:
        while run.state.stop_reason is None:
            if self.cancel_token.is_cancelled():
                step = run.state.current_step + 1
                self._stop_between_steps(run, StopReason.USER_CANCELLED, f"cancelled before step {step} started")
                return
            self._step(run, run.state.current_step + 1)

    def _step(self, run: Run, step: int) -> None:
        record = StepRecord(step=step)
        run.records.append(record)
        run.state.current_step = step
        usage_before, t0 = run.used(), perf_counter()
        self._emit(run, StepStartEvent(step_id=step, agent_id=run.agent_id))
        try:
            run.phase = "hooks"
            self._call_hooks(run, "on_before_step", run.state, step)
            prompt = self._prepare(run)
            decision = self._decide(run, record, prompt)
            observation = self._act(run, record, decision)
            self._reduce(run, record, observation, decision)
            verdict = self._critics(run, record, decision, observation)
            self._check_stop(run, verdict)
        except Exception as exc:  # a step error: the recovery policy decides
            self._recover(run, exc, record)
        record.usage = run.used() - usage_before
        record.elapsed_seconds = perf_counter() - t0
        self._trace(run, record)

    # --- phases ----------------------------------------------------------

    def _prepare(self, run: Run) -> str:
        run.phase = "prepare"
        return self.agent.prepare(run.state)

    def _decide(self, run: Run, record: StepRecord, prompt: str) -> Decision:
        run.phase = "decide"
        decision = self.agent.decide(run.state, run.observation)
        if decision is None:
            decision = self._model_decision(run, prompt)
        if not isinstance(decision, Decision) or decision.mode not in ("act", "final", "wait"):
            raise ComponentContractError(f"decide must return a Decision (act/final/wait) or None, got {decision!r}")
        record.decision = decision
        run.meter.add(decision.usage)
        payload = DecidePayload(mode=decision.mode, actions=[a.name for a in decision.actions])
        self._emit(run, DecideEvent(step_id=record.step, agent_id=run.agent_id, payload=payload))
        return decision

    def _model_decision(self, run: Run, prompt: str) -> Decision:
        llm = self.agent.llm
        if llm is None:
            raise ComponentContractError("decide returned None but the agent has no llm to ask")
        response = llm.generate(self.agent.build_messages(run.state, prompt))
        if not (isinstance(llm, MeteredModel) and llm.meter is run.meter):  # already counted otherwise
            run.meter.add(response.usage)
        return self.parser.parse(response.text, context={"state": run.state, "step": run.state.current_step})

    def _act(self, run: Run, record: StepRecord, decision: Decision) -> Observation:
        run.phase = "act"
        for action in decision.actions:
            record.action_results.append(self._dispatch(run, action))
        run.observation = Observation(action_results=record.action_results, step=record.step)
        statuses = [ActionStatus(name=r.name, status=r.status) for r in record.action_results]
        self._emit(run, ActEvent(step_id=record.step, agent_id=run.agent_id, payload=ActPayload(results=statuses)))
        return run.observation

    def _dispatch(self, run: Run, action: Action) -> ActionResult:
        if self.cancel_token.is_cancelled():  # no new tool call starts after a cancel
            return ActionResult(action.name, "skipped", error="run cancelled", error_type="Cancelled", args=action.args,
                                purpose=action.purpose)
        refusal = self.agent.guard(run.state, action)
        if refusal is not None:
            return ActionResult.refused(action, refusal)
        return self.agent.tool_registry.execute(action)

    def _reduce(self, run: Run, record: StepRecord, observation: Observation, decision: Decision) -> None:
        run.phase = "reduce"
        if decision.mode == "final":
            run.state.final_result = decision.final_answer
        state = self.agent.reduce(run.state, observation, decision)
        if state is None:
            raise ComponentContractError("reduce returned None; it must return the state")
        state.current_step = record.step
        run.state = state
        self._emit(run, ReduceEvent(step_id=record.step, agent_id=run.agent_id))

    def _critics(self, run: Run, record: StepRecord, decision: Decision, observation: Observation) -> CriticVerdict:
        run.phase = "critic"
        outputs = [c.evaluate(run.state, decision, [r.output for r in observation.action_results]) for c in self.critics]
        for out in outputs:
            if not isinstance(out, dict):
                raise ComponentContractError(f"a critic must return a dict, got {type(out).__name__}")
        record.critic_outputs = observation.critic_outputs = outputs
        verdict = CriticVerdict.combine(outputs)
        if verdict.action == "retry":
            run.retries += 1
            record.retries = observation.retry = run.retries
            self._keep_final_aside(run)
            if run.retries > self.max_retries_per_step:
                raise RetryLimitExceeded(f"critics asked to retry {run.retries} times in a row (max {self.max_retries_per_step})")
        else:
            run.retries = 0
        payload = CriticPayload(action=verdict.action, count=len(outputs))
        self._emit(run, CriticEvent(step_id=record.step, agent_id=run.agent_id, payload=payload))
        return verdict

    def _check_stop(self, run: Run, verdict: CriticVerdict) -> None:
        run.phase = "check_stop"
        reason, detail = self._stop_verdict(run, verdict)
        if reason is not None:
            run.state.stop_reason, run.state.stop_detail = reason, detail
        self._emit_check_stop(run, reason, detail)

    def _trace(self, run: Run, record: StepRecord) -> None:
        run.phase = "trace"
        record.stop_reason, record.stop_detail = run.state.stop_reason, run.state.stop_detail
        try:  # the agent summarises the step knowing whether it was the last one
            record.summary = self._summary(run, record)
        except Exception as exc:
            self._recover(run, exc, record)
            record.stop_reason, record.stop_detail = run.state.stop_reason, run.state.stop_detail
        run.phase = "hooks"
        try:  # commit before the line: a killed process never leaves a traced, uncommitted step
            self._call_hooks(run, "on_step_commit", run.state, record)
        except Exception as exc:
            self._recover(run, exc, record)
            record.stop_reason, record.stop_detail = run.state.stop_reason, run.state.stop_detail
        if run.trace is not None:
            run.trace.step(record)
        payload = StepEndPayload(stop_reason=record.stop_reason, error=record.error)
        self._emit(run, StepEndEvent(step_id=record.step, agent_id=run.agent_id, payload=payload))
        run.phase = "hooks"
        try:
            self._call_hooks(run, "on_after_step", run.state, record)
        except Exception as exc:  # a failing hook is a step error too
            self._recover(run, exc, record)
            if run.state.stop_reason != record.stop_reason:
                self._amend_last_step(run)

    def _summary(self, run: Run, record: StepRecord) -> dict[str, Any]:
        summary = self.agent.summarize_step(run.state, record)
        if not isinstance(summary, dict):
            raise ComponentContractError(f"summarize_step must return a dict, got {type(summary).__name__}")
        return summary

    # --- stopping --------------------------------------------------------

    def _stop_verdict(self, run: Run, verdict: CriticVerdict) -> StopPair:
        state = run.state
        if verdict.action == "stop":
            return verdict.stop_reason, verdict.detail
        if state.stop_reason is not None:  # the agent stopped itself during the step
            return state.stop_reason, state.stop_detail
        if verdict.action == "retry":  # a rejected step is judged only by the hard limits
            return self._hard_stop(run)
        if self.cancel_token.is_cancelled():
            return StopReason.USER_CANCELLED, f"cancelled during step {state.current_step}"
        if self.agent.should_stop(state):
            return StopReason.AGENT_CONDITION, "agent.should_stop() returned True"
        fired = self._first_firing(run, self.stop_criteria)
        if fired[0] is not None:
            return fired
        return self._first_firing(run, run.budget_criteria)

    def _hard_stop(self, run: Run) -> StopPair:
        """Cancellation, then the budget: what every step meets, even a rejected or failed one."""
        if self.cancel_token.is_cancelled():
            return StopReason.USER_CANCELLED, f"cancelled during step {run.state.current_step}"
        return self._first_firing(run, run.budget_criteria)

    def _first_firing(self, run: Run, criteria: list[StopCriteria]) -> StopPair:
        if not criteria:
            return _NO_STOP
        info = self._runtime_info(run)
        for criterion in criteria:
            stop, reason, detail = criterion.should_stop(run.state, len(run.records), info)
            if stop:
                if reason is None:
                    raise ComponentContractError(f"{type(criterion).__name__} fired without a stop reason")
                return StopReason(reason), detail
        return _NO_STOP

    def _runtime_info(self, run: Run) -> dict[str, Any]:
        total = run.used()
        return {
            "elapsed_seconds": perf_counter() - run.t0,
            "total_tokens": total.total_tokens,
            "total_cost": total.cost,
            "step_count": len(run.records),
            "budget_refusal": run.meter.refusal,
        }

    def _stop_between_steps(self, run: Run, reason: StopReason, detail: str) -> None:
        run.state.stop_reason, run.state.stop_detail = reason, detail
        self._emit_check_stop(run, reason, detail)
        self._amend_last_step(run)

    def _amend_last_step(self, run: Run) -> None:
        """Put a stop decided after the last step's line was written onto that step (see trace.py)."""
        if not run.records:
            return
        last = run.records[-1]
        last.stop_reason, last.stop_detail = run.state.stop_reason, run.state.stop_detail
        if run.trace is not None:
            run.trace.step(last, amended=True)

    def _keep_final_aside(self, run: Run) -> None:
        # A retried step must not end the run through its answer, nor lose it.
        if run.state.final_result is not None:
            run.kept_final, run.state.final_result = run.state.final_result, None

    # --- errors ----------------------------------------------------------

    def _recover(self, run: Run, exc: Exception, record: StepRecord | None) -> None:
        message = describe(exc)
        step = record.step if record is not None else run.state.current_step
        if record is not None:
            record.error = message if record.error is None else f"{record.error}; {message}"
        self._emit(run, ErrorEvent(step_id=step, agent_id=run.agent_id, phase=run.phase, error=message))
        action = self.recovery_policy.handle(run.state, step, exc)
        state = run.state
        if action == "stop":
            if state.stop_reason is None:
                state.stop_reason, state.stop_detail = StopReason.UNRECOVERABLE_ERROR, message
        elif action == "continue":
            run.retries = 0
            if state.stop_reason is None and record is not None:  # failing steps still meet the hard limits
                state.stop_reason, state.stop_detail = self._hard_stop(run)
        else:
            raise ComponentContractError(f"recovery policy must return 'continue' or 'stop', got {action!r}") from exc

    def _abort(self, run: Run, exc: BaseException) -> None:
        """An exception is escaping the run: record why, so the trace is not left 'running'."""
        run.escaped = describe(exc)
        if run.state.stop_reason is None:
            cancelled = isinstance(exc, KeyboardInterrupt)
            reason = StopReason.USER_CANCELLED if cancelled else StopReason.UNRECOVERABLE_ERROR
            run.state.stop_reason, run.state.stop_detail = reason, run.escaped
            self._amend_last_step(run)

    # --- start and finish ------------------------------------------------

    def _start(self, task: str | Task, state: StateSchema | None, run_id: str | None, on_event: EventListener | None) -> Run:
        task = task if isinstance(task, Task) else Task(objective=task)
        budget = effective_budget(self.budget, task)
        if state is None:
            state = self.agent.init_state(task.objective)
        else:  # resuming: the previous stop no longer holds
            state.stop_reason = state.stop_detail = None
        self.meter.refusal = None  # a refusal ends the run it happened in, not the next one
        if self.env is not None and hasattr(self.env, "reset"):
            self.env.reset()
        run = Run(
            run_id=run_id or uuid.uuid4().hex,
            task=task,
            state=state,
            budget_criteria=budget_criteria(budget),
            hooks=list(self.hooks),  # hooks (un)registered during a run apply from the next one
            agent_id=getattr(self.agent, "name", None) or type(self.agent).__name__,
            meter=self.meter,
            usage_base=self.meter.total,
            on_event=on_event,
        )
        with self._active_lock:
            self._active_run_id = run.run_id
        if self.trace_writer is not None:
            started = datetime.now(timezone.utc).isoformat()
            run.trace = self.trace_writer.open_run(
                run_id=run.run_id, task_id=task.id, objective=task.objective, started_at=started
            )
        return run

    def _begin(self, run: Run) -> None:
        payload = RunStartPayload(run_id=run.run_id, task_id=run.task.id, objective=run.task.objective)
        self._emit(run, RunStartEvent(step_id=run.state.current_step, agent_id=run.agent_id, payload=payload))
        run.phase = "hooks"
        try:
            self._call_hooks(run, "on_run_start", self, run.state, run.task)
        except Exception as exc:  # a failing hook is never silent
            self._recover(run, exc, None)

    def _finish(self, run: Run) -> EngineResult[Any]:
        state = run.state
        if state.final_result is None and run.kept_final is not None:
            state.final_result = run.kept_final
        usage = run.used()
        status = self.status_of(state.stop_reason)
        payload = RunEndPayload(stop_reason=state.stop_reason, stop_detail=state.stop_detail, status=status, steps=len(run.records))
        ended = RunEndEvent(step_id=state.current_step, agent_id=run.agent_id, ok=run.escaped is None, payload=payload, error=run.escaped)
        self._emit(run, ended)
        if run.trace is not None:
            run.trace.close(steps=state.current_step, stop_reason=state.stop_reason, stop_detail=state.stop_detail, usage=usage,
                            status=status if state.stop_reason is not None else "failed")
        if self.env is not None and hasattr(self.env, "close"):
            self.env.close()
        task_result = TaskResult(
            task_id=run.task.id,
            success=status == "completed",
            stop_reason=state.stop_reason,
            stop_detail=state.stop_detail,
            final_result=state.final_result,
        )
        return EngineResult(state, run.records, run.events, len(run.records), task_result, usage, run.run_id)

    # --- plumbing ----------------------------------------------------------

    def _emit_check_stop(self, run: Run, reason: StopReason | None, detail: str | None) -> None:
        payload = CheckStopPayload(stop=reason is not None, reason=reason, detail=detail)
        self._emit(run, CheckStopEvent(step_id=run.state.current_step, agent_id=run.agent_id, payload=payload))

    def _emit(self, run: Run, event: EngineEvent) -> None:
        run.events.append(event)
        if run.trace is not None:
            run.trace.event(event)
        self._call_hooks(run, "on_event", event)  # observers, like the listener: they must not raise
        if run.on_event is not None:
            run.on_event(event)

    @staticmethod
    def _call_hooks(run: Run, method: str, *args: Any) -> None:
        for hook in run.hooks:
            callback = getattr(hook, method, None)  # a duck-typed hook may lack newer methods
            if callback is not None:
                callback(*args)


def run_agent(agent: AgentModule[Any], task: str | Task, *, max_steps: int | None = None, return_state: bool = False,
              **engine_kwargs: Any) -> Any:
    """Run `task` with `agent` on a fresh `Engine`.

    Returns the `EngineResult` when `return_state` is true, else the final result.  `max_steps`
    overrides the budget's step limit; `state` and `run_id` in `engine_kwargs` go to `Engine.run`,
    the rest to `Engine` (critics, stop_criteria, …).
    """
    run_kwargs = {k: engine_kwargs.pop(k) for k in ("state", "run_id") if k in engine_kwargs}
    if max_steps is not None:
        budget = engine_kwargs.pop("budget", None) or RuntimeBudget()
        engine_kwargs["budget"] = replace(budget, max_steps=max_steps)
    result = Engine(agent, **engine_kwargs).run(task, **run_kwargs)
    return result if return_state else result.state.final_result
