"""Bad input never shows a traceback: a property-based fuzz of what a user types or writes.

Hypothesis draws contract files, config files, question strings and command
lines; each goes through the real CLI in-process (typer's CliRunner) and must
end one of two ways: it is accepted (exit 0), or it is refused with exactly
one `error:` line on stderr and exit 2 — never an exception, never a
traceback.  `--show-contract` and commands on unknown tasks keep each example
to milliseconds: the point is the input handling, not a research run.

The runs are CI-sized (a few seconds) and reproducible: `derandomize=True`
draws the same examples on every machine, and no example database is kept.
`RESEARCH_FUZZ_EXAMPLES=5000` runs a deeper search locally (the same draws, more of them).
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from _cli_kit import error_lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from research_agent.cli import app

FUZZ = settings(max_examples=int(os.environ.get("RESEARCH_FUZZ_EXAMPLES", "60")), derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


SCRATCH: list[Path] = []
"""The folder this module's examples write their files under (removed after the module)."""


@pytest.fixture(autouse=True, scope="module")
def _one_click_command(tmp_path_factory: pytest.TempPathFactory):
    """typer rebuilds the click command from the app on every `invoke` (~0.1 s of signature reading);
    the fuzz builds it once, so its examples cost what the CLI's input handling costs."""
    command = typer.main.get_command(app)
    with tempfile.TemporaryDirectory(dir=tmp_path_factory.getbasetemp()) as scratch, \
            pytest.MonkeyPatch.context() as patch:
        SCRATCH[:] = [Path(scratch)]
        patch.setattr(typer.testing, "_get_command", lambda _app: command)
        yield


def scratch_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="fuzz-", dir=SCRATCH[0]))


def invoke(*args: str | Path) -> None:
    """Run `research <args>` and check it ends as accepted (0) or as one `error:` line (exit 2)."""
    res = CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=True)
    shown = f"args={list(map(str, args))!r}\nstdout={res.stdout[-600:]!r}\nstderr={res.stderr[-1200:]!r}"
    assert res.exception is None or isinstance(res.exception, SystemExit), f"{res.exception!r}\n{shown}"
    assert "Traceback" not in res.stdout + res.stderr, shown
    assert res.exit_code in (0, 2), shown
    if res.exit_code == 2:
        lines = error_lines(res.stderr)
        assert len(lines) == 1 and lines[0].startswith("error: "), shown


# ------------------------------------------------------------------ TOML documents


