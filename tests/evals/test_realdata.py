"""The real-data dev set (``research_agent/evals/realdata*.py``): builders, the
wrong-confirmation check, and a quick subset run through the normal eval runner.

Cases are built at test time from ``../shared/data`` (never copied into the repo); the
tests that need it skip when it is absent.  The scorer tests build their states by hand.
"""

from __future__ import annotations

import io
import json

import pytest
from _fresh_stack import run_eval_on_a_fresh_stack

from research_agent.contract import contract_from_mapping
from research_agent.evals.case import discover_cases, load_case
from research_agent.evals.realdata import build_set, shared_data_dir
from research_agent.evals.realdata_comparison import load_specs
from research_agent.evals.realdata_score import gold_match, load_gold, realdata_table
from research_agent.evals.support import names_object, quote_has_value, wrong_confirmations
from research_agent.state import Finding, Source, new_state

DATA = shared_data_dir()
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared data not found at {DATA} (set RESEARCH_SHARED_DATA)")
COMPARISON_SUBSET = 6
RAMDOCS_SUBSET = 6


# ------------------------------------------------------------------ the scorer, on hand-built states


def _state(objects, dimension, quotes, *, titles=None, value="MIT", display=None):
    """A state whose cell `objects[0]/dimension` is confirmed by one finding per quote."""
    contract = contract_from_mapping({"question": "q", "objects": objects, "dimensions": [dimension], "min_sources": 1})
    state = new_state(contract)
    name = contract.objects[0].name
    cell = state.cells[f"{name}/{dimension}"]
    for i, quote in enumerate(quotes):
        url = f"https://s{i}.example/page.html"
        state.sources[f"S{i}"] = Source(f"S{i}", url, url, f"s{i}.example", title=(titles or [""] * len(quotes))[i], opened=True)
        state.findings[f"F{i}"] = Finding(f"F{i}", cell.key, value, display or value, quote, f"S{i}", url, None, "secondary", 1)
        cell.finding_ids.append(f"F{i}")
    cell.status, cell.value, cell.independent_sources = "confirmed", value, len(quotes)
    return state


def test_a_quote_about_another_product_is_a_wrong_confirmation():
    state = _state(["Okapi Boards"], "license", ["Brindle is licensed under the MIT license."],
                   titles=["Okapi Boards vs Brindle"])
    [wrong] = wrong_confirmations(state)
    assert (wrong.cell, wrong.reason) == ("Okapi Boards/license", "object_not_named")


def test_a_name_inside_a_longer_name_is_not_the_object():
    quote = "Simons Science News, launched in October 2012, covers mathematics and the sciences."
    state = _state(["Science News"], "founding date", [quote], value="2012-10", display="October 2012")
    assert [w.reason for w in wrong_confirmations(state)] == ["object_not_named"]
    assert names_object("Science News was founded in 1921.", ["Science News"])
    assert not names_object("Paris Hilton was born in New York.", ["Paris"])
    assert names_object("Quillstore Cloud costs $29 per month.", ["Quillstore"])  # an edition speaks for it


def test_a_table_cell_border_ends_a_name():
    # a comparison table's header row: the product in its own cell is named, not glued to "Spec"
    quote = "| Spec | Fernlight 3 | Corvid Tab |\n|---|---|---|\n| Battery (mAh) | 5,200 | 4,800 |"
    assert names_object(quote, ["Fernlight 3"])
    assert names_object(quote, ["Corvid Tab"])
    state = _state(["Fernlight 3"], "battery capacity", [quote], titles=["Two tablets"], value="5,200")
    assert wrong_confirmations(state) == []
    assert not names_object("| Spec Fernlight 3 Pro | 5,200 |", ["Fernlight 3"])  # a longer name still is not it


