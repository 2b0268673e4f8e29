"""Where evidence comes from, as a user's report shows it: a product's own site is a primary source (and
the report says why), and a page without date metadata is "undated" — never dated by a year in its text.

The corpus is written here: two new products, each with its own site, plus independent reviews.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli_kit import cli

QUESTION = "Compare Brindle and Osprey Queue on license"


def _html(title: str, body: str, published: str | None = None) -> str:
    meta = f'<meta property="article:published_time" content="{published}">' if published else ""
    paragraphs = "".join(f"<p>{p}</p>" for p in body.split("\n"))
    return (f"<html><head><title>{title}</title>{meta}</head><body><article><h1>{title}</h1>{paragraphs}"
            "</article></body></html>")


PAGES = {
    # the vendor's own pages: no date metadata; the body mentions years that are not the page's date
    "brindle.example/docs/license.html": _html(
        "Brindle license",
        "Brindle was registered as a company in 2012 by two engineers from a firm set up in 2011.\n"
        "Brindle is licensed under the Apache License 2.0.\n"
        "The license covers the server, the command-line tools and every official client library."),
    "docs.ospreyqueue.example/licensing.html": _html(
        "Licensing",
        "Osprey Queue is licensed under the MIT License.\n"
        "The project has shipped every release under the same terms since its first version.",
        published="2024-02-01"),
    # independent reviews, dated by their metadata
    "queuenotes.example/reviews/brindle.html": _html(
        "Brindle review: a tidy broker",
        "Brindle is licensed under the Apache License 2.0, so teams can embed it without legal review.\n"
        "Its clustering needs some care at scale.",
        published="2024-03-10"),
    "queuenotes.example/reviews/osprey-queue.html": _html(
        "Osprey Queue review",
        "Osprey Queue is licensed under the MIT License, the most permissive choice in this roundup.\n"
        "Throughput was good in our tests.",
        published="2024-03-12"),
}


@pytest.fixture
def report(tmp_path: Path) -> dict[str, str]:
    corpus = tmp_path / "corpus"
    for rel, html in PAGES.items():
        path = corpus / "pages" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    run = cli("run", QUESTION, "--corpus", corpus, "--task-id", "t-src")
    assert run.exit_code == 0, run.stdout + run.stderr
    out = {}
    for fmt in ("md", "json", "html"):
        res = cli("report", "t-src", "--format", fmt, "--output", tmp_path / f"report.{fmt}")
        assert res.exit_code == 0, res.stderr
        out[fmt] = (tmp_path / f"report.{fmt}").read_text(encoding="utf-8")
    return out


def _sources(report: dict[str, str]) -> dict[str, dict]:
    return {s["url"]: s for s in json.loads(report["json"])["sources"]}


def test_a_products_own_site_is_primary_and_the_report_says_why(report: dict[str, str]) -> None:
    sources = _sources(report)
    brindle = sources["https://brindle.example/docs/license.html"]
    osprey = sources["https://docs.ospreyqueue.example/licensing.html"]
    review = sources["https://queuenotes.example/reviews/brindle.html"]
    assert (brindle["source_type"], brindle["why_primary"]) == ("primary", "official site of Brindle")
    assert (osprey["source_type"], osprey["why_primary"]) == ("primary", "official site of Osprey Queue")
    assert (review["source_type"], review["why_primary"]) == ("secondary", None)
    assert "primary (official site of Brindle)" in report["md"]
    assert "primary (official site of Osprey Queue)" in report["html"]


def test_a_page_without_date_metadata_is_undated(report: dict[str, str]) -> None:
    sources = _sources(report)
    brindle = sources["https://brindle.example/docs/license.html"]
    assert brindle["opened"] and brindle["date"] is None and brindle["date_label"] == "undated"
    assert sources["https://docs.ospreyqueue.example/licensing.html"]["date"] == "2024-02-01"
    for fmt in ("md", "html"):
        assert "2012-01-01" not in report[fmt] and "2011-01-01" not in report[fmt]  # the body's years date nothing
        assert "undated" in report[fmt]
    line = next(x for x in report["md"].splitlines() if "brindle.example/docs/license.html (" in x)
    assert "(primary (official site of Brindle), undated)" in line
