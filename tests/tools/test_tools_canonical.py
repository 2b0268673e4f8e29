"""Canonical URLs: link variants of one page are one source; different pages stay apart."""

from __future__ import annotations

import pytest

from research_agent.tools import canonical_url, domain_of

BASE = "https://news.example.org/2024/story?id=7&page=2"


@pytest.mark.parametrize(
    "variant",
    [
        "https://news.example.org/2024/story?id=7&page=2",
        "https://news.example.org/2024/story?page=2&id=7",
        "https://news.example.org/2024/story?id=7&page=2#comments",
        "https://news.example.org/2024/story?utm_source=twitter&utm_medium=social&id=7&page=2",
        "https://news.example.org/2024/story?id=7&fbclid=IwAR0abc&page=2&gclid=xyz",
        "https://news.example.org/2024/story?id=7&page=2&mc_cid=1&mc_eid=2&ref=hn&ref_src=twsrc&igshid=9",
        "https://news.example.org/2024/story?id=7&page=2&yclid=1&msclkid=2&_ga=3&spm=a.b.c",
        "https://news.example.org/2024/story?UTM_Campaign=spring&id=7&page=2",
        "HTTPS://News.Example.ORG:443/2024/story?id=7&page=2",
        "https://news.example.org./2024/./extra/../story?id=7&page=2",
        "https://news.example.org/2024/%73tory?id=7&page=2",
        "https://user:secret@news.example.org/2024/story?id=7&page=2",
    ],
)
def test_variants_share_one_canonical_url(variant: str) -> None:
    assert canonical_url(variant) == canonical_url(BASE) == BASE


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://example.org", "http://example.org/"),
        ("http://example.org:80/a", "http://example.org/a"),
        ("http://example.org:8080/a", "http://example.org:8080/a"),
        ("https://example.org/docs/index.html", "https://example.org/docs/"),
        ("https://example.org/index.htm?x=1", "https://example.org/?x=1"),
        ("https://example.org/a%2fb", "https://example.org/a%2Fb"),
        ("https://example.org/caf\u00e9 menu", "https://example.org/caf%C3%A9%20menu"),
        ("https://example.org/s?q=a+b&q=c", "https://example.org/s?q=a+b&q=c"),
        ("https://b\u00fccher.example/", "https://xn--bcher-kva.example/"),
        ("https://[2001:DB8::1]:443/x", "https://[2001:db8::1]/x"),
    ],
)
def test_normalisation_rules(url: str, expected: str) -> None:
    assert canonical_url(url) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("https://example.org/a", "https://example.org/b"),
        ("https://example.org/a", "https://example.org/a/"),
        ("https://example.org/s?q=1", "https://example.org/s?q=2"),
        ("https://example.org/a", "https://www.example.org/a"),
        ("http://example.org/a", "https://example.org/a"),
    ],
)
def test_different_resources_stay_different(a: str, b: str) -> None:
    assert canonical_url(a) != canonical_url(b)


def test_idempotent() -> None:
    once = canonical_url("HTTPS://Example.org:443/a/./b/../index.html?utm_source=x&z=1&a=%7e#top")
    assert canonical_url(once) == once == "https://example.org/a/?a=~&z=1"


def test_domain_of() -> None:
    assert domain_of("https://WWW.Example.org:8443/path") == "example.org"
    assert domain_of("https://blog.example.org/") == "blog.example.org"
    assert domain_of("https://www.com/") == "www.com"
