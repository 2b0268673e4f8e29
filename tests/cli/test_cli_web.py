"""Web search visits the web: `--search searxng` opens the pages its results point at.

A loopback SearXNG (tests/cli/_fake_web.py) answers with pages on a loopback
"web" host that the test's config allows explicitly (`allowed_hosts` of a
risk policy file).  Without `--corpus` the demo corpus does not take part;
with `--with-corpus` it joins (searched and served next to the web) and the
web pages are still opened.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli_kit import cli
from _fake_web import FakeWeb

QUESTION = "Compare Heron and Ibis on license"


def _page(title: str, *paragraphs: str) -> str:
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>{body}</article></body></html>"


PAGES = {
    "heron/license.html": _page("Heron licensing", "Heron is a workflow engine for data pipelines.",
                                "Heron is released under the MIT License."),
    "ibis/about.html": _page("About Ibis", "Ibis is a columnar query planner.",
                             "Ibis is licensed under the Apache License 2.0."),
    "reviews/heron-ibis.html": _page("Heron and Ibis reviewed", "We tried two young tools this month.",
                                     "Heron is licensed under the MIT License, which makes adoption easy.",
                                     "Ibis is distributed under the Apache License 2.0 with a patent grant."),
}


@pytest.fixture
def web(tmp_path: Path):
    with FakeWeb(PAGES) as fake:
        policy = tmp_path / "allow.toml"
        policy.write_text(f'allowed_hosts = ["{fake.host_port}"]\n', encoding="utf-8")
        (tmp_path / "config.toml").write_text(f'risk_policy = "{policy}"\n', encoding="utf-8")
        yield fake


def _run(tmp_path: Path, web: FakeWeb, *extra: str):
    return cli("run", QUESTION, "--search", "searxng", "--search-url", web.base, "--json", "--quiet",
               "--config", tmp_path / "config.toml", *extra)


def test_searxng_results_are_opened_on_the_web(tmp_path: Path, web: FakeWeb) -> None:
    res = _run(tmp_path, web)
    assert res.exit_code == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["end_kind"] == "completed"
    assert {c["cell"]: c["conclusion"] for c in report["answer"]} == {"Heron/license": "MIT License", "Ibis/license": "Apache License 2.0"}
    assert set(web.opened()) >= {"reviews/heron-ibis.html"} and len(set(web.opened())) >= 2
    urls = {s["canonical_url"] for s in report["sources"]}
    assert all(u.startswith(web.base) for u in urls), urls  # the demo corpus did not take part


def test_the_demo_corpus_joins_only_when_asked(tmp_path: Path, web: FakeWeb) -> None:
    res = _run(tmp_path, web, "--with-corpus")
    assert res.exit_code == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["end_kind"] == "completed"
    assert len(set(web.opened())) >= 2  # the web pages are still visited, next to the corpus


def test_the_demo_corpus_is_searched_when_it_joins(tmp_path: Path, web: FakeWeb) -> None:
    res = cli("run", "Compare Quillstore and Heron on license", "--search", "searxng", "--search-url", web.base,
              "--with-corpus", "--json", "--quiet", "--config", tmp_path / "config.toml", "--max-steps", "12")
    report = json.loads(res.stdout)
    hosts = {s["domain"] for s in report["sources"]}
    assert "quillstore.example" in hosts  # a demo-corpus page, found by the local index next to the web
    assert any(h.startswith("127.0.0.1") for h in hosts)
