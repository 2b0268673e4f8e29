"""A search result on the object's own site, or whose URL path spells the object's name, is worth opening though
its title and snippet never write the name: a maker's "Frequently asked questions" page is about its product, and
so is a review at ".../wendal-kettle.html". A page of another site that does not name the object is still no lead
for it."""

from __future__ import annotations

from research_agent.contract import contract_from_mapping
from research_agent.leads import result_names

from agentkit import page

FAQ = "https://wendalkettle.example/support/faq.html"
REVIEW = "https://brewbench.example/reviews/wendal-kettle.html"
CONTRACT = {"objects": ["Wendal Kettle", "Ostry Vane"], "dimensions": ["warranty"], "min_sources": 2}
PAGES = {
    FAQ: page("Frequently asked questions",
              """How long is the guarantee? Every kettle we sell carries a three-year warranty from the date of purchase.

              Can I descale it with vinegar? Yes, once a month is enough in hard-water areas."""),
    REVIEW: page("Wendal Kettle review",
                 """We boiled a litre in the Wendal Kettle every morning for a month.

                 The Wendal Kettle comes with a three-year warranty, longer than most at this price."""),
}


def test_the_makers_own_page_is_opened_and_confirms_the_cell(runner):
    outcome = runner.run(PAGES, "Wendal Kettle warranty", contract=CONTRACT)
    cell = outcome.state.cells["Wendal Kettle/warranty"]
    opened = {s.url for s in outcome.state.sources.values() if s.opened}
    assert FAQ in opened
    assert cell.status == "confirmed" and cell.independent_sources == 2


def test_only_the_objects_own_site_names_it():
    contract = contract_from_mapping(CONTRACT, question="Wendal Kettle warranty")
    kettle, vane = contract.objects
    assert result_names(contract, kettle, "Frequently asked questions", "How long is the guarantee?", FAQ)
    assert not result_names(contract, vane, "Frequently asked questions", "How long is the guarantee?", FAQ)
    assert not result_names(contract, kettle, "Frequently asked questions", "How long is the guarantee?",
                            "https://kitchenforum.example/faq.html")
    # a title naming another object is that object's page, wherever it is
    assert not result_names(contract, kettle, "Ostry Vane support", "How long is the guarantee?", FAQ)


def test_a_url_whose_path_spells_the_name_names_the_object():
    contract = contract_from_mapping(CONTRACT, question="Wendal Kettle warranty")
    kettle, vane = contract.objects
    title, snippet = "Six kettles, one winner", "We boiled a litre in each every morning for a month."
    assert result_names(contract, kettle, title, snippet, "https://brewbench.example/reviews/wendal-kettle.html")
    assert result_names(contract, vane, title, snippet, "https://brewbench.example/2026/wendal-kettle-vs-ostry_vane")
    # the maker's word alone is not the product, and a page about one object is no lead for another
    assert not result_names(contract, kettle, title, snippet, "https://brewbench.example/wendal/faq.html")
    assert not result_names(contract, vane, title, snippet, "https://brewbench.example/reviews/wendal-kettle.html")
