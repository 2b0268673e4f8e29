"""Fixtures for the agent tests (helpers live in agentkit.py)."""

import pytest

from agentkit import Runner


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("RESEARCH_TESTING", "1")
    r = Runner(tmp_path)
    yield r
    r.store.close()
