"""A page saved under a web address with no file extension ("/help/faq") is served and indexed by what its
first bytes are, as a real site serves it; a binary file with no extension stays out."""

from __future__ import annotations

from pathlib import Path

from research_agent.tools import LocalWeb, make_client
from research_agent.tools.search_local import LocalIndex

FAQ = """<!DOCTYPE html>
<html lang="en"><head><title>Help | Thornquill</title></head>
<body><main><article><h1>Help</h1>
<p>Thornquill keeps every shared notebook for 400 days after its last edit, on every plan we sell.</p>
<p>Notebooks in the bin are purged after thirty days and cannot be restored by support.</p>
</article></main></body></html>
"""


def _corpus(root: Path) -> Path:
    faq = root / "pages" / "thornquill.example" / "help" / "faq"
    faq.parent.mkdir(parents=True)
    faq.write_text(FAQ, encoding="utf-8")
    (root / "pages" / "thornquill.example" / "help" / "changelog").write_text(
        "Thornquill 3.2\n\nShared notebooks now sync in under a second.\n", encoding="utf-8")
    (root / "pages" / "thornquill.example" / "logo").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64))
    return root


def test_a_page_with_no_extension_is_found_by_search(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "c")
    with LocalIndex(tmp_path / "i.db") as index:
        assert index.index_dir(corpus) == 2
        hits = index.search("Thornquill shared notebook days")
    urls = [h.url for h in hits]
    assert "https://thornquill.example/help/faq" in urls
    assert "https://thornquill.example/help/changelog" in urls
    faq = next(h for h in hits if h.url.endswith("/faq"))
    assert faq.title.startswith("Help"), "read as HTML: its title, not its markup"


def test_a_page_with_no_extension_is_served_as_what_it_is(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "c")
    with LocalWeb(corpus) as web, make_client(web, timeout=2.0) as client:
        page = client.get("https://thornquill.example/help/faq")
        notes = client.get("https://thornquill.example/help/changelog")
        logo = client.get("https://thornquill.example/logo")
    assert page.status_code == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
    assert notes.headers["content-type"] == "text/plain; charset=utf-8"
    assert logo.status_code == 404, "a binary file is no page"
