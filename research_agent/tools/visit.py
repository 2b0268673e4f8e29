"""``visit(url)``: fetch one page safely and return its readable text as a ``Page``.

One visit, in order:

1. ``policy.addresses(url)`` — before any request; the checked addresses are
   pinned for the connection (``pinned.pin``), so a transport built with
   ``pinned.web_transport`` connects to them and never resolves again;
2. GET with the caller's ``httpx.Client`` (never a module-level client),
   redirects **not** followed by httpx: each ``Location`` is resolved against
   the current URL, checked by the policy again, then requested, at most
   ``max_redirects`` times (then ``TooManyRedirects``);
3. a status of 400 or more raises the class ``classify_status`` gives;
4. the content type must be HTML/XHTML, plain text or Markdown (a missing
   content type is accepted and sniffed); anything else is
   ``UnsupportedContent`` without reading the body;
5. the body is streamed and cut at ``max_bytes`` (``TooLarge``; a larger
   ``Content-Length`` is refused before reading); the whole exchange of one
   hop — connect, status line, headers, body — must finish within ``timeout``
   seconds (``ToolTimeout``): ``pinned.deadline`` caps every socket operation
   of a ``pinned`` transport, and the body loop checks it for any transport;
6. a NUL byte in the first 1 KiB that no UTF-16/32 text explains marks a
   binary body (``UnsupportedContent``);
7. the body is decoded (``corpus_hygiene.decode_text``: BOM → declared
   charset → ``<meta charset>`` → UTF-8 → charset-normalizer → Windows-1252)
   and extracted (``extract.extract_page``; the date from the page's metadata, else the
   response's ``Last-Modified``, never from its text); when extraction finds nothing in
   HTML (lxml stops at deep nesting) the markup is flattened
   (``corpus_hygiene.flatten_html``); no text is ``EmptyContent``;
8. the page gets its canonical URL (of the final URL after redirects — a
   page's own ``<link rel=canonical>`` is not trusted, since any page could
   claim to be another) and its MinHash fingerprint.

Every httpx exception is mapped to the tool error tree at this boundary.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from urllib.parse import urljoin

import httpx
from pydantic import BaseModel, Field

from research_agent.tools.canonical import canonical_url, domain_of
from research_agent.tools.errors import (
    BadRequest,
    BlockedByPolicy,
    EmptyContent,
    ToolTimeout,
    TooLarge,
    TooManyRedirects,
    UnsupportedContent,
    classify_status,
    map_httpx_error,
)
from research_agent.tools.corpus_hygiene import SNIFF_BYTES, decode_text, flatten_html, looks_binary
from research_agent.tools.extract import HTML_TYPES, TEXT_TYPES, extract_page
from research_agent.tools.fingerprint import fingerprint
from research_agent.tools.page_date import date_from_http
from research_agent.tools.netpolicy import AddressPolicy, target_of
from research_agent.tools.pinned import deadline, pin

__all__ = ["ALLOWED_TYPES", "USER_AGENT", "Page", "Visitor"]

USER_AGENT = "research-agent/0.1 (+https://example.invalid/research-agent)"
ALLOWED_TYPES = HTML_TYPES | TEXT_TYPES
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_ACCEPT = "text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.8,*/*;q=0.1"
_SNIFF_BYTES = 1024


class Page(BaseModel):
    """A visited page: where it came from and what it says."""

    url: str
    """The URL that was requested."""
    final_url: str
    """The URL that answered, after redirects."""
    canonical_url: str
    """``canonical_url(final_url)``: the identity of the source."""
    domain: str
    """``domain_of(final_url)``."""
    status_code: int
    """HTTP status of the final response."""
    content_type: str
    """Media type of the final response, without parameters (e.g. ``text/html``)."""
    title: str | None
    """Document title, if one was found."""
    text: str
    """Extracted main text (never empty)."""
    date: str | None = None
    """Publication date as ``YYYY-MM-DD`` from the page's metadata or ``Last-Modified`` (None: undated)."""
    language: str | None = None
    """Language declared by the page (``<html lang>`` primary subtag), if any."""
    fingerprint: list[int] = Field(repr=False)
    """MinHash signature of ``text`` (see ``fingerprint.py``)."""
    fetched_at: datetime
    """When the final response was received (UTC)."""
    bytes: int
    """Size of the (decoded) response body in bytes."""
    redirects: list[str] = Field(default_factory=list)
    """URLs redirected through before ``final_url``, in order."""


