"""MuSiQue single hops: one case per hop of a question's decomposition, built from ``musique_train.json``.

A MuSiQue question ("Who was the first president of the association which published X?") comes with
its decomposition, one sub-question per hop ("What company published X?", "Who was the first president
of #1 ?"), each with its answer and the index of the paragraph that states it.  A hop is a one-cell
lookup — the shape a reader must read — so each is one case:

* the question is the hop's sub-question with every ``#k`` replaced by hop k's answer (and the space
  MuSiQue leaves before the closing "?" removed);
* the contract comes from that question through the normal rule parse (`parse_question`); a question
  the parser refuses gets the RAMDocs fallback (`realdata_contract`), and a sub-question written as a
  relation ("Hello Love >> performer") the relation's own two sides — both counted as fallback contracts;
* the corpus is the question's 20 paragraphs, every one a titled page on its own loopback host (as the
  comparison cases serve theirs): the supporting paragraph and the others, distractors included;
* gold: the hop's answer (and, for the hop that answers the whole question, the question's aliases);
  `min_sources = 1`, so reading the supporting page settles the cell: expected `completed`.

Questions marked ``answerable = false`` are skipped and counted (`MusiqueBuild.skipped`).  A hop for
which neither the parser nor the fallback finds a subject is written without a [contract] table: the
eval counts it as a question the parser refuses (a miss, never run; `MusiqueBuild.no_contract`).  The file's
questions are split by position (`splits.MUSIQUE_QUESTIONS`); nothing is copied into the repository.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..contract import ContractError
from .realdata_casefile import Page, RealCase, write_case
from .realdata_contract import ramdocs_contract

__all__ = ["MUSIQUE_FILE", "MusiqueBuild", "build_musique", "hop_cases", "hop_question"]

MUSIQUE_FILE = Path("multihop") / "musique_train.json"
MIN_SOURCES = 1
_HOP_REF = re.compile(r"#(\d+)")
_RELATION = re.compile(r"^\s*(.+?)\s*>>\s*(.+?)\s*$")


@dataclass
class MusiqueBuild:
    """The case folders written, and the questions skipped as unanswerable."""

    cases: list[Path] = field(default_factory=list)
    skipped: int = 0
    """Questions marked unanswerable."""
    no_contract: int = 0
    """Hops whose question gives no contract at all (no subject found): written, counted as refused."""


def hop_question(hops: list[dict], k: int) -> str:
    """Hop `k`'s (0-based) sub-question with every ``#j`` replaced by hop j's answer."""
    def answer(m: re.Match) -> str:
        j = int(m.group(1))
        return hops[j - 1]["answer"] if 1 <= j <= len(hops) else m.group(0)

    text = _HOP_REF.sub(answer, hops[k]["question"])
    return re.sub(r"\s+([?.!,])", r"\1", text).strip()


def _contract(question: str) -> tuple[dict, bool]:
    """(contract table, whether it is a fallback): the rule parse first, a written relation second."""
    contract, fallback = ramdocs_contract(question, MIN_SOURCES)
    relation = _RELATION.match(question)
    if fallback and relation:
        contract = {"objects": [relation.group(1)], "dimensions": [relation.group(2)], "min_sources": MIN_SOURCES}
    return contract, fallback


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "page"


def _gold_forms(answer: str, extra: list[str]) -> list[str]:
    """The answer, its aliases of three characters or more (a code such as "NO" for Norway would match the
    word "no"), and each without a leading article ("the Anglican Communion")."""
    forms = [answer, *(a for a in extra if len(a.strip()) >= 3)]
    forms += [re.sub(r"^(?:the|a|an)\s+", "", f, flags=re.I) for f in forms]
    return list(dict.fromkeys(f.strip() for f in forms if f.strip()))


NO_CONTRACT_CELL = "(no contract)/answer"
"""The gold cell key of a hop whose question gives no contract (its case has no [contract] table)."""


def _hop_case(number: int, row: dict, k: int) -> RealCase:
    hops, hop = row["question_decomposition"], row["question_decomposition"][k]
    case_id = f"musique-{number:03d}-h{k + 1}"
    pages = [
        Page(f"https://p{p['idx']}.{case_id}.wiki.example/{_slug(p['title'])}.html", html.unescape(p["title"]),
             html.unescape(p["paragraph_text"]))
        for p in row["paragraphs"]
    ]
    support = next(pg for pg, p in zip(pages, row["paragraphs"]) if p["idx"] == hop["paragraph_support_idx"])
    question = hop_question(hops, k)
    contract: dict | None
    try:
        contract, fallback = _contract(question)
        obj = contract["objects"][0]
        cell = f"{obj if isinstance(obj, str) else obj['name']}/{contract['dimensions'][0]}"
        how = "derived by the fallback" if fallback else "parsed from the question"
    except ContractError:  # no subject at all: a case without a contract, which the eval counts as refused
        contract, fallback, cell, how = None, False, NO_CONTRACT_CELL, "not found (the question gives none)"
    last = hop["answer"] == row.get("answer")
    forms = _gold_forms(hop["answer"], list(row.get("answer_aliases") or []) if last else [])
    gold = {
        "set": "musique", "question_number": number, "hop": k + 1, "cells": {cell: forms},
        "gold_urls": [support.url], "stating_urls": {cell: [support.url]},
        "min_tool_calls": 1 + MIN_SOURCES, "contract_fallback": fallback, "expected_end_kind": "completed",
    }
    return RealCase(
        id=case_id, category="musique", question=question,
        description=(f"MuSiQue question {number}, hop {k + 1} of {len(hops)}: the supporting paragraph "
                     f"{support.title!r} states the answer; {len(pages) - 1} other paragraphs of the question. "
                     f"Contract {how}."),
        contract=contract, end_kind="completed", pages=pages, gold=gold,
        cells={cell: "confirmed"} if contract is not None else {},
    )


def hop_cases(number: int, row: dict) -> list[RealCase]:
    """The cases of question `number` (1-based position in the file): one per hop."""
    return [_hop_case(number, row, k) for k in range(len(row["question_decomposition"]))]


def build_musique(file: Path, dest: Path, questions: range) -> MusiqueBuild:
    """Write the hop cases of the questions at positions `questions` (1-based) of `file` under `dest`."""
    rows = json.loads(Path(file).read_text(encoding="utf-8"))
    built = MusiqueBuild()
    for number in questions:
        if number > len(rows):
            break
        row = rows[number - 1]
        if row.get("answerable") is False:
            built.skipped += 1
            continue
        for case in hop_cases(number, row):
            built.no_contract += case.contract is None
            built.cases.append(write_case(Path(dest), case))
    return built
