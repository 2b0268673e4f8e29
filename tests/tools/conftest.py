"""Fixtures for the tools tests: a realistic corpus in a tmp dir, served on loopback."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from _tools_corpus import write_corpus
from _tools_stub import StubServer

from research_agent.tools import AddressPolicy, Fault, LocalWeb, Visitor, make_client

SHORT_TIMEOUT = 0.5


@pytest.fixture
def corpus_root(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "case")


@pytest.fixture
def web(corpus_root: Path) -> Iterator[LocalWeb]:
    with LocalWeb(corpus_root) as served:
        yield served


@pytest.fixture
def client(web: LocalWeb) -> Iterator[httpx.Client]:
    with make_client(web, timeout=SHORT_TIMEOUT) as c:
        yield c


@pytest.fixture
def visitor(web: LocalWeb, client: httpx.Client) -> Visitor:
    return Visitor(client, AddressPolicy(allow_hosts=web.hosts), timeout=SHORT_TIMEOUT)


@pytest.fixture
def faulty_web(corpus_root: Path) -> Iterator[Callable[[list[Fault]], LocalWeb]]:
    """Start a LocalWeb over the corpus with the given faults (stopped after the test)."""
    started: list[LocalWeb] = []

    def start(faults: list[Fault]) -> LocalWeb:
        served = LocalWeb(corpus_root, faults).start()
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()


@pytest.fixture
def stub_server() -> Iterator[Callable[..., StubServer]]:
    servers: list[StubServer] = []

    def start(respond: Callable[[dict], tuple[int, dict[str, str], bytes]]) -> StubServer:
        server = StubServer(respond)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()
