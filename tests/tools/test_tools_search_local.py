"""The local FTS5 search: finds pages by their words, ranks the better match first, ignores FTS syntax."""

from __future__ import annotations

from pathlib import Path

import pytest
from _tools_corpus import BATTERY_URL, LIBRARY_URL, ORIGINAL_URL, OTHER_URL, SYNDICATED_URL, write_corpus

from research_agent.tools import BadRequest, LocalIndex, LocalSearch, SearchBackend
from research_agent.tools.search_local import fts_query


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> LocalIndex:
    # Read-only tests share one index: extraction of the corpus is the slow part.
    root = write_corpus(tmp_path_factory.mktemp("search-corpus"))
    idx = LocalIndex(tmp_path_factory.mktemp("search-db") / "index.db")
    assert idx.index_dir(root) == 5
    yield idx
    idx.close()


def test_finds_pages_by_their_words(index: LocalIndex) -> None:
    results = index.search("Okafor buildings committee")
    assert {r.url for r in results[:2]} == {ORIGINAL_URL, SYNDICATED_URL}
    assert OTHER_URL in {r.url for r in results[2:]}  # 'building' via stemming only
    assert [r.rank for r in results] == list(range(1, len(results) + 1))
    assert all(r.source == "local" and r.score is not None for r in results)


@pytest.mark.parametrize(
    ("query", "best"),
    [
        ("community battery for schools on the estate", BATTERY_URL),
        ("heat pumps cold winter efficiency", OTHER_URL),
        ("library opening hours during the summer holidays", LIBRARY_URL),
        ("council vote gas boilers schools", ORIGINAL_URL),
    ],
)
def test_better_match_ranks_first(index: LocalIndex, query: str, best: str) -> None:
    results = index.search(query, limit=5)
    assert len(results) >= 2  # other pages match some words too, and rank lower
    assert results[0].url in ({best, SYNDICATED_URL} if best == ORIGINAL_URL else {best})
    scores = [r.score for r in results]
    assert scores == sorted(scores, reverse=True)


def test_stemming_matches_word_forms(index: LocalIndex) -> None:
    assert index.search("insulating radiator")[0].url in {ORIGINAL_URL, SYNDICATED_URL}


def test_snippet_is_short_plain_text_around_the_match(index: LocalIndex) -> None:
    top = index.search("lifeboat ferry batteries substation")[0]
    assert top.url == BATTERY_URL
    assert "substation" in top.snippet.lower()
    assert len(top.snippet.split()) <= 2 * 35
    assert top.title == "Community battery approved for the harbour estate"


def test_a_snippet_shows_where_the_query_words_its_first_passage_lacks_are(tmp_path: Path) -> None:
    busy = "The season was busy, with studios large and small shipping their work. "
    opening = "Every release date we could confirm, in one place. " + busy * 4
    with LocalIndex(tmp_path / "kwic.db") as index:
        index.add("https://roundup.example/2025.html", "Release roundup: every date we know",
                  opening + "Further down: the Brackle Mill arrives on 3 June, two weeks late.")
        hit = index.search("Brackle Mill release date")[0]
    assert "date" in hit.snippet and "Brackle Mill arrives on 3 June" in hit.snippet


@pytest.mark.parametrize(
    "hostile",
    [
        'a" OR "b',
        "NEAR(",
        "NEAR(heat pumps, 3)",
        "title:secret",
        "heat*",
        "-boilers ^pumps",
        '"unbalanced',
        "AND OR NOT",
    ],
)
def test_fts_syntax_in_queries_is_inert(index: LocalIndex, hostile: str) -> None:
    results = index.search(hostile)
    assert isinstance(results, list)
    expression = fts_query(hostile)
    for term in expression.split(" OR "):
        assert term.startswith('"') and term.endswith('"') and '"' not in term[1:-1]


def test_injected_or_does_not_widen_to_everything(index: LocalIndex) -> None:
    # 'b' and 'a' are words like any other; the OR inside the quotes is a word too.
    assert index.search('zzqx" OR "heat') == index.search("zzqx or heat")


@pytest.mark.parametrize("query", ["", "   ", "the of and", '"" ()', "?!"])
def test_query_without_words_is_bad_request(index: LocalIndex, query: str) -> None:
    with pytest.raises(BadRequest):
        index.search(query)


def test_hosts_lists_indexed_https_hosts(index: LocalIndex) -> None:
    assert index.hosts() == {"riverside-gazette.test", "regional-wire.test", "energy-weekly.test", "harbour-news.test"}


def test_reindexing_replaces_and_persists(tmp_path: Path, corpus_root: Path) -> None:
    db = tmp_path / "persist.db"
    with LocalIndex(db) as first:
        first.index_dir(corpus_root)
        first.add(LIBRARY_URL, "Library closed", "The caf\u00e9 in the library is closed for refurbishment.")
        assert len(first) == 5
    with LocalIndex(db) as reopened:
        assert len(reopened) == 5
        hits = reopened.search("cafe refurbishment")
        assert [h.url for h in hits] == [LIBRARY_URL]
        assert hits[0].title == "Library closed"
        assert reopened.search("reading room first floor") == []


def test_local_search_is_a_search_backend(index: LocalIndex) -> None:
    backend = LocalSearch(index)
    assert isinstance(backend, SearchBackend)
    assert backend.name == "local"
    assert backend.search("heat pumps", limit=1)[0].rank == 1
    with pytest.raises(BadRequest):
        backend.search("heat pumps", limit=0)


def test_plain_folder_is_indexed_under_corpus_local(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    tides = "# Tide tables\n\nHigh water at Harbourside is at 06:12 on Sunday."
    (notes / "tides.md").write_text(tides, encoding="utf-8")
    (notes / "image.png").write_bytes(b"\x89PNG\r\n")
    with LocalIndex(tmp_path / "n.db") as idx:
        assert idx.index_dir(notes) == 1
        assert idx.search("high water")[0].url == "https://corpus.local/tides.md"
        assert idx.hosts() == {"corpus.local"}
