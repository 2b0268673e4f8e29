"""A real PostgreSQL for the tests that need one (the store tests over both dialects, tests/scale).

* `pg_cluster` (session): `initdb` into a temp folder as an unprivileged user,
  on a free loopback port (`tests/pgcluster.py`), with a template database
  that already holds the store's and the queue's schema; stopped at the end.
  Without PostgreSQL's binaries the tests are skipped with a message — unless
  `RESEARCH_REQUIRE_POSTGRES=1` (set by `.ci/run`), which makes it a failure.
* `pg_url`: a fresh database per test, copied from the template (`CREATE
  DATABASE … TEMPLATE`: a few milliseconds), so tests never see each other's rows.

A conftest that needs them imports them (`from tests.pg_fixtures import pg_cluster, pg_url`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pgcluster import PgCluster, PgUnavailable, find_bin  # noqa: E402

__all__ = ["RESEARCH", "pg_cluster", "pg_url"]

RESEARCH = str(Path(sys.executable).parent / "research")
TEMPLATE = "research_template"


def _unavailable(why: str) -> None:
    if os.environ.get("RESEARCH_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required here (RESEARCH_REQUIRE_POSTGRES=1) but {why}")
    pytest.skip(f"PostgreSQL tests skipped: {why} (install postgresql-15, or set PG_BIN)")


@pytest.fixture(scope="session")
def pg_cluster():
    if find_bin() is None:
        _unavailable("no PostgreSQL binaries (initdb, pg_ctl) were found")
    try:
        cluster = PgCluster().start()
    except PgUnavailable as exc:
        _unavailable(str(exc))
    try:
        url = cluster.create_database(TEMPLATE)
        done = subprocess.run([RESEARCH, "db", "upgrade", "--db", url], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> str:
    return pg_cluster.create_database(f"t_{uuid.uuid4().hex[:12]}", template=TEMPLATE)