def test_a_reference_counts_only_on_a_page_whose_title_names_the_object():
    quote = ["It is licensed under the MIT license."]
    assert wrong_confirmations(_state(["Okapi Boards"], "license", quote, titles=["Okapi Boards documentation"])) == []
    [wrong] = wrong_confirmations(_state(["Okapi Boards"], "license", quote, titles=["Brindle documentation"]))
    assert wrong.reason == "object_not_named"


def test_a_place_noun_refers_to_the_place_its_page_is_titled_with():
    from research_agent.evals.support import attributed

    quote = "As of the 2000 census , the township had a total population of 909 ."  # RAMDocs, as tokenised there
    names = ["Washington Township, Michigan"]
    assert attributed(quote, names, "Washington Township , Gratiot County , Michigan")
    assert not attributed(quote, names, "Lincoln Township , Huron County , Michigan")


def test_every_quote_behind_the_cell_must_state_the_value():
    quotes = ["Okapi Boards is licensed under the MIT license.", "Okapi Boards is licensed under the GPL."]
    [wrong] = wrong_confirmations(_state(["Okapi Boards"], "license", quotes))
    assert (wrong.reason, wrong.finding_id) == ("value_not_in_quote", "F1")


def test_values_written_differently_are_checked_without_the_reader():
    assert quote_has_value("He was born on 26 December 1844 in Paris.", "1844-12-26")
    assert quote_has_value("The population was 9,523 at the 2010 census.", "9523")
    assert quote_has_value("Plans start at $25 per month.", "25 USD")
    assert quote_has_value("It needs 4 GB of memory.", "4000 MB")
    assert quote_has_value("Licensed under the Apache License 2.0.", "Apache-2.0")
    assert not quote_has_value("Plans start at $26 per month.", "25 USD")
    assert not quote_has_value("Released under the GNU Affero General Public License version 3.", "GPL-3.0")
    assert not quote_has_value("The population was 13,527 at the 2010 census, up from 1,938.", "1527")
    # from RAMDocs: a page title read as a duration, and a stemmed phrase (the source's words only)
    assert not quote_has_value("Lake Mills , Iowa Population History | 1990 - 2022 US »", "2.022 ms")
    assert not quote_has_value("the German occupation of Norway in 1940 during World War II.", "norway 1940 dur world war ii")


def test_a_confirmed_ramdocs_wrong_answer_is_wrong_even_when_quoted():
    quote = ["Chayanne is the third album from Puerto Rican artist Chayanne, released in 1995."]
    state = _state(["Chayanne"], "release year", quote, value="1995")
    assert wrong_confirmations(state) == []
    [wrong] = wrong_confirmations(state, wrong_answers=["1995", "1990"], gold_answers=["1987", "1988"])
    assert wrong.reason == "wrong_answer"


def test_gold_forms_match_by_digits_dates_and_phrase():
    assert gold_match("13527", ["13,527"]) and gold_match("30 July 1970", ["1970-07-30"])
    assert gold_match("English-American film director", ["English-American"])
    assert not gold_match("1,938", ["13,527"]) and not gold_match("Scottish", ["English"])


# ------------------------------------------------------------------ the builders


@needs_data
def test_the_builders_write_loadable_cases(tmp_path):
    cmp = build_set("comparison", tmp_path / "c", limit=COMPARISON_SUBSET).cases
    ram = build_set("ramdocs", tmp_path / "r", split="dev", limit=RAMDOCS_SUBSET, offset=10).cases
    cases = discover_cases([tmp_path])
    assert len(cases) == COMPARISON_SUBSET + RAMDOCS_SUBSET == len(cmp) + len(ram)
    first = load_case(ram[0])
    assert first.id == "ramdocs-011" and first.contract_model().min_sources == 2 and first.budget.max_steps == 20
    gold = load_gold(ram[0])
    line = json.loads((DATA / "ramdocs" / "RAMDocs_test.jsonl").read_text().splitlines()[10])
    assert gold["gold_answers"] == line["gold_answers"] and gold["wrong_answers"] == line["wrong_answers"]
    hosts = first.hosts()
    assert len(hosts) == len(line["documents"]) == len(set(hosts))  # one host per document
    html = next((first.pages_dir / hosts[0]).rglob("*.html")).read_text()
    assert line["documents"][0]["text"][:40].split()[0] in html and "<meta name=\"date\"" not in html
    c = load_case(cmp[0])
    assert c.contract_model().min_sources == 1 and c.expect.end_kind == "completed"
    assert len(c.hosts()) == 10 and set(c.expect.cells.values()) == {"confirmed"}


