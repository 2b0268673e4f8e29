"""Which URLs a tool may fetch: refuse internal addresses before any request.

``AddressPolicy.check(url)`` raises ``BlockedByPolicy`` (or ``Unreachable`` when
a name does not resolve) and returns None when the URL may be fetched. The
visitor calls it before the first request and again for every redirect hop,
so a public page cannot bounce the agent into the private network.

Order of the checks:

1. the scheme is ``http`` or ``https`` and there is a host;
2. the host is not a denied domain nor a subdomain of one (denial beats
   ``allow_hosts``);
3. a host in ``allow_hosts`` passes without further checks and without DNS
   resolution — that is how the loopback-served local corpus hosts pass;
4. with ``allow_private`` everything else passes too;
5. a literal IP (IPv4, IPv6, IPv4-mapped IPv6, and legacy IPv4 spellings such
   as ``127.1`` or ``2130706433`` that resolvers accept) must be globally
   routable: private, loopback, link-local, reserved, multicast, unspecified
   and shared (CGNAT) ranges are refused;
6. internal names are refused without resolving them: ``localhost``,
   ``*.localhost``, ``*.local``, ``*.internal``, ``*.intranet``, ``*.lan``,
   ``*.home.arpa``, ``*.corp`` and single-label names (``http://router/``);
7. the name is resolved with the injectable ``resolver`` (default
   ``socket.getaddrinfo``) and *every* address must pass rule 5.

Known limit: the HTTP client resolves the name again when it connects, so a
DNS answer that changes between the check and the connection (rebinding) is not
caught here; pinning the address in the transport would be the fix.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from research_agent.tools.errors import BlockedByPolicy, Unreachable

__all__ = ["AddressPolicy", "Resolver", "is_public_ip", "system_resolver"]

Resolver = Callable[[str], Iterable[str]]
"""Maps a host name to the IP address strings it resolves to (raises OSError when it does not)."""

_INTERNAL_SUFFIXES = (".localhost", ".local", ".internal", ".intranet", ".lan", ".home.arpa", ".corp")
_LEGACY_IPV4 = re.compile(r"^(0x[0-9a-f]+|[0-9]+)(\.(0x[0-9a-f]+|[0-9]+)){0,3}$")


def system_resolver(host: str) -> list[str]:
    """Resolve ``host`` with ``socket.getaddrinfo``; returns unique address strings."""
    infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    seen: dict[str, None] = {}
    for _family, _type, _proto, _canon, sockaddr in infos:
        seen.setdefault(str(sockaddr[0]).split("%", 1)[0], None)
    return list(seen)


def is_public_ip(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """True when ``ip`` is a globally routable unicast address."""
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped or ip.sixtofour
        if mapped is not None:
            return is_public_ip(mapped)
        if ip.teredo is not None:
            return all(is_public_ip(inner) for inner in ip.teredo)
    return not (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_reserved
        or ip.is_multicast
        or ip.is_unspecified
        or not ip.is_global
    )


def _literal_ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if _LEGACY_IPV4.match(host):
        # inet_aton accepts '127.1', '0x7f.0.0.1', '2130706433' — so do resolvers.
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def _is_internal_name(host: str) -> bool:
    return host == "localhost" or host.endswith(_INTERNAL_SUFFIXES) or "." not in host


def _normalise(host: str) -> str:
    return host.strip().strip("[]").rstrip(".").lower()


@dataclass(frozen=True)
class AddressPolicy:
    """Refuses URLs that point into private networks (see the module docstring)."""

    allow_hosts: frozenset[str] = frozenset()
    """Hosts fetched without any address check or resolution (e.g. local corpus hosts)."""
    allow_private: bool = False
    """Turn off the private-address checks (scheme and denied domains still apply)."""
    denied_domains: frozenset[str] = frozenset()
    """Domains refused together with all their subdomains."""
    resolver: Resolver = field(default=system_resolver, repr=False, compare=False)
    """Name resolution used for rule 7; inject a fake one in tests."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "allow_hosts", frozenset(_normalise(h) for h in self.allow_hosts))
        object.__setattr__(self, "denied_domains", frozenset(_normalise(d) for d in self.denied_domains))

    def with_allowed(self, hosts: Iterable[str]) -> AddressPolicy:
        """A copy that also allows ``hosts``."""
        return AddressPolicy(
            allow_hosts=self.allow_hosts | frozenset(hosts),
            allow_private=self.allow_private,
            denied_domains=self.denied_domains,
            resolver=self.resolver,
        )

    def check(self, url: str) -> None:
        """Return None if ``url`` may be fetched; raise ``BlockedByPolicy`` otherwise."""
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in ("http", "https"):
            raise BlockedByPolicy(f"scheme {scheme or '(none)'!r} is not http(s)", url=url)
        host = _normalise(parts.hostname or "")
        if not host:
            raise BlockedByPolicy("URL has no host", url=url)
        for denied in self.denied_domains:
            if host == denied or host.endswith("." + denied):
                raise BlockedByPolicy(f"domain {denied} is denied", url=url)
        if host in self.allow_hosts or self.allow_private:
            return

        literal = _literal_ip(host)
        if literal is not None:
            if not is_public_ip(literal):
                raise BlockedByPolicy(f"address {literal} is private, loopback or reserved", url=url)
            return
        if _is_internal_name(host):
            raise BlockedByPolicy(f"host {host} is an internal name", url=url)

        try:
            addresses = list(self.resolver(host))
        except OSError as exc:
            raise Unreachable(f"host {host} does not resolve", url=url) from exc
        if not addresses:
            raise Unreachable(f"host {host} does not resolve", url=url)
        for address in addresses:
            ip = _literal_ip(_normalise(address))
            if ip is None or not is_public_ip(ip):
                raise BlockedByPolicy(f"host {host} resolves to non-public address {address}", url=url)
