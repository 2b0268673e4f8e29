"""The quick CI subset of the evalsets: the first cases of each category.

The whole evalset runs in the `slow`-marked variants of the same tests
(`pytest -m slow`); CI runs these subsets by default.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from research_agent.config import REPO_ROOT
from research_agent.evals.case import discover_cases

EVALSETS = REPO_ROOT / "evalsets"
SIZES = [pytest.param("quick", id="quick"), pytest.param("full", id="full", marks=pytest.mark.slow)]
"""Parametrize a test with this: `quick` in CI, `full` with `pytest -m slow`."""


def cases(categories: list[str] | None = None, per_category: int | None = None) -> list[Path]:
    """Case folders of `categories` (all by default), the first `per_category` of each (all when None)."""
    roots = [EVALSETS / c for c in categories] if categories else [EVALSETS]
    found = discover_cases(roots)
    by: dict[str, list[Path]] = {}
    for case in found:
        by.setdefault(case.category, []).append(case.root)
    return [root for roots_ in by.values() for root in sorted(roots_)[: per_category or None]]


def chosen(size: str, categories: list[str] | None = None, per_category: int = 1) -> list[Path]:
    """The cases a `SIZES`-parametrized test runs."""
    return cases(categories, per_category if size == "quick" else None)
