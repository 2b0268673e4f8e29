"""The tool error tree and its classification of HTTP statuses and httpx exceptions."""

from __future__ import annotations

import email.utils
import time

import httpx
import pytest

from research_agent.tools import errors as E


@pytest.mark.parametrize(
    ("cls", "parent"),
    [
        (E.ToolTimeout, E.TransientToolError),
        (E.ConnectionReset, E.TransientToolError),
        (E.RateLimited, E.TransientToolError),
        (E.ServerError, E.TransientToolError),
        (E.NotFound, E.PermanentToolError),
        (E.AccessDenied, E.PermanentToolError),
        (E.BadRequest, E.PermanentToolError),
        (E.UnsupportedContent, E.PermanentToolError),
        (E.TooLarge, E.PermanentToolError),
        (E.BlockedByPolicy, E.PermanentToolError),
        (E.TooManyRedirects, E.PermanentToolError),
        (E.EmptyContent, E.PermanentToolError),
        (E.Unreachable, E.PermanentToolError),
    ],
)
def test_tree_and_transient_flag(cls: type[E.ToolError], parent: type[E.ToolError]) -> None:
    assert issubclass(cls, parent) and issubclass(parent, E.ToolError)
    assert cls.transient is (parent is E.TransientToolError)


def test_every_class_is_drawn_in_the_module_docstring() -> None:
    doc = E.__doc__ or ""
    for name in E.__all__:
        obj = getattr(E, name)
        if isinstance(obj, type) and issubclass(obj, E.ToolError):
            assert name in doc, name


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (200, None),
        (302, None),
        (404, E.NotFound),
        (410, E.NotFound),
        (401, E.AccessDenied),
        (403, E.AccessDenied),
        (400, E.BadRequest),
        (422, E.BadRequest),
        (408, E.ToolTimeout),
        (429, E.RateLimited),
        (500, E.ServerError),
        (503, E.ServerError),
    ],
)
def test_classify_status(status: int, expected: type[E.ToolError] | None) -> None:
    error = E.classify_status(status, {}, "https://example.org/x")
    if expected is None:
        assert error is None
    else:
        assert type(error) is expected
        assert error.url == "https://example.org/x"
        assert error.status == status


def test_retry_after_seconds_and_http_date() -> None:
    limited = E.classify_status(429, httpx.Headers({"Retry-After": "7"}), None)
    assert isinstance(limited, E.RateLimited) and limited.retry_after == 7.0
    when = email.utils.formatdate(time.time() + 120, usegmt=True)
    dated = E.classify_status(429, {"retry-after": when}, None)
    assert isinstance(dated, E.RateLimited) and 100 <= (dated.retry_after or 0) <= 121
    missing = E.classify_status(429, {}, None)
    assert isinstance(missing, E.RateLimited) and missing.retry_after is None
    assert E.parse_retry_after("soon") is None


def _raising(exc: Exception) -> httpx.Client:
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc

    return httpx.Client(transport=httpx.MockTransport(handler))


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (httpx.ReadTimeout("slow"), E.ToolTimeout),
        (httpx.ConnectTimeout("slow"), E.ToolTimeout),
        (httpx.PoolTimeout("slow"), E.ToolTimeout),
        (httpx.ReadError("reset"), E.ConnectionReset),
        (httpx.RemoteProtocolError("Server disconnected"), E.ConnectionReset),
        # The message says "timed out" but the type says connect error: the type wins.
        (httpx.ConnectError("timed out"), E.Unreachable),
        (httpx.UnsupportedProtocol("nope"), E.BadRequest),
    ],
)
def test_httpx_errors_are_mapped_by_type_with_cause(exc: Exception, expected: type[E.ToolError]) -> None:
    with _raising(exc) as client:
        try:
            client.get("https://example.org/")
        except httpx.HTTPError as raised:
            mapped = E.map_httpx_error(raised, "https://example.org/")
    assert type(mapped) is expected
    assert mapped.url == "https://example.org/"


def test_blocked_by_policy_has_reason_and_message() -> None:
    error = E.BlockedByPolicy("address 10.0.0.1 is private", url="http://10.0.0.1/")
    assert error.reason == "address 10.0.0.1 is private"
    assert str(error) == error.reason
    assert "10.0.0.1" in repr(error)
