"""The socket-level guard of tests/conftest.py: loopback connects work, others are refused."""

from __future__ import annotations

import socket

import pytest

from tests.conftest import _is_loopback_host


def test_loopback_connects_still_work():
    server = socket.create_server(("127.0.0.1", 0))
    try:
        port = server.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
        with socket.create_connection(("localhost", port), timeout=2):
            pass
    finally:
        server.close()


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "127.8.9.10", "::1"])
def test_loopback_hosts(host):
    assert _is_loopback_host(host)


@pytest.mark.parametrize("host", ["10.0.0.5", "api.openai.com", "8.8.8.8", "::ffff:1.2.3.4", "192.168.1.1"])
def test_non_loopback_hosts(host):
    assert not _is_loopback_host(host)


def test_a_remote_connect_is_refused_before_any_packet(_loopback_only):
    # the refusal is raised by the patched connect itself: no DNS lookup, no packet
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        with pytest.raises(ConnectionRefusedError, match="only connect to loopback"):
            sock.connect(("203.0.113.7", 443))
        with pytest.raises(ConnectionRefusedError, match="only connect to loopback"):
            socket.create_connection(("api.openai.com", 443), timeout=1)
    finally:
        sock.close()
    assert _loopback_only == ["('203.0.113.7', 443)", "('api.openai.com', 443)"]
    _loopback_only.clear()  # refused on purpose: not a failure of this test
