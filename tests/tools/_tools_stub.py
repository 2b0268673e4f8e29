"""A scripted stdlib HTTP server on loopback, for backends that speak JSON APIs."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class StubServer:
    """A stdlib HTTP server on loopback answering with a scripted (status, headers, body).

    ``respond`` is called with the handler (method, path, headers, body) and returns
    ``(status, headers, body)``; every request is recorded in ``requests``.
    """

    def __init__(self, respond: Callable[[dict], tuple[int, dict[str, str], bytes]]) -> None:
        self.respond = respond
        self.requests: list[dict] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                return

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                request = {
                    "method": self.command,
                    "path": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": body,
                }
                stub.requests.append(request)
                status, headers, payload = stub.respond(request)
                try:
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up first (timeout tests): nothing to answer

            do_GET = _handle
            do_POST = _handle

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def json_response(data: object, status: int = 200, headers: dict[str, str] | None = None):
    return status, {"Content-Type": "application/json", **(headers or {})}, json.dumps(data).encode()
