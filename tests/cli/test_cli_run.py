"""`research run` on a small corpus, and every read-back command on its result."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from _cli_kit import (
    cells_table,
    cli,
    default_db,
    error_lines,
    expected_of,
    shown_of,
    question_of,
    rows,
    run_proc,
    task_count,
)

from research_agent.contract import load_contract, parse_question


@pytest.fixture
def done(mini_corpus: Path) -> dict:
    """One completed run of the mini corpus question (in-process)."""
    res = cli("run", question_of(mini_corpus), "--corpus", mini_corpus, "--task-id", "t-done")
    assert res.exit_code == 0, res.stderr
    return {"task_id": "t-done", "result": res, "corpus": mini_corpus}


def test_run_prints_the_report_on_stdout_and_a_summary_on_stderr(done: dict) -> None:
    res, corpus = done["result"], done["corpus"]
    out = res.stdout
    assert out.startswith("# Research report: Compare Larkspur")
    assert "**Status:** Complete — completed" in out
    for cell, value in shown_of(corpus).items():
        obj, dim = cell.split("/")
        assert f"| {obj} | {dim} | confirmed | {value} |" in out
    # the sources behind the claims are named, with their URLs
    assert "https://larkspur.example/docs/license.html" in out
    assert "https://queuereview.example/reviews/brightline.html" in out
    # nothing but the report on stdout; progress and the summary on stderr
    assert "step 1 " not in out
    lines = res.stderr.strip().splitlines()
    assert lines[0].startswith('step 1 search "')
    assert any(" visit https://" in line and "new evidence: yes" in line for line in lines)
    assert lines[-1].startswith("task t-done: Complete — completed (evidence_sufficient: 6/6 confirmed")


def test_the_run_is_stored_with_confirmed_cells_and_its_report(done: dict) -> None:
    db = default_db()
    table = cells_table(db, "t-done")
    assert {(k, s, v) for k, s, v, _ in table} == {(k, "confirmed", v) for k, v in expected_of(done["corpus"]).items()}
    assert all(len(src) >= 2 for *_, src in table)
    status, end_kind, stop_reason = rows(db, "SELECT status, end_kind, stop_reason FROM tasks WHERE id = 't-done'")[0]
    assert (status, end_kind, stop_reason) == ("completed", "completed", "evidence_sufficient")
    assert rows(db, "SELECT body FROM reports WHERE task_id = 't-done' AND format = 'md'")[0][0] == done["result"].stdout


def test_show_renders_the_grid_and_its_json(done: dict) -> None:
    res = cli("show", "t-done")
    assert res.exit_code == 0, res.stderr
    for name in ("Larkspur", "Tidewell", "Brightline", "license", "pricing", "Apache License", "$40 per month", "confirmed"):
        assert name in res.stdout
    assert "Complete" in res.stdout
    cells = json.loads(cli("show", "t-done", "--json").stdout)
    assert [c["cell"] for c in cells] == [
        "Larkspur/license", "Larkspur/pricing", "Tidewell/license", "Tidewell/pricing", "Brightline/license", "Brightline/pricing",
    ]
    by_cell = {c["cell"]: c for c in cells}
    for cell, value in shown_of(done["corpus"]).items():
        c = by_cell[cell]
        assert (c["status"], c["value"], c["conflict"]) == ("confirmed", value, False)
        assert c["sources"] == len(c["source_ids"]) >= 2


def test_list_shows_the_task_and_filters_by_status(done: dict) -> None:
    res = cli("list")
    assert res.exit_code == 0
    assert "t-done" in res.stdout and "Complete" in res.stdout and "completed" in res.stdout
    listed = json.loads(cli("list", "--json").stdout)
    assert [(t["id"], t["status"], t["end_kind"], t["steps"]) for t in listed] == [
        ("t-done", "Complete", "completed", listed[0]["steps"])
    ]
    assert listed[0]["steps"] >= 8
    assert json.loads(cli("list", "--status", "completed", "--json").stdout)[0]["id"] == "t-done"
    assert json.loads(cli("list", "--status", "partial", "--json").stdout) == []
    assert json.loads(cli("list", "--status", "budget_exhausted", "--json").stdout) == []


def test_report_reads_back_markdown_and_json(done: dict) -> None:
    md = cli("report", "t-done")
    assert md.exit_code == 0 and md.stdout == done["result"].stdout
    js = cli("report", "t-done", "--format", "json")
    data = json.loads(js.stdout)
    assert (data["task_id"], data["status"], data["end_kind"]) == ("t-done", "Complete", "completed")
    assert {c["cell"]: c["value"] for c in data["verified_claims"]} == shown_of(done["corpus"])
    assert data["resumable"] is False


def test_trace_prints_a_step_timeline_ending_with_the_stop_reason(done: dict) -> None:
    res = cli("trace", "t-done")
    assert res.exit_code == 0, res.stderr
    out = res.stdout
    assert "run t-done-r1 (first) — completed (evidence_sufficient)" in out
    assert 'step   1  search "' in out
    assert "visit https://" in out
    assert "new evidence: yes" in out and "gaps closed: " in out
    assert "→ confirmed (" in out  # the cells each step's reduce moved, read from its transition
    assert "next: continue" in out
    assert "STOP evidence_sufficient: 6/6 confirmed" in out
    # the timeline has one entry per step the run took
    steps = rows(default_db(), "SELECT steps FROM runs WHERE id = 't-done-r1'")[0][0]
    assert out.count("\nstep ") == steps
    # by run id too
    assert cli("trace", "t-done-r1").stdout == out


def test_run_as_json(mini_corpus: Path) -> None:
    res = cli("run", question_of(mini_corpus), "--corpus", mini_corpus, "--json", "--quiet")
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    assert data["status"] == "Complete"
    assert {c["cell"] for c in data["verified_claims"]} == set(expected_of(mini_corpus))
    # --quiet: no per-step lines, only the summary
    assert len(error_lines(res.stderr)) == 1 and res.stderr.startswith("task ")


def test_run_with_the_rules_model_goes_through_the_llm_path(mini_corpus: Path) -> None:
    """`--model rules` answers the LLM policy's prompts: same verified claims, model calls metered."""
    res = cli("run", question_of(mini_corpus), "--corpus", mini_corpus, "--json", "--quiet", "--model", "rules")
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert {c["cell"] for c in data["verified_claims"]} == set(expected_of(mini_corpus))
    assert data["usage"]["model_calls"] > data["usage"]["tool_calls"] > 0  # a plan per step, plus reading
    assert data["usage"]["tokens"] > 0 and data["answer_text"]


