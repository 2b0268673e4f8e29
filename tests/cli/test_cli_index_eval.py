"""`research index` and `research eval` (which delegates to the eval runner)."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import json

import pytest
from _cli_kit import cli, default_db, error_lines, run_proc, task_count

from research_agent.config import DEMO_CORPUS, REPO_ROOT
from research_agent.model_spec import ModelSpec


def test_index_reports_documents_and_hosts(mini_corpus: Path, tmp_path: Path) -> None:
    target = tmp_path / "idx" / "corpus.db"
    res = cli("index", mini_corpus, "--db", target)
    assert res.exit_code == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == f"indexed 12 documents from {mini_corpus} into {target.resolve()}"
    assert lines[1] == (
        "hosts: brightline.example, devweekly.example, larkspur.example, queuereview.example, "
        "stackguide.example, tidewell.example"
    )
    assert target.exists()
    # the index is the one `run` searches: a run on the same corpus completes
    assert cli("run", "Compare Larkspur and Tidewell on license", "--corpus", mini_corpus, "--quiet").exit_code == 0


def test_index_defaults_to_the_cache_under_research_home(mini_corpus: Path) -> None:
    res = cli("index", mini_corpus)
    assert res.exit_code == 0
    path = Path(res.stdout.splitlines()[0].rsplit(" into ", 1)[1])
    assert path.parent == default_db().parent / "indexes" and path.exists()


def test_index_of_a_folder_without_pages_warns(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    res = cli("index", tmp_path / "empty", "--db-path", tmp_path / "e.db")  # the old name still works
    assert res.exit_code == 0 and (tmp_path / "e.db").exists()
    assert res.stdout.splitlines()[1] == "hosts: none"
    assert error_lines(res.stderr) == [f"warning: no .html/.htm/.md/.txt page with text under {tmp_path / 'empty'}"]


def test_index_counts_the_files_it_skips(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "heron.md").write_text("# Heron\n\nHeron is released under the MIT License.\n", encoding="utf-8")
    (notes / "logo.html").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    (notes / "passwd.txt").symlink_to("/etc/passwd")
    res = cli("index", notes, "--db", tmp_path / "n.db")
    assert res.exit_code == 0, res.stderr
    assert res.stdout.splitlines()[0].startswith("indexed 1 document ")
    assert res.stdout.splitlines()[2] == "skipped 2 files: 1 binary, 1 outside the corpus root"


def test_eval_delegates_to_the_runner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[tuple] = []

    def run_eval(paths, *, baselines, json_path, workers, model, record, out=None, split="dev", oracle=None):
        calls.append((paths, baselines, json_path, workers, model))
        assert record is False and split == "dev" and oracle is None
        return 1

    fake = types.ModuleType("research_agent.evals.runner")
    fake.run_eval = run_eval  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "research_agent.evals.runner", fake)
    res = cli("eval", DEMO_CORPUS, "--baselines", "--json-out", tmp_path / "m.json", "--workers", "3")
    assert res.exit_code == 1
    assert calls == [([DEMO_CORPUS], True, tmp_path / "m.json", 3, ModelSpec("offline"))]
    calls.clear()
    assert cli("eval").exit_code == 1
    (paths, baselines, json_path, workers, model), = calls
    # a checkout's evalsets/ and the demo case, which ships inside the package
    assert paths == [REPO_ROOT / "evalsets", DEMO_CORPUS]
    assert (baselines, json_path, workers, model) == (False, None, 2, ModelSpec("offline"))
    calls.clear()
    assert cli("eval", "--model", "scripted:auto").exit_code == 1  # the eval parses --model once, `auto` allowed
    assert calls[0][4] == ModelSpec("scripted", script="auto") and calls[0][4].is_auto
    bad = cli("eval", "--model", "gpt-4o")
    assert bad.exit_code == 2 and bad.stderr.startswith("error: unknown --model 'gpt-4o'")


def test_eval_without_a_runner_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "research_agent.evals.runner", None)  # import fails as if missing
    res = cli("eval")
    assert res.exit_code == 2
    assert error_lines(res.stderr) == ["error: the eval runner (research_agent.evals.runner) is not installed in this build"]


def test_eval_bad_input(tmp_path: Path) -> None:
    res = cli("eval", tmp_path / "nowhere")
    assert res.exit_code == 2
    assert error_lines(res.stderr) == [
        f"error: {tmp_path / 'nowhere'} does not exist; pass a case folder, a case.toml or a folder of cases"
    ]
    (tmp_path / "empty").mkdir()
    res = cli("eval", tmp_path / "empty")
    assert res.exit_code == 2 and error_lines(res.stderr) == [f"error: no case.toml under {tmp_path / 'empty'}"]
    res = cli("eval", "--model", "gpt4")
    assert res.exit_code == 2 and error_lines(res.stderr)[0].startswith("error: unknown --model 'gpt4'")


def test_eval_runs_the_demo_case_and_prints_json(tmp_path: Path) -> None:
    res = run_proc("eval", DEMO_CORPUS, "--workers", "1", "--json", "--json-out", tmp_path / "m.json")
    assert res.returncode == 0, res.stdout + res.stderr
    metrics = json.loads(res.stdout)  # stdout is the JSON alone; the tables went to stderr
    assert metrics == json.loads((tmp_path / "m.json").read_text())
    assert "quick_complete" in res.stderr and "1 cases × 1 stopper(s)" in res.stderr
    assert task_count(default_db()) == 0  # eval keeps its own stores
