"""The real-data sets: cases built at test time from ``../shared/data``, never copied into the repo.

* `build_ramdocs` — one case per RAMDocs question: every document one page on its own host;
* `build_comparison` (`realdata_comparison`) — comparison questions we wrote over real
  Wikipedia paragraphs (specs in ``realdata_cases*.toml``);
* `build_musique` (`realdata_musique`) — one case per hop of a MuSiQue question;
* `run_realdata` — builds a set's dev or test part (`splits`) in a temp dir, runs it through the
  normal eval runner and prints the real-data table (`realdata_score.realdata_table`) after the
  usual one; a test part prints aggregates only.

Scoring never calls the reader (see `support` and `realdata_score`).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..config import REPO_ROOT
from ..model_spec import ModelSpec
from .realdata_casefile import Page, RealCase, RealDataMissing, opening_words, write_case
from .realdata_comparison import build_comparison, specs_of
from .realdata_contract import ramdocs_contract
from .realdata_musique import MUSIQUE_FILE, build_musique
from .realdata_score import gold_match
from .splits import MUSIQUE_QUESTIONS, RAMDOCS_ROWS, REAL_SETS, Split, chosen_rows, real_set

__all__ = ["SETS", "BuiltSet", "RealDataMissing", "build_ramdocs", "build_set", "run_realdata", "shared_data_dir"]

SETS = tuple(REAL_SETS)
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
    pages, gold_urls, stating = [], [], []
    for j, doc in enumerate(row["documents"], start=1):
        url = f"https://d{j}.q{number}.ramdocs.example/doc.html"
        pages.append(Page(url=url, title=opening_words(doc["text"]), text=doc["text"], heading=False))
        if doc["type"] == "correct":
            gold_urls.append(url)
            if gold_match(doc["text"], row["gold_answers"]):
                stating.append(url)
    backing = Counter(d["answer"] for d in row["documents"] if d["type"] == "correct")
    settled = any(n >= MIN_SOURCES for n in backing.values())
    gold = {
        "set": "ramdocs", "line": number, "cells": {f"{obj}/{dim}": row["gold_answers"]},
        "gold_answers": row["gold_answers"], "wrong_answers": row["wrong_answers"], "gold_urls": gold_urls,
        "stating_urls": {f"{obj}/{dim}": stating},
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


def build_ramdocs(jsonl: Path, dest: Path, rows: range) -> list[Path]:
    """One case folder per question at the 1-based row positions `rows` of `jsonl`, under `dest`."""
    jsonl = Path(jsonl)
    if not jsonl.is_file():
        raise RealDataMissing(f"{jsonl}: no such file (the RAMDocs lines live in ../shared/data/{RAMDOCS_FILE})")
    lines = jsonl.read_text(encoding="utf-8").splitlines()
    chosen = [(n, lines[n - 1]) for n in rows if n <= len(lines)]
    return [write_case(Path(dest), _ramdocs_case(n, json.loads(line))) for n, line in chosen if line.strip()]


@dataclass
class BuiltSet:
    """The case folders of one part of a real-data set."""

    name: str
    split: Split
    cases: list[Path] = field(default_factory=list)
    skipped: int = 0
    """Source items left out by rule (MuSiQue questions marked unanswerable)."""
    no_contract: int = 0
    """Cases whose question gives no contract at all (MuSiQue hops): counted as refused questions."""

    def describe(self) -> str:
        skipped = (f"; {self.skipped} unanswerable question(s) skipped; {self.no_contract} hop(s) with no contract "
                   "(no subject found), counted as refused" if self.name == "musique" else "")
        return f"{self.name} {self.split}: {len(self.cases)} case(s){skipped}"


def build_set(name: str, dest: Path, *, split: Split | None = None, limit: int | None = None, offset: int = 0,
              data: Path | None = None) -> BuiltSet:
    """Build part `split` of set `name` (its only part, or dev, when None); `limit`/`offset` inside the part.
    ValueError for an unknown set or a part the set does not have; RealDataMissing when its files are absent."""
    part = real_set(name).split_of(split)
    data = Path(data) if data else shared_data_dir()
    if not data.is_dir():
        raise RealDataMissing(f"{data}: no shared data folder (set RESEARCH_SHARED_DATA or put it at ../shared/data)")
    built = BuiltSet(name, part)
    if name == "ramdocs":
        built.cases = build_ramdocs(data / RAMDOCS_FILE, dest, chosen_rows(RAMDOCS_ROWS[part], limit=limit, offset=offset))
    elif name == "musique":
        if not (data / MUSIQUE_FILE).is_file():
            raise RealDataMissing(f"{data / MUSIQUE_FILE}: no such file (MuSiQue lives in ../shared/data/{MUSIQUE_FILE})")
        hops = build_musique(data / MUSIQUE_FILE, dest, chosen_rows(MUSIQUE_QUESTIONS[part], limit=limit, offset=offset))
        built.cases, built.skipped, built.no_contract = hops.cases, hops.skipped, hops.no_contract
    else:
        built.cases = build_comparison(data / "multihop", dest, limit=limit, offset=offset, specs=specs_of(name))
    return built


def run_realdata(name: str, *, split: Split | None = None, limit: int | None = None, offset: int = 0,
                 workers: int = 2, model: ModelSpec | str = ModelSpec(), out=None, oracle: str | None = None) -> int:
    """Build part `split` of set `name` in a temp dir and run it through `run_eval` (which prints both tables,
    per-case misses for a dev part only); the eval's exit code."""
    from .runner import run_eval

    out = out if out is not None else sys.stdout
    with tempfile.TemporaryDirectory(prefix=f"research-{name}-") as tmp:
        built = build_set(name, Path(tmp) / "cases", split=split, limit=limit, offset=offset)
        if not built.cases:
            print(f"error: no {name} {built.split} case in that range (offset {offset}, limit {limit})", file=sys.stderr)
            return 2
        print(built.describe(), file=out)
        return run_eval(built.cases, workers=workers, model=model, out=out, split=built.split, oracle=oracle)


def cli_realdata(name: str, paths, *, split: str | None, limit: int | None, offset: int, workers: int,
                 model: ModelSpec | str, oracle: str | None = None) -> int:
    """`research eval --realdata NAME [--split dev|test]`: bad input is one `error:` line and exit 2."""
    if paths:
        print("error: --realdata builds its own cases; give no case folders with it", file=sys.stderr)
        return 2
    try:
        part = real_set(name).split_of(_split(split))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        return run_realdata(name, split=part, limit=limit, offset=offset, workers=workers, model=model, oracle=oracle)
    except RealDataMissing as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _split(value: str | None) -> Split | None:
    if value is None:
        return None
    if value == "dev":
        return "dev"
    if value == "test":
        return "test"
    raise ValueError(f"--split {value!r}: choose dev or test")
