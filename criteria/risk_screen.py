"""The risk screen: pure judgements over URLs, requests, actions and fetched pages.

DESIGN.md puts risk first after every tool round: unauthorized data,
private-network URLs, side-effecting actions and instructions found inside
fetched pages end the run (``risk_abort``) or hand it to a human.  This module
only *judges*; it returns :class:`RiskFlag` values and never acts, fetches,
resolves a name or rewrites content.  Fetched content is data, never
instructions: the page screen flags text that *looks like* instructions to an
AI so that the run stops instead of "working around" them.

Four screens, one per thing the agent touches:

* :func:`screen_url` — before a fetch: literal IPs in denied networks (IPv6,
  IPv4-mapped/compatible/6to4/NAT64 forms, and the decimal/hex/octal IPv4
  spellings that ``inet_aton`` and browsers accept, e.g. ``http://2130706433/``
  or ``http://0x7f.1/``), ``localhost``, non-HTTP schemes, denied domains and
  their subdomains.  ``allowed_hosts`` pass.  A *name* that resolves to a
  private address cannot be caught without DNS: the fetcher must call
  :func:`screen_ip` on the address it actually connects to.
* :func:`screen_request` — a question or search query asking for personal or
  unauthorized data (``personal_data_patterns``).
* :func:`screen_action` — a tool call before it runs: side-effect tools, tools
  not known to be read-only, then every URL and query in its arguments.
* :func:`screen_page` — fetched text after extraction: planted instructions
  (``injection_patterns``) and exfiltration links (``exfiltration_patterns``).
  The text is normalised (NFKC, zero-width and bidi controls removed,
  whitespace runs collapsed) and scanned line by line, long lines in
  overlapping windows, up to ``policy.max_scan_chars``.  Each rule reports at
  most once per page, at its first match, with the match count in the detail.

The patterns are in ``default_risk_policy.toml``; ``bench/risk_screen.py``
measures them on BIPIA and AgentDojo attacks planted into real articles.
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote, urlsplit

from .injection_structure import find_instructions
from .risk_policy import RiskPolicy, domain_covering

__all__ = [
    "Passage",
    "RiskFlag",
    "find_passages",
    "flags_of",
    "normalise_page",
    "RiskKind",
    "page_is_risky",
    "screen_action",
    "screen_ip",
    "screen_page",
    "screen_request",
    "screen_url",
]

RiskKind = Literal[
    "private_address", "denied_domain", "personal_data", "side_effect", "planted_instruction", "exfiltration"
]

EVIDENCE_CHARS = 200
_WINDOW = 4000  # a long line is scanned in windows of this size ...
_OVERLAP = 600  # ... overlapping by more than the longest bounded pattern span
_ALLOWED_SCHEMES = frozenset({"http", "https"})
_LOCALHOST_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
_URL_KEYS = frozenset({"url", "urls", "href", "link", "links", "uri", "endpoint", "source", "page"})
_QUERY_KEYS = frozenset({"query", "queries", "q", "question", "prompt", "text", "search", "keywords"})
_ZERO_WIDTH = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_SPACES = re.compile(r"[^\S\n]+")
_AMBIGUOUS = re.compile(r"[\\\s\x00-\x1f\x7f]")
_URL_IN_TEXT = re.compile(r"\b(?:https?|ftp|file|gopher)://[^\s<>\"']+", re.IGNORECASE)


@dataclass(frozen=True)
class RiskFlag:
    """One reason to stop: what kind of risk, a human-readable detail, and the text that triggered it."""

    kind: RiskKind
    detail: str
    evidence: str

    def __post_init__(self) -> None:
        if len(self.evidence) > EVIDENCE_CHARS:
            object.__setattr__(self, "evidence", self.evidence[: EVIDENCE_CHARS - 1] + "…")


# -- URLs ------------------------------------------------------------------


def screen_url(url: str, policy: RiskPolicy) -> RiskFlag | None:
    """Flag a URL the agent must not fetch; ``None`` when it may."""
    raw = url.strip()
    evidence = raw[:EVIDENCE_CHARS]
    # Parsers disagree on "http://127.0.0.1\@example.com" (WHATWG: host 127.0.0.1;
    # RFC 3986 and httpx: host example.com): refuse what they could read
    # differently, as the fetcher's parser (tools/netpolicy.target_of) does.
    if _AMBIGUOUS.search(raw):
        return RiskFlag("private_address", "URL holds a backslash, whitespace or a control character", evidence)
    try:
        parts = urlsplit(raw)
    except ValueError:  # e.g. an unclosed "[" IPv6 literal: fail closed
        return RiskFlag("private_address", "URL cannot be parsed", evidence)
    if "@" in parts.netloc:
        return RiskFlag("private_address", "URL carries userinfo (user@host)", evidence)
    scheme = parts.scheme.lower()
    if scheme not in _ALLOWED_SCHEMES:
        return RiskFlag("private_address", f"scheme {scheme or '(none)'!r} is not http(s)", evidence)
    try:
        port = parts.port
    except ValueError:
        return RiskFlag("private_address", "URL has an invalid port", evidence)
    # Hosts are percent-decoded and width-folded by URL parsers ("%31%32%37.0.0.1",
    # full-width digits): judge the host the client will actually use.
    host = unicodedata.normalize("NFKC", unquote(parts.hostname or "")).lower().rstrip(".")
    if not host:
        return RiskFlag("private_address", "URL has no host", evidence)
    if host in policy.allowed_hosts or (port is not None and f"{host}:{port}" in policy.allowed_hosts):
        return None
    if host in _LOCALHOST_NAMES or host.endswith(".localhost"):
        return RiskFlag("private_address", f"host {host!r} is the local machine", evidence)
    if "." not in host and ":" not in host and not _looks_numeric(host):
        return RiskFlag("private_address", f"host {host!r} is a single-label (internal) name", evidence)
    address = _parse_host_address(host)
    if address is not None:
        return screen_ip(address, policy, evidence=evidence, spelled=host)
    if _looks_numeric(host):
        return RiskFlag("private_address", f"host {host!r} is an unparseable numeric address", evidence)
    domain = domain_covering(host, policy.denied_domains)
    if domain is not None:
        return RiskFlag("denied_domain", f"host {host!r} is in denied domain {domain!r}", evidence)
    return None


def screen_ip(
    address: str | ipaddress.IPv4Address | ipaddress.IPv6Address,
    policy: RiskPolicy,
    *,
    evidence: str | None = None,
    spelled: str | None = None,
) -> RiskFlag | None:
    """Flag an IP address in a denied network (call it on the address a name resolved to, too)."""
    ip = ipaddress.ip_address(address) if isinstance(address, str) else address
    if str(ip) in policy.allowed_hosts:
        return None
    candidates: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = [ip]
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            candidates.insert(0, embedded)  # name the carried IPv4 address first
    for candidate in candidates:
        for network in policy.networks:
            if candidate.version == network.version and candidate in network:
                shown = f"{spelled!r} = {candidate}" if spelled and spelled != str(candidate) else str(candidate)
                return RiskFlag(
                    "private_address", f"address {shown} is in denied network {network}", evidence or str(ip)
                )
    return None


def _parse_host_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    if ":" in host:
        try:
            return ipaddress.IPv6Address(host.split("%", 1)[0])
        except ValueError:
            return None
    return _parse_ipv4_loose(host)


def _parse_ipv4_loose(host: str) -> ipaddress.IPv4Address | None:
    """IPv4 as inet_aton/WHATWG read it: 1-4 parts, each decimal, 0x-hex or 0-octal; the last fills the rest."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    values: list[int] = []
    for part in parts:
        value = _parse_ipv4_number(part)
        if value is None:
            return None
        values.append(value)
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (5 - len(values)):
        return None
    number = last
    for i, v in enumerate(head):
        number += v << (8 * (3 - i))
    return ipaddress.IPv4Address(number)


