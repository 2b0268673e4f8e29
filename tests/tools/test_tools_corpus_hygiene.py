"""Corpus hygiene: a corpus folder is untrusted input. Escapes, huge and binary files
are skipped with a reason; UTF-16 is decoded, never served as NUL bytes; a fact inside
100 000 nested divs is still read — all over the real loopback web."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from research_agent.tools import AddressPolicy, Visitor, make_client
from research_agent.tools.corpus_hygiene import corpus_file_ok, decode_text, flatten_html, looks_binary
from research_agent.tools.localweb import LocalWeb, iter_corpus
from research_agent.tools.search_local import LocalIndex

FACT = "Quillstore is released under the Apache License 2.0."


def page(body: str) -> str:
    return f"<html><head><title>Licence</title></head><body><article><p>{body}</p><p>{FACT}</p></article></body></html>"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    pages = tmp_path / "corpus" / "pages" / "quillstore.example"
    pages.mkdir(parents=True)
    (pages / "ok.html").write_text(page("A normal page about the product and its licence terms."), encoding="utf-8")
    return tmp_path / "corpus"


def served(corpus: Path) -> dict[str, str]:
    return {f.url: f.path.name for f in iter_corpus(corpus)}


def test_a_symlink_or_dotdot_out_of_the_root_is_skipped_with_its_reason(corpus: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    pages = corpus / "pages" / "quillstore.example"
    os.symlink(secret, pages / "passwd.txt")
    os.symlink("../../../secret.txt", pages / "dotdot.txt")
    skipped: list[tuple[Path, str]] = []
    urls = {f.url for f in iter_corpus(corpus, skipped)}
    assert urls == {"https://quillstore.example/ok.html"}
    assert sorted((p.name, why) for p, why in skipped) == [("dotdot.txt", "outside the corpus root"), ("passwd.txt", "outside the corpus root")]
    with LocalWeb(corpus) as web:
        assert web.skipped and all(why == "outside the corpus root" for _, why in web.skipped)
        index = LocalIndex(tmp_path / "index.db")
        index.index_dir(corpus)
        assert index.search("root bash", limit=5) == []  # the indexer reads the same files
        index.close()


def test_a_symlink_inside_the_root_is_served(corpus: Path) -> None:
    pages = corpus / "pages" / "quillstore.example"
    os.symlink(pages / "ok.html", pages / "alias.html")
    assert "https://quillstore.example/alias.html" in served(corpus)


def test_a_file_over_the_size_cap_is_skipped(corpus: Path) -> None:
    big = corpus / "pages" / "quillstore.example" / "big.html"
    with big.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB, sparse: no memory or disk spent
    assert corpus_file_ok(big, corpus) == "larger than 2000000 bytes"
    assert "https://quillstore.example/big.html" not in served(corpus)


def test_binary_files_are_skipped_and_text_encodings_are_not(corpus: Path) -> None:
    pages = corpus / "pages" / "quillstore.example"
    (pages / "blob.txt").write_bytes(os.urandom(2048) + b"\x00\x01\x02")
    (pages / "utf16.html").write_bytes(page("Ein UTF-16 Dokument über Lizenzen.").encode("utf-16"))
    (pages / "utf16le.txt").write_bytes(f"A UTF-16 text without a BOM. {FACT}".encode("utf-16-le"))
    assert corpus_file_ok(pages / "blob.txt", corpus) == "binary"
    assert corpus_file_ok(pages / "utf16.html", corpus) is None
    assert corpus_file_ok(pages / "utf16le.txt", corpus) is None
    assert not looks_binary("plain text, ok\n".encode())


def test_a_utf16_page_is_served_and_read_as_text(corpus: Path, tmp_path: Path) -> None:
    pages = corpus / "pages" / "quillstore.example"
    (pages / "utf16.html").write_bytes(page("Ein UTF-16 Dokument über Lizenzen.").encode("utf-16"))
    with LocalWeb(corpus) as web, make_client(web) as client:
        result = Visitor(client, AddressPolicy(allow_hosts=web.hosts)).visit("https://quillstore.example/utf16.html")
    assert FACT in result.text and "über" in result.text and "\x00" not in result.text
    index = LocalIndex(tmp_path / "index.db")
    index.index_dir(corpus)
    hits = index.search("Dokument Lizenzen", limit=5)
    index.close()
    assert hits and all("\x00" not in h.snippet and "\x00" not in h.title for h in hits)


def test_decode_text_order() -> None:
    assert decode_text("é".encode("utf-16")) == "é"
    assert decode_text(b"\xef\xbb\xbfhello") == "hello"
    assert decode_text("Caf\u00e9".encode("latin-1"), "iso-8859-1") == "Caf\u00e9"
    long_cyrillic = ("Лицензия Quillstore — Apache 2.0. " * 20).encode("cp1251")
    assert "Лицензия" in decode_text(long_cyrillic)  # charset-normalizer, no declaration


def test_the_fact_inside_100k_nested_divs_is_still_read(corpus: Path) -> None:
    deep = "<div>" * 100_000 + f"<p>{FACT}</p>" + "</div>" * 100_000
    html = f"<html><head><title>Deep</title></head><body>{deep}</body></html>"
    (corpus / "pages" / "quillstore.example" / "deep.html").write_text(html, encoding="utf-8")
    assert FACT in flatten_html(html)
    with LocalWeb(corpus) as web, make_client(web) as client:
        result = Visitor(client, AddressPolicy(allow_hosts=web.hosts)).visit("https://quillstore.example/deep.html")
    assert FACT in result.text
