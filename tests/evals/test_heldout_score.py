"""The held-out benches count a case whole only when all of it is right: its end kind, every expected cell status
and no wrong confirmation — what `research eval` counts a correct case."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "bench" / "_heldout_score.py"
_spec = importlib.util.spec_from_file_location("heldout_score_under_test", _PATH)
assert _spec is not None and _spec.loader is not None
_score = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _score  # dataclasses look their module up while the class is made
_spec.loader.exec_module(_score)
RunCells, score_run = _score.RunCells, _score.score_run

GOLD = {"expected_end_kind": "completed", "cells": {"Tolmer Nine 4/weight": ["1.87 kg"], "Parrow Vale/weight": ["2.4 kg"]}}
STATUSES = {"Tolmer Nine 4/weight": "confirmed", "Parrow Vale/weight": "confirmed"}
OBJECTS = {"Tolmer Nine 4": ["Tolmer Nine 4"], "Parrow Vale": ["Parrow Vale"]}


def _run(end_kind: str, parrow: tuple[str, list[str]], quote_wrong: frozenset[str] = frozenset()) -> RunCells:
    cells = {"Tolmer Nine 4/weight": ("confirmed", ["1.87 kg"]), "Parrow Vale/weight": parrow}
    return RunCells(end_kind=end_kind, cells=cells, objects=OBJECTS, dimensions=["weight"], quote_wrong=set(quote_wrong))


def test_a_case_is_whole_when_its_end_its_cells_and_its_quotes_are_right():
    assert score_run(_run("completed", ("confirmed", ["2.4 kg"])), GOLD, STATUSES).whole == 1


def test_one_open_cell_a_wrong_value_or_an_unsupported_quote_breaks_the_whole_case():
    assert score_run(_run("no_progress", ("partial", ["2.4 kg"])), GOLD, STATUSES).whole == 0
    assert score_run(_run("completed", ("partial", ["2.4 kg"])), GOLD, STATUSES).whole == 0
    wrong_value = score_run(_run("completed", ("confirmed", ["2.6 kg"])), GOLD, STATUSES)
    assert (wrong_value.endings, wrong_value.whole) == (1, 0)
    flagged = score_run(_run("completed", ("confirmed", ["2.4 kg"]), frozenset({"Parrow Vale/weight"})), GOLD, STATUSES)
    assert (flagged.cells_right, flagged.whole) == (2, 0)
