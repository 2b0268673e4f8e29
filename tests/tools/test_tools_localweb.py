"""The local web: corpus URL mapping, real loopback HTTP, no route anywhere else, fast shutdown."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pydantic
import pytest
from _tools_corpus import BATTERY_URL, LIBRARY_URL, ORIGINAL_URL, SYNDICATED_URL

from research_agent.tools import Fault, LocalWeb, iter_corpus, make_client


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_pages_tree_maps_to_public_https_urls(tmp_path: Path) -> None:
    _write(tmp_path / "pages" / "Docs.Example.test" / "guide" / "index.html", "<p>guide</p>")
    _write(tmp_path / "pages" / "docs.example.test" / "api ref.md", "# API")
    _write(tmp_path / "pages" / "docs.example.test" / ".draft.md", "# secret draft")
    _write(tmp_path / "pages" / "not a host" / "x.txt", "x")
    _write(tmp_path / "pages" / "loose.txt", "loose")
    _write(tmp_path / "case.toml", "question = 'ignored'")
    urls = sorted(f.url for f in iter_corpus(tmp_path))
    assert urls == [
        "https://corpus.local/loose.txt",
        "https://corpus.local/not%20a%20host/x.txt",
        "https://docs.example.test/api%20ref.md",
        "https://docs.example.test/guide/",
    ]
    # The pages folder itself maps the same way.
    assert sorted(f.url for f in iter_corpus(tmp_path / "pages")) == sorted(urls)


def test_plain_folder_maps_to_corpus_local(tmp_path: Path) -> None:
    _write(tmp_path / "notes" / "a.md", "# A")
    _write(tmp_path / "notes" / "sub" / "index.html", "<p>b</p>")
    assert sorted(f.url for f in iter_corpus(tmp_path / "notes")) == [
        "https://corpus.local/a.md",
        "https://corpus.local/sub/",
    ]


def test_serves_files_with_content_types_over_loopback(web: LocalWeb, client: httpx.Client) -> None:
    assert {"riverside-gazette.test", "regional-wire.test", "harbour-news.test"} <= web.hosts
    html = client.get(ORIGINAL_URL)
    assert html.status_code == 200
    assert html.headers["content-type"] == "text/html; charset=utf-8"
    assert client.get(BATTERY_URL).headers["content-type"] == "text/markdown; charset=utf-8"
    assert client.get(LIBRARY_URL).headers["content-type"] == "text/plain; charset=utf-8"
    assert client.get(SYNDICATED_URL).status_code == 200
    assert client.get(SYNDICATED_URL + "index.html").status_code == 200
    assert client.get("https://riverside-gazette.test/missing").status_code == 404
    # Plain HTTP to the loopback address serves the same bytes.
    direct = httpx.get(web.url_for(ORIGINAL_URL), trust_env=False)  # no proxy from the environment
    assert direct.content == html.content
    assert web.url_for(ORIGINAL_URL).startswith(f"http://127.0.0.1:{web.port}/riverside-gazette.test/")
    assert web.requests[0] == ORIGINAL_URL


def test_transport_refuses_every_other_host_without_network(web: LocalWeb, client: httpx.Client) -> None:
    for url in ("https://example.com/", "http://127.0.0.1:9/", "https://riverside-gazette.test:8443/x"):
        with pytest.raises(httpx.ConnectError):
            client.get(url)
    assert web.requests == []


def test_fault_on_a_host_without_files_is_served(corpus_root: Path) -> None:
    with LocalWeb(corpus_root, [Fault(url="https://flaky.test/feed", kind="http_500")]) as web:
        assert "flaky.test" in web.hosts
        with make_client(web) as client:
            assert client.get("https://flaky.test/feed").status_code == 500
            assert client.get("https://flaky.test/other").status_code == 404


def test_429_fault_sends_retry_after(corpus_root: Path) -> None:
    faults = [Fault(url=ORIGINAL_URL, kind="http_429"), Fault(url=LIBRARY_URL, kind="http_429", retry_after=30)]
    with LocalWeb(corpus_root, faults) as web, make_client(web) as client:
        assert client.get(ORIGINAL_URL).headers["retry-after"] == "1"
        assert client.get(LIBRARY_URL).headers["retry-after"] == "30"


def test_stop_releases_a_held_timeout_request_quickly(corpus_root: Path) -> None:
    web = LocalWeb(corpus_root, [Fault(url=ORIGINAL_URL, kind="timeout")]).start()
    outcome: list[BaseException | httpx.Response] = []

    def fetch() -> None:
        with make_client(web, timeout=30.0) as client:
            try:
                outcome.append(client.get(ORIGINAL_URL))
            except httpx.HTTPError as exc:
                outcome.append(exc)

    thread = threading.Thread(target=fetch)
    thread.start()
    arrived = threading.Event()
    deadline = time.monotonic() + 5
    while not web.requests and time.monotonic() < deadline:
        arrived.wait(0.01)  # wait for the server to hold the request, bounded
    assert web.requests == [ORIGINAL_URL]
    started = time.monotonic()
    web.stop()
    thread.join(timeout=5)
    assert time.monotonic() - started < 3
    assert not thread.is_alive()
    assert isinstance(outcome[0], httpx.HTTPError)


def test_fault_model_is_strict() -> None:
    with pytest.raises(pydantic.ValidationError):
        Fault(url=ORIGINAL_URL, kind="http_418")  # type: ignore[arg-type]
    with pytest.raises(pydantic.ValidationError):
        Fault(url=ORIGINAL_URL, kind="timeout", times=-1)
    assert Fault.model_validate({"url": ORIGINAL_URL, "kind": "reset", "times": 2}).times == 2