def test_show_contract_prints_toml_that_round_trips_and_runs_nothing(tmp_path: Path) -> None:
    q = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"
    res = cli("run", q, "--show-contract")
    assert res.exit_code == 0
    data = tomllib.loads(res.stdout)
    assert [o["name"] for o in data["objects"]] == ["Quillstore", "Ferrodb", "Nimbus KV"]
    path = tmp_path / "contract.toml"
    path.write_text(res.stdout)
    again = load_contract(path)
    assert again.version() == parse_question(q).version()
    as_json = json.loads(cli("run", q, "--show-contract", "--json").stdout)
    assert [d["name"] for d in as_json["dimensions"]] == ["license", "pricing"]
    assert task_count(default_db()) == 0


def test_contract_precedence_file_then_flags_then_question(tmp_path: Path) -> None:
    q = "Compare Quillstore and Ferrodb on license"
    flags = json.loads(cli("run", q, "-o", "Nimbus KV", "-o", "Ferrodb", "--show-contract", "--json").stdout)
    assert [o["name"] for o in flags["objects"]] == ["Nimbus KV", "Ferrodb"]
    assert [d["name"] for d in flags["dimensions"]] == ["license"]  # taken from the question
    assert flags["source"] == "flags"
    contract = tmp_path / "c.toml"
    contract.write_text('objects = ["Alpha"]\ndimensions = ["pricing"]\nmin_sources = 3\n')
    filed = json.loads(cli("run", q, "--contract", contract, "-o", "Beta", "--show-contract", "--json").stdout)
    assert ([o["name"] for o in filed["objects"]], filed["question"], filed["min_sources"]) == (["Alpha"], q, 3)
    tuned = json.loads(cli("run", q, "--min-sources", "1", "--show-contract", "--json").stdout)
    assert (tuned["min_sources"], tuned["source"]) == (1, "parsed")


