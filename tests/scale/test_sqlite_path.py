"""The SQLite path loads none of the scale-out stack (issue 22: psycopg and Procrastinate are
imported only for a postgresql:// URL)."""

from __future__ import annotations

import subprocess
import sys

from research_agent.config import DEMO_CORPUS

_CHECK = """
import sys
import research_agent.cli
from research_agent.cli import app
code = app(["run", "Compare Quillstore and Ferrodb on license", "--db", sys.argv[1], "--corpus", sys.argv[2], "-q"],
           standalone_mode=False)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("psycopg", "psycopg_pool", "procrastinate")
                or m.startswith("research_agent.scale") or m in ("research_agent.store.pg", "research_agent.store.pg_migrations"))
print(code, loaded)
"""


def test_a_sqlite_run_imports_neither_psycopg_nor_procrastinate(tmp_path):
    done = subprocess.run([sys.executable, "-c", _CHECK, str(tmp_path / "r.db"), str(DEMO_CORPUS)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "0 []"


def test_a_postgres_url_without_a_server_is_one_error_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "research_agent", "list", "--db", "postgresql://nobody@127.0.0.1:1/x"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and len(done.stderr.strip().splitlines()) == 1, done.stderr