def test_the_comparison_specs_cover_enough_cells_and_kinds():
    specs = load_specs()
    cells = [key for s in specs for key in s["gold"]]
    dims = {key.split("/", 1)[1] for key in cells}
    assert len(specs) >= 24 and len(cells) >= 48 and len(dims) >= 8
    for s in specs:
        assert len(s["titles"]) == 2 and len(s.get("distractors", [])) == 8, s["id"]
        assert {k.split("/", 1)[0] for k in s["gold"]} == {o["name"] for o in s["objects"]}, s["id"]


@needs_data
def test_every_gold_value_is_in_its_paragraphs():
    from research_agent.evals.realdata_comparison import load_corpus

    corpus = load_corpus(DATA / "multihop")
    for s in load_specs():
        for key, forms in s["gold"].items():
            assert any(quote_has_value(corpus[t], f) for t in s["titles"] for f in forms), (s["id"], key)


# ------------------------------------------------------------------ a quick subset through the runner


@pytest.fixture(scope="module")
def subset_run(tmp_path_factory):
    if not DATA.is_dir():
        pytest.skip(f"shared data not found at {DATA}")
    tmp = tmp_path_factory.mktemp("realdata")
    paths = build_set("comparison", tmp / "cases", limit=COMPARISON_SUBSET).cases
    paths += build_set("ramdocs", tmp / "cases", split="dev", limit=RAMDOCS_SUBSET).cases
    out, report = io.StringIO(), tmp / "runs.json"
    run_eval_on_a_fresh_stack(paths, json_path=report, workers=2, out=out)
    runs = json.loads(report.read_text())["runs"]
    return runs, out.getvalue() + realdata_table(runs)


def test_the_subset_runs_and_prints_the_real_data_table(subset_run):
    runs, text = subset_run
    assert len(runs) == COMPARISON_SUBSET + RAMDOCS_SUBSET and all(r["realdata"] for r in runs)
    assert not [r for r in runs if r["end_kind"] == "failed"], text
    assert "== real-data dev part ==" in text and "wrong conf" in text


def test_no_wrong_confirmation_on_the_subset(subset_run):
    runs, text = subset_run
    assert sum(r["wrong_confirmations"] for r in runs) == 0, text


# ------------------------------------------------------------------ the command line


def test_eval_realdata_bad_input_is_one_error_line(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from research_agent.cli import app

    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "home"))
    res = CliRunner().invoke(app, ["eval", "--realdata", "wikipedia"])
    assert res.exit_code == 2
    assert [l for l in res.stderr.splitlines() if l.startswith("error:")] == [
        "error: --realdata 'wikipedia': choose one of ramdocs, musique, comparison, comparison-fresh, comparison-fresh2, comparison-test"
    ]
    monkeypatch.setenv("RESEARCH_SHARED_DATA", str(tmp_path / "absent"))
    res = CliRunner().invoke(app, ["eval", "--realdata", "comparison", "--limit", "1"])
    assert res.exit_code == 2 and res.stderr.startswith("error: ") and "absent" in res.stderr


def test_an_interval_written_in_other_words_is_supported_by_its_quote() -> None:
    from research_agent.evals.support import quote_has_value

    assert quote_has_value("Pell ships a patch release every two weeks.", "every fortnight")
    assert quote_has_value("Patches land fortnightly.", "every two weeks")
    assert not quote_has_value("Patches land monthly.", "every two weeks")
