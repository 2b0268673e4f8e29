"""The real-data dev set: cases built at test time from ``../shared/data``, never copied into the repo.

* `build_ramdocs` — one case per RAMDocs question: every document one page on its own host;
* `build_comparison` (`realdata_comparison`) — comparison questions we wrote over real
  Wikipedia paragraphs (specs in ``realdata_cases.toml``);
* `run_realdata` — builds a set in a temp dir, runs it through the normal eval runner and
  prints the real-data table (`realdata_score.realdata_table`) after the usual one.

Scoring never calls the reader (see `support` and `realdata_score`).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

from ..config import REPO_ROOT
from ..model_spec import ModelSpec
from .realdata_casefile import Page, RealCase, RealDataMissing, opening_words, write_case
from .realdata_contract import ramdocs_contract

__all__ = ["SETS", "RealDataMissing", "build_ramdocs", "run_realdata", "shared_data_dir"]

SETS = ("ramdocs", "comparison", "comparison-fresh")
"""`comparison-fresh`: the held-apart comparison specs of ``realdata_cases_fresh.toml``."""
RAMDOCS_FILE = Path("ramdocs") / "RAMDocs_test.jsonl"
MIN_SOURCES = 2
"""RAMDocs cases keep the product default: a value needs two independent sources."""


def shared_data_dir() -> Path:
    """``$RESEARCH_SHARED_DATA``, else ``<repo>/../shared/data``."""
    env = os.environ.get("RESEARCH_SHARED_DATA")
    return Path(env) if env else REPO_ROOT.parent / "shared" / "data"


def _ramdocs_case(number: int, row: dict) -> RealCase:
    contract, fallback = ramdocs_contract(row["question"], MIN_SOURCES)
    obj = contract["objects"][0]
    obj = obj if isinstance(obj, str) else obj["name"]
    dim = contract["dimensions"][0]
    pages, gold_urls = [], []
    for j, doc in enumerate(row["documents"], start=1):
        url = f"https://d{j}.q{number}.ramdocs.example/doc.html"
        pages.append(Page(url=url, title=opening_words(doc["text"]), text=doc["text"], heading=False))
        if doc["type"] == "correct":
            gold_urls.append(url)
    backing = Counter(d["answer"] for d in row["documents"] if d["type"] == "correct")
    settled = any(n >= MIN_SOURCES for n in backing.values())
    gold = {
        "set": "ramdocs", "line": number, "cells": {f"{obj}/{dim}": row["gold_answers"]},
        "gold_answers": row["gold_answers"], "wrong_answers": row["wrong_answers"], "gold_urls": gold_urls,
        "min_tool_calls": 1 + min(MIN_SOURCES, len(gold_urls)), "contract_fallback": fallback,
        "expected_end_kind": "completed" if settled else "no_progress",
        "doc_types": [d["type"] for d in row["documents"]],
    }
    return RealCase(
        id=f"ramdocs-{number:03d}", category="ramdocs", question=row["question"],
        description=(
            f"RAMDocs line {number} ({len(pages)} documents: {dict(Counter(gold['doc_types']))}). Expected "
            f"{gold['expected_end_kind']}: a gold answer is {'' if settled else 'never '}stated by "
            f"{MIN_SOURCES} documents. Contract {'derived by the fallback' if fallback else 'parsed from the question'}."
        ),
        contract=contract, end_kind=gold["expected_end_kind"], pages=pages, gold=gold,
    )


def build_ramdocs(jsonl: Path, dest: Path, *, limit: int | None = None, offset: int = 0) -> list[Path]:
    """One case folder per question line of `jsonl` (lines numbered from 1 in the file), under `dest`."""
    jsonl = Path(jsonl)
    if not jsonl.is_file():
        raise RealDataMissing(f"{jsonl}: no such file (the RAMDocs lines live in ../shared/data/{RAMDOCS_FILE})")
    lines = jsonl.read_text(encoding="utf-8").splitlines()
    chosen = list(enumerate(lines, start=1))[offset:]
    if limit is not None:
        chosen = chosen[:limit]
    return [write_case(Path(dest), _ramdocs_case(n, json.loads(line))) for n, line in chosen if line.strip()]


def build_set(name: str, dest: Path, *, limit: int | None = None, offset: int = 0, data: Path | None = None) -> list[Path]:
    data = Path(data) if data else shared_data_dir()
    if not data.is_dir():
        raise RealDataMissing(f"{data}: no shared data folder (set RESEARCH_SHARED_DATA or put it at ../shared/data)")
    if name == "ramdocs":
        return build_ramdocs(data / RAMDOCS_FILE, dest, limit=limit, offset=offset)
    if name == "comparison":
        from .realdata_comparison import build_comparison
        return build_comparison(data / "multihop", dest, limit=limit, offset=offset)
    if name == "comparison-fresh":
        from .realdata_comparison import FRESH_SPEC_FILE, build_comparison, load_specs
        return build_comparison(data / "multihop", dest, limit=limit, offset=offset, specs=load_specs(FRESH_SPEC_FILE))
    raise ValueError(f"unknown real-data set {name!r}; choose one of {', '.join(SETS)}")


def run_realdata(name: str, *, limit: int | None = None, offset: int = 0, workers: int = 2,
                 model: ModelSpec | str = ModelSpec(), out=None) -> int:
    """Build set `name` in a temp dir, run it through `run_eval` (which prints both tables); the eval's exit code."""
    from .runner import run_eval

    out = out if out is not None else sys.stdout
    with tempfile.TemporaryDirectory(prefix=f"research-{name}-") as tmp:
        cases = build_set(name, Path(tmp) / "cases", limit=limit, offset=offset)
        if not cases:
            print(f"error: no {name} case in that range (offset {offset}, limit {limit})", file=sys.stderr)
            return 2
        return run_eval(cases, workers=workers, model=model, out=out)


def cli_realdata(name: str, paths, *, limit: int | None, offset: int, workers: int, model: ModelSpec | str) -> int:
    """`research eval --realdata NAME`: bad input is one `error:` line and exit 2."""
    if name not in SETS:
        print(f"error: --realdata {name!r}: choose one of {', '.join(SETS)}", file=sys.stderr)
        return 2
    if paths:
        print("error: --realdata builds its own cases; give no case folders with it", file=sys.stderr)
        return 2
    try:
        return run_realdata(name, limit=limit, offset=offset, workers=workers, model=model)
    except RealDataMissing as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
