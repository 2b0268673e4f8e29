"""The research layer decides no stop itself (issue 26, point 1): only a stop criterion — in `criteria/`, or
the engine's budget criteria — writes a stop reason. No module of `research_agent/` assigns
`<state>.stop_reason` a value other than None (a resume clears it), so a policy that cannot go on reports a
typed signal (`ModelOutage`, a `BudgetRefusal`) and the criteria turn it into the ending."""

from __future__ import annotations

import ast
from pathlib import Path

from criteria.failure import ModelOutageCriteria
from engine import StopReason
from tests.llm.llm_states import base_state
from research_agent.config import ResearchConfig
from research_agent.progress_counters import ModelOutage
from research_agent.stop_rules import research_criteria, settings_for

ROOT = Path(__file__).resolve().parents[2] / "research_agent"


def _stop_reason_writes(tree: ast.AST) -> list[ast.expr]:
    values: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                for i, t in enumerate(names):
                    if isinstance(t, ast.Attribute) and t.attr == "stop_reason":
                        value = node.value.elts[i] if isinstance(node.value, ast.Tuple) else node.value
                        values.append(value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Attribute) \
                and node.target.attr == "stop_reason" and node.value is not None:
            values.append(node.value)
    return values


def test_no_research_module_writes_a_stop_reason() -> None:
    writers = {}
    for path in sorted(ROOT.rglob("*.py")):
        values = _stop_reason_writes(ast.parse(path.read_text(encoding="utf-8")))
        bad = [ast.unparse(v) for v in values if not (isinstance(v, ast.Constant) and v.value is None)]
        if bad:
            writers[str(path.relative_to(ROOT))] = bad
    assert writers == {}


def test_the_outage_criterion_reads_only_the_step_it_happened_at() -> None:
    state = base_state()
    state.current_step = 4
    state.progress.model_outage = ModelOutage(4, "judge", "model unavailable: 503 after 4 attempts")
    assert ModelOutageCriteria().should_stop(state, 1) == (True, StopReason.TOOL_UNAVAILABLE,
                                                          "model unavailable: 503 after 4 attempts")
    state.current_step = 5  # a resumed run goes on past an outage it already ended on
    assert ModelOutageCriteria().should_stop(state, 1) == (False, None, None)


def test_every_stopper_ends_on_an_outage_and_risk_is_still_judged_first() -> None:
    for stopper in ("evidence", "max_steps", "stagnation"):
        criteria = research_criteria(settings_for(ResearchConfig(), None, stopper))
        assert sum(isinstance(c, ModelOutageCriteria) for c in criteria) == 1, stopper
    evidence = [type(c).__name__ for c in research_criteria(settings_for(ResearchConfig(), None, "evidence"))]
    assert evidence[:3] == ["RiskCriteria", "ModelOutageCriteria", "EvidenceSufficiencyCriteria"]
