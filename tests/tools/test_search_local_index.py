"""The local index: ladder words are not search terms, batched indexing, a
fresh index is reused without re-indexing and a changed corpus is re-indexed."""

from __future__ import annotations

from pathlib import Path

from research_agent import compose
from research_agent.compose import build_index
from research_agent.tools import search_local
from research_agent.tools.search_local import LocalIndex, fts_query


def test_ladder_words_are_dropped_from_the_match_unless_nothing_else_is_left() -> None:
    assert fts_query("Quillstore official documentation license") == '"quillstore" OR "license"'
    assert fts_query("is pricing publicly disclosed for Ferrodb") == '"pricing" OR "ferrodb"'
    assert fts_query("official documentation") == '"official" OR "documentation"'


def test_a_page_full_of_ladder_words_does_not_outrank_the_answer(tmp_path: Path) -> None:
    with LocalIndex(tmp_path / "i.db") as index:
        index.add("https://a.example/docs", "Official documentation portal", "Official documentation. " * 20)
        index.add("https://q.example/license", "Quillstore license", "Quillstore is released under the MIT license.")
        hits = index.search("Quillstore official documentation license")
    assert [h.url for h in hits] == ["https://q.example/license"]


def _corpus(root: Path, n: int) -> Path:
    pages = root / "pages" / "docs.example"
    pages.mkdir(parents=True)
    for i in range(n):
        (pages / f"p{i}.md").write_text(f"# Product {i}\n\nProduct {i} costs {i} USD per month.\n", encoding="utf-8")
    return root


def test_index_dir_indexes_every_document_across_batches(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "c", 1203)  # more than two batches
    with LocalIndex(tmp_path / "i.db") as index:
        assert index.index_dir(corpus) == 1203
        assert len(index) == 1203
        assert index.search("product 1202")[0].url.endswith("/p1202.md")


def test_a_fresh_index_is_reused_and_a_changed_corpus_is_reindexed(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "c", 5)
    db = tmp_path / "idx" / "i.db"
    index, count = build_index(corpus, db)
    index.close()
    assert count == 5
    stamp = db.stat().st_mtime_ns
    index, count = build_index(corpus, db)
    index.close()
    assert count == 5 and db.stat().st_mtime_ns == stamp, "fresh: opened, not rebuilt"
    (corpus / "pages" / "docs.example" / "new.md").write_text("# Zebrafish\n\nZebrafish pricing is 9 USD.\n", encoding="utf-8")
    index, count = build_index(corpus, db)
    try:
        assert count == 6 and index.search("zebrafish")[0].url.endswith("/new.md")
    finally:
        index.close()


def test_past_exact_matches_documents_holding_every_word_come_first_and_the_rest_fill_up(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(search_local, "EXACT_MATCHES", 2)  # a large corpus in four documents
    with LocalIndex(tmp_path / "i.db") as index:
        index.add("https://f.example/about", "Ferrodb Ferrodb", "Ferrodb, Ferrodb and Ferrodb again.")
        index.add("https://f.example/license", "Notes", "Ferrodb is released under the Apache license.")
        index.add("https://o.example/license", "License", "The license of another product.")
        index.add("https://o.example/none", "Weather", "Rain tomorrow.")
        hits = index.search("Ferrodb license", limit=3)
    assert [h.url for h in hits] == ["https://f.example/license", "https://f.example/about", "https://o.example/license"]


def test_equal_scores_are_ordered_by_url_whatever_the_order_of_indexing(tmp_path: Path) -> None:
    with LocalIndex(tmp_path / "i.db") as index:
        for i in reversed(range(40)):
            index.add(f"https://m.example/p{i:02d}", "Mirror", "Ferrodb pricing is 9 USD.")
        hits = index.search("Ferrodb pricing", limit=5)
    assert [h.url for h in hits] == [f"https://m.example/p{i:02d}" for i in range(5)]


def test_a_run_on_a_fresh_index_does_not_walk_the_corpus_and_an_added_file_is_served(tmp_path: Path, monkeypatch) -> None:
    from research_agent.config import ResearchConfig
    from research_agent.tools import localweb

    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path / "home"))
    corpus = _corpus(tmp_path / "c", 3)
    cfg = ResearchConfig(corpus=corpus)
    compose.open_toolbox(cfg).close()  # first run: indexes (and walks) the folder
    checked: list[Path] = []
    real = localweb.corpus_file_ok
    monkeypatch.setattr(localweb, "corpus_file_ok", lambda path, root, *a: checked.append(path) or real(path, root, *a))
    box = compose.open_toolbox(cfg)
    try:
        assert checked == [], "a fresh index: no file of the corpus is looked at before a request"
        page = box.registry.call("visit", {"url": "https://docs.example/p1.md"})
        assert "Product 1 costs 1 USD" in page.text and checked == [corpus / "pages" / "docs.example" / "p1.md"]
    finally:
        box.close()
    (corpus / "pages" / "docs.example" / "new.md").write_text("# Zebrafish\n\nZebrafish pricing is 9 USD.\n", encoding="utf-8")
    box = compose.open_toolbox(cfg)
    try:
        hits = box.registry.call("search", {"query": "zebrafish pricing"})
        assert hits[0].url == "https://docs.example/new.md"
        assert "Zebrafish pricing is 9 USD" in box.registry.call("visit", {"url": hits[0].url}).text
    finally:
        box.close()


def test_a_file_edited_in_place_is_picked_up_by_research_index_not_by_a_run(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "c", 2)
    db = tmp_path / "idx" / "i.db"
    build_index(corpus, db)[0].close()
    (corpus / "pages" / "docs.example" / "p1.md").write_text("# Product 1\n\nProduct 1 is now called Okapi.\n", encoding="utf-8")
    index, _ = build_index(corpus, db)  # a run: same directories, the cached index
    try:
        assert index.search("okapi") == []
    finally:
        index.close()
    index, count = build_index(corpus, db, rebuild=True)  # `research index`
    try:
        assert count == 2 and index.search("okapi")[0].url.endswith("/p1.md")
    finally:
        index.close()


def test_while_few_documents_match_every_one_is_ranked_as_before(tmp_path: Path) -> None:
    with LocalIndex(tmp_path / "i.db") as index:
        index.add("https://f.example/about", "Ferrodb Ferrodb", "Ferrodb, Ferrodb and Ferrodb again.")
        index.add("https://f.example/license", "Notes", "Ferrodb is released under the Apache license.")
        index.add("https://o.example/license", "License", "The license of another product.")
        hits = index.search("Ferrodb license", limit=3)
    # a small corpus: the page naming Ferrodb in its title outranks the one holding both words, as before
    assert [h.url for h in hits] == ["https://f.example/about", "https://f.example/license", "https://o.example/license"]
