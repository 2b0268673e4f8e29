"""Extraction of main text, title, date and language from HTML, Markdown and plain text."""

from __future__ import annotations

from _tools_corpus import ARTICLE_TITLE, BATTERY_MD, LIBRARY_TXT, ORIGINAL_URL, original_html

from research_agent.tools import extract_page
from research_agent.tools.extract import decode_body


def test_html_main_text_title_date_language_without_boilerplate() -> None:
    page = extract_page(original_html(), ORIGINAL_URL)
    assert page.title == ARTICLE_TITLE
    assert page.date == "2024-03-12"
    assert page.language == "en"
    assert "Councillor Maria Okafor, who chairs the buildings committee" in page.text
    assert "All rights reserved" not in page.text
    assert "What's on" not in page.text


def test_tables_text_is_kept_and_comments_are_not() -> None:
    paragraphs = "".join(
        f"<p>The council published figures for each school in the district, paragraph {i}, "
        "showing how much was spent on heating over the last three winters.</p>"
        for i in range(4)
    )
    html = f"""<html><head><title>School heating costs</title></head><body><article>
    <h1>School heating costs</h1>{paragraphs}
    <table><tr><th>School</th><th>Gas spend</th></tr>
    <tr><td>Quayside primary</td><td>61,000 pounds</td></tr>
    <tr><td>St Anne's primary</td><td>58,500 pounds</td></tr></table>
    </article>
    <section id="comments" class="comments"><div class="comment"><p>Reader comment: what a waste of
    money, my boiler works fine and has done for twenty years.</p></div></section>
    </body></html>"""
    page = extract_page(html, "https://example.org/costs")
    assert "Quayside primary" in page.text and "61,000 pounds" in page.text
    assert "what a waste of money" not in page.text


def test_markdown_passthrough_takes_first_heading_as_title() -> None:
    page = extract_page(BATTERY_MD, "https://harbour-news.test/battery.md", content_type="text/markdown")
    assert page.title == "Community battery approved for the harbour estate"
    assert page.text == BATTERY_MD.strip()


def test_plain_text_takes_first_line_and_guesses_type_from_extension() -> None:
    page = extract_page(LIBRARY_TXT, "https://harbour-news.test/library.txt")
    assert page.title == "Library opening hours change in April"
    assert "reading room on the first floor" in page.text


def test_markdown_front_matter_gives_title_and_date() -> None:
    text = "---\ntitle: Tide tables\ndate: 2023-11-05\n---\n\n# Heading\n\nHigh water at 06:12."
    page = extract_page(text, "https://corpus.local/tides.md")
    assert (page.title, page.date) == ("Tide tables", "2023-11-05")
    assert page.text == "# Heading\n\nHigh water at 06:12."


def test_page_without_text_gives_empty_text() -> None:
    page = extract_page("<html><head><title>Nothing</title></head><body></body></html>", "https://e.org/")
    assert page.text == ""


def test_decode_body_uses_declared_then_meta_charset() -> None:
    latin = "Caf\u00e9 cr\u00e8me".encode("latin-1")
    assert decode_body(latin, "iso-8859-1") == "Caf\u00e9 cr\u00e8me"
    meta = b'<html><head><meta charset="windows-1252"></head><body>' + latin + b"</body></html>"
    assert "Caf\u00e9" in decode_body(meta)
    assert decode_body("na\u00efve".encode()) == "na\u00efve"
    assert decode_body(b"\xe9t\xe9") == "\u00e9t\u00e9"  # not UTF-8: Windows-1252 fallback
    assert decode_body(b"abc", "no-such-charset") == "abc"
