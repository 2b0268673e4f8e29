"""A page's date comes from its metadata (meta tags, <time datetime>, JSON-LD, the URL path, HTTP
Last-Modified) and never from a year or a date written in its text."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
from lxml.html import HtmlElement
from trafilatura.utils import load_html

from research_agent.tools.extract import extract_page
from research_agent.tools.page_date import date_from_http, metadata_date

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("RESEARCH_SHARED_DATA") or REPO.parent / "shared" / "data")
ARTICLES = DATA / "article-extraction"

_BODY = ("<p>Ferrodb was registered as a company in 2012 by two engineers from a firm set up in 2011.</p>"
         "<p>Ferrodb is licensed under the AGPL, version 3, and its managed service costs $49 per month.</p>")


def _page(head: str = "", body: str = _BODY) -> str:
    return f"<html><head><title>Ferrodb at a glance</title>{head}</head><body><article>{body}</article></body></html>"


def test_years_in_the_text_never_date_a_page() -> None:
    assert extract_page(_page(), "https://example.org/about/ferrodb.html").date is None


def test_a_byline_or_heading_date_in_the_body_is_not_metadata() -> None:
    body = ("<h1>Published 12 March 2019</h1><div class='post-date'>March 12, 2019</div>"
            "<time>2019-03-12</time>" + _BODY)
    assert extract_page(_page(body=body), "https://example.org/about/ferrodb.html").date is None


@pytest.mark.parametrize("head, body, url", [
    ('<meta property="article:published_time" content="2024-03-11T09:00:00Z">', _BODY, "https://e.org/a.html"),
    ('<meta name="date" content="2024-03-11">', _BODY, "https://e.org/a.html"),
    ('<meta name="sn-post-date" content="2024/03/11">', _BODY, "https://e.org/a.html"),
    ('<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2024-03-11T08:00:00Z"}</script>',
     _BODY, "https://e.org/a.html"),
    ("", '<time datetime="2024-03-11" pubdate>Monday</time>' + _BODY, "https://e.org/a.html"),
    ("", _BODY, "https://e.org/2024/03/11/ferrodb-at-a-glance.html"),
])
def test_each_kind_of_date_metadata_dates_the_page(head: str, body: str, url: str) -> None:
    assert extract_page(_page(head, body), url).date == "2024-03-11"


def test_publication_date_wins_over_modification() -> None:
    head = ('<meta property="article:modified_time" content="2024-05-01">'
            '<meta property="article:published_time" content="2024-03-11">')
    assert extract_page(_page(head), "https://e.org/a.html").date == "2024-03-11"


def test_http_last_modified() -> None:
    assert date_from_http("Wed, 06 Mar 2024 10:00:00 GMT") == "2024-03-06"
    assert date_from_http("not a date") is None
    assert date_from_http(None) is None


def _without_text(tree: HtmlElement) -> HtmlElement:
    """The same page with every text node outside <script> emptied: what is left is markup and metadata."""
    for elem in tree.iter():
        if elem.tag != "script" and isinstance(elem.tag, str):
            elem.text = None
        elem.tail = None
    return tree


@pytest.mark.skipif(not (ARTICLES / "ground-truth.json").is_file(),
                    reason=f"article-extraction data not found at {ARTICLES} (set RESEARCH_SHARED_DATA)")
def test_on_real_articles_the_date_never_depends_on_the_text() -> None:
    """On the 181 real article pages: emptying every text node changes no date, so none came from the body;
    and most news pages still get one (their metadata states it)."""
    truth = json.loads((ARTICLES / "ground-truth.json").read_text())
    dated = 0
    files = sorted((ARTICLES / "html").iterdir())
    for path in files:
        url = truth.get(path.name.split(".")[0], {}).get("url")
        html = gzip.open(path).read().decode("utf-8", "replace")
        found = metadata_date(load_html(html), url)
        assert found == metadata_date(_without_text(load_html(html)), url), path.name
        dated += found is not None
    assert dated >= 0.8 * len(files)


def test_visit_dates_an_undated_web_page_by_its_last_modified_header() -> None:
    """A fetched page without date metadata takes the response's Last-Modified; without one it is undated."""
    import httpx

    from research_agent.tools.netpolicy import AddressPolicy
    from research_agent.tools.visit import Visitor

    def answer(request: httpx.Request) -> httpx.Response:
        headers = {"content-type": "text/html"}
        if request.url.path == "/dated.html":
            headers["last-modified"] = "Wed, 06 Mar 2024 10:00:00 GMT"
        return httpx.Response(200, headers=headers, text=_page())

    policy = AddressPolicy(resolver=lambda host: ["93.184.216.34"])
    with httpx.Client(transport=httpx.MockTransport(answer)) as client:
        visitor = Visitor(client, policy)
        assert visitor.visit("https://vendor.test/dated.html").date == "2024-03-06"
        assert visitor.visit("https://vendor.test/undated.html").date is None
