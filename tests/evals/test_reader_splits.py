"""The reader's dev/test discipline (docs/splits.md): the fixed parts of every real-data set, the
MuSiQue single-hop builder, and a test part that prints aggregates only.

Tests that need ``../shared/data`` skip with a message when it is absent; the builder and the
output tests run on hand-written rows and cases."""

from __future__ import annotations

import io
import json
import shutil

import pytest
from _fresh_stack import run_eval_on_a_fresh_stack

from research_agent.config import REPO_ROOT
from research_agent.evals.case import load_case
from research_agent.evals.realdata import build_set, shared_data_dir
from research_agent.evals.realdata_musique import build_musique, hop_cases, hop_question
from research_agent.evals.realdata_score import load_gold
from research_agent.evals.splits import MUSIQUE_QUESTIONS, RAMDOCS_ROWS, chosen_rows, real_set

DATA = shared_data_dir()
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared data not found at {DATA} (set RESEARCH_SHARED_DATA)")


# ------------------------------------------------------------------ the parts


@pytest.mark.parametrize(("parts", "rows"), [(RAMDOCS_ROWS, 400), (MUSIQUE_QUESTIONS, 100)])
def test_dev_and_test_are_disjoint_and_cover_every_row_once(parts, rows):
    dev, test = set(parts["dev"]), set(parts["test"])
    assert not dev & test
    assert sorted(dev | test) == list(range(1, rows + 1))
    assert max(dev) < min(test)  # dev first, as docs/splits.md writes them


def test_limit_and_offset_stay_inside_the_part():
    assert list(chosen_rows(RAMDOCS_ROWS["test"], limit=3, offset=2)) == [203, 204, 205]
    assert list(chosen_rows(RAMDOCS_ROWS["dev"], offset=198, limit=10)) == [199, 200]
    assert list(chosen_rows(MUSIQUE_QUESTIONS["test"], offset=60)) == []


def test_a_one_part_set_refuses_the_other_part():
    assert real_set("comparison").split_of(None) == "dev"
    assert real_set("comparison-test").split_of(None) == "test"
    assert real_set("ramdocs").split_of(None) == "dev"
    with pytest.raises(ValueError, match="comparison-test"):
        real_set("comparison").split_of("test")


