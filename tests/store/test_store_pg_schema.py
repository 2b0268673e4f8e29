"""The PostgreSQL dialect of the migrations builds the schema SQLite's builds, number for number."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg

from research_agent.store import Store
from research_agent.store.migrations import LATEST_VERSION, MIGRATIONS
from research_agent.store.pg_migrations import PG_MIGRATIONS


def test_both_dialects_have_the_same_migrations_and_columns(pg_cluster, tmp_path: Path) -> None:
    url = pg_cluster.create_database("blank_schema")  # blank: the store migrates it on open
    from research_agent.store.pg import PgStore

    PgStore(url).close()
    Store(tmp_path / "r.db").close()
    assert [f.__name__ for f in PG_MIGRATIONS] == [f.__name__ for f in MIGRATIONS]
    lite = sqlite3.connect(tmp_path / "r.db")
    tables = [r[0] for r in lite.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    with psycopg.connect(url) as pg:
        assert pg.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == LATEST_VERSION
        for table in tables:
            want = {r[1] for r in lite.execute(f"PRAGMA table_info({table})")}
            got = {r[0] for r in pg.execute("SELECT column_name FROM information_schema.columns WHERE table_name = %s",
                                            (table,))}
            assert want <= got and got - want <= {"rowid"}, table
