"""Which URLs a tool may fetch: refuse internal addresses before any byte is sent.

One parser decides the host everywhere: ``target_of(url)`` reads a URL with
``httpx.URL`` — the parser the HTTP client itself connects with — and refuses
what two parsers could read differently (a backslash anywhere, userinfo
``user@`` in the authority, whitespace or control characters).  So
``http://127.0.0.1\\@docs.public-vendor.example/`` is refused, not judged by
one reading and fetched by another.

``AddressPolicy.check_name(url)`` runs the checks that need no DNS;
``AddressPolicy.addresses(url)`` runs them and then resolves the name **once**
and checks every address; ``check(url)`` is the same with no result.  The
pinned transport (``pinned.py``) connects to an address ``addresses`` returned,
never to a second lookup, so an answer that changes between the check and the
connection (DNS rebinding) cannot reach a private address.

Order of the checks:

1. the URL parses with ``target_of`` and its scheme is ``http`` or ``https``;
2. the host is not a denied domain nor a subdomain of one (denial beats
   ``allow_hosts``);
3. a host in ``allow_hosts`` passes without further checks and without DNS
   resolution — that is how the loopback-served local corpus hosts pass;
4. with ``allow_private`` everything else passes too;
5. a literal IP (IPv4, IPv6, and legacy IPv4 spellings such as ``127.1`` or
   ``2130706433`` that resolvers accept) must be public (``is_public_ip``):
   outside every IANA special-purpose range (``SPECIAL_IPV4``/``SPECIAL_IPV6``
   below), multicast and broadcast; IPv4-mapped and NAT64 addresses are judged
   by the IPv4 address they carry, 6to4 and Teredo are refused outright;
6. internal names are refused without resolving them: ``localhost``,
   single-label names (``http://router/``) and the suffixes in
   ``INTERNAL_SUFFIXES`` (``printer.lan``, ``intranet.corp``, ...);
7. the name is resolved with the injectable ``resolver`` (default
   ``socket.getaddrinfo``) and *every* address must pass rule 5.

``trusted_networks`` lets a test treat a loopback address as public (the only
way to stand a "public" server up without a network); it is empty in use.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import httpx

from criteria.risk_policy import domain_covering
from research_agent.tools.errors import BlockedByPolicy, Unreachable

__all__ = [
    "INTERNAL_SUFFIXES",
    "SPECIAL_IPV4",
    "SPECIAL_IPV6",
    "AddressPolicy",
    "Resolver",
    "Target",
    "is_public_ip",
    "system_resolver",
    "target_of",
]

Resolver = Callable[[str], Iterable[str]]
"""Maps a host name to the IP address strings it resolves to (raises OSError when it does not)."""
IP = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

INTERNAL_SUFFIXES = (
    ".localhost", ".local", ".localdomain", ".internal", ".intranet", ".lan", ".home", ".home.arpa",
    ".corp", ".private", ".intra", ".priv",
)
"""Name suffixes that only exist inside a network (RFC 6762 appendix G, RFC 8375, ICANN name collisions)."""

# IANA IPv4 Special-Purpose Address Registry (2024), plus multicast and class E.
SPECIAL_IPV4 = tuple(
    ipaddress.IPv4Network(n)
    for n in (
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
        "192.0.0.0/24", "192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24",
        "192.168.0.0/16", "192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
        "224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
    )
)
# IANA IPv6 Special-Purpose Address Registry (2024), plus multicast and site-local.
# ::ffff:0:0/96 (IPv4-mapped) and 64:ff9b::/96 (NAT64) are judged by their IPv4 part instead.
SPECIAL_IPV6 = tuple(
    ipaddress.IPv6Network(n)
    for n in (
        "::/8", "64:ff9b:1::/48", "100::/64", "2001::/23", "2001:db8::/32", "2002::/16", "2620:4f:8000::/48",
        "3fff::/20", "5f00::/16", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
    )
)
_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_LEGACY_IPV4 = re.compile(r"^(0x[0-9a-f]+|[0-9]+)(\.(0x[0-9a-f]+|[0-9]+)){0,3}$")
_UNSAFE_CHARS = re.compile(r"[\\\s\x00-\x1f\x7f]")


@dataclass(frozen=True)
class Target:
    """What a URL connects to, as the HTTP client reads it."""

    scheme: str
    host: str
    """Lower-case, without brackets or a trailing dot."""
    port: int | None


def target_of(url: str) -> Target:
    """Parse ``url`` the way the client will; raise ``BlockedByPolicy`` for what parsers may read differently."""
    if _UNSAFE_CHARS.search(url):
        raise BlockedByPolicy("URL holds a backslash, whitespace or a control character", url=url)
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError, TypeError) as exc:
        raise BlockedByPolicy("URL cannot be parsed", url=url) from exc
    scheme = parsed.scheme.lower()
    if scheme not in ("http", "https"):
        raise BlockedByPolicy(f"scheme {scheme or '(none)'!r} is not http(s)", url=url)
    if parsed.userinfo:
        raise BlockedByPolicy("URL carries userinfo (user@host)", url=url)
    host = _normalise(parsed.raw_host.decode("ascii", "replace"))  # what the connection is opened to
    if not host:
        raise BlockedByPolicy("URL has no host", url=url)
    return Target(scheme, host, parsed.port)


def system_resolver(host: str) -> list[str]:
    """Resolve ``host`` with ``socket.getaddrinfo``; returns unique address strings."""
    infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    seen: dict[str, None] = {}
    for _family, _type, _proto, _canon, sockaddr in infos:
        seen.setdefault(str(sockaddr[0]).split("%", 1)[0], None)
    return list(seen)


def is_public_ip(ip: IP) -> bool:
    """True when ``ip`` is a globally routable unicast address outside every special-purpose range."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return is_public_ip(ip.ipv4_mapped)
        if ip in _NAT64:
            return is_public_ip(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        return ip in _GLOBAL_UNICAST and not any(ip in n for n in SPECIAL_IPV6)
    return ip.is_global and not any(ip in n for n in SPECIAL_IPV4)


def _literal_ip(host: str) -> IP | None:
    try:
        return ipaddress.ip_address(host.split("%", 1)[0])
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
    return host == "localhost" or host.endswith(INTERNAL_SUFFIXES) or "." not in host


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
    trusted_networks: tuple[Network, ...] = ()
    """Networks treated as public (tests only: a loopback server standing in for a public one)."""

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
            trusted_networks=self.trusted_networks,
        )

    def check(self, url: str) -> None:
        """Return None if ``url`` may be fetched; raise ``BlockedByPolicy`` (or ``Unreachable``) otherwise."""
        self.addresses(url)

    def check_name(self, url: str) -> Target | None:
        """Rules 1-6 (no DNS). The ``Target`` still to resolve, or None when the URL needs no address check."""
        target = target_of(url)
        host = target.host
        denied = domain_covering(host, sorted(self.denied_domains))
        if denied is not None:
            raise BlockedByPolicy(f"domain {denied} is denied", url=url)
        if host in self.allow_hosts or self.allow_private:
            return None
        literal = _literal_ip(host)
        if literal is not None:
            if not self._public(literal):
                raise BlockedByPolicy(f"address {literal} is private, loopback or special-purpose", url=url)
            return Target(target.scheme, str(literal), target.port)
        if _is_internal_name(host):
            raise BlockedByPolicy(f"host {host} is an internal name", url=url)
        return target

    def addresses(self, url: str) -> tuple[str, ...]:
        """Every rule; the checked addresses to connect to, or () when the host needs none (rules 3-4)."""
        target = self.check_name(url)
        if target is None:
            return ()
        literal = _literal_ip(target.host)
        if literal is not None:
            return (str(literal),)
        return self.resolve(target.host, url)

    def resolve(self, host: str, url: str | None = None) -> tuple[str, ...]:
        """Look ``host`` up once and return its addresses if every one is public; raise otherwise."""
        try:
            answers = list(self.resolver(host))
        except OSError as exc:
            raise Unreachable(f"host {host} does not resolve", url=url) from exc
        if not answers:
            raise Unreachable(f"host {host} does not resolve", url=url)
        checked = []
        for answer in answers:
            ip = _literal_ip(_normalise(answer))
            if ip is None or not self._public(ip):
                raise BlockedByPolicy(f"host {host} resolves to non-public address {answer}", url=url)
            checked.append(str(ip))
        return tuple(checked)

    def _public(self, ip: IP) -> bool:
        return any(ip.version == n.version and ip in n for n in self.trusted_networks) or is_public_ip(ip)
