"""Scores of a real-data case (one with a ``gold.json`` beside its case.toml) and their table.

``gold.json`` (written by `research_agent.evals.realdata`)::

    {"set": "ramdocs" | "comparison" | "musique" | "synthetic",
     "cells": {"Object/dimension": ["accepted form", ...]},
     "gold_answers": [...], "wrong_answers": [...],     # RAMDocs: the question's lists
     "gold_urls": ["https://..."],                       # the pages that hold a gold value
     "stating_urls": {"Object/dimension": ["https://..."]},  # the pages whose text states that cell's gold
     "min_tool_calls": 3,                                # 1 search + the gold pages to open
     "contract_fallback": false}                         # the contract was derived, not parsed

(`stating_urls` is what a perfect reader model answers from, `oracle`; a case without it
has every gold URL state every cell.)

Like `support`, nothing here calls the reader: a value matches a gold form when it is equal
(case/whitespace-insensitive), the same number by its digits, the same full date, or — for
text — when the gold form occurs in the value on word boundaries ("American" in "American
film director", "1987" in "1987-03-01").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..state import ResearchState
from .support import matches_any, squash

GOLD_FILE = "gold.json"

__all__ = ["GOLD_FILE", "gold_match", "load_gold", "realdata_table", "score_realdata", "score_refused"]


def load_gold(root: Path) -> dict | None:
    path = Path(root) / GOLD_FILE
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


_COUNTED = re.compile(r"^([\d,.]+)\s+(?:people|inhabitants|residents|persons|members|employees|staff)$", re.I)


def gold_match(value: str, forms: list[str]) -> bool:
    """Equal (numbers by digits, dates by day), or a gold form inside the value on word boundaries; a gold
    count written with its noun ("3,171 people") matches the bare number."""
    bare = [m.group(1) for f in forms if (m := _COUNTED.match(f.strip()))]
    if matches_any(value, forms + bare):
        return True
    v = squash(value)
    return any(f and re.search(r"(?<!\w)" + re.escape(squash(f)) + r"(?!\w)", v) for f in forms)


def score_realdata(gold: dict, state: ResearchState, outcome) -> dict:
    """Cell accuracy, gold read, ending and tool calls of one real-data run."""
    right, mismatches, misses = 0, [], []
    for key, forms in gold.get("cells", {}).items():
        cell = state.cells.get(key)
        shown = _shown(state, cell.finding_ids) if cell else []
        if cell is not None and cell.status == "confirmed" and any(gold_match(s, forms) for s in shown):
            right += 1
        elif cell is not None and cell.status == "confirmed":
            mismatches.append(f"{key}: want {forms[:2]}, confirmed {cell.value!r}")
        else:
            misses.append(f"{key}: want {forms[:2]}, got {'missing' if cell is None else cell.status}")
    every = _shown(state, [fid for fid, f in state.findings.items() if not f.echo])  # an echo states no value
    golds = gold.get("gold_answers") or [f for forms in gold.get("cells", {}).values() for f in forms]
    return {
        "set": gold.get("set", "?"),
        "cells_total": len(gold.get("cells", {})),
        "cells_right": right,
        "mismatches": mismatches,
        "misses": misses,
        "gold_read": any(gold_match(s, golds) for s in every),
        "end_ok": outcome.end_kind.value == gold.get("expected_end_kind", outcome.end_kind.value),
        "tool_calls": state.progress.tool_calls,
        "min_tool_calls": int(gold.get("min_tool_calls", 0)),
        "contract_fallback": bool(gold.get("contract_fallback", False)),
    }


def score_refused(gold: dict) -> dict:
    """The scores of a case whose question the parser refuses: never run, every gold cell missed."""
    cells = gold.get("cells", {})
    return {
        "set": gold.get("set", "?"), "cells_total": len(cells), "cells_right": 0, "mismatches": [],
        "misses": [f"{key}: want {forms[:2]}, got nothing (the question does not parse)" for key, forms in cells.items()],
        "gold_read": False, "end_ok": False, "tool_calls": 0, "min_tool_calls": int(gold.get("min_tool_calls", 0)),
        "contract_fallback": False, "question_refused": True,
    }


def _shown(state: ResearchState, finding_ids: list[str]) -> list[str]:
    out = []
    for fid in finding_ids:
        f = state.findings.get(fid)
        if f is not None:
            out += [f.display, f.value]
    return [s for s in out if s]


def realdata_table(runs: list[dict], split: str = "dev") -> str:
    """The real-data table over `RunMetrics.to_dict()` rows that carry `realdata`, per set; a dev part adds
    its per-case lines (`realdata_figures.case_lines`), a test part prints only the figures."""
    from .realdata_figures import case_lines, figures_table, set_figures

    text = figures_table(set_figures(runs, split), f"== real-data {split} part ==")
    if split == "dev":
        text += "".join("\n" + line for line in case_lines(runs))
    return text
