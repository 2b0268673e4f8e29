"""The perfect reader model (`research eval --oracle gold|wrong`): a loopback OpenAI-compatible server
that answers page-reading requests with the gold finding (or a plausible wrong one), and the count of
what the program kept and refused.

The end-to-end runs go through the real LLM path: `OpenAIModel` and the `openai` client over HTTP to
the server, the reducer's checks, the stop rules.  One runs on a hand-written case, one on real cases
built from ``../shared/data`` (skipped when it is absent)."""

from __future__ import annotations

import io
import json

import pytest
from _fresh_stack import run_eval_on_a_fresh_stack

from research_agent.contract import contract_from_mapping
from research_agent.evals.oracle import CaseGold, PerfectReader
from research_agent.evals.oracle_findings import Offer, gold_finding, page_sentences, wrong_finding
from research_agent.evals.oracle_score import score_offers
from research_agent.evals.realdata import build_set, shared_data_dir
from research_agent.evals.realdata_casefile import Page, RealCase, write_case
from research_agent.state import Finding, Source, new_state

DATA = shared_data_dir()
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared data not found at {DATA} (set RESEARCH_SHARED_DATA)")

BIO = ("Christopher Edward Nolan (born 30 July 1970) is an English-American film director. He was raised by "
       "Dr. J. Smith in the U.S. and moved to London in 1981.\nHis films have grossed over $5 billion.")


# ------------------------------------------------------------------ what it says about a page


def test_sentences_are_slices_of_the_page_and_do_not_end_at_initials_or_titles():
    spans = page_sentences(BIO)
    assert [BIO[a:b] for a, b in spans] == [
        "Christopher Edward Nolan (born 30 July 1970) is an English-American film director.",
        "He was raised by Dr. J. Smith in the U.S. and moved to London in 1981.",
        "His films have grossed over $5 billion.",
    ]


def test_the_gold_finding_quotes_the_page_and_gives_the_value_as_written():
    offer = gold_finding("Nolan/birth date", "u", BIO, ["1970-07-30"], ["Christopher Nolan", "Nolan"])
    assert offer == Offer("Nolan/birth date", "u", BIO.split(". He")[0] + ".", "30 July 1970", "gold")
    assert gold_finding("Nolan/birth date", "u", BIO, ["1969"], ["Nolan"]) is None


def test_a_wrong_finding_is_another_value_of_the_gold_kind_or_another_objects_value():
    year = wrong_finding("Nolan/birth date", "u", BIO, ["1970-07-30"], [], [], ["Christopher Nolan"])
    assert (year.value, year.kind) == ("1981", "other_year")  # never the gold's own year
    other = wrong_finding("Nolan/nationality", "u", BIO, ["English"], ["American"], [], ["Christopher Nolan"])
    assert (other.value, other.kind) == ("American", "other_object")  # another object's value, stated here
    name = wrong_finding("Nolan/nationality", "u", BIO, ["English"], [], [], ["Christopher Nolan"])
    assert (name.value, name.kind) == ("Dr. J. Smith", "other_name")  # not a sentence's first word, not his name
    misinfo = wrong_finding("Nolan/birth place", "u", BIO, ["Westminster"], [], ["London"], ["Christopher Nolan"])
    assert (misinfo.value, misinfo.kind) == ("London", "wrong_answer")


# ------------------------------------------------------------------ counting what the program did


def _state_with(kept_quote: str, rejected_by: dict[str, int], rejected_total: int):
    contract = contract_from_mapping({"question": "q", "objects": ["Okapi"], "dimensions": ["founding year"], "min_sources": 1})
    state = new_state(contract)
    url = "https://okapi.example/about"
    state.sources["S1"] = Source("S1", url, url, "okapi.example", title="About Okapi", opened=True)
    state.findings["F1"] = Finding("F1", "Okapi/founding year", "2011", "2011", kept_quote, "S1", url, None, "primary", 1)
    state.progress.rejected_by.update(rejected_by)
    state.progress.rejected_findings = rejected_total
    return state, url


