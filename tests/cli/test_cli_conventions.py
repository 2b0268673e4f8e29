"""Conventions every command keeps: --version, one-line usage errors (exit 2), --db
everywhere, --json on stdout for every command that reports, list never cuts a
question, and the exit codes not covered elsewhere (8 failed, 130 second Ctrl-C)."""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import threading
from pathlib import Path

import pytest
from _cli_kit import checkpointed_step, cli, command, default_db, env, error_lines, question_of, spawn, wait_until

from research_agent.cli import app

LONG_QUESTION = "Compare Larkspur and Tidewell on license, as seen by a small team that reads every word of the question"


def test_version() -> None:
    res = cli("--version")
    assert res.exit_code == 0 and re.fullmatch(r"research \S+\n", res.stdout)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["run", "Compare A and B on license", "--max-steps", "0"], "--max-steps"),
        (["run", "Compare A and B on license", "--no-such-flag"], "--no-such-flag"),
        (["show"], "task_id"),
        (["frobnicate"], "frobnicate"),
        (["list", "--limit", "many"], "--limit"),
    ],
)
def test_usage_errors_are_one_error_line_and_exit_2(args: list[str], needle: str) -> None:
    res = cli(*args)
    assert res.exit_code == 2, res.stderr
    (line,) = error_lines(res.stderr)
    assert line.startswith("error: ") and needle in line, line
    assert "╭" not in res.stderr and "Usage:" not in res.stderr
    assert res.stdout == ""


def test_every_command_that_touches_the_database_takes_db() -> None:
    from typer.main import get_command

    group = get_command(app)
    commands = [(name, cmd) for name, cmd in group.commands.items() if not hasattr(cmd, "commands")]
    commands += [(f"{name} {sub}", c) for name, cmd in group.commands.items() if hasattr(cmd, "commands")
                 for sub, c in cmd.commands.items()]  # `research db upgrade`
    for name, cmd in commands:
        opts = {o for p in cmd.params for o in getattr(p, "opts", [])}
        if name != "eval":  # eval keeps one store per case, never the user's database
            assert "--db" in opts, name


def test_json_on_stdout_for_every_command_that_reports(mini_corpus: Path) -> None:
    q = "Compare Larkspur and Tidewell on license"
    run = cli("run", q, "--corpus", mini_corpus, "--task-id", "j1", "--json", "--quiet")
    assert run.exit_code == 0 and json.loads(run.stdout)["end_kind"] == "completed"
    assert json.loads(cli("resume", "j1", "--json").stdout)["task_id"] == "j1"
    assert [c["cell"] for c in json.loads(cli("show", "j1", "--json").stdout)] == ["Larkspur/license", "Tidewell/license"]
    assert json.loads(cli("report", "j1", "--json").stdout) == json.loads(cli("report", "j1", "--format", "json").stdout)
    assert json.loads(cli("list", "--json").stdout)[0]["id"] == "j1"
    trace = json.loads(cli("trace", "j1", "--json").stdout)
    steps = trace["runs"][0]["steps"]
    assert steps[-1]["stop_reason"] == "evidence_sufficient"
    added = [f for s in steps for f in s["added"]]
    assert {f["cell"] for f in added} == {"Larkspur/license", "Tidewell/license"}
    assert all(f["quote"] and f["value"] for f in added)
    searches = [s for s in steps if s["action"].startswith("search ")]
    assert any(s["led_to_evidence_at"] for s in searches)  # a search whose results later gave evidence says so


def test_list_in_a_pipe_shows_the_whole_question(mini_corpus: Path) -> None:
    assert cli("run", LONG_QUESTION, "--corpus", mini_corpus, "--task-id", "l1", "--quiet", "--max-steps", "1").exit_code == 4
    res = cli("list")
    header, row = res.stdout.splitlines()
    assert header.split("\t") == ["id", "status", "end kind", "steps", "updated", "question"]
    assert row.split("\t")[0] == "l1" and row.split("\t")[-1] == LONG_QUESTION


def test_list_on_an_80_column_terminal_wraps_the_question(mini_corpus: Path) -> None:
    assert cli("run", LONG_QUESTION, "--corpus", mini_corpus, "--task-id", "l2", "--quiet", "--max-steps", "1").exit_code == 4
    master, slave = pty.openpty()
    proc = subprocess.Popen(command("list"), env=env() | {"COLUMNS": "80", "LINES": "40", "TERM": "xterm"},
                            stdout=slave, stderr=subprocess.PIPE)
    os.close(slave)
    chunks: list[bytes] = []
    reader = threading.Thread(target=lambda: _drain(master, chunks), daemon=True)
    reader.start()
    proc.wait(timeout=60)
    reader.join(timeout=30)
    os.close(master)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8", "replace"))
    assert max(len(line) for line in text.splitlines()) <= 80
    words = re.findall(r"[A-Za-z,]+", text)
    assert " ".join(w for w in words if w in LONG_QUESTION.split()).endswith("of the question")
    assert "…" not in text


def _drain(fd: int, chunks: list[bytes]) -> None:
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            return
        if not data:
            return
        chunks.append(data)


def test_a_run_whose_model_never_answers_validly_ends_failed_exit_8(tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text("\n".join(json.dumps(x) for x in [
        {"when": {"task": "plan"}, "text": '{"tool": "search", "query": "Quillstore lic'},
        {"when": {"task": "plan"}, "text": "I think we should search for the license."},
        {"when": {"task": "plan"}, "json": {"tool": "search"}},
    ]) + "\n", encoding="utf-8")
    res = cli("run", "Compare Quillstore and Ferrodb on license", "--model", f"scripted:{script}", "--quiet")
    assert res.exit_code == 8, res.stderr
    assert "**Status:** Failed — failed" in res.stdout
    assert error_lines(res.stderr)[-1].startswith("task ") and "Failed — failed (unrecoverable_error" in res.stderr


def test_a_second_ctrl_c_interrupts_at_once_exit_130(mini_corpus: Path) -> None:
    proc = spawn("run", question_of(mini_corpus), "--corpus", mini_corpus, "--task-id", "x2", "--fault", "*=slow")
    wait_until(lambda: checkpointed_step(default_db(), "x2") >= 2, "step 2 to be checkpointed", proc=proc)
    proc.send_signal(signal.SIGINT)
    notice = proc.stderr.readline()
    while "cancelling:" not in notice:  # the first Ctrl-C has been handled once its notice is out
        notice = proc.stderr.readline()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert error_lines(err)[-1] == (
        "error: interrupted; task x2 keeps every completed step: `research resume x2` continues it")
    assert out == ""
