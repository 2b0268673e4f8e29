"""A loopback "web" for CLI tests: a tiny SearXNG JSON endpoint and the pages its results point at.

`FakeWeb(pages)` serves `pages` ({path: html}) at `http://127.0.0.1:<port>/<path>`
and answers `GET /search?q=…&format=json` with every page whose text shares a
word with the query (SearXNG's JSON shape: `results[].url/title/content`).
`requests` records every path asked for, so a test can see which pages a run
opened.  Real HTTP over loopback; nothing leaves the machine.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

_WORD = re.compile(r"[a-z0-9]+")


class FakeWeb:
    def __init__(self, pages: dict[str, str]) -> None:
        self.pages = pages
        self.requests: list[str] = []
        web = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                return

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                web.requests.append(parts.path)
                if parts.path == "/search":
                    body, ctype = web._search(parse_qs(parts.query).get("q", [""])[0]), "application/json"
                elif parts.path.lstrip("/") in web.pages:
                    body, ctype = web.pages[parts.path.lstrip("/")].encode(), "text/html; charset=utf-8"
                else:
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def host_port(self) -> str:
        return f"127.0.0.1:{self._server.server_address[1]}"

    def _search(self, query: str) -> bytes:
        words = set(_WORD.findall(query.lower()))
        hits = []
        for path, html in sorted(self.pages.items()):
            text = re.sub(r"<[^>]+>", " ", html)
            if words & set(_WORD.findall(text.lower())):
                title = re.search(r"<title>(.*?)</title>", html)
                hits.append({"url": f"{self.base}/{path}", "title": title.group(1) if title else path,
                             "content": " ".join(text.split())[:160]})
        return json.dumps({"query": query, "results": hits}).encode()

    def opened(self) -> list[str]:
        return [p.lstrip("/") for p in self.requests if p != "/search"]

    def __enter__(self) -> FakeWeb:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