def test_every_offer_is_kept_or_counted_as_refused_with_its_reason():
    state, url = _state_with("Okapi  was founded in 2011.", {"unattributed": 1}, 2)
    offers = [
        Offer("Okapi/founding year", url, "Okapi was founded in 2011.", "2011", "gold"),  # kept (whitespace aside)
        Offer("Okapi/founding year", url, "Okapi was founded in 2011.", "2011", "gold"),  # the same offer again
        Offer("Okapi/founding year", url + "/team", "The firm was founded in 2011.", "2011", "gold"),
        Offer("Okapi/founding year", url + "/blog", "Founded: 2011", "2011", "gold"),
        Offer("Okapi/founding year", url + "/faq", "We started in 2011.", "2011", "gold"),
    ]
    score = score_offers(offers, state, "gold", {"Okapi/founding year": ["2011"]})
    assert (score["offered"], score["accepted"], score["rejected"]) == (4, 1, 3)
    assert score["rejected_by"] == {"unattributed": 1, "ungrounded": 1, "invalid_answer": 1}
    assert sum(score["rejected_by"].values()) == score["rejected"]


def test_a_wrong_offer_kept_with_the_gold_read_from_its_quote_is_corrected_not_accepted():
    state, url = _state_with("Okapi was founded in 2011 and moved in 2015.", {}, 0)
    offers = [Offer("Okapi/founding year", url, "Okapi was founded in 2011 and moved in 2015.", "2015", "other_year")]
    score = score_offers(offers, state, "wrong", {"Okapi/founding year": ["2011"]})
    assert (score["accepted"], score["corrected"], score["by_kind"]) == (0, 1, {"other_year": [1, 0]})


def test_an_offer_kept_as_the_sentence_its_quote_is_a_piece_of_counts_as_kept():
    # the program reads a piece of a sentence in its sentence and records that sentence as the quote
    state, url = _state_with("Okapi (Swahili name; lit. Forest Giraffe) was founded in 2011.", {}, 0)
    offers = [Offer("Okapi/founding year", url, "Forest Giraffe) was founded in 2011.", "2011", "gold"),
              Offer("Okapi/founding year", url, "Okapi moved in 2015.", "2015", "gold")]
    score = score_offers(offers, state, "gold", {"Okapi/founding year": ["2011"]})
    assert (score["accepted"], score["rejected"]) == (1, 1)


# ------------------------------------------------------------------ the server's answers


def _extract_body(url: str, text: str) -> dict:
    cells = [{"cell": "Okapi/founding year", "object": "Okapi", "aliases": [], "dimension": "founding year"}]
    return {"model": "perfect-reader", "messages": [{"role": "system", "content": "TASK: extract\n…"}],
            "research_request": {"kind": "extract", "question": "q", "cells": cells,
                                 "page": {"url": url, "title": "About", "date": None, "text": text, "truncated": False}}}


def test_the_server_reads_the_page_and_cells_from_the_typed_request():
    gold = CaseGold({"Okapi/founding year": ["2011"]}, {"Okapi/founding year": ["https://okapi.example/about"]})
    reader = PerfectReader(gold, "gold")
    text = "Okapi makes boards. It was founded in 2011 in Leeds."
    reply = json.loads(reader(_extract_body("https://okapi.example/about", text)).content)
    assert reply == {"findings": [{"cell": "Okapi/founding year", "value": "2011", "quote": "It was founded in 2011 in Leeds."}]}
    assert json.loads(reader(_extract_body("https://other.example/", text)).content) == {"findings": []}  # not a stating page
    assert len(reader.offers) == 1


def _okapi_case(tmp_path):
    pages = [
        Page("https://okapi.example/about.html", "About Okapi Boards",
             "Okapi Boards makes kanban software. Okapi Boards was founded in 2011 in Leeds. It moved to York in 2015."),
        Page("https://news.example/brindle.html", "Brindle raises money", "Brindle was founded in 2009. It sells maps."),
    ]
    gold = {"set": "comparison", "cells": {"Okapi Boards/founding year": ["2011"]}, "gold_urls": [pages[0].url],
            "stating_urls": {"Okapi Boards/founding year": [pages[0].url]}, "min_tool_calls": 2,
            "contract_fallback": False, "expected_end_kind": "completed"}
    case = RealCase("okapi-01", "comparison", "When was Okapi Boards founded?", "hand-written", {
        "objects": ["Okapi Boards"], "dimensions": ["founding year"], "min_sources": 1}, "completed", pages, gold,
        cells={"Okapi Boards/founding year": "confirmed"})
    return write_case(tmp_path / "cases", case)


