"""The held-out test sets are well-formed (issue 21, docs/splits.md) — never how the reader scores on them.

* `evalsets_test/<case>/`: every case loads (a case whose contract comes from its question may use a
  question shape the parse does not read yet: then the rest of the case must load with the contract its
  gold.json names); every page is served on loopback and extracts with its date; every gold cell's
  accepted forms are written in the served text of enough pages (two hosts, not all forums, for a cell
  the case expects confirmed; one for any other).
* `evalsets_test/corpora/<name>/`: a question, a gold.json, and each gold cell written in two files.
* `research_agent/evals/realdata_cases_test.toml`: no paragraph a dev case uses; every gold form is
  written in its object's paragraph (an ISO date as the paragraph's written date); the cases build and load.

The figures (cells right, endings, wrong confirmations) are printed by `bench/heldout.py`, not asserted.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from research_agent.config import REPO_ROOT
from research_agent.contract import ContractError, contract_from_mapping, parse_question, split_cell_key
from research_agent.evals.case import CASE_FILE, CaseError, discover_cases, load_case
from research_agent.evals.realdata import shared_data_dir
from research_agent.evals.realdata_comparison import (
    build_comparison, load_corpus, load_specs, pick_distractors, specs_of,
)
from research_agent.evals.splits import COMPARISON_SETS
from research_agent.evals.support import parse_dates

from _wellformed import FORUM, YES_NO, served_texts, squash
from _wellformed import gold as gold_of

TEST_DIR = REPO_ROOT / "evalsets_test"
CORPORA = TEST_DIR / "corpora"
TEST_SPECS = REPO_ROOT / "research_agent" / "evals" / "realdata_cases_test.toml"
DATA = shared_data_dir()
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared data not found at {DATA} (set RESEARCH_SHARED_DATA)")

_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")




def _case_dirs() -> list[Path]:
    return sorted(p.parent for p in TEST_DIR.glob(f"*/{CASE_FILE}"))






def _holders(texts: dict[str, str], forms: list[str]) -> list[str]:
    wanted = [squash(f) for f in forms if f.casefold() not in YES_NO and not _ISO.fullmatch(f)]
    return [url for url, text in texts.items() if any(f in text for f in wanted)]


def _independent(urls: list[str]) -> tuple[int, bool]:
    """(distinct hosts, whether every one is forum-like)."""
    hosts = {u.split("/")[2] for u in urls}
    return len(hosts), bool(urls) and all(FORUM.search(u.split("//", 1)[1]) for u in urls)


# ------------------------------------------------------------------ evalsets_test/


def test_the_synthetic_test_split_loads_as_eval_cases():
    dirs = _case_dirs()
    assert len(dirs) >= 20
    for case_dir in dirs:
        gold = gold_of(case_dir)
        assert gold["set"] == "synthetic" and gold["expected_end_kind"]
        try:
            case = load_case(case_dir)
        except CaseError as exc:
            # only a question shape the parse does not read yet may refuse, and only in a case without a contract
            assert gold["parsed_question"] and "the question does not parse" in str(exc), str(exc)
            _loads_with_the_gold_contract(case_dir, gold)
            continue
        assert case.expect.end_kind == gold["expected_end_kind"]
        assert (case.contract is None) == gold["parsed_question"], case_dir
        if case.contract is not None:
            names = {f"{o.name}/{d.name}" for o in case.contract_model().objects for d in case.contract_model().dimensions}
            assert set(gold["cells"]) <= names and set(gold["unconfirmed"]) <= names, case_dir


def _loads_with_the_gold_contract(case_dir: Path, gold: dict) -> None:
    keys = [split_cell_key(k) for k in [*gold["cells"], *gold["unconfirmed"]]]
    objects = list(dict.fromkeys(o for o, _ in keys))
    dims = list(dict.fromkeys(d for _, d in keys))
    contract_from_mapping({"question": "q", "objects": objects, "dimensions": dims})
    text = (case_dir / CASE_FILE).read_text(encoding="utf-8")
    assert "[contract]" not in text and (case_dir / "pages").is_dir()


def test_the_synthetic_test_split_is_one_eval_set_with_unique_ids():
    loadable = []
    for case_dir in _case_dirs():
        try:
            loadable.append(load_case(case_dir))
        except CaseError:
            continue
    cases = discover_cases([c.case_file for c in loadable])
    assert len({c.id for c in cases}) == len(cases) == len(loadable)


@pytest.mark.parametrize("case_dir", _case_dirs(), ids=lambda p: p.name)
def test_every_synthetic_page_serves_and_every_gold_value_is_written_in_enough_pages(case_dir):
    texts = served_texts(case_dir / "pages")
    gold = gold_of(case_dir)
    completes = gold["expected_end_kind"] == "completed"
    for key, forms in gold["cells"].items():
        obj = split_cell_key(key)[0]
        holders = _holders(texts, forms)
        hosts, forum_only = _independent(holders)
        if all(f.casefold() in YES_NO for f in forms):
            continue  # a yes/no answer is not a phrase; its sentences are checked by the case's own forms
        if completes or key not in gold["unconfirmed"]:
            assert hosts >= 2 and not forum_only, f"{case_dir.name}: {key} is written on {holders}"
        else:
            assert hosts >= 1, f"{case_dir.name}: {key} is never written"
        assert any(squash(obj) in texts[u] for u in holders), f"{case_dir.name}: {key}: no page naming {obj} holds it"


# ------------------------------------------------------------------ evalsets_test/corpora/


def _corpus_dirs() -> list[Path]:
    return sorted(p for p in CORPORA.iterdir() if p.is_dir()) if CORPORA.is_dir() else []


def test_there_are_two_newcomer_corpora():
    assert len(_corpus_dirs()) >= 2


@pytest.mark.parametrize("corpus_dir", _corpus_dirs(), ids=lambda p: p.name)
def test_a_newcomer_corpus_is_a_plain_folder_whose_gold_values_are_written_twice(corpus_dir):
    question = (corpus_dir / "question.txt").read_text(encoding="utf-8").strip()
    gold = json.loads((corpus_dir / "gold.json").read_text(encoding="utf-8"))
    docs = corpus_dir / "corpus"
    assert question and gold["cells"] and docs.is_dir()
    assert not (docs / "pages").exists(), "a newcomer's corpus is a plain folder, not the evalset layout"
    files = [p for p in docs.rglob("*") if p.is_file()]
    assert files and all(p.suffix in (".html", ".md", ".txt") for p in files)
    texts = served_texts(docs)
    for key, forms in gold["cells"].items():
        holders = _holders(texts, forms)
        assert len(holders) >= 2, f"{corpus_dir.name}: {key} is written in {holders}"
    try:
        contract = parse_question(question)
    except ContractError:
        return  # a question shape the parse does not read yet: the bench counts the refusal
    names = {o.name for o in contract.objects}
    assert {split_cell_key(k)[0] for k in gold["cells"]} <= names


# ------------------------------------------------------------------ realdata_cases_test.toml


def test_the_real_comparison_test_split_uses_no_dev_paragraph():
    specs = load_specs(TEST_SPECS)
    dev = [s for name in COMPARISON_SETS["dev"] for s in specs_of(name)]
    dev_titles = {t for s in dev for t in s["titles"] + list(s.get("distractors", []))}
    assert len(specs) >= 20 and sum(len(s["gold"]) for s in specs) >= 44
    assert len({s["id"] for s in specs}) == len(specs)
    assert not dev_titles & {t for s in specs for t in s["titles"]}
    for spec in specs:
        names = [o["name"] for o in spec["objects"]]
        dims = [d["name"] for d in spec["dimensions"]]
        assert len(spec["titles"]) == len(names) == 2
        for key in spec["gold"]:
            obj, dim = split_cell_key(key)
            assert obj in names and dim in dims, f"{spec['id']}: {key}"


@needs_data
def test_every_real_test_gold_form_is_written_in_its_objects_paragraph_and_the_cases_build(tmp_path):
    corpus = load_corpus(DATA / "multihop")
    specs = load_specs(TEST_SPECS)
    dev = [s for name in COMPARISON_SETS["dev"] for s in specs_of(name)]
    dev_distractors = {t for s in dev for t in (s.get("distractors") or pick_distractors(s, corpus))}
    for spec in specs:
        assert not dev_distractors & set(spec["titles"]), spec["id"]
        names = [o["name"] for o in spec["objects"]]
        for key, forms in spec["gold"].items():
            paragraph = corpus[spec["titles"][names.index(split_cell_key(key)[0])]]
            for form in forms:
                if _ISO.fullmatch(form):
                    assert parse_dates(form) <= parse_dates(paragraph), f"{spec['id']}: {key}: {form}"
                else:
                    assert form in paragraph, f"{spec['id']}: {key}: {form!r} is not in the paragraph"
    built = build_comparison(DATA / "multihop", tmp_path, specs=specs)
    assert len(discover_cases(built)) == len(specs)
