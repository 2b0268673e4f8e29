"""A short page's list items and table rows reach the reader on lines of their own, even where trafilatura
runs the whole page into one line (its rescue of a page under 250 characters), so a spec list's "Weight:
9.8 kg" is read as the weight (issue 21, session 23)."""

from __future__ import annotations

from lxml.html import fromstring

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page
from research_agent.tools.blocks import with_blocks
from research_agent.tools.extract import extract_page

SPEC = """<!DOCTYPE html>
<html lang="en"><head><title>Corrie 4 | Corrie Outdoors</title></head>
<body>
<header><a href="/">Corrie Outdoors</a><nav><ul><li><a href="/shop/">Shop</a></li><li><a href="/help/">Help</a></li></ul></nav></header>
<main><article>
<h1>Corrie 4</h1>
<p class="byline">Updated <time datetime="2025-05-02">2 May 2025</time></p>
<p>A family dome for four.</p>
<ul><li>Poles: alloy, colour-coded</li><li>Packed size: 62 x 24 cm</li><li>Weight: 9.8 kg</li></ul>
<table><tr><th>Size</th><th>Berths</th></tr><tr><td>Corrie 4</td><td>4</td></tr></table>
<p>Ships in a roll-top bag.</p>
</article></main>
<footer><p>&copy; Corrie Outdoors</p></footer>
</body></html>
"""
URL = "https://corrie.example/tents/corrie-4"


def test_list_items_and_table_rows_of_a_short_page_stand_on_lines_of_their_own() -> None:
    lines = extract_page(SPEC, URL).text.splitlines()
    assert "Weight: 9.8 kg" in lines and "Packed size: 62 x 24 cm" in lines
    assert lines[lines.index("| Size | Berths |") + 1] == "|---|---|" and "| Corrie 4 | 4 |" in lines
    assert lines[-1] == "Ships in a roll-top bag."


def test_the_reader_reads_a_list_item_of_the_products_short_page() -> None:
    page = extract_page(SPEC, URL)
    obj = ObjectSpec(name="Corrie 4")
    found = read_page([obj], [Target("Corrie 4/weight", obj, DimensionSpec(name="weight"))],
                      page.title or "", page.text, URL)
    assert [r.display for r in found] == ["9.8 kg"]


def test_text_whose_words_the_page_does_not_hold_in_order_is_left_as_it_is() -> None:
    tree = fromstring("<html><body><ul><li>Weight: 9.8 kg</li><li>Berths: 4</li></ul></body></html>")
    assert with_blocks(tree, "Berths: 4 Weight: 9.8 kg") == "Berths: 4 Weight: 9.8 kg"
    assert with_blocks(tree, "Weight: 9.8 kg Berths: 4") == "Weight: 9.8 kg\nBerths: 4"
