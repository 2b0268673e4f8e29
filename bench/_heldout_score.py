"""Scoring for the held-out benches (`bench/heldout.py`, `bench/newcomer.py`): figures only.

A run is summarised as its end kind and its cells (status and the values shown for the findings behind
each).  Against a gold file:

* a gold cell is **right** when it is confirmed and one of its shown values matches a gold form
  (`realdata_score.gold_match`; for a list cell, the same set of items in any order);
* a gold key names "Object/dimension"; when the run's contract came from the question and names that
  dimension otherwise, the cell of the same object is used if the contract has one dimension (the
  parse may name "Is X open source?" `license` or `open source`: the answer is what is scored);
* a **wrong confirmation** is a confirmed cell whose values match no gold form, a confirmed cell the
  case expects not to be confirmed (`unconfirmed` in gold.json), or a confirmation its own quotes do
  not support (`evals.support.wrong_confirmations`); each cell counts once.

Nothing here prints a case id, a value or a quote: the benches print totals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from research_agent.evals.realdata_score import gold_match

__all__ = ["Figures", "RunCells", "score_run", "figures_line", "FIGURES_HEAD"]

_LIST_SPLIT = re.compile(r"\s*(?:,|;|\band\b|\bor\b|&)\s*", re.I)


@dataclass
class RunCells:
    """What a run ended with: its end kind and, per cell key, (status, shown values)."""

    end_kind: str
    cells: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    objects: dict[str, list[str]] = field(default_factory=dict)
    """Contract object name → its names (name and aliases)."""
    dimensions: list[str] = field(default_factory=list)
    quote_wrong: set[str] = field(default_factory=set)
    """Confirmed cells whose quotes do not state their value for their object."""
    refused: bool = False
    """The question was refused (no contract): nothing ran."""


@dataclass
class Figures:
    cases: int = 0
    endings: int = 0
    cells_right: int = 0
    cells_total: int = 0
    statuses_ok: int = 0
    statuses_total: int = 0
    wrong: int = 0
    refused: int = 0
    whole: int = 0
    """Cases right as a whole: the end kind, every expected cell status, no wrong confirmation (as `research eval`
    counts a case correct, and stricter: a confirmed value outside the gold forms fails it too)."""

    def add(self, other: Figures) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


FIGURES_HEAD = f"{'set':24} {'cases':>5}  {'endings':>9}  {'cells right':>11}  {'statuses':>9}  {'wrong conf':>10}  {'refused':>7}  {'whole cases':>11}"


def figures_line(name: str, f: Figures) -> str:
    statuses = f"{f.statuses_ok}/{f.statuses_total}" if f.statuses_total else "-"
    return (f"{name:24} {f.cases:>5}  {f.endings:>4}/{f.cases:<4}  {f.cells_right:>5}/{f.cells_total:<5}  "
            f"{statuses:>9}  {f.wrong:>10}  {f.refused:>7}  {f.whole:>5}/{f.cases:<5}")


def _items(text: str) -> frozenset[str]:
    return frozenset(p.casefold().strip(" .") for p in _LIST_SPLIT.split(text) if p.strip(" ."))


def _matches(shown: list[str], forms: list[str], as_list: bool) -> bool:
    if as_list:
        wanted = {_items(f) for f in forms}
        return any(_items(s) in wanted for s in shown)
    return any(gold_match(s, forms) for s in shown)


def _resolve(run: RunCells, key: str) -> str | None:
    """The run's cell for a gold key: the same key, else (one dimension) the cell of the same object."""
    if key in run.cells:
        return key
    if len(run.dimensions) != 1:
        return None
    obj = key.rsplit("/", 1)[0].casefold()
    for name, names in run.objects.items():
        lowered = [n.casefold() for n in names]
        if obj in lowered or any(n.startswith(obj + " ") for n in lowered):
            return f"{name}/{run.dimensions[0]}"
    return None


def score_run(run: RunCells, gold: dict, expected_statuses: dict[str, str] | None = None) -> Figures:
    """The figures of one run against its gold file (and the case's expected cell statuses)."""
    f = Figures(cases=1, refused=int(run.refused), cells_total=len(gold["cells"]))
    f.endings = int(run.end_kind == gold["expected_end_kind"])
    lists = set(gold.get("list_cells", []))
    wrong: set[str] = set()
    for key, forms in gold["cells"].items():
        mine = _resolve(run, key)
        status, shown = run.cells.get(mine, ("missing", [])) if mine else ("missing", [])
        if status != "confirmed":
            continue
        if _matches(shown, forms, key in lists):
            f.cells_right += 1
        else:
            wrong.add(mine or key)
    for key in gold.get("unconfirmed", []):
        mine = _resolve(run, key)
        if mine and run.cells.get(mine, ("", []))[0] == "confirmed":
            wrong.add(mine)
    wrong |= run.quote_wrong
    f.wrong = len(wrong)
    for key, want in (expected_statuses or {}).items():
        f.statuses_total += 1
        f.statuses_ok += int(run.cells.get(key, ("missing", []))[0] == want)
    f.whole = int(bool(f.endings) and f.statuses_ok == f.statuses_total and not f.wrong)
    return f