def _parse_ipv4_number(part: str) -> int | None:
    if not part:
        return None
    try:
        if part[:2].lower() == "0x":
            return int(part[2:], 16) if part[2:] else 0
        if len(part) > 1 and part[0] == "0":
            return int(part[1:], 8)
        return int(part, 10) if part.isdigit() else None
    except ValueError:
        return None


def _looks_numeric(host: str) -> bool:
    # A host whose last label is numeric is an IPv4 address to a browser; if we
    # could not parse it, refuse rather than let another parser disagree.
    last = host.rsplit(".", 1)[-1]
    return bool(last) and (last.isdigit() or (last[:2].lower() == "0x" and all(c in "0123456789abcdef" for c in last[2:].lower())))


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    packed = int(ip)
    if packed >> 32 == 0 and packed > 1:  # IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks)
        return ipaddress.IPv4Address(packed & 0xFFFFFFFF)
    if ip in _NAT64:
        return ipaddress.IPv4Address(packed & 0xFFFFFFFF)
    if ip.teredo is not None:
        return ip.teredo[1]
    return None


_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


# -- requests and actions --------------------------------------------------


def screen_request(text: str, policy: RiskPolicy) -> list[RiskFlag]:
    """Flags for a question or query that asks for personal or unauthorized data."""
    normalised = _normalise(text)[: policy.max_scan_chars]
    flags = []
    for name, pattern in policy.personal_rules:
        match = pattern.search(normalised)
        if match:
            flags.append(
                RiskFlag("personal_data", f"request matches personal-data rule {name!r}", _excerpt(normalised, match))
            )
    return flags


