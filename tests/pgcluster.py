"""A throwaway PostgreSQL cluster for tests and benchmarks (`PgCluster`).

`initdb` into a fresh temporary folder, `postgres` on a free loopback port with
its socket in that folder, stopped and deleted by `stop()`.  `initdb` refuses
root, so as root the cluster belongs to the `postgres` user (which Debian's
packages create) and every server command runs as that user through
`runuser`; as anyone else it runs as the caller.  Binaries are looked up in
`$PG_BIN`, then `/usr/lib/postgresql/<newest>/bin`, then `PATH`.

`fast=True` (the tests) turns off `fsync`, `synchronous_commit` and
`full_page_writes`: a crash of the machine may lose the cluster, which a
test's cluster never outlives.  The benchmarks keep the defaults.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["PgCluster", "PgUnavailable", "find_bin"]


class PgUnavailable(RuntimeError):
    """No PostgreSQL binaries here, or the server did not start."""


def find_bin() -> Path | None:
    """The folder holding `initdb`, `pg_ctl` and `postgres`, or None."""
    given = os.environ.get("PG_BIN")
    candidates = [Path(given)] if given else []
    root = Path("/usr/lib/postgresql")
    if root.is_dir():
        versions = sorted((p for p in root.iterdir() if (p / "bin" / "initdb").exists()),
                          key=lambda p: int(p.name) if p.name.isdigit() else 0, reverse=True)
        candidates += [p / "bin" for p in versions]
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(found).parent)
    return next((c for c in candidates if (c / "initdb").exists() and (c / "pg_ctl").exists()), None)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PgCluster:
    fast: bool = True
    port: int = 0
    dir: Path = field(default_factory=lambda: Path())
    bin: Path = field(default_factory=lambda: Path())
    _as_postgres: bool = False
    _options: str = ""

    def start(self) -> "PgCluster":
        found = find_bin()
        if found is None:
            raise PgUnavailable("no PostgreSQL binaries (initdb, pg_ctl): install postgresql-15 or set PG_BIN")
        self.bin = found
        self._as_postgres = os.geteuid() == 0
        self.dir = Path(tempfile.mkdtemp(prefix="research-pg-"))
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(["initdb", "-D", str(self.dir / "data"), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                   "--no-locale", "--no-sync"])
        self.port = _free_port()
        options = [f"-p {self.port}", "-c listen_addresses=127.0.0.1", f"-c unix_socket_directories={self.dir}",
                   "-c max_connections=200", "-c shared_buffers=32MB"]
        if self.fast:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._options = " ".join(options)
        try:
            self.resume()
        except PgUnavailable:
            log = (self.dir / "log").read_text(errors="replace")[-2000:] if (self.dir / "log").exists() else ""
            self.stop()
            raise PgUnavailable(f"PostgreSQL did not start: {log}") from None
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def pause(self) -> None:
        """Stop the server (fast shutdown: clients are disconnected); `resume()` starts it again."""
        self._run(["pg_ctl", "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop"])

    def resume(self) -> None:
        self._run(["pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-w", "-t", "30",
                   "-o", self._options, "start"])

    def create_database(self, name: str, template: str | None = None) -> str:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            clause = f" TEMPLATE {template}" if template else ""
            conn.execute(f'CREATE DATABASE "{name}"{clause}')
        return self.url(name)

    def stop(self) -> None:
        if not self.dir or not self.dir.exists():
            return
        if (self.dir / "data" / "postmaster.pid").exists():
            try:
                self._run(["pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop"])
            except PgUnavailable:
                pass
        shutil.rmtree(self.dir, ignore_errors=True)

    def _run(self, argv: list[str]) -> None:
        cmd = [str(self.bin / argv[0]), *argv[1:]]
        if self._as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise PgUnavailable(f"{argv[0]} failed ({done.returncode}): {done.stderr.strip()[-1000:]}")
