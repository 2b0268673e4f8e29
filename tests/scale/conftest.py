"""A real PostgreSQL for the scale-out tests, and real `research worker` processes.

* `pg_cluster`, `pg_url`: a real PostgreSQL and a fresh database per test (`tests/pg_fixtures.py`).
* `workers`: starts `research worker` subprocesses on a URL and kills what is
  left at teardown.
* `fake_llm`: the loopback OpenAI-compatible server answering the LLM policy's
  prompts with the rule-based stand-in model (`research_agent.llm.rules`),
  after `delay` seconds, recording when each request arrived.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for path in (str(ROOT), str(ROOT / "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

from tests.fakes.openai_server import FakeOpenAIServer, Reply  # noqa: E402
from research_agent.llm.request import WIRE_FIELD, from_wire  # noqa: E402

from tests.pg_fixtures import RESEARCH, pg_cluster, pg_url  # noqa: E402,F401 - fixtures


class Workers:
    def __init__(self, url: str, tmp: Path) -> None:
        self.url, self.tmp = url, tmp
        self.procs: list[subprocess.Popen] = []

    def start(self, *flags: str, env: dict[str, str] | None = None, name: str | None = None) -> subprocess.Popen:
        n = len(self.procs)
        log = open(self.tmp / f"worker-{name or n}.log", "w")
        traces = self.tmp / f"traces-{name or n}"
        # a 1 s stalled threshold (heartbeat every 0.25 s): takeovers come sooner than with the defaults
        proc = subprocess.Popen([RESEARCH, "worker", "--db", self.url, "--traces", str(traces),
                                 "--heartbeat", "0.25", "--stalled", "1", *flags],
                                stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
        proc.log_path = self.tmp / f"worker-{name or n}.log"  # type: ignore[attr-defined]
        proc.traces = traces  # type: ignore[attr-defined]
        self.procs.append(proc)
        return proc

    def log(self, proc: subprocess.Popen) -> str:
        return Path(proc.log_path).read_text(errors="replace")  # type: ignore[attr-defined]

    def stop_all(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                try:
                    os.kill(p.pid, signal.SIGCONT)
                    p.kill()
                except ProcessLookupError:
                    pass
                p.wait(timeout=10)


@pytest.fixture
def workers(pg_url: str, tmp_path: Path):
    w = Workers(pg_url, tmp_path)
    yield w
    w.stop_all()


class FakeLLM:
    """The fake server, answering with the rule-based stand-in model after `delay` seconds."""

    def __init__(self, delay: float = 0.0) -> None:
        from research_agent.llm.rules import RuleModel

        self.delay = delay
        self.arrivals: list[float] = []
        self._model, self._lock = RuleModel("rules"), threading.Lock()
        self.server = FakeOpenAIServer(self._answer)
        self.entered = threading.Event()
        """Set when a request arrives (the test clears it to wait for the next one)."""

    def _answer(self, request: dict) -> Reply:
        with self._lock:
            self.arrivals.append(time.monotonic())
            reply = json.dumps(self._model.answer(from_wire(request[WIRE_FIELD])))
        self.entered.set()
        time.sleep(self.delay)
        return Reply.text(reply)

    def env(self) -> dict[str, str]:
        return {"OPENAI_BASE_URL": self.server.base_url, "OPENAI_API_KEY": "test-key"}


@pytest.fixture
def fake_llm():
    made: list[FakeLLM] = []

    def start(delay: float = 0.0) -> FakeLLM:
        llm = FakeLLM(delay)
        llm.server.start()
        made.append(llm)
        return llm

    yield start
    for llm in made:
        llm.server.stop()
