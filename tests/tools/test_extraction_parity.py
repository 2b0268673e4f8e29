"""visit() over loopback HTTP keeps trafilatura's extraction quality on 181 real article pages.

Runs ``bench/extraction.py``'s comparison and asserts the mean token-F1 of
``visit`` is within 0.02 of ``trafilatura.extract`` used directly.  CI runs
every sixth article (31 pages, ``quick``); all 181 run with ``pytest -m slow``
(``full``).  Skips when the shared data folder is absent.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("RESEARCH_SHARED_DATA") or REPO.parent / "shared" / "data")
ARTICLES = DATA / "article-extraction"


def _load_bench():
    name = "bench_extraction"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / "extraction.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def test_token_f1() -> None:
    bench = _load_bench()
    assert bench.token_f1("The cat sat.", "the CAT sat") == 1.0
    assert bench.token_f1("", "") == 1.0
    assert bench.token_f1("dog", "cat") == 0.0
    # multiset: precision 2/4, recall 2/2
    assert bench.token_f1("a a b c", "a b") == pytest.approx(2 * 0.5 * 1.0 / 1.5)


@pytest.mark.skipif(
    not (ARTICLES / "ground-truth.json").is_file(),
    reason=f"article-extraction benchmark data not found at {ARTICLES} (set RESEARCH_SHARED_DATA)",
)
@pytest.mark.parametrize("size", [pytest.param("quick"), pytest.param("full", marks=pytest.mark.slow)])
def test_visit_mean_f1_within_002_of_trafilatura_direct(size: str) -> None:
    bench = _load_bench()
    names = bench.article_names(ARTICLES)
    assert len(names) == 181
    result = bench.compare(ARTICLES, names if size == "full" else names[::6])
    assert result.errors == []
    assert abs(result.mean_diff) <= 0.02, (
        f"visit mean F1 {result.visit_mean:.4f} vs trafilatura direct {result.direct_mean:.4f}"
    )
    assert result.visit_mean > 0.8  # sanity: the comparison measured real extraction
