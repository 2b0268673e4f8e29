"""The real-web transport: connect only to checked addresses, within one deadline per exchange.

``web_transport(policy)`` is an ``httpx.HTTPTransport`` whose httpcore network
backend is ``_GuardedBackend``:

* **pinning** — ``connect_tcp(host, port)`` never lets the socket layer resolve
  ``host``: it takes the address the visitor already checked for this host
  (``pin`` below, set by ``Visitor`` from ``AddressPolicy.addresses``) or, for
  a connection nobody pinned, looks the name up once through
  ``AddressPolicy.resolve`` and connects to the checked answer.  TLS still
  uses the URL's host for SNI and certificate checks and the ``Host`` header
  is the URL's, because httpcore passes those from the request, not from the
  socket address;
* **deadline** — every read, write and connect is given at most the time left
  until the exchange's deadline (``deadline`` below), so a server that drips
  its status line, headers or body one byte at a time ends as a read timeout
  at the deadline instead of resetting a per-read timer forever.

The local corpus web (``localweb.py``) is on loopback by construction and uses
``deadline_transport()``: the same deadline, no address rule.

Both values travel in ``contextvars`` (one visit = one thread or task), so one
transport serves concurrent visits without sharing their pins or deadlines.
"""

from __future__ import annotations

import contextlib
import time
import typing
from collections.abc import Iterator, Mapping
from contextvars import ContextVar

import httpcore
import httpx

from research_agent.tools.netpolicy import AddressPolicy

__all__ = ["deadline", "deadline_transport", "pin", "web_transport"]

_DEADLINE: ContextVar[float | None] = ContextVar("research_exchange_deadline", default=None)
_PINS: ContextVar[Mapping[str, str]] = ContextVar("research_pinned_addresses", default={})


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[float]:
    """Every socket operation inside the block must finish within ``seconds`` from now, in total."""
    at = time.monotonic() + seconds
    token = _DEADLINE.set(at)
    try:
        yield at
    finally:
        _DEADLINE.reset(token)


@contextlib.contextmanager
def pin(host: str, addresses: tuple[str, ...]) -> Iterator[None]:
    """Connections to ``host`` inside the block go to the first of ``addresses`` (already checked)."""
    token = _PINS.set({**_PINS.get(), host.lower(): addresses[0]}) if addresses else None
    try:
        yield
    finally:
        if token is not None:
            _PINS.reset(token)


def _remaining(timeout: float | None, what: type[Exception]) -> float | None:
    at = _DEADLINE.get()
    if at is None:
        return timeout
    left = at - time.monotonic()
    if left <= 0:
        raise what("the exchange deadline passed")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _remaining(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _remaining(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self, ssl_context: typing.Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        inner = self._inner.start_tls(ssl_context, server_hostname, _remaining(timeout, httpcore.ConnectTimeout))
        return _DeadlineStream(inner)

    def get_extra_info(self, info: str) -> typing.Any:
        return self._inner.get_extra_info(info)


class _GuardedBackend(httpcore.NetworkBackend):
    def __init__(self, policy: AddressPolicy | None) -> None:
        self._policy = policy
        self._inner = httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: typing.Iterable[typing.Any] | None = None,
    ) -> httpcore.NetworkStream:
        address = host if self._policy is None else self._address(host)
        stream = self._inner.connect_tcp(
            address, port, _remaining(timeout, httpcore.ConnectTimeout), local_address, socket_options
        )
        return _DeadlineStream(stream)

    def _address(self, host: str) -> str:
        pinned = _PINS.get().get(host.lower())
        if pinned is not None:
            return pinned
        assert self._policy is not None
        url = f"http://[{host}]/" if ":" in host else f"http://{host}/"
        checked = self._policy.addresses(url)
        # () means the policy needs no address for this host (an allowed host, e.g. a loopback corpus or a
        # host the user allowed in the risk policy): connect to it as named
        return checked[0] if checked else host

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def _transport(policy: AddressPolicy | None) -> httpx.HTTPTransport:
    transport = httpx.HTTPTransport(trust_env=False)
    # httpx.HTTPTransport takes no network backend; its pool is rebuilt with the same defaults and ours.
    transport._pool = httpcore.ConnectionPool(  # noqa: SLF001 - the one documented seam is httpcore's backend
        ssl_context=httpx.create_ssl_context(trust_env=False),
        max_connections=httpx.Limits().max_connections,
        max_keepalive_connections=20,
        keepalive_expiry=5.0,
        network_backend=_GuardedBackend(policy),
    )
    return transport


def web_transport(policy: AddressPolicy) -> httpx.HTTPTransport:
    """A transport for the real web: connects only to addresses ``policy`` checked, within the deadline."""
    return _transport(policy)


def deadline_transport() -> httpx.HTTPTransport:
    """A plain transport that honours the exchange deadline (for the loopback corpus web)."""
    return _transport(None)
