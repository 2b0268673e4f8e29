"""The step timeline of a task, as data and as text.

`timeline(lines, state)` joins each run's `steps.jsonl` lines with the task's
state table: per step the values and quotes it added (findings carry their
step), the cells it moved, whether a search led to evidence later (sources
remember the step that first saw them) and the stop checks' verdicts.  The
text view (`format_step`), `research trace --json` and the HTML report read
the same dicts.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

__all__ = ["describe_actions", "format_step", "step_entry", "step_lines"]

_INDENT = "          "


def step_lines(path: Path) -> list[dict[str, Any]]:
    """The step lines of one run, the last line per step winning (amended stops)."""
    by_step: dict[int, dict[str, Any]] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        raw = raw.strip()
        if not raw:
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError:
            continue  # a line cut short by a killed process
        if line.get("kind", "step") == "step" and isinstance(line.get("step"), int):
            by_step[line["step"]] = line
    return [by_step[k] for k in sorted(by_step)]


def describe_actions(line: dict[str, Any]) -> str:
    from ..tools.canonical import display_url

    decision = line.get("decision") or {}
    parts = []
    for a in decision.get("actions") or []:
        args = a.get("args") or {}
        if "query" in args:
            parts.append(f'{a.get("name")} "{args["query"]}"')
        elif "url" in args:
            parts.append(f'{a.get("name")} {display_url(args["url"])}')
        else:
            parts.append(str(a.get("name")))
    if not parts:
        return "final answer" if decision.get("mode") == "final" else "no tool call"
    return "; ".join(parts)


class StateIndex:
    """What the final state says about each step: findings added, evidence a search led to."""

    def __init__(self, state: Any | None) -> None:
        self.findings: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.led_to: dict[int, list[int]] = defaultdict(list)
        if state is None:
            return
        for f in state.findings.values():
            src = state.sources.get(f.source_id)
            self.findings[f.step].append({"cell": f.cell, "value": f.display or f.value, "quote": f.quote,
                                          "source_id": f.source_id, "url": f.url})
            if src is not None and src.first_seen_step and src.first_seen_step < f.step:
                self.led_to[src.first_seen_step].append(f.step)


def _searches(line: dict[str, Any]) -> bool:
    return any(a.get("name") == "search" for a in (line.get("decision") or {}).get("actions") or [])


def step_entry(line: dict[str, Any], index: StateIndex) -> dict[str, Any]:
    """One step of the timeline as a JSON-able dict."""
    s = line.get("summary") or {}
    step = line["step"]
    failures = [
        {"tool": r.get("name"), "status": r.get("status"), "error": r.get("error") or r.get("error_type")}
        for r in line.get("action_results") or [] if r.get("status") not in ("ok", "success")
    ]
    retries = [c for c in line.get("critic_outputs") or [] if c.get("action") == "retry"]
    added = index.findings.get(step, [])
    return {
        "step": step,
        "action": describe_actions(line),
        "new_evidence": bool(s.get("new_evidence") or added),
        "added": added,
        "cells_moved": list(dict.fromkeys([*(f["cell"] for f in added), *(s.get("gaps_closed") or [])])),
        "gaps_closed": list(s.get("gaps_closed") or []),
        "cells_changed": list(s.get("cells_changed") or []),
        "focus": s.get("focus"),
        "led_to_evidence_at": sorted(set(index.led_to.get(step, []))) if _searches(line) else [],
        "refused": list(dict.fromkeys(r for r in s.get("refused") or [] if r)),
        "failures": failures,
        "retries": line.get("retries") or len(retries),
        "retry_reasons": [str(c.get("reason") or c.get("detail")) for c in retries if c.get("reason") or c.get("detail")],
        "error": line.get("error"),
        "next": "stop" if line.get("stop_reason") else str(s.get("next", "continue")),
        "sufficiency": s.get("sufficiency"),
        "stop_reason": line.get("stop_reason"),
        "stop_detail": line.get("stop_detail"),
    }


def _evidence_bit(e: dict[str, Any]) -> str:
    if e["added"]:
        return "new evidence: yes"
    if e["led_to_evidence_at"]:
        return "new evidence: no (its results led to evidence at step " + ", ".join(map(str, e["led_to_evidence_at"])) + ")"
    return "new evidence: no"


def format_step(e: dict[str, Any]) -> list[str]:
    """A timeline entry as readable text (one main line, details indented)."""
    bits = [_evidence_bit(e)]
    if e["gaps_closed"]:
        bits.append("gaps closed: " + ", ".join(e["gaps_closed"]))
    if e["focus"]:
        bits.append(f"cell: {e['focus']}")
    bits.append(f"next: {e['next']}")
    out = [f"step {e['step']:>3}  {e['action']}", _INDENT + " · ".join(bits)]
    for f in e["added"]:
        quote = " ".join(f["quote"].split())
        out.append(f'{_INDENT}+ {f["cell"]} = {f["value"]}  "{quote[:160] + ("…" if len(quote) > 160 else "")}"')
    if e["cells_changed"]:
        out.append(f"{_INDENT}cells: " + "; ".join(e["cells_changed"]))
    for r in e["failures"]:
        out.append(f"{_INDENT}{r['tool']} {r['status']}: {r['error']}")
    out += [f"{_INDENT}refused: {why}" for why in e["refused"]]
    if e["retries"]:
        reasons = "; ".join(e["retry_reasons"])
        out.append(f"{_INDENT}critic retry #{e['retries']}" + (f": {reasons}" if reasons else ""))
    if e["error"]:
        out.append(f"{_INDENT}error: {e['error']}")
    if e["stop_reason"]:
        out.append(f"{_INDENT}STOP {e['stop_reason']}" + (f": {e['stop_detail']}" if e["stop_detail"] else ""))
        if e["sufficiency"]:
            out.append(f"{_INDENT}sufficiency: {e['sufficiency']}")
    return out
