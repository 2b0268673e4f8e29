"""A damaged database (scrambled bytes) is one `error:` line and exit 2 for
every command, and the file is left byte for byte as it was."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from _store_kit import base_state, contract
from typer.testing import CliRunner

from research_agent.cli import app
from research_agent.store import Store, StoreError

QUESTION = contract().question


def _good_db(path: Path) -> bytes:
    with Store(path) as store:
        c = contract()
        store.create_task("t1", c.question, c.model_dump(mode="json"), c.version(), {}, ["search:local", "visit"], {})
        store.checkpoint("t1", store.start_run("t1", "first"), base_state())
    return path.read_bytes()


def _scrambled(data: bytes, seed: int) -> bytes:
    # seed 0 scrambles the schema page into text that is not UTF-8 (what once
    # escaped as a 44-line UnicodeDecodeError traceback)
    rng, out = random.Random(seed), bytearray(data)
    for _ in range(200):
        out[rng.randrange(100, len(out))] = rng.randrange(256)
    return bytes(out)


def _bad_value(data: bytes) -> bytes:
    # the schema is intact but a stored question is not UTF-8 any more
    at = data.index(QUESTION.encode())
    return data[:at] + b"\xff\xfe" + data[at + 2 :]


@pytest.mark.parametrize("damage", ["schema-seed-0", "schema-seed-3", "value"])
def test_a_damaged_database_is_one_error_line_and_untouched(tmp_path: Path, damage: str) -> None:
    db = tmp_path / "research.db"
    data = _good_db(db)
    bad = _bad_value(data) if damage == "value" else _scrambled(data, int(damage.rsplit("-", 1)[1]))
    db.write_bytes(bad)
    for args in (["list"], ["show", "t1"], ["report", "t1"], ["resume", "t1"], ["cancel", "t1"]):
        res = CliRunner().invoke(app, [*args, "--db", str(db)], catch_exceptions=False)
        lines = [line for line in res.stderr.splitlines() if line.strip()]
        assert res.exit_code == 2, (args, res.exit_code, res.stderr)
        assert len(lines) == 1 and lines[0].startswith("error: ") and str(db) in lines[0], (args, res.stderr)
    assert db.read_bytes() == bad


def test_the_store_names_the_damage_with_its_typed_error(tmp_path: Path) -> None:
    db = tmp_path / "research.db"
    db.write_bytes(_bad_value(_good_db(db)))
    with Store(db) as store, pytest.raises(StoreError, match="damaged"):
        store.load_task("t1")
