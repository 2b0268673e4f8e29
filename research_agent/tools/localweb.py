"""A folder of pages served over real HTTP on loopback, under their public URLs.

URL mapping (shared with ``LocalIndex`` through ``iter_corpus``):

* if ``root`` is a folder named ``pages`` or contains one, a file at
  ``pages/<host>/<path>`` is ``https://<host>/<path>``; ``<dir>/index.html``
  (or ``.htm``) is ``https://<host>/<dir>/``. Files directly inside ``pages/``
  and folders whose name is not a valid host name go under ``corpus.local``;
  nothing outside ``pages/`` is served;
* any other folder: each file is ``https://corpus.local/<relative path>``.

Hidden files and folders (name starting with ``.``) are skipped, and so is
every file ``corpus_hygiene.corpus_file_ok`` refuses (resolved outside the
root through a symlink or ``..``, not a regular file, over the size cap,
binary); pass ``skipped=[]`` to ``iter_corpus`` to get them with their reasons
(``LocalWeb.skipped`` holds the served folder's). URLs are canonical
(``canonical_url``), path segments percent-encoded.

``LocalWeb(root)`` walks ``root`` once to map URLs to files;
``LocalWeb(root, files=index.corpus_files())`` takes the map a fresh local index
kept instead (a run does not walk a 20,000-file corpus again).

``LocalWeb`` runs a ``ThreadingHTTPServer`` on ``127.0.0.1:<free port>`` in a
daemon thread. The server is addressed as ``http://127.0.0.1:<port>/<host>/<path>``;
``transport()`` gives an httpx transport that rewrites requests for served
hosts (``https://<host>/<path>`` on the default port) to that form and sends
them over a real ``httpx.HTTPTransport`` (the original ``Host`` header is kept).
A request for any other host fails with ``httpx.ConnectError`` before touching
the network, so a client built with ``make_client`` can never leave the machine.

Content types come from the file extension: ``.html``/``.htm`` ``text/html``,
``.md`` ``text/markdown``, ``.txt`` ``text/plain``, anything else by
``mimetypes``, and a name with no extension by the file's first bytes (``media_type``). Text is served as UTF-8 (``charset=utf-8``) whatever the file's
encoding (``corpus_hygiene.decode_text``: BOM, declared charset,
charset-normalizer), and every file is checked again when it is served. ``/dir`` redirects
(301) to ``/dir/`` when that is a page; unknown paths are 404.

Faults (``faults.Fault``) are matched on the canonical public URL of each
request, ignoring the ``_hop`` parameter the redirect loop adds; see
``faults.py`` for what each kind does. A fault's host is served even when no
file belongs to it, so a failing page needs no file. Every request's public URL is appended
to ``requests`` so tests can assert what was (not) fetched.
"""

from __future__ import annotations

import os
import re
import socket
import struct
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from urllib.parse import quote, urlsplit, urlunsplit

import httpx

from research_agent.tools.canonical import CORPUS_HOST, canonical_url
from research_agent.tools.corpus_hygiene import corpus_file_ok, decode_text
from research_agent.tools.faults import Fault
from research_agent.tools.media_type import file_media_type
from research_agent.tools.pinned import deadline_transport

__all__ = ["CORPUS_HOST", "CorpusFile", "LocalWeb", "iter_corpus", "make_client"]

HOP_PARAM = "_hop"
TIMEOUT_HOLD_SECONDS = 30.0
SLOW_SECONDS = 0.3
HUGE_BYTES = 6 * 1024 * 1024
PRIVATE_TARGET = "http://169.254.169.254/latest/meta-data/iam/"

_HOST_NAME = re.compile(r"^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$")


@dataclass(frozen=True)
class CorpusFile:
    """One file of a local corpus and the public URL it is served and indexed under."""

    url: str
    host: str
    path: Path


def iter_corpus(root: Path, skipped: list[tuple[Path, str]] | None = None) -> Iterator[CorpusFile]:
    """Every non-hidden usable file under ``root`` with its public URL, in sorted order.

    Files ``corpus_file_ok`` refuses are left out; with a ``skipped`` list each
    is appended to it as ``(path, reason)``.
    """
    root = Path(root)
    if root.name == "pages":
        pages: Path | None = root
    elif (root / "pages").is_dir():
        pages = root / "pages"
    else:
        pages = None
    base = pages if pages is not None else root
    for path in sorted(p for p in base.rglob("*") if p.is_file()):
        rel = path.relative_to(base).parts
        if any(part.startswith(".") for part in rel):
            continue
        reason = corpus_file_ok(path, root)
        if reason is not None:
            if skipped is not None:
                skipped.append((path, reason))
            continue
        host = CORPUS_HOST
        rest = rel
        if pages is not None and len(rel) > 1 and _HOST_NAME.match(rel[0].lower()):
            host, rest = rel[0].lower(), rel[1:]
        url = canonical_url(f"https://{host}/" + quote("/".join(rest), safe="/"))
        yield CorpusFile(url=url, host=host, path=path)