@needs_data
def test_the_shared_files_hold_exactly_the_rows_the_parts_name(tmp_path):
    lines = [l for l in (DATA / "ramdocs" / "RAMDocs_test.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    assert len(lines) == len(RAMDOCS_ROWS["dev"]) + len(RAMDOCS_ROWS["test"])
    musique = json.loads((DATA / "multihop" / "musique_train.json").read_text(encoding="utf-8"))
    assert len(musique) == len(MUSIQUE_QUESTIONS["dev"]) + len(MUSIQUE_QUESTIONS["test"])
    dev = build_set("ramdocs", tmp_path / "d", split="dev", limit=2)
    test = build_set("ramdocs", tmp_path / "t", split="test", limit=1, offset=199)
    assert [p.name for p in dev.cases] == ["ramdocs-001", "ramdocs-002"]
    assert [p.name for p in test.cases] == ["ramdocs-400"] and test.split == "test"


# ------------------------------------------------------------------ MuSiQue single hops


def _row(answerable: bool = True) -> dict:
    paragraphs = [
        {"idx": 0, "title": "Quarry Lane Press", "paragraph_text": "Quarry Lane Press is a publisher in Leeds.", "is_supporting": False},
        {"idx": 1, "title": "Journal of Tidal Studies", "paragraph_text": "The Journal of Tidal Studies is published by the Harbour Society.", "is_supporting": True},
        {"idx": 2, "title": "Harbour Society", "paragraph_text": "The Harbour Society was founded in 1889 by Ada Marsh, its first president.", "is_supporting": True},
    ]
    hops = [
        {"id": 1, "question": "Who publishes the Journal of Tidal Studies?", "answer": "the Harbour Society", "paragraph_support_idx": 1},
        {"id": 2, "question": "Who was the first president of #1 ?", "answer": "Ada Marsh", "paragraph_support_idx": 2},
    ]
    return {"id": "2hop__1_2", "paragraphs": paragraphs, "question": "Who was the first president of the society that publishes the Journal of Tidal Studies?",
            "question_decomposition": hops, "answer": "Ada Marsh", "answer_aliases": ["A. Marsh", "AM"], "answerable": answerable}


def test_a_hop_names_the_earlier_answer_in_place_of_its_reference():
    row = _row()
    assert hop_question(row["question_decomposition"], 1) == "Who was the first president of the Harbour Society?"
    assert hop_question(row["question_decomposition"], 0) == "Who publishes the Journal of Tidal Studies?"


def test_each_hop_is_one_case_with_its_supporting_page_and_the_others_as_corpus():
    first, second = hop_cases(7, _row())
    assert (first.id, second.id) == ("musique-007-h1", "musique-007-h2")
    assert second.question == "Who was the first president of the Harbour Society?"
    assert len(second.pages) == 3 and {p.title for p in second.pages} == {"Quarry Lane Press", "Journal of Tidal Studies", "Harbour Society"}
    support = next(p for p in second.pages if p.title == "Harbour Society")
    assert second.gold["gold_urls"] == [support.url] and support.url.startswith("https://p2.musique-007-h2.")
    [(cell, forms)] = second.gold["cells"].items()
    assert forms[:2] == ["Ada Marsh", "A. Marsh"] and "AM" not in forms  # the whole question's aliases; no 2-letter code
    assert second.gold["stating_urls"] == {cell: [support.url]}
    assert list(first.gold["cells"].values()) == [["the Harbour Society", "Harbour Society"]]  # with and without "the"
    assert second.contract["min_sources"] == 1 and second.end_kind == "completed"


def test_unanswerable_questions_are_skipped_and_counted(tmp_path):
    rows = [_row(), _row(answerable=False), _row()]
    (tmp_path / "musique.json").write_text(json.dumps(rows), encoding="utf-8")
    built = build_musique(tmp_path / "musique.json", tmp_path / "cases", range(1, 4))
    assert built.skipped == 1
    assert [p.name for p in built.cases] == ["musique-001-h1", "musique-001-h2", "musique-003-h1", "musique-003-h2"]
    case = load_case(built.cases[1])
    assert case.category == "musique" and load_gold(built.cases[1])["set"] == "musique"


def test_a_hop_with_no_subject_is_a_case_the_eval_counts_as_refused(tmp_path):
    from research_agent.evals.case import QuestionRefused
    from research_agent.evals.realdata_musique import NO_CONTRACT_CELL

    row = _row()
    row["question_decomposition"][0]["question"] = "in what society do tide journals still matter?"
    (tmp_path / "musique.json").write_text(json.dumps([row]), encoding="utf-8")
    built = build_musique(tmp_path / "musique.json", tmp_path / "cases", range(1, 2))
    assert built.no_contract == 1 and len(built.cases) == 2  # written, not dropped
    with pytest.raises(QuestionRefused):
        load_case(built.cases[0])
    assert list(load_gold(built.cases[0])["cells"]) == [NO_CONTRACT_CELL]


@needs_data
def test_the_first_dev_question_gives_its_hops():
    rows = json.loads((DATA / "multihop" / "musique_train.json").read_text(encoding="utf-8"))
    cases = hop_cases(1, rows[0])
    assert len(cases) == len(rows[0]["question_decomposition"])
    assert cases[1] is not None and "#" not in cases[1].question
    assert rows[0]["question_decomposition"][0]["answer"] in cases[1].question


# ------------------------------------------------------------------ a test part prints aggregates only


def _missing_case(folder):
    """A copy of a synthetic dev case under `folder` whose expected ending it cannot meet: a sure miss."""
    src = REPO_ROOT / "evalsets_dev" / "fresh-01"
    dest = folder / "fresh-01"
    shutil.copytree(src, dest)
    toml = (dest / "case.toml").read_text(encoding="utf-8").replace('end_kind = "completed"', 'end_kind = "budget_exhausted"')
    (dest / "case.toml").write_text(toml, encoding="utf-8")
    return dest


def test_a_test_part_names_no_case_and_no_miss(tmp_path):
    dev_dir = _missing_case(tmp_path / "dev")
    test_dir = _missing_case(tmp_path / "evalsets_test")
    dev_out, test_out = io.StringIO(), io.StringIO()
    run_eval_on_a_fresh_stack([dev_dir], workers=1, out=dev_out, split="dev")
    run_eval_on_a_fresh_stack([test_dir], workers=1, out=test_out, split="test", json_path=tmp_path / "t.json")
    assert "MISS fresh-01" in dev_out.getvalue()  # the same miss, shown on a dev part
    text = test_out.getvalue()
    assert "fresh-01" not in text and "MISS" not in text and "missed " not in text and "Ternstore" not in text
    assert "test part: 1 of 1 case(s) missed; per-case misses are not shown" in text
    data = json.loads((tmp_path / "t.json").read_text())
    assert data["runs"] == [] and data["runs_withheld"] == 1 and data["realdata"][0]["cases"] == 1
    assert "fresh-01" not in json.dumps(data) and "Ternstore" not in json.dumps(data)
    from research_agent.replay.grid import run_grid  # the eval's recording, re-judged: aggregates only too

    run_id = text.split("research eval --replay ", 1)[1].split()[0]
    replayed = run_grid(run_id, ["min_sources=1,2"], out=io.StringIO())
    assert replayed["runs"] == [] and replayed["runs_withheld"] == 2 and "fresh-01" not in json.dumps(replayed)


def test_research_eval_on_evalsets_test_is_a_test_part(tmp_path):
    from typer.testing import CliRunner

    from research_agent.cli import app

    test_dir = _missing_case(tmp_path / "evalsets_test")
    res = CliRunner().invoke(app, ["eval", str(test_dir), "--workers", "1"])
    assert res.exit_code == 1
    assert "fresh-01" not in res.output and "per-case misses are not shown" in res.output
    res = CliRunner().invoke(app, ["eval", str(test_dir), "--split", "dev"])
    assert res.exit_code == 2 and res.stderr.startswith("error: ") and "test part" in res.stderr


def test_split_and_oracle_errors_are_one_line():
    from typer.testing import CliRunner

    from research_agent.cli import app

    for args, want in [
        (["--realdata", "comparison", "--split", "test"], "error: --realdata comparison is a dev set; its test part is --realdata comparison-test"),
        (["--realdata", "ramdocs", "--split", "held"], "error: --split 'held': choose dev or test"),
        (["--realdata", "comparison", "--oracle", "perfect"], "error: --oracle 'perfect': choose gold or wrong"),
        (["--realdata", "comparison", "--oracle", "gold", "--model", "rules"],
         "error: --oracle puts its own model in the model's seat: give it no --model and no --record"),
    ]:
        res = CliRunner().invoke(app, ["eval", *args])
        assert res.exit_code == 2 and res.stderr.strip().splitlines() == [want]


def test_comparison_test_says_when_its_cases_are_not_written(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from research_agent.cli import app
    from research_agent.evals import realdata_comparison

    monkeypatch.setitem(realdata_comparison.SPEC_FILES, "comparison-test", tmp_path / "absent" / "x" / "cases_test.toml")
    monkeypatch.setenv("RESEARCH_SHARED_DATA", str(tmp_path))
    res = CliRunner().invoke(app, ["eval", "--realdata", "comparison-test"])
    assert res.exit_code == 2
    [line] = res.stderr.strip().splitlines()
    assert line.startswith("error: ") and "cases_test.toml: no such file yet" in line


def test_a_question_the_parser_refuses_is_a_counted_miss_not_bad_input(tmp_path):
    from research_agent.evals.realdata_figures import set_figures

    case = _missing_case(tmp_path / "evalsets_test")
    toml = (case / "case.toml").read_text(encoding="utf-8")
    (case / "case.toml").write_text(toml.replace('question = "Compare Ternstore and Gullhaven on maximum database size"',
                                                 'question = "Tell me a story"'), encoding="utf-8")
    out, report = io.StringIO(), tmp_path / "one.json"
    assert run_eval_on_a_fresh_stack([case], workers=1, out=out, json_path=report, split="dev") == 1
    [run] = json.loads(report.read_text())["runs"]
    assert run["end_kind"] == "question_refused" and run["tool_calls"] == 0
    [fig] = set_figures([run], "dev")
    assert (fig.cases, fig.questions_refused, fig.cells_right, fig.cells_total) == (1, 1, 0, 2)
    assert "MISS fresh-01: expected budget_exhausted, got question_refused" in out.getvalue()