class Visitor:
    """Fetches pages with the caller's client under an address policy (see the module docstring)."""

    def __init__(
        self,
        client: httpx.Client,
        policy: AddressPolicy,
        max_bytes: int = 2_000_000,
        timeout: float = 10.0,
        max_redirects: int = 5,
    ) -> None:
        self.client = client
        self.policy = policy
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.max_redirects = max_redirects

    def visit(self, url: str) -> Page:
        """Fetch ``url`` and return its ``Page``; raise a ``ToolError`` subclass on failure."""
        current = url
        hops: list[str] = []
        while True:
            try:
                addresses = self.policy.addresses(current)
            except BlockedByPolicy as exc:
                exc.via = (*hops, current) if hops else ()
                raise
            with pin(target_of(current).host, addresses), deadline(self.timeout) as until:
                location = self._fetch(url, current, hops, until)
            if isinstance(location, Page):
                return location
            if len(hops) >= self.max_redirects:
                raise TooManyRedirects(
                    f"more than {self.max_redirects} redirects starting at {url}", url=url
                )
            hops.append(current)
            current = location

    def _fetch(self, requested: str, current: str, hops: list[str], deadline: float) -> Page | str:
        """One hop: a ``Page``, or the absolute URL to redirect to."""
        try:
            headers = {"User-Agent": USER_AGENT, "Accept": _ACCEPT}
            request = self.client.build_request("GET", current, headers=headers, timeout=httpx.Timeout(self.timeout))
        except (httpx.InvalidURL, httpx.UnsupportedProtocol) as exc:
            raise map_httpx_error(exc, current) from exc
        try:
            response = self.client.send(request, stream=True, follow_redirects=False)
        except httpx.HTTPError as exc:
            raise map_httpx_error(exc, current) from exc
        try:
            status = response.status_code
            if status in _REDIRECT_STATUSES:
                location = response.headers.get("location")
                if not location:
                    raise BadRequest(f"HTTP {status} redirect without a Location from {current}", url=current)
                return urljoin(current, location.strip())
            error = classify_status(status, response.headers, current)
            if error is not None:
                raise error
            media_type = _media_type(response.headers.get("content-type"))
            if media_type and media_type not in ALLOWED_TYPES:
                raise UnsupportedContent(f"content type {media_type} is not text at {current}", url=current)
            body = self._read_capped(response, current, deadline)
        except httpx.HTTPError as exc:
            raise map_httpx_error(exc, current) from exc
        finally:
            response.close()

        if b"\x00" in body[:_SNIFF_BYTES] and looks_binary(body[:SNIFF_BYTES]):
            raise UnsupportedContent(f"binary body at {current}", url=current)
        text = decode_text(body, response.charset_encoding)
        if not media_type:
            media_type = "text/html" if "<" in text[:_SNIFF_BYTES] else "text/plain"
        extracted = extract_page(text, current, content_type=media_type)
        page_text = extracted.text
        if not page_text.strip() and media_type in HTML_TYPES:
            page_text = flatten_html(text)  # markup too deep for lxml (100k nested divs): read it flat
        if not page_text.strip():
            raise EmptyContent(f"no extractable text at {current}", url=current)
        return Page(
            url=requested,
            final_url=current,
            canonical_url=canonical_url(current),
            domain=domain_of(current),
            status_code=status,
            content_type=media_type,
            title=extracted.title,
            text=page_text,
            date=extracted.date or date_from_http(response.headers.get("last-modified")),
            language=extracted.language,
            fingerprint=fingerprint(page_text),
            fetched_at=datetime.now(UTC),
            bytes=len(body),
            redirects=list(hops),
        )

    def _read_capped(self, response: httpx.Response, url: str, deadline: float) -> bytes:
        declared = response.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            raise TooLarge(f"body of {declared} bytes exceeds {self.max_bytes} at {url}", url=url)
        chunks: list[bytes] = []
        size = 0
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > self.max_bytes:
                raise TooLarge(f"body exceeds {self.max_bytes} bytes at {url}", url=url)
            chunks.append(chunk)
            if time.monotonic() > deadline:
                raise ToolTimeout(f"body not received within {self.timeout:g} s at {url}", url=url)
        return b"".join(chunks)


def _media_type(header: str | None) -> str:
    if not header:
        return ""
    return header.split(";", 1)[0].strip().lower()
