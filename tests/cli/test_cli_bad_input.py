"""Bad input: one line `error: <message>` on stderr, exit 2, nothing written.

Each case is checked the way a user would notice: the exit status, a single
line that says what to fix, and no task row in the database afterwards.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from _cli_kit import cli, default_db, error_lines, question_of, run_proc, task_count

Q = "Compare Larkspur, Tidewell and Brightline on license and pricing"


def assert_one_line_error(res, *needles: str) -> str:
    assert res.exit_code == 2, (res.exit_code, res.stdout, res.stderr)
    lines = error_lines(res.stderr)
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("error: ")
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert res.stdout == ""
    return lines[0]


# ------------------------------------------------------------------ run


def _contract(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "contract.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("make_args", "needles"),
    [
        pytest.param(lambda c, t: ["run", "", "--corpus", c], ["the question is empty"], id="empty-question"),
        pytest.param(lambda c, t: ["run", "   \n ", "--corpus", c], ["the question is empty"], id="blank-question"),
        pytest.param(
            lambda c, t: ["run", "Compare A and B on license " + "x" * 2000, "--corpus", c],
            ["characters; the limit is 2000"],
            id="huge-question",
        ),
        pytest.param(lambda c, t: ["run", "--corpus", c], ["no question"], id="no-question"),
        pytest.param(
            lambda c, t: ["run", "tell me something nice", "--corpus", c], ["could not read objects and dimensions", "--contract"],
            id="unparsable-question",
        ),
        pytest.param(
            lambda c, t: ["run", Q, "--contract", _contract(t, 'objects = ["A"]\ndimensions = [\n')],
            ["contract.toml", "not valid TOML"],
            id="contract-not-toml",
        ),
        pytest.param(
            lambda c, t: ["run", Q, "--contract", _contract(t, 'objects = ["A"]\ndimensions = ["license"]\nmin_source = 2\n')],
            ["contract.toml", "min_source"],
            id="contract-unknown-key",
        ),
        pytest.param(
            lambda c, t: ["run", Q, "--contract", _contract(t, 'objects = []\ndimensions = ["license"]\n')],
            ["contract.toml", "names no objects"],
            id="contract-no-objects",
        ),
        pytest.param(
            lambda c, t: ["run", Q, "--contract", t / "missing.toml"], ["missing.toml", "no such contract file"], id="contract-missing"
        ),
        pytest.param(lambda c, t: ["run", Q, "--corpus", c, "-o", ""], ["object name is empty"], id="empty-object-flag"),
        pytest.param(
            lambda c, t: ["run", Q, "--corpus", c, "-o", "Larkspur", "-o", "   ", "-d", "license"],
            ["object name is empty"],
            id="blank-object-flag",
        ),
        pytest.param(lambda c, t: ["run", Q, "--corpus", c, "-d", " "], ["dimension name is empty"], id="blank-dimension-flag"),
        pytest.param(
            lambda c, t: ["run", Q, "--contract", _contract(t, 'objects = ["A", " "]\ndimensions = ["license"]\n')],
            ["contract.toml", "object name is empty"],
            id="contract-blank-object",
        ),
        pytest.param(
            lambda c, t: ["run", Q, "--corpus", c, "-o", "Larkspur", "-o", "larkspur"], ["object names repeat"], id="object-twice"
        ),
        pytest.param(
            lambda c, t: ["run", "Compare Larkspur and Tidewell", "--corpus", c], ["no dimension", "--dimension"],
            id="comparison-without-dimension",
        ),
        pytest.param(lambda c, t: ["run", Q, "--corpus", t / "nowhere"], ["nowhere", "--corpus"], id="corpus-missing"),
        pytest.param(lambda c, t: ["run", Q, "--search", "searxng"], ["--search-url"], id="searxng-without-url"),
        pytest.param(lambda c, t: ["run", Q, "--search", "tavily"], ["TAVILY_API_KEY"], id="tavily-without-key"),
        pytest.param(lambda c, t: ["run", Q, "--search", "bing"], ["--search 'bing'", "searxng"], id="unknown-backend"),
        pytest.param(lambda c, t: ["run", Q, "--corpus", c, "--model", "gpt4"], ["--model"], id="unknown-model"),
        pytest.param(
            lambda c, t: ["run", Q, "--corpus", c, "--model", f"scripted:{t / 'none.jsonl'}"], ["none.jsonl"], id="missing-script"
        ),
        pytest.param(lambda c, t: ["run", Q, "--corpus", c, "--task-id", "../etc"], ["--task-id"], id="bad-task-id"),
        pytest.param(lambda c, t: ["run", Q, "--corpus", c, "--fault", "nonsense"], ["--fault"], id="bad-fault"),
        pytest.param(
            lambda c, t: ["run", Q, "--corpus", c, "--config", _contract(t, "max_stepz = 3\n")],
            ["max_stepz"],
            id="config-unknown-key",
        ),
        pytest.param(
            lambda c, t: ["run", Q, "--corpus", c, "--config", _contract(t, "max_steps = 0\n")], ["max_steps"], id="config-bad-value"
        ),
        pytest.param(
            lambda c, t: ["run", Q, "--corpus", c, "--config", t / "nope.toml"], ["nope.toml", "no such config file"], id="config-missing"
        ),
    ],
)
def test_bad_run_input_exits_2_with_one_line_and_writes_nothing(mini_corpus: Path, tmp_path: Path, make_args, needles) -> None:
    res = cli(*make_args(mini_corpus, tmp_path))
    assert_one_line_error(res, *needles)
    assert task_count(default_db()) == 0


def test_a_duplicate_task_id_is_refused_without_touching_the_task(mini_corpus: Path) -> None:
    assert cli("run", Q, "--corpus", mini_corpus, "--task-id", "dup", "--max-steps", "1").exit_code == 4
    before = sqlite3.connect(default_db()).execute("SELECT * FROM tasks").fetchall()
    res = cli("run", Q, "--corpus", mini_corpus, "--task-id", "dup")
    assert_one_line_error(res, "task dup already exists", "research resume dup")
    assert sqlite3.connect(default_db()).execute("SELECT * FROM tasks").fetchall() == before


# ------------------------------------------------------------------ unreadable database


@pytest.mark.parametrize("kind", ["garbage", "foreign-sqlite", "directory"])
def test_an_unreadable_database_is_one_line_and_left_as_it_was(mini_corpus: Path, tmp_path: Path, kind: str) -> None:
    db = tmp_path / "bad.db"
    if kind == "garbage":
        db.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    elif kind == "foreign-sqlite":
        conn = sqlite3.connect(db)
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
        conn.close()
    else:
        db.mkdir()
    before = db.read_bytes() if db.is_file() else None
    for args in (["run", Q, "--corpus", mini_corpus], ["list"], ["show", "x"], ["resume", "x"], ["cancel", "x"], ["report", "x"]):
        res = cli(*args, "--db", db)
        assert_one_line_error(res, str(db), "--db")
    assert (db.read_bytes() if db.is_file() else None) == before


# ------------------------------------------------------------------ unknown ids and bad options


@pytest.mark.parametrize("command", ["resume", "show", "report", "cancel", "trace"])
def test_an_unknown_task_id_exits_2(command: str) -> None:
    res = cli(command, "no-such-task")
    assert_one_line_error(res, "no task no-such-task", "research list")
    assert task_count(default_db()) == 0


def test_bad_list_status_and_report_format() -> None:
    assert_one_line_error(cli("list", "--status", "great"), "--status", "budget_exhausted")
    assert_one_line_error(cli("report", "x", "--format", "pdf"), "--format", "md, json or html")


def test_index_of_a_missing_folder(tmp_path: Path) -> None:
    assert_one_line_error(cli("index", tmp_path / "nowhere"), "nowhere", "does not exist")


def test_bad_input_through_a_real_process(mini_corpus: Path) -> None:
    proc = run_proc("run", "", "--corpus", mini_corpus)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert error_lines(proc.stderr) == [
        'error: the question is empty: ask something, e.g. research run "Compare A and B on license"'
    ]
    proc = run_proc("show", "nope")
    assert (proc.returncode, error_lines(proc.stderr)) == (2, ["error: no task nope; `research list` shows the known ids"])
    assert task_count(default_db()) == 0
    assert question_of(mini_corpus) == Q


def test_a_file_given_as_the_corpus_is_named_a_file(tmp_path: Path) -> None:
    note = tmp_path / "hostname"
    note.write_text("box\n", encoding="utf-8")
    assert_one_line_error(cli("run", "Compare A and B on license", "--corpus", note), str(note), "is a file, not a folder")
    assert_one_line_error(cli("index", note), "is a file, not a folder")
