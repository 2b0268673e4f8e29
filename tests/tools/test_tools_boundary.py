"""The network boundary under attack: special-purpose ranges, one parser, pinned connects, one deadline.

The servers here are real sockets on loopback. A loopback address stands in for a
public one through ``AddressPolicy.trusted_networks`` (the only way to have a
"public" server without a network); every other loopback address stays private.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from research_agent.tools import AddressPolicy, BlockedByPolicy, ToolTimeout, Visitor
from research_agent.tools.netpolicy import target_of
from research_agent.tools.pinned import web_transport

PAGE = b"<html><head><title>Rebind</title></head><body><p>" + b"The public page states the licence is MIT. " * 5 + b"</p></body></html>"
TRUST_127_0_0_1 = (ipaddress.ip_network("127.0.0.1/32"),)


class RawServer:
    """A TCP server on ``host``:``port`` answering each connection with ``serve(conn)``; counts connections."""

    def __init__(self, host: str, serve: Callable[[socket.socket], None], port: int = 0) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.listen(8)
        self.sock.settimeout(0.1)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.requests: list[bytes] = []
        self._serve = serve
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            with conn:
                conn.settimeout(5)
                try:
                    self.requests.append(conn.recv(65536))
                    self._serve(conn)
                except OSError:
                    pass

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.sock.close()


def answer_page(conn: socket.socket) -> None:
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\n"
    conn.sendall(head + b"Content-Length: %d\r\n\r\n" % len(PAGE) + PAGE)


@pytest.fixture
def servers() -> Iterator[list[RawServer]]:
    started: list[RawServer] = []
    yield started
    for server in started:
        server.stop()


# -- rules without a network ------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "http://198.18.0.1/",  # benchmarking
        "http://198.19.255.1/",
        "http://224.0.0.1/",  # multicast
        "http://255.255.255.255/",  # broadcast
        "http://240.0.0.1/",  # reserved
        "http://192.0.0.1/",  # IETF protocol assignments
        "http://192.0.2.10/",  # documentation
        "http://192.88.99.1/",  # 6to4 relay anycast
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",  # Teredo carrying 127.0.0.1
        "http://[2002:7f00:1::]/",  # 6to4 carrying 127.0.0.1
        "http://[64:ff9b::7f00:1]/",  # NAT64 carrying 127.0.0.1
        "http://[64:ff9b::a00:1]/",  # NAT64 carrying 10.0.0.1
        "http://[::ffff:198.18.0.1]/",  # IPv4-mapped benchmarking
        "http://[ff02::1]/",  # IPv6 multicast
        "http://[2001:db8::1]/",  # documentation
        "http://[fec0::1]/",  # site-local
        "http://[100::1]/",  # discard-only
        "http://router/",
        "http://intranet.corp/",
        "http://printer.lan/",
        "http://nas.home/",
        "http://wiki.intranet/",
        "http://build.internal/",
    ],
)
def test_every_special_purpose_range_and_internal_name_is_refused(url: str) -> None:
    asked: list[str] = []
    policy = AddressPolicy(resolver=lambda host: asked.append(host) or ["93.184.216.34"])
    with pytest.raises(BlockedByPolicy):
        policy.check(url)
    assert asked == []  # refused without asking DNS


def test_teredo_example_really_carries_loopback() -> None:
    teredo = ipaddress.IPv6Address("2001:0:4136:e378:8000:63bf:80ff:fffe").teredo
    assert teredo is not None and str(teredo[1]) == "127.0.0.1"


def test_public_addresses_still_pass() -> None:
    policy = AddressPolicy(resolver=lambda host: ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"])
    assert policy.addresses("https://docs.public-vendor.example/a") == ("93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946")
    assert policy.addresses("http://[::ffff:93.184.216.34]/") == ("::ffff:5db8:d822",)
    assert policy.addresses("http://8.8.8.8/") == ("8.8.8.8",)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1\\@docs.public-vendor.example/",
        "http://docs.public-vendor.example\\@127.0.0.1/",
        "http://user:pw@docs.public-vendor.example/",
        "http://127.0.0.1@docs.public-vendor.example/",
        "http://docs.public-vendor.example /",
        "http://docs.public-vendor.example\t.127.0.0.1/",
    ],
)
def test_urls_two_parsers_could_read_differently_are_refused(url: str) -> None:
    with pytest.raises(BlockedByPolicy):
        AddressPolicy(resolver=lambda host: ["93.184.216.34"]).check(url)


def test_the_checked_host_is_the_host_httpx_connects_to() -> None:
    for url in ("https://Docs.Public-Vendor.EXAMPLE./x", "https://bücher.example/", "http://[::1]:8080/"):
        assert target_of(url).host == httpx.URL(url).raw_host.decode().lower().rstrip(".")


# -- pinned connects ----------------------------------------------------------------


def test_a_rebinding_answer_is_never_connected(servers: list[RawServer]) -> None:
    public = RawServer("127.0.0.1", answer_page)
    servers.append(public)
    private = RawServer("127.0.0.2", answer_page, port=public.port)
    servers.append(private)
    answers = iter([["127.0.0.1"], ["127.0.0.2"], ["127.0.0.2"]])
    lookups: list[str] = []

    def resolver(host: str) -> list[str]:
        lookups.append(host)
        return next(answers)

    policy = AddressPolicy(resolver=resolver, trusted_networks=TRUST_127_0_0_1)
    url = f"http://rebind.example:{public.port}/page"
    with httpx.Client(transport=web_transport(policy), timeout=5) as client:
        page = Visitor(client, policy, timeout=5).visit(url)
        assert lookups == ["rebind.example"]  # one lookup for the check and the connect
        with pytest.raises(BlockedByPolicy, match="127.0.0.2"):
            Visitor(client, policy, timeout=5).visit(url)
        with pytest.raises(BlockedByPolicy, match="127.0.0.2"):
            client.get(url)  # a request that did not go through the visitor is checked at connect too
    assert page.title == "Rebind"
    assert b"host: rebind.example" in public.requests[0].lower()  # the Host header is the name, not the address
    assert public.connections == 1
    assert private.connections == 0


def test_redirect_to_a_name_on_a_private_address_is_refused_with_its_chain(servers: list[RawServer]) -> None:
    def redirect(conn: socket.socket) -> None:
        conn.sendall(b"HTTP/1.1 302 Found\r\nLocation: http://wiki.example.com/admin\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

    start = RawServer("127.0.0.1", redirect)
    servers.append(start)
    table = {"public.example.com": ["127.0.0.1"], "wiki.example.com": ["10.1.2.3"]}
    policy = AddressPolicy(resolver=lambda host: table[host], trusted_networks=TRUST_127_0_0_1)
    begin = f"http://public.example.com:{start.port}/start"
    with httpx.Client(transport=web_transport(policy), timeout=5) as client:
        with pytest.raises(BlockedByPolicy) as caught:
            Visitor(client, policy, timeout=5).visit(begin)
    assert caught.value.url == "http://wiki.example.com/admin"
    assert caught.value.via == (begin, "http://wiki.example.com/admin")
    assert "10.1.2.3" in caught.value.reason


# -- one deadline per exchange ------------------------------------------------------


def drip(head: bytes, tail: bytes = b"") -> Callable[[socket.socket], None]:
    def serve(conn: socket.socket) -> None:
        conn.sendall(head)
        for _ in range(600):  # 30 s of one byte every 50 ms
            conn.sendall(b"x" if not tail else tail)
            time.sleep(0.05)

    return serve


@pytest.mark.parametrize(
    "serve",
    [
        drip(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Drip: "),  # headers never end
        drip(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><body><p>", b"a"),  # body never ends
    ],
    ids=["headers", "body"],
)
def test_a_trickling_server_ends_as_a_timeout_at_the_deadline(servers: list[RawServer], serve) -> None:
    server = RawServer("127.0.0.1", serve)
    servers.append(server)
    policy = AddressPolicy(resolver=lambda host: ["127.0.0.1"], trusted_networks=TRUST_127_0_0_1)
    timeout = 2.0
    with httpx.Client(transport=web_transport(policy), timeout=timeout) as client:
        visitor = Visitor(client, policy, timeout=timeout)
        began = time.monotonic()
        with pytest.raises(ToolTimeout):
            visitor.visit(f"http://drip.example:{server.port}/")
        elapsed = time.monotonic() - began
    assert elapsed <= timeout * 1.1, f"the visit took {elapsed:.2f} s for a {timeout} s deadline"
