"""Fixtures for the LLM adapter and policy tests.

The repository root goes on `sys.path` so `tests.fakes` (the loopback
OpenAI-compatible server) imports however pytest is started.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fakes.openai_server import FakeOpenAIServer  # noqa: E402


@pytest.fixture
def fake_openai():
    """`fake_openai(script, **kw)` starts a loopback server, stopped after the test."""
    servers: list[FakeOpenAIServer] = []

    def start(script, **kw) -> FakeOpenAIServer:
        server = FakeOpenAIServer(script, **kw).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


class SleepRecorder:
    """Stands in for `time.sleep`: records the waits, never sleeps."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()
