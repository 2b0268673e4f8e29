"""Comparison cases over real Wikipedia paragraphs (specs in ``realdata_cases.toml``).

Every page is one paragraph on its own host (``https://p<k>.<case>.wiki.example/<slug>.html``),
titled with the paragraph title: the two gold paragraphs and 8 distractors.  `min_sources = 1`,
expected `completed` with every cell confirmed.  The paragraphs are read from
``../shared/data/multihop`` at build time and never stored in the repository.
"""

from __future__ import annotations

import html
import json
import random
import re
import tomllib
from functools import lru_cache
from pathlib import Path

from ..contract import ContractError, parse_question
from .realdata_casefile import Page, RealCase, RealDataMissing, write_case
from .realdata_score import gold_match

__all__ = [
    "FRESH_SPEC_FILE", "FRESH2_SPEC_FILE", "SPEC_FILE", "TEST_SPEC_FILE", "build_comparison", "load_corpus", "load_specs",
    "pick_distractors", "specs_of",
]

SPEC_FILE = Path(__file__).with_name("realdata_cases.toml")
FRESH_SPEC_FILE = Path(__file__).with_name("realdata_cases_fresh.toml")
FRESH2_SPEC_FILE = Path(__file__).with_name("realdata_cases_fresh2.toml")
TEST_SPEC_FILE = Path(__file__).with_name("realdata_cases_test.toml")
"""The comparison set's test part (docs/splits.md), written apart from whoever tunes the reader."""
SPEC_FILES = {"comparison": SPEC_FILE, "comparison-fresh": FRESH_SPEC_FILE, "comparison-fresh2": FRESH2_SPEC_FILE, "comparison-test": TEST_SPEC_FILE}
CORPUS_FILES = ("hotpotqa_train_corpus.json", "musique_train_corpus.json")
DISTRACTORS = 8
HARD_DISTRACTORS = 5
_STOP = frozenset("the a an of and in on at for to north south east west new city county film band company".split())


@lru_cache(maxsize=4)
def load_corpus(multihop: Path) -> dict[str, str]:
    """title → paragraph text over both corpora (HotpotQA first; the first MuSiQue paragraph of a title)."""
    out: dict[str, str] = {}
    hotpot = json.loads((multihop / CORPUS_FILES[0]).read_text(encoding="utf-8"))
    for title, sentences in hotpot.items():
        out[title] = " ".join(sentences) if isinstance(sentences, list) else str(sentences)
    for row in json.loads((multihop / CORPUS_FILES[1]).read_text(encoding="utf-8")):
        out.setdefault(row["title"], row["text"])
    return {t: re.sub(r"\s+", " ", x).strip() for t, x in out.items() if x.strip()}


def load_specs(path: Path = SPEC_FILE) -> list[dict]:
    return tomllib.loads(path.read_text(encoding="utf-8"))["case"]


def specs_of(name: str) -> list[dict]:
    """The specs of comparison set `name`; RealDataMissing when its file is not written yet."""
    path = SPEC_FILES[name]
    if not path.is_file():
        raise RealDataMissing(f"{path.relative_to(path.parents[2])}: no such file yet (the {name} cases are not written)")
    return load_specs(path)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2 and w not in _STOP}


def pick_distractors(spec: dict, corpus: dict[str, str], n: int = DISTRACTORS) -> list[str]:
    """Hard distractors first (titles sharing a word with a gold title or object name, most shared
    first, ties by title), then a seeded random fill; deterministic for a given corpus."""
    gold = set(spec["titles"])
    names = " ".join(spec["titles"] + [o["name"] for o in spec["objects"]])
    key = _words(names)
    scored = sorted(
        ((len(key & _words(t)), t) for t in corpus if t not in gold and key & _words(t)), key=lambda p: (-p[0], p[1])
    )
    hard = [t for _, t in scored[:HARD_DISTRACTORS]]
    rest = sorted(t for t in corpus if t not in gold and t not in hard)
    random.Random(spec["id"]).shuffle(rest)
    return hard + rest[: n - len(hard)]


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "page"


def _parse_agrees(spec: dict) -> bool:
    """Would `parse_question` give the same objects and dimensions as the written contract?"""
    try:
        parsed = parse_question(spec["question"], min_sources=1)
    except ContractError:
        return False
    return ({o.name for o in parsed.objects} == {o["name"] for o in spec["objects"]}
            and {d.name for d in parsed.dimensions} == {d["name"] for d in spec["dimensions"]})


def _stating_urls(spec: dict, gold_pages: list[Page]) -> dict[str, list[str]]:
    """Cell → the gold page that states its value: the page of the cell's own object (the spec lists titles in
    the order of its objects) when its text holds a gold form, else every gold page whose text does."""
    names = [o["name"] for o in spec["objects"]]
    out: dict[str, list[str]] = {}
    for key, forms in spec["gold"].items():
        i = names.index(key.split("/", 1)[0]) if key.split("/", 1)[0] in names else -1
        own = gold_pages[i] if 0 <= i < len(gold_pages) and len(gold_pages) == len(names) else None
        if own is not None and gold_match(own.text, forms):
            out[key] = [own.url]
        else:
            out[key] = [p.url for p in gold_pages if gold_match(p.text, forms)]
    return out


def comparison_case(spec: dict, corpus: dict[str, str]) -> RealCase:
    missing = [t for t in spec["titles"] if t not in corpus]
    if missing:
        raise KeyError(f"{spec['id']}: gold paragraph(s) {missing} not in the multihop corpus")
    titles = list(spec["titles"]) + [t for t in spec.get("distractors") or pick_distractors(spec, corpus) if t in corpus]
    pages = [
        Page(f"https://p{k}.{spec['id']}.wiki.example/{_slug(t)}.html", html.unescape(t), html.unescape(corpus[t]))
        for k, t in enumerate(titles, 1)
    ]
    gold = {
        "set": "comparison", "cells": spec["gold"], "gold_urls": [p.url for p in pages[:2]],
        "stating_urls": _stating_urls(spec, pages[:len(spec["titles"])]),
        "min_tool_calls": 1 + 2, "contract_fallback": False, "parse_question_agrees": _parse_agrees(spec),
        "expected_end_kind": "completed", "titles": titles,
    }
    contract = {"objects": spec["objects"], "dimensions": spec["dimensions"], "min_sources": 1}
    return RealCase(
        id=spec["id"], category="comparison", question=spec["question"],
        description=(
            f"Real Wikipedia paragraphs {spec['titles'][0]!r} and {spec['titles'][1]!r} hold every value; "
            f"8 distractors. min_sources = 1, so reading both gold pages settles every cell: completed."
        ),
        contract=contract, end_kind="completed", pages=pages, gold=gold,
        cells={key: "confirmed" for key in spec["gold"]},
    )


def build_comparison(multihop: Path, dest: Path, *, limit: int | None = None, offset: int = 0,
                     specs: list[dict] | None = None) -> list[Path]:
    """Write the comparison cases (`specs`, default all of ``realdata_cases.toml``) under `dest`."""
    multihop = Path(multihop)
    if not all((multihop / f).is_file() for f in CORPUS_FILES):
        raise RealDataMissing(f"{multihop}: the multihop corpora {', '.join(CORPUS_FILES)} are not there")
    corpus = load_corpus(multihop)
    chosen = (specs if specs is not None else load_specs())[offset:]
    if limit is not None:
        chosen = chosen[:limit]
    return [write_case(Path(dest), comparison_case(spec, corpus)) for spec in chosen]