def test_a_real_process_runs_with_a_relative_corpus_and_db(mini_corpus: Path, tmp_path: Path) -> None:
    """`python -m research_agent` from another directory, relative paths resolved."""
    work = mini_corpus.parent
    proc = run_proc(
        "run", question_of(mini_corpus), "--corpus", mini_corpus.name, "--db", "runs.db", "--task-id", "p1", cwd=work
    )
    assert proc.returncode == 0, proc.stderr
    assert "**Status:** Complete — completed" in proc.stdout
    db = work / "runs.db"
    assert {s for _, s, _, _ in cells_table(db, "p1")} == {"confirmed"}
    config = json.loads(rows(db, "SELECT config_json FROM tasks WHERE id = 'p1'")[0][0])
    assert config["corpus"] == str(mini_corpus.resolve()) and Path(config["traces"]).is_absolute()
    assert (Path(config["traces"]) / "p1-r1" / "steps.jsonl").exists()
    shown = run_proc("show", "p1", "--db", db, "--json")
    assert shown.returncode == 0 and len(json.loads(shown.stdout)) == 6
    assert not default_db().exists()  # --db was honoured everywhere


def test_an_unparsable_question_gets_a_contract_drafted_by_an_llm_model(tmp_path: Path) -> None:
    q = "Which queue should a small team pick, Larkspur or Tidewell, given licensing?"
    script = tmp_path / "draft.jsonl"
    script.write_text(
        json.dumps({"when": {"task": "contract"}, "json": {
            "objects": [{"name": "Larkspur"}, {"name": "Tidewell"}],
            "dimensions": [{"name": "license", "kind": "license"}],
        }}) + "\n"
    )
    res = cli("run", q, "--model", f"scripted:{script}", "--show-contract", "--json")
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert ([o["name"] for o in data["objects"]], [d["name"] for d in data["dimensions"]]) == (["Larkspur", "Tidewell"], ["license"])
    assert (data["question"], data["source"]) == (q, "llm")
    # offline: the parse error, with how to give a contract
    offline = cli("run", q, "--show-contract")
    assert offline.exit_code == 2 and "could not read objects and dimensions" in offline.stderr
    # a model that gives no usable draft: one line, exit 2, nothing stored
    script.write_text(json.dumps({"when": {"task": "plan"}, "json": {"tool": "none"}}) + "\n")
    failed = cli("run", q, "--model", f"scripted:{script}")
    assert failed.exit_code == 2
    assert len(error_lines(failed.stderr)) == 1 and "the model could not draft a contract" in failed.stderr
    assert task_count(default_db()) == 0


def test_with_a_model_the_model_reads_even_a_parseable_question(tmp_path: Path) -> None:
    q = "Compare Larkspur and Tidewell on license"
    script = tmp_path / "draft.jsonl"
    script.write_text(json.dumps({"when": {"task": "contract"}, "json": {
        "objects": [{"name": "Larkspur", "official_domains": ["larkspur.example"]}, {"name": "Tidewell"}],
        "dimensions": [{"name": "license", "synonyms": ["licence", "licensed", "terms of use"], "kind": "license"}],
    }}) + "\n")
    res = cli("run", q, "--model", f"scripted:{script}", "--show-contract", "--json")
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["source"] == "llm" and data["objects"][0]["official_domains"] == ["larkspur.example"]
    assert "terms of use" in data["dimensions"][0]["keywords"]
    # a model that cannot draft: the rule-based parse reads this question, and stderr says so
    script.write_text(json.dumps({"when": {"task": "plan"}, "json": {"tool": "none"}}) + "\n")
    fallback = cli("run", q, "--model", f"scripted:{script}", "--show-contract", "--json")
    assert fallback.exit_code == 0
    assert json.loads(fallback.stdout)["source"] == parse_question(q).source
    assert "warning: the model could not draft a contract" in fallback.stderr and "rule-based parse" in fallback.stderr