@pytest.mark.parametrize("mode", ["gold", "wrong"])
def test_the_perfect_reader_runs_end_to_end_and_its_offers_are_counted(tmp_path, mode):
    out, report = io.StringIO(), tmp_path / "runs.json"
    run_eval_on_a_fresh_stack([_okapi_case(tmp_path)], workers=1, out=out, json_path=report, oracle=mode)
    [run] = json.loads(report.read_text())["runs"]
    assert run["end_kind"] != "failed", out.getvalue()
    oracle = run["realdata"]["oracle"]
    assert oracle["mode"] == mode and oracle["offered"] >= 1, out.getvalue()
    assert oracle["offered"] == oracle["accepted"] + oracle.get("corrected", 0) + oracle["rejected"]
    assert sum(oracle["rejected_by"].values()) == oracle["rejected"]
    assert run["model_calls"] >= 1 and f"oracle:{mode}" in out.getvalue()
    if mode == "gold":  # the one correct finding is kept and settles the cell: every other request was answered too
        assert (oracle["accepted"], run["realdata"]["cells_right"], run["end_kind"]) == (1, 1, "completed"), out.getvalue()
        assert run["rejected_outputs"] == 0
    if mode == "wrong":
        assert set(oracle["by_kind"]) <= {"wrong_answer", "other_object", "other_year", "other_number", "other_name"}


@needs_data
def test_the_perfect_reader_on_real_cases(tmp_path):
    cases = build_set("comparison", tmp_path / "c", limit=1).cases + build_set("ramdocs", tmp_path / "r", split="dev", limit=1).cases
    out, report = io.StringIO(), tmp_path / "runs.json"
    run_eval_on_a_fresh_stack(cases, workers=2, out=out, json_path=report, oracle="gold")
    runs = json.loads(report.read_text())["runs"]
    assert len(runs) == 2 and not [r for r in runs if r["end_kind"] == "failed"], out.getvalue()
    for run in runs:
        oracle = run["realdata"]["oracle"]
        assert oracle["offered"] >= 1, (run["case"], out.getvalue())
        assert oracle["offered"] == oracle["accepted"] + oracle["rejected"]
        assert sum(oracle["rejected_by"].values()) == oracle["rejected"]
        assert len(oracle["refused_offers"]) == oracle["rejected"]


def test_oracle_options_that_cannot_go_together_are_refused(tmp_path):
    from research_agent.evals.runner import run_eval

    case = _okapi_case(tmp_path)
    assert run_eval([case], oracle="perfect", out=io.StringIO()) == 2
    assert run_eval([case], oracle="gold", model="rules", out=io.StringIO()) == 2


@needs_data
def test_a_comparison_cell_is_stated_by_its_own_objects_page(tmp_path):
    from research_agent.evals.realdata_score import load_gold

    [root] = build_set("comparison", tmp_path / "c", limit=1).cases  # two nationalities, one per gold page
    gold = load_gold(root)
    assert gold["stating_urls"] == {key: [url] for key, url in zip(gold["cells"], gold["gold_urls"])}


def test_other_requests_get_the_rule_stand_ins_answer():
    from research_agent.llm.request import ConfirmedCell, SynthesizeRequest, to_wire

    reader = PerfectReader(CaseGold({}, {}), "gold")
    request = SynthesizeRequest(question="When was Okapi founded?", confirmed=[
        ConfirmedCell(cell="Okapi/founding year", value="2011", conclusion=None, independent_sources=1)])
    body = {"model": "perfect-reader", "messages": [{"role": "user", "content": "(the rendered prompt)"}],
            "research_request": to_wire(request)}
    reply = reader(body)
    assert reply.kind == "text" and reader.errors == 0
    assert json.loads(reply.content)["claims"] == [{"cell": "Okapi/founding year", "statement": "Okapi — founding year: 2011."}]
    assert reader.offers == []


def test_a_request_without_its_typed_parts_is_an_error_the_perfect_reader_counts():
    reader = PerfectReader(CaseGold({}, {}), "gold")
    reply = reader({"model": "perfect-reader", "messages": [{"role": "user", "content": "Cells (JSON):\n[]"}]})
    assert reply.kind != "text" and reader.errors == 1