def toml_key(key: str) -> str:
    return key if key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key) else json.dumps(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, (int, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_doc(data: dict[str, Any]) -> str:
    return "".join(f"{toml_key(k)} = {toml_value(v)}\n" for k, v in data.items())


CONTRACT_KEYS = [
    "question", "objects", "dimensions", "constraints", "min_sources", "primary_domains", "allowed_domains",
    "denied_domains", "source", "name", "aliases", "official_domains", "keywords", "kind", "values", "unit", "key",
    "dimension", "allowed", "denied", "note",
]
WORDS = ["", " ", "A", "Redis", "license", "pricing", "text", "enum", "number", "file", "Compare A and B on license",
         "x/y", "redis.io", "0", "-1", "\u00e9t\u00e9", "a\nb"]
scalar = st.one_of(
    st.booleans(), st.integers(min_value=-(2**63), max_value=2**63 - 1), st.floats(), st.sampled_from(WORDS),
    st.text(max_size=12),
)
key = st.one_of(st.sampled_from(CONTRACT_KEYS), st.text(min_size=1, max_size=6))
value = st.recursive(scalar, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(key, inner, max_size=4)),
                     max_leaves=10)
contract_doc = st.one_of(
    st.dictionaries(st.sampled_from(CONTRACT_KEYS), value, max_size=7),
    st.fixed_dictionaries({"question": st.sampled_from(WORDS), "objects": value, "dimensions": value},
                          optional={"constraints": value, "min_sources": value}),
)


def written(text: str) -> Path:
    path = scratch_dir() / "input.toml"
    path.write_text(text, encoding="utf-8")
    return path


@FUZZ
@given(doc=contract_doc)
def test_a_contract_file_is_accepted_or_refused_in_one_line(doc):
    invoke("run", "--contract", written(toml_doc(doc)), "--show-contract")


@FUZZ
@given(text=st.text(max_size=200))
def test_a_contract_file_that_is_not_toml_is_refused_in_one_line(text):
    invoke("run", "--contract", written(text), "--show-contract")


# ------------------------------------------------------------------ config files

CONFIG_SCALARS = {
    "model": st.sampled_from(["offline", "rules", "rules:noisy", "openai:", "gpt-4o", "scripted:", "scripted:auto", ""]),
    "planner": st.sampled_from(["auto", "rules", "model", "llm", ""]),
    "search_backend": st.sampled_from(["local", "searxng", "tavily", "brave", "bing"]),
    "openai_structured_output": st.sampled_from(["auto", "json_schema", "xml"]),
    "openai_request_parts": st.sampled_from(["loopback", "always", "never", "sometimes"]),
    "max_steps": scalar, "max_time": scalar, "max_tokens": scalar, "max_cost": scalar, "prefetch": scalar,
    "llm_timeout": scalar, "llm_attempts": scalar, "http_timeout": scalar, "llm_page_chars": scalar,
    "offline_guard": scalar, "with_corpus": scalar, "openai_base_url": scalar, "unknown_setting": scalar,
}


@FUZZ
@given(doc=st.fixed_dictionaries({}, optional={k: v for k, v in CONFIG_SCALARS.items()}),
       command=st.sampled_from(["list", "run"]))
def test_a_config_file_is_accepted_or_refused_in_one_line(doc, command):
    config = written(toml_doc(doc))
    if command == "list":
        invoke("list", "--config", config)
    else:
        invoke("run", "Compare Redis and Valkey on license", "--config", config, "--show-contract")


# ------------------------------------------------------------------ files a user names

UNREADABLE = ["missing", "folder", "binary", "not toml"]
"""Kinds of named file no loader can use: each must be refused before anything runs."""


def named_file(kind: str, data: bytes = b"") -> Path:
    path = scratch_dir() / "named.toml"
    if kind == "folder":
        path.mkdir()
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe\x00" + data)
    elif kind == "not toml":
        path.write_bytes(b"x = [\n" + data)
    elif kind == "bytes":
        path.write_bytes(data)
    return path


Q = "Compare Redis and Valkey on license"


@FUZZ
@given(kind=st.sampled_from([*UNREADABLE, "bytes"]), data=st.binary(max_size=40),
       where=st.sampled_from(["--contract", "--config", "--model"]))
def test_a_named_file_that_cannot_be_used_is_refused_in_one_line(kind, data, where):
    path = named_file(kind, data)
    if where == "--model":
        invoke("run", Q, "--model", f"scripted:{path}", "--show-contract")
    else:
        invoke("run", Q, where, path, "--show-contract")


@FUZZ
@given(kind=st.sampled_from(UNREADABLE), data=st.binary(max_size=20),
       setting=st.sampled_from(["risk_policy", "prices_file", "record_script", "corpus"]))
def test_a_file_a_setting_names_is_checked_before_the_run_starts(kind, data, setting):
    path = named_file(kind, data)
    doc: dict[str, Any] = {setting: str(path)}
    if setting == "prices_file":
        doc.update(model="openai:local", openai_base_url="http://127.0.0.1:9/v1")
    if setting == "record_script":  # a folder, or a path under a file: nowhere a script can be written
        doc.update(model="rules", record_script=str(path if kind == "folder" else named_file("binary") / "x.jsonl"))
    if setting == "corpus" and kind in ("missing", "folder"):
        doc[setting] = str(named_file("binary"))  # a file where a folder is wanted
    invoke("run", Q, "--config", written(toml_doc(doc)), "--max-steps", "1", "--quiet")


# ------------------------------------------------------------------ questions and flags


@FUZZ
@given(question=st.one_of(st.text(max_size=120), st.sampled_from(WORDS).map(lambda w: f"Compare {w} and B on {w}")))
def test_a_question_is_read_or_refused_in_one_line(question):
    invoke("run", "--show-contract", "--", question)


RUN_FLAGS = ["--max-steps", "--max-time", "--max-tokens", "--max-cost", "--min-sources", "--search", "--model",
             "--object", "--dimension", "--task-id", "--search-url", "--json", "--quiet", "--bogus"]
flag_value = st.one_of(st.sampled_from(["0", "-1", "1", "1e999", "nan", "abc", "", "rules", "local", "x" * 70]),
                       st.text(max_size=10))


@FUZZ
@given(flags=st.lists(st.tuples(st.sampled_from(RUN_FLAGS), flag_value), max_size=5),
       command=st.sampled_from(["run", "show", "report", "trace", "resume", "cancel", "list", "eval"]))
def test_command_line_flags_are_accepted_or_refused_in_one_line(flags, command):
    args: list[str] = [command]
    if command in ("show", "report", "trace", "resume", "cancel"):
        args.append("no-such-task")  # an unknown task: the command must say so in one line
    for flag, val in flags:
        args += [flag] if flag in ("--json", "--quiet") else [flag, val]
    if command == "run":
        args += ["--show-contract", "--", "Compare Redis and Valkey on license"]
    elif command == "eval":
        args += ["no-such-folder"]  # a missing case folder: refused before any case runs
    invoke(*args)


def test_the_reported_contract_bug_is_one_line_now(tmp_path):
    """A contract whose `objects` is a number used to end in a TypeError traceback (exit 1)."""
    path = tmp_path / "c.toml"
    path.write_text('question = "Compare A and B on license"\nobjects = 5\ndimensions = ["license"]\n', encoding="utf-8")
    res = CliRunner().invoke(app, ["run", "--contract", str(path), "--show-contract"])
    assert res.exit_code == 2 and error_lines(res.stderr) == [
        f"error: {path}: key `objects`: a list of objects or object names is expected, not an integer"]


@pytest.mark.parametrize("doc", [{"objects": 5}, {"dimensions": "license"}, {"objects": [{"name": 1}]}])
def test_shapes_the_fuzz_found_are_refused_by_name(tmp_path, doc):
    path = tmp_path / "c.toml"
    path.write_text(toml_doc({"question": "Compare A and B on license", "objects": ["A"], "dimensions": ["x"], **doc}),
                    encoding="utf-8")
    res = CliRunner().invoke(app, ["run", "--contract", str(path), "--show-contract"])
    assert res.exit_code == 2 and len(error_lines(res.stderr)) == 1 and "key `" in res.stderr
