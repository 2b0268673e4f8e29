"""An OpenAI-compatible chat-completions server on loopback: the model seat of an eval or a test.

`LoopbackOpenAIServer(script)` listens on 127.0.0.1 (port chosen by the OS) in a
daemon thread and answers `POST /v1/chat/completions` from `script`:

* a list (or iterator) of replies, played in order — when it runs out the
  server answers HTTP 500 "fake server: script exhausted" and sets
  `exhausted`, it never repeats a reply;
* or a callable `(request_json) -> reply` (return None to end the script).

A reply is a `str` (assistant text), a `dict`/`list` (sent as its JSON text),
or a `Reply` built with `Reply.text`, `Reply.json`, `Reply.tool_call`,
`Reply.refusal`, `Reply.error(status, retry_after=..., message=...)` or
`Reply.malformed()` (HTTP 200 with a body that is not JSON).

Answers carry a realistic `usage`: prompt tokens ≈ the characters of all
message contents / 4, completion tokens ≈ the reply's characters / 4.  Every
request body is recorded in `requests` (and its headers in `headers`) so
callers can check what was sent: prompt sizes, `response_format`, follow-up
messages.  `GET /v1/models` lists `models`.

The tests' fake model (`tests/fakes/openai_server.py`) and the perfect reader
model of `research eval --oracle` (`evals.oracle`) are this server with
different scripts; the program under test talks to either through the real
`openai` client, over HTTP, as it would to vLLM or Ollama.

    with LoopbackOpenAIServer(["hello"]) as server:
        client = OpenAI(base_url=server.base_url, api_key="test")
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["LoopbackOpenAIServer", "Reply", "ScriptFn", "estimate_tokens", "prompt_tokens"]


def estimate_tokens(text: str) -> int:
    return (len(text) + 3) // 4


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def prompt_tokens(request: dict[str, Any]) -> int:
    """Prompt tokens as the fake server counts them: all message contents / 4."""
    return estimate_tokens("".join(_content_text(m.get("content")) for m in request.get("messages", [])))


@dataclass
class Reply:
    kind: str = "text"
    """text | tool_call | refusal | error | malformed"""
    content: str = ""
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    tool_name: str = "answer"
    usage: dict[str, int] | None = None
    """Usage to report instead of the estimate."""
    omit_usage: bool = False
    """Send no `usage` at all (some local servers do not)."""

    @classmethod
    def text(cls, content: str, *, usage: dict[str, int] | None = None, omit_usage: bool = False) -> "Reply":
        return cls("text", content, usage=usage, omit_usage=omit_usage)

    @classmethod
    def json(cls, obj: Any) -> "Reply":
        return cls("text", json.dumps(obj))

    @classmethod
    def tool_call(cls, arguments: Any, name: str = "answer") -> "Reply":
        args = arguments if isinstance(arguments, str) else json.dumps(arguments)
        return cls("tool_call", args, tool_name=name)

    @classmethod
    def refusal(cls, text: str = "I can't help with that.") -> "Reply":
        return cls("refusal", text)

    @classmethod
    def error(cls, status: int, *, retry_after: str | float | None = None, message: str = "fake error",
              headers: dict[str, str] | None = None) -> "Reply":
        h = dict(headers or {})
        if retry_after is not None:
            h["Retry-After"] = str(retry_after)
        return cls("error", message, status=status, headers=h)

    @classmethod
    def malformed(cls, body: str = "<html>502 bad gateway</html>{") -> "Reply":
        return cls("malformed", body)


ScriptFn = Callable[[dict[str, Any]], Any]


class _QuietServer(ThreadingHTTPServer):
    """A client that gave up (a timeout test's delayed reply) is expected: no traceback for it."""

    owner: "LoopbackOpenAIServer"

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class LoopbackOpenAIServer:
    def __init__(self, script: Iterable[Any] | ScriptFn, *, models: list[str] | None = None,
                 delay: float = 0.0) -> None:
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.models = models or ["gpt-4o-mini", "fake-local"]
        self.exhausted = False
        self.delay = delay
        """Seconds to wait before answering (to provoke client timeouts)."""
        self._lock = threading.Lock()
        self._fn: ScriptFn | None = None
        self._iter: Iterator[Any] | None = None
        if callable(script) and not isinstance(script, Iterable):
            self._fn = script
        else:
            self._iter = iter(script)
        self._httpd = _QuietServer(("127.0.0.1", 0), _Handler)
        self._httpd.owner = self
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------ lifecycle
    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "LoopbackOpenAIServer":
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="loopback-openai", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> "LoopbackOpenAIServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------ script
    def next_reply(self, request: dict[str, Any]) -> Any:
        """The script's answer to `request` (None: the script has ended)."""
        with self._lock:
            if self._fn is not None:
                out = self._fn(request)
            else:
                assert self._iter is not None
                out = next(self._iter, None)
            if out is None:
                self.exhausted = True
            return out

    def prompt_tokens(self) -> list[int]:
        """Prompt tokens of every recorded request, in order."""
        return [prompt_tokens(r) for r in self.requests]


def _error(message: str, kind: str = "invalid_request_error") -> bytes:
    return json.dumps({"error": {"message": message, "type": kind}}).encode()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _QuietServer

    def log_message(self, format: str, *args: Any) -> None:  # keep test and eval output quiet
        pass

    def _send(self, status: int, body: bytes, headers: dict[str, str] | None = None,
              content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        if self.path.rstrip("/") == "/v1/models":
            data = {"object": "list", "data": [
                {"id": m, "object": "model", "created": 0, "owned_by": "fake"} for m in self.server.owner.models]}
            self._send(200, json.dumps(data).encode())
        else:
            self._send(404, _error("not found"))

    def do_POST(self) -> None:
        owner = self.server.owner
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send(404, _error("not found"))
            return
        try:
            request = json.loads(raw)
        except json.JSONDecodeError:
            self._send(400, _error("request body is not JSON"))
            return
        owner.requests.append(request)
        owner.headers.append({k.lower(): v for k, v in self.headers.items()})
        if owner.delay:
            time.sleep(owner.delay)
        out = owner.next_reply(request)
        if out is None:
            self._send(500, _error("fake server: script exhausted", "server_error"))
            return
        reply = out if isinstance(out, Reply) else (Reply.text(out) if isinstance(out, str) else Reply.json(out))
        self._reply(request, reply, len(owner.requests))

    def _reply(self, request: dict[str, Any], reply: Reply, number: int) -> None:
        if reply.kind == "error":
            error = {"error": {"message": reply.content, "type": "fake_error", "code": str(reply.status)}}
            self._send(reply.status, json.dumps(error).encode(), reply.headers)
            return
        if reply.kind == "malformed":
            self._send(200, reply.content.encode(), reply.headers)
            return
        message: dict[str, Any] = {"role": "assistant", "content": None}
        finish = "stop"
        if reply.kind == "text":
            message["content"] = reply.content
        elif reply.kind == "refusal":
            message["refusal"] = reply.content
        elif reply.kind == "tool_call":
            finish = "tool_calls"
            message["tool_calls"] = [{
                "id": "call_fake_1", "type": "function",
                "function": {"name": reply.tool_name, "arguments": reply.content},
            }]
        pt = prompt_tokens(request)
        ct = estimate_tokens(reply.content)
        usage = reply.usage or {"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct}
        body: dict[str, Any] = {
            "id": f"chatcmpl-fake-{number}", "object": "chat.completion", "created": int(time.time()),
            "model": request.get("model", "fake"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
            "usage": None if reply.omit_usage else usage,
        }
        self._send(200, json.dumps(body).encode(), reply.headers)
