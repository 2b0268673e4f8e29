"""The lease gate before a call: a wait for the database is not counted as the heartbeat staying stale."""

from __future__ import annotations

import pytest

from research_agent.calls import CallKind
from research_agent.scale import lease as lease_mod
from research_agent.scale.lease import Lease, LeaseGate
from research_agent.store.errors import LeaseLost


class Clock:
    """`time` for the lease module: sleeping moves the clock, nothing really waits."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


class Leases:
    """Answers (ours, fresh) in turn; each answer takes `took` seconds of the clock to arrive."""

    stalled_seconds = 1.0

    def __init__(self, clock: Clock, answers: list[tuple[float, bool, bool]]) -> None:
        self.clock, self.answers, self.asked = clock, answers, 0

    def state(self, lease: Lease) -> tuple[bool, bool]:
        took, ours, fresh = self.answers[min(self.asked, len(self.answers) - 1)]
        self.asked += 1
        self.clock.now += took
        return ours, fresh


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(lease_mod, "time", fake)
    return fake


def gate(leases: Leases) -> LeaseGate:
    return LeaseGate(leases, Lease("t", 3, 1))  # type: ignore[arg-type]


def test_an_answer_that_waited_out_an_outage_leaves_the_heartbeat_time_to_beat(clock: Clock) -> None:
    # the first question waits 5 s for a pool connection (the database restarting) and sees the
    # heartbeat stale; the heartbeat, queued behind it, beats right after
    leases = Leases(clock, [(5.0, True, False), (0.01, True, False), (0.01, True, True)])
    gate(leases).before_call(CallKind.MODEL, "chat")
    assert leases.asked == 3


def test_a_heartbeat_stale_over_the_stalled_threshold_loses_the_lease(clock: Clock) -> None:
    leases = Leases(clock, [(0.01, True, False)])
    with pytest.raises(LeaseLost, match="stayed stale"):
        gate(leases).before_call(CallKind.MODEL, "chat")
    assert 1.0 <= clock.now <= 1.5


def test_a_lease_taken_over_is_lost_at_once(clock: Clock) -> None:
    leases = Leases(clock, [(0.01, False, True)])
    with pytest.raises(LeaseLost, match="taken over"):
        gate(leases).before_call(CallKind.TOOL, "search")
    assert leases.asked == 1
