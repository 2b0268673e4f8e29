"""Canonical URLs: one string per source, whatever link variant led to it.

``canonical_url`` is an identity key (used to decide "already read"), built so
it is still a fetchable URL. Rules, in order:

* scheme and host lowercased; IDN hosts encoded as punycode; a trailing dot
  on the host dropped; default ports (80 for http, 443 for https) dropped;
* user info (``user:pass@``) dropped: credentials are never part of an identity
  and must not travel into traces;
* the fragment dropped;
* dot segments (``/a/./b/../c``) resolved; an empty path becomes ``/``;
* a last path segment ``index.html`` / ``index.htm`` dropped (``/docs/index.html``
  → ``/docs/``), matching how the local corpus names directory pages;
* percent-encoding normalised: escapes of unreserved characters decoded,
  remaining escapes upper-cased, characters that must be escaped (spaces,
  non-ASCII) escaped as UTF-8;
* tracking parameters removed (``utm_*`` and the names in ``TRACKING_PARAMS``,
  case-insensitively), the remaining ``key=value`` pairs sorted. Pairs are kept
  as written (``+`` stays ``+``) so a query's meaning never changes.

Decisions where a choice was possible: ``www.`` is **kept** in the canonical URL
(``www.example.com`` and ``example.com`` may be different servers, and the URL
must stay fetchable; ``domain_of`` drops it, and near-copies are merged anyway by
content fingerprint); ``http`` and ``https`` stay distinct; a trailing slash is
only added on the root path, never removed elsewhere (``/a`` and ``/a/`` can be
different resources).
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote, urlsplit, urlunsplit

__all__ = ["TRACKING_PARAMS", "canonical_url", "domain_of", "is_tracking_param"]

TRACKING_PARAMS: frozenset[str] = frozenset(
    {
        "fbclid",
        "gclid",
        "gclsrc",
        "dclid",
        "gbraid",
        "wbraid",
        "msclkid",
        "yclid",
        "twclid",
        "ttclid",
        "li_fat_id",
        "igshid",
        "mc_cid",
        "mc_eid",
        "ref",
        "ref_src",
        "ref_url",
        "_ga",
        "_gl",
        "_hsenc",
        "_hsmi",
        "hsctatracking",
        "mkt_tok",
        "spm",
        "scm",
        "vero_id",
        "vero_conv",
        "oly_anon_id",
        "oly_enc_id",
        "rb_clickid",
        "s_cid",
        "wickedid",
        "cmpid",
    }
)

_DEFAULT_PORTS = {"http": 80, "https": 443}
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PCT = re.compile(r"%([0-9A-Fa-f]{2})")
# Characters left as they are in each component (RFC 3986 reserved + unreserved).
_PATH_SAFE = frozenset("!$&'()*+,;=:@/") | _UNRESERVED
_QUERY_SAFE = frozenset("!$'()*+,;:@/?") | _UNRESERVED  # '&' and '=' are structure here


def is_tracking_param(name: str) -> bool:
    """True for parameters that only track a click (``utm_*``, ``fbclid``, …)."""
    lowered = name.lower()
    return lowered.startswith("utm_") or lowered in TRACKING_PARAMS


def canonical_url(url: str) -> str:
    """The canonical form of ``url`` (see the module docstring for the rules)."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = _normalise_host(parts.hostname or "")
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = host
    if ":" in host:  # IPv6 literal
        netloc = f"[{host}]"
    if port is not None and _DEFAULT_PORTS.get(scheme) != port:
        netloc = f"{netloc}:{port}"

    path = _normalise_path(parts.path, has_host=bool(netloc))
    query = _normalise_query(parts.query)
    return urlunsplit((scheme, netloc, path, query, ""))


def domain_of(url: str) -> str:
    """The host of ``url``, lowercased, without port and without a leading ``www.``.

    "Registrable-ish": no public-suffix list is consulted, so ``news.bbc.co.uk``
    stays ``news.bbc.co.uk``; only ``www.`` is treated as noise.
    """
    host = _normalise_host(urlsplit(url.strip()).hostname or "")
    if host.startswith("www.") and host.count(".") >= 2:
        host = host[4:]
    return host


def _normalise_host(host: str) -> str:
    host = host.strip().rstrip(".").lower()
    if not host:
        return ""
    try:
        host.encode("ascii")
    except UnicodeEncodeError:
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            pass  # not encodable: keep the lowercased form, the request will fail later
    return host


def _normalise_escapes(component: str, safe: frozenset[str]) -> str:
    """Decode escaped unreserved chars, upper-case other escapes, escape unsafe chars."""
    out: list[str] = []
    i = 0
    while i < len(component):
        char = component[i]
        if char == "%" and _PCT.match(component, i):
            code = int(component[i + 1 : i + 3], 16)
            decoded = chr(code)
            out.append(decoded if decoded in _UNRESERVED else f"%{code:02X}")
            i += 3
            continue
        if char in safe:
            out.append(char)
        else:
            out.extend(f"%{byte:02X}" for byte in char.encode("utf-8"))
        i += 1
    return "".join(out)


def _normalise_path(path: str, *, has_host: bool) -> str:
    if not path:
        return "/" if has_host else ""
    path = _normalise_escapes(path, _PATH_SAFE)
    trailing = path.endswith("/")
    resolved = posixpath.normpath(path)
    if resolved.startswith("//"):  # normpath keeps a leading '//' (POSIX rule)
        resolved = "/" + resolved.lstrip("/")
    if resolved == ".":
        resolved = "/"
    if trailing and not resolved.endswith("/"):
        resolved += "/"
    head, _, last = resolved.rpartition("/")
    if last.lower() in ("index.html", "index.htm"):
        resolved = head + "/"
    return resolved


def _normalise_query(query: str) -> str:
    if not query:
        return ""
    kept: list[tuple[str, str]] = []
    for pair in query.split("&"):
        if not pair:
            continue
        key, sep, value = pair.partition("=")
        key = _normalise_escapes(key, _QUERY_SAFE)
        value = _normalise_escapes(value, _QUERY_SAFE | {"="})
        if is_tracking_param(_decode_for_name(key)):
            continue
        kept.append((key, f"{key}{sep}{value}"))
    kept.sort()
    return "&".join(text for _, text in kept)


def _decode_for_name(key: str) -> str:
    return _PCT.sub(lambda m: chr(int(m.group(1), 16)), key).replace("+", " ")


CORPUS_HOST = "corpus.local"
"""The host `tools/localweb.py` serves a plain local corpus folder's files under."""


def display_url(url: str | None) -> str:
    """The URL as a reader should see it: a file of a plain local corpus folder is its path (`notes/heron.md`)."""
    if not url:
        return "no url"
    parts = urlsplit(url)
    if parts.hostname == CORPUS_HOST:
        return unquote(parts.path.lstrip("/")) or url
    return url
