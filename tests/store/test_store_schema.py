"""Opening the store: migrations, pragmas, refusing files that are not ours."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from _store_kit import count, new_task

from research_agent.store import LATEST_VERSION, Store, StoreError, default_db_path
from research_agent.store import migrations
from research_agent.store.models import StoreModel

TABLES = {"schema_migrations", "tasks", "runs", "state", "cells", "sources", "findings", "actions", "reports", "leads", "fingerprints",
          "rate_grants", "rate_keys", "step_lines", "eval_results", "replay_steps", "replay_rows"}


def _tables(db: Path) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()


def _columns(db: Path, table: str) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
    finally:
        conn.close()


def test_blank_database_is_migrated_to_the_latest_version(tmp_path: Path) -> None:
    db = tmp_path / "deep" / "dir" / "research.db"
    Store(db).close()
    assert db.exists(), "parent directories are created"
    assert _tables(db) == TABLES
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall()
    conn.close()
    assert [v for v, _ in rows] == list(range(1, LATEST_VERSION + 1))
    assert rows[0][1] == "m001_initial"
    # migration 7 is the PostgreSQL store's leases (scale), 8 the replay log
    assert LATEST_VERSION == 8
    assert [name for _, name in rows[-2:]] == ["m007_leases_and_rate_limits", "m008_replay_steps"]
    # Reopening applies nothing twice.
    Store(db).close()
    assert count(db, "schema_migrations") == LATEST_VERSION


def test_every_mapped_column_exists_in_the_migrated_schema(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    Store(db).close()
    for name, table in StoreModel.metadata.tables.items():
        assert {c.name for c in table.columns} == _columns(db, name), name


def test_a_version_1_database_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    db = tmp_path / "v1.db"
    conn = sqlite3.connect(db, isolation_level=None)
    assert migrations.migrate(conn, upto=1) == [1]
    conn.close()
    assert "usage_json" not in _columns(db, "runs")
    conn = sqlite3.connect(db)
    conn.execute(
        "INSERT INTO tasks (id, question, contract_json, contract_version, created_at, updated_at) "
        "VALUES ('old', 'q?', '{}', 'v', '2026-01-01', '2026-01-01')"
    )
    conn.execute("INSERT INTO runs (id, task_id, number, kind, started_at) VALUES ('old-r1', 'old', 1, 'first', 'x')")
    conn.commit()
    conn.close()

    with Store(db) as store:
        runs = store.runs("old")
        assert [r.id for r in runs] == ["old-r1"]
        assert runs[0].usage.steps == 0 and runs[0].start_step == 0
        assert store.start_run("old", "resume") == "old-r2"
    assert {"usage_json", "start_step"} <= _columns(db, "runs")
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == LATEST_VERSION
    conn.close()


def test_wal_and_pragmas_on_every_connection(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    store = Store(db)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    # Pragmas other than journal_mode are per connection: check the store's.
    with store._db.transaction(write=False) as c:
        assert c.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert c.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
        assert c.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    store.close()


def test_default_path_follows_research_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "rh"))
    assert default_db_path() == tmp_path / "rh" / "research.db"
    monkeypatch.delenv("RESEARCH_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == tmp_path / "home" / ".research" / "research.db"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "notes.db"
    db.write_text("these are my notes, not a database\n" * 100)
    before = _digest(db)
    with pytest.raises(StoreError) as err:
        Store(db)
    msg = str(err.value)
    assert str(db) in msg and "is not a research database" in msg and "--db" in msg
    assert "\n" not in msg
    assert _digest(db) == before
    assert not (tmp_path / "notes.db-wal").exists()


def test_another_applications_database_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO customers (name) VALUES ('Ada')")
    conn.commit()
    conn.close()
    before = _digest(db)
    with pytest.raises(StoreError, match=r"not a research database \(it holds other tables: customers\); pass --db"):
        Store(db)
    assert _digest(db) == before
    assert _tables(db) == {"customers"}
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete", "WAL was not switched on"
    conn.close()


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    Store(db).close()
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO schema_migrations VALUES (99, 'm099_future', 'x')")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer version of research"):
        Store(db)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a directory"):
        Store(tmp_path)


def test_an_empty_file_is_taken_as_a_new_database(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    db.touch()
    with Store(db) as store:
        new_task(store)
        assert store.load_task("t1").status == "created"
