"""CLI test fixtures: `fake_clock` (autouse) stands in for the wait of a retry
backoff (`research_agent.cli.running.backoff_sleep`), so a run against failing
pages never really sleeps; a test can read the waits it was asked for."""

from __future__ import annotations

import pytest

from research_agent.cli import running


class FakeClock:
    """Records each backoff wait and advances a virtual time instead of sleeping."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waits: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


@pytest.fixture(autouse=True)
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    clock = FakeClock()
    monkeypatch.setattr(running, "backoff_sleep", clock.sleep)
    return clock