def screen_action(name: str, args: Mapping[str, object], policy: RiskPolicy) -> RiskFlag | None:
    """The first reason not to run tool ``name`` with ``args``; ``None`` when it may run."""
    shown = f"{name}({_short_args(args)})"
    if name in policy.side_effect_tools:
        return RiskFlag("side_effect", f"tool {name!r} has side effects", shown)
    if name not in policy.read_only_tools:
        return RiskFlag("side_effect", f"tool {name!r} is not a known read-only tool", shown)
    for key, value in _walk_strings(args):
        urls = [value.strip()] if key in _URL_KEYS else _URL_IN_TEXT.findall(value)
        for url in urls:
            flag = screen_url(url, policy)
            if flag is not None:
                return RiskFlag(flag.kind, f"{name}: {flag.detail}", flag.evidence)
        if key in _QUERY_KEYS:
            flags = screen_request(value, policy)
            if flags:
                return RiskFlag(flags[0].kind, f"{name}: {flags[0].detail}", flags[0].evidence)
    return None


def _walk_strings(value: object, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield key.lower(), value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _walk_strings(v, str(k))
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _walk_strings(item, key)


def _short_args(args: Mapping[str, object]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())[:150]


# -- fetched pages ---------------------------------------------------------


@dataclass(frozen=True)
class Passage:
    """One match of a page rule in the normalised page text (see :func:`normalise_page`)."""

    kind: RiskKind
    rule: str
    """The policy rule's name, or ``structure:<intent>`` for the structural screen."""
    start: int
    end: int
    evidence: str
    structural: bool = False
    """Found by the structural screen (addressee + directive + intent), not by a policy rule."""


def normalise_page(text: str, policy: RiskPolicy) -> str:
    """The text the page screen reads: NFKC, zero-width removed, spaces collapsed, cut at ``max_scan_chars``."""
    return _normalise(text[: policy.max_scan_chars * 2])[: policy.max_scan_chars]


def find_passages(normalised: str, policy: RiskPolicy) -> list[Passage]:
    """Every match of every page rule and of the structural screen, in text order."""
    rules: list[tuple[RiskKind, str, re.Pattern[str]]] = [
        *(("planted_instruction", n, p) for n, p in policy.injection_rules),
        *(("exfiltration", n, p) for n, p in policy.exfiltration_rules),
    ]
    found: dict[tuple[str, int], Passage] = {}
    for offset, window in _windows(normalised):
        for kind, name, pattern in rules:
            for match in pattern.finditer(window):
                key = (name, offset + match.start())  # the same match again in an overlapping window
                if key not in found:
                    found[key] = Passage(kind, name, key[1], offset + match.end(), _excerpt(window, match))
    if policy.structural_screen:
        for hit in find_instructions(normalised, private_url=lambda url: screen_url(url, policy) is not None):
            hit_kind: RiskKind = "exfiltration" if hit.intent == "exfiltration" else "planted_instruction"
            found.setdefault((f"structure:{hit.intent}", hit.start), Passage(
                hit_kind, f"structure:{hit.intent}", hit.start, hit.end, normalised[hit.start : hit.end][:EVIDENCE_CHARS].strip(),
                structural=True,
            ))
    return sorted(found.values(), key=lambda p: (p.start, p.rule))


def screen_page(text: str, policy: RiskPolicy, *, url: str | None = None) -> list[RiskFlag]:
    """Flags for instructions planted in fetched ``text`` and for exfiltration links in it.

    One flag per rule, at its first match, with the match count.  ``url`` only
    labels the details.  The caller decides with :func:`page_is_risky` whether
    the flags reach ``policy.max_page_flags``; ``criteria.quarantine`` decides
    what happens to the page.
    """
    return flags_of(find_passages(normalise_page(text, policy), policy), url=url)


def flags_of(passages: list[Passage], *, url: str | None = None) -> list[RiskFlag]:
    """One flag per rule of ``passages`` (first match, with the count)."""
    where = f" on {url}" if url else ""
    by_rule: dict[str, list[Passage]] = {}
    for passage in passages:
        by_rule.setdefault(passage.rule, []).append(passage)
    flags = []
    for rule, hits in sorted(by_rule.items(), key=lambda item: item[1][0].start):
        first = hits[0]
        what = "planted instruction" if first.kind == "planted_instruction" else "exfiltration link"
        if first.structural:
            what = "instruction to an automated reader" if first.kind == "planted_instruction" else "exfiltration order"
        detail = f"{what} (rule {rule!r}, {len(hits)} match(es), first at char {first.start}){where}"
        flags.append(RiskFlag(first.kind, detail, first.evidence))
    return flags


def page_is_risky(flags: list[RiskFlag], policy: RiskPolicy) -> bool:
    """Whether a page's flags reach ``policy.max_page_flags``."""
    return len(flags) >= policy.max_page_flags


def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = _ZERO_WIDTH.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
    return _SPACES.sub(" ", text)


def _windows(text: str) -> Iterator[tuple[int, str]]:
    """(offset, text) per line; lines longer than the window in overlapping slices.

    Every policy pattern stays within one line (sentence classes exclude
    ``\\n``) and spans well under ``_OVERLAP`` characters, so no match is lost
    at a window edge.
    """
    start = 0
    for line in text.split("\n"):
        if len(line) <= _WINDOW:
            if line.strip():
                yield start, line
        else:
            step = _WINDOW - _OVERLAP
            for i in range(0, len(line) - _OVERLAP, step):
                yield start + i, line[i : i + _WINDOW]
        start += len(line) + 1


def _excerpt(text: str, match: re.Match[str]) -> str:
    start, end = match.start(), match.end()
    if end - start >= EVIDENCE_CHARS:
        return text[start : start + EVIDENCE_CHARS].strip()
    spare = EVIDENCE_CHARS - (end - start)
    lo = max(0, start - spare // 3)
    hi = min(len(text), end + (spare - (start - lo)))
    return text[lo:hi].strip()
