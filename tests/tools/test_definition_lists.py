"""A spec sheet written as a definition list (<dl>) reaches the reader as label/value rows, so the reader reads
a term's value the way it reads "| Weight | 268 g |" (issue 21, session 10)."""

from __future__ import annotations

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page
from research_agent.tools.extract import extract_page

SHEET = """<!DOCTYPE html>
<html lang="en"><head><title>Marram 3 technical data</title></head>
<body><main><article>
<h1>Marram 3 technical data</h1>
<p>The third Marram tent sleeps two and packs smaller than a loaf of bread.</p>
<h2>Shelter</h2>
<dl>
  <dt>Packed weight</dt><dd>1.35 kg</dd>
  <dt>Floor area</dt><dd>2.9 m²</dd>
  <dt>Hydrostatic head</dt><dd>3,000 mm fly, 5,000 mm floor</dd>
</dl>
<h2>Poles</h2>
<dl><dt>Material</dt><dd>DAC NSL aluminium</dd><dt>Count</dt><dd>2</dd></dl>
</article></main></body></html>
"""


def test_each_term_and_its_description_arrive_as_one_row() -> None:
    text = extract_page(SHEET, "https://marram.example/3/tech").text
    assert "| Packed weight | 1.35 kg |" in text
    assert "| Material | DAC NSL aluminium |" in text


def test_the_reader_reads_a_term_of_a_definition_list_on_the_products_page() -> None:
    page = extract_page(SHEET, "https://marram.example/3/tech")
    obj = ObjectSpec(name="Marram 3")
    found = read_page([obj], [Target("Marram 3/packed weight", obj, DimensionSpec(name="packed weight"))],
                      page.title or "", page.text, "https://marram.example/3/tech")
    assert [r.display for r in found] == ["1.35 kg"]