def _file_body(path: Path) -> tuple[bytes, str]:
    """The bytes to send and their content type: text transcoded to UTF-8."""
    media = file_media_type(path)
    data = path.read_bytes()
    if not media.startswith("text/"):
        return data, media
    return decode_text(data).encode("utf-8"), f"{media}; charset=utf-8"


def _strip_hop(url: str) -> str:
    parts = urlsplit(url)
    query = "&".join(p for p in parts.query.split("&") if p and p.split("=", 1)[0] != HOP_PARAM)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def _without_query(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    web: LocalWeb


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.0"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        return  # quiet: tests and benchmarks read results, not access logs

    def do_HEAD(self) -> None:
        self._serve(head=True)

    def do_GET(self) -> None:
        self._serve(head=False)

    def _serve(self, *, head: bool) -> None:
        web = self.server.web
        host, _, rest = self.path.lstrip("/").partition("/")
        public = f"https://{host}/{rest}"
        web._record(public)
        fault = web._take_fault(public)
        if fault is not None and self._apply_fault(fault, public, head=head):
            return
        self._serve_file(public, head=head)

    # -- faults -----------------------------------------------------------------------

    def _apply_fault(self, fault: Fault, public: str, *, head: bool) -> bool:
        """Apply ``fault``; True when the response is complete, False to serve the page."""
        stop = self.server.web._stopping
        kind = fault.kind
        if kind == "timeout":
            stop.wait(TIMEOUT_HOLD_SECONDS)
            self.close_connection = True
            return True
        if kind == "reset":
            # SO_LINGER 0: close() sends RST instead of FIN — a real connection reset.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return True
        if kind == "slow":
            stop.wait(fault.seconds if fault.seconds is not None else SLOW_SECONDS)
            return False
        if kind == "empty":
            self._send(200, b"", "text/html; charset=utf-8", head=head)
            return True
        if kind == "binary":
            self._send(200, os.urandom(4096) + b"\x00\x00", "application/octet-stream", head=head)
            return True
        if kind == "huge":
            self._send_huge(head=head)
            return True
        if kind == "redirect_loop":
            parts = urlsplit(public)
            hop = 1
            for pair in parts.query.split("&"):
                name, _, value = pair.partition("=")
                if name == HOP_PARAM and value.isdigit():
                    hop = int(value) + 1
            kept = [p for p in parts.query.split("&") if p and p.partition("=")[0] != HOP_PARAM]
            query = "&".join([*kept, f"{HOP_PARAM}={hop}"])
            location = urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))
            self._send(302, b"", "text/html; charset=utf-8", head=head, extra={"Location": location})
            return True
        if kind == "redirect_private":
            self._send(302, b"", "text/html; charset=utf-8", head=head, extra={"Location": PRIVATE_TARGET})
            return True
        if kind == "drip_headers":
            self._drip_headers()
            return True
        status = int(kind.removeprefix("http_"))
        extra = {}
        if status == 429:
            retry = fault.retry_after if fault.retry_after is not None else 1
            extra["Retry-After"] = f"{retry:g}"
        body = f"<html><body><h1>HTTP {status}</h1></body></html>".encode()
        self._send(status, body, "text/html; charset=utf-8", head=head, extra=extra)
        return True

    def _drip_headers(self) -> None:
        stop = self.server.web._stopping
        try:
            self.wfile.write(b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nX-Drip: ")
            self.wfile.flush()
            for _ in range(int(TIMEOUT_HOLD_SECONDS / 0.05)):
                if stop.wait(0.05):
                    break
                self.wfile.write(b"x")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client's deadline fired: that is the point
        self.close_connection = True

    def _send_huge(self, *, head: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        if head:
            return
        chunk = b"<p>" + b"All work and no play makes a very large page. " * 1300 + b"</p>\n"
        sent = 0
        try:
            self.wfile.write(b"<html><body>")
            while sent < HUGE_BYTES and not self.server.web._stopping.is_set():
                self.wfile.write(chunk)
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading at its byte cap: that is the point
        self.close_connection = True

    # -- files ------------------------------------------------------------------------

    def _serve_file(self, public: str, *, head: bool) -> None:
        web = self.server.web
        key = _without_query(canonical_url(public))
        path = web._files.get(key)
        if path is None:
            if not key.endswith("/") and key + "/" in web._files:
                self._send(301, b"", "text/html; charset=utf-8", head=head, extra={"Location": key + "/"})
                return
            body = b"<html><body><h1>Not found</h1></body></html>"
            self._send(404, body, "text/html; charset=utf-8", head=head)
            return
        reason = corpus_file_ok(path, web.root)  # again at serve time: the folder may have changed
        if reason is not None:
            body = f"<html><body><h1>Not served: {reason}</h1></body></html>".encode()
            self._send(403, body, "text/html; charset=utf-8", head=head)
            return
        self._send(200, *_file_body(path), head=head)

    def _send(
        self,
        status: int,
        body: bytes,
        content_type: str,
        *,
        head: bool,
        extra: dict[str, str] | None = None,
    ) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (extra or {}).items():
                self.send_header(name, value)
            self.end_headers()
            if not head:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # client went away (its timeout fired); nothing left to tell it


class _LoopbackTransport(httpx.BaseTransport):
    """Routes ``https://<served host>/…`` to the loopback server; refuses every other host."""

    def __init__(self, web: LocalWeb) -> None:
        self._web = web
        self._inner = deadline_transport()  # loopback by construction: the deadline, no address rule

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        default_port = {"http": 80, "https": 443}.get(url.scheme)
        if default_port is None or url.host not in self._web.hosts or url.port not in (None, default_port):
            where = f"{url.scheme}://{url.netloc.decode()}"
            raise httpx.ConnectError(f"the local web does not serve {where}", request=request)
        target = url.copy_with(
            scheme="http",
            host="127.0.0.1",
            port=self._web.port,
            raw_path=b"/" + url.host.encode("ascii") + url.raw_path,
        )
        inner = httpx.Request(
            request.method, target, headers=request.headers, stream=request.stream, extensions=request.extensions
        )
        return self._inner.handle_request(inner)

    def close(self) -> None:
        self._inner.close()


class LocalWeb:
    """Serves a corpus folder on loopback (see the module docstring). Use as a context manager."""

    def __init__(self, root: Path, faults: Iterable[Fault] = (), files: Iterable[CorpusFile] | None = None) -> None:
        self.root = Path(root)
        self.skipped: list[tuple[Path, str]] = []
        """Files of ``root`` not served, with the reason (``corpus_file_ok``); empty when ``files`` is given."""
        if files is None:  # walk the folder; a fresh index passes the map it kept (no walk per run)
            files = iter_corpus(self.root, self.skipped)
        self._files: dict[str, Path] = {}
        self._hosts: set[str] = set()
        for f in files:
            self._files[f.url] = f.path
            self._hosts.add(f.host)
        self._faults: list[tuple[str, Fault]] = []
        self._fault_hits: list[int] = []
        self._lock = threading.Lock()
        self._requests: list[str] = []
        self._stopping = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        for fault in faults:
            self.add_fault(fault)

    # -- lifecycle --------------------------------------------------------------------

    def start(self) -> LocalWeb:
        """Start serving (idempotent); returns self."""
        if self._server is None:
            self._stopping.clear()
            server = _Server(("127.0.0.1", 0), _Handler)
            server.web = self
            self._server = server
            self._thread = threading.Thread(
                target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="localweb", daemon=True
            )
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; releases requests held by ``timeout`` faults at once."""
        self._stopping.set()
        server, thread = self._server, self._thread
        self._server, self._thread = None, None
        if server is not None:
            server.shutdown()
            server.server_close()
        if thread is not None:
            thread.join(timeout=5)

    def __enter__(self) -> LocalWeb:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    # -- addressing -------------------------------------------------------------------

    @property
    def port(self) -> int:
        """The loopback port (the server must be started)."""
        if self._server is None:
            raise RuntimeError("LocalWeb is not started")
        return int(self._server.server_address[1])

    @property
    def hosts(self) -> frozenset[str]:
        """Hosts served: those of the corpus files plus those named by faults."""
        with self._lock:
            return frozenset(self._hosts)

    @property
    def urls(self) -> list[str]:
        """Public URLs of every served file, sorted."""
        return sorted(self._files)

    @property
    def requests(self) -> list[str]:
        """Public URLs of the requests received so far, in order."""
        with self._lock:
            return list(self._requests)

    def url_for(self, https_url: str) -> str:
        """The loopback URL (``http://127.0.0.1:<port>/<host>/<path>``) serving ``https_url``."""
        parts = urlsplit(https_url)
        path = parts.path or "/"
        loopback = f"http://127.0.0.1:{self.port}/{(parts.hostname or '').lower()}{path}"
        return f"{loopback}?{parts.query}" if parts.query else loopback

    def transport(self) -> httpx.BaseTransport:
        """An httpx transport that reaches served hosts on loopback and nothing else."""
        return _LoopbackTransport(self)

    # -- faults -----------------------------------------------------------------------

    def add_fault(self, fault: Fault) -> None:
        """Inject a fault (applies from the next request on)."""
        key = _strip_hop(canonical_url(fault.url))
        with self._lock:
            self._hosts.add(urlsplit(key).hostname or "")
            self._faults.append((key, fault))
            self._fault_hits.append(0)

    def _take_fault(self, public: str) -> Fault | None:
        key = _strip_hop(canonical_url(public))
        with self._lock:
            for i, (fault_key, fault) in enumerate(self._faults):
                if fault_key != key:
                    continue
                if fault.times is None:
                    return fault
                if self._fault_hits[i] < fault.times:
                    self._fault_hits[i] += 1
                    return fault
        return None

    def _record(self, public: str) -> None:
        with self._lock:
            self._requests.append(public)


def make_client(web: LocalWeb, timeout: float = 5.0) -> httpx.Client:
    """An ``httpx.Client`` whose only route is ``web`` (redirects are not followed)."""
    return httpx.Client(transport=web.transport(), timeout=timeout, follow_redirects=False)
