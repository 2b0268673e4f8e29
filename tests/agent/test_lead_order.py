"""Where the offline policy spends its calls: a page already found for the object is opened before another
search, so a second dimension costs no query when the first dimension's search surfaced its pages."""

from __future__ import annotations

from research_agent.endings import EndKind

from agentkit import page

DOCS = "https://quillstore.example/docs/license.html"
REVIEW = "https://techwire.example/2025/quillstore-review.html"
PRICING = "https://quillstore.example/pricing.html"

PAGES = {
    DOCS: page(
        "Quillstore documentation: licensing",
        """Quillstore is released under the Apache License 2.0, which permits commercial use and redistribution.

        Contributions are accepted under the same license terms.""",
        "2025-03-01",
    ),
    REVIEW: page(
        "Review: Quillstore 3.0 arrives with an Apache license",
        """We spent two weeks with Quillstore 3.0, the key-value database that small teams keep recommending.

        Quillstore uses the Apache 2.0 license, so companies can embed it without legal worries.

        Quillstore Cloud costs $29 per month for the starter plan.""",
        "2025-04-10",
    ),
    PRICING: page(
        "Quillstore plans and pricing",
        """Quillstore Cloud costs $29 per month on the starter plan and $99 per month on the team plan.

        Every plan runs the same engine; the company keeps its source code private for now.""",
        "2025-04-01",
    ),
}


def test_a_page_found_for_another_dimension_is_opened_before_a_new_search(runner):
    out = runner.run(PAGES, "Compare Quillstore on license and price",
                     contract={"objects": ["Quillstore"], "dimensions": ["license", "price"]})
    assert out.end_kind == EndKind.COMPLETED
    license, price = out.state.cells["Quillstore/license"], out.state.cells["Quillstore/price"]
    assert (license.status, license.value) == ("confirmed", "Apache-2.0")
    assert price.status == "confirmed" and price.value is not None and "29" in price.value
    assert {out.state.sources[s].canonical_url for s in price.source_ids} == {REVIEW, PRICING}
    searches = [a for a in out.state.actions if a.tool == "search"]
    # the license search surfaced the pricing page: the price cell opened it instead of searching again
    assert [a.cell for a in searches] == ["Quillstore/license"]
    assert out.state.progress.tool_calls == 4



def test_a_search_that_finds_only_pages_already_seen_ends_the_ladder(runner):
    # one page states the license, and a dozen pages hold "license" for other products (the first search is cut
    # at the limit, so the next rung is asked): the second search (other words) returns the page already
    # read and nothing else naming Quillstore — a third wording would too, so the cell is closed
    pages = {DOCS: PAGES[DOCS], **{url: html for url, html in _silent_pages(12).items() if "licensing" in url}}
    out = runner.run(pages, "What is the license of Quillstore?")
    cell = out.state.cells["Quillstore/license"]
    assert (cell.status, cell.value, cell.independent_sources) == ("partial", "Apache-2.0", 1)
    assert cell.strategies == ["initial", "rephrase", "closed"]
    queries = [a.args["query"] for a in out.state.actions if a.tool == "search"]
    assert len(queries) == 2 and not any("publicly disclosed" in q for q in queries)
    assert out.end_kind == EndKind.NO_PROGRESS
    assert "searched 2 queries" in cell.scope_note


def test_the_first_search_asks_with_the_value_vocabulary_and_no_rung_only_rewords(runner):
    # two pages talk about the license, one states it: asked with the license vocabulary ("Apache", "MIT",
    # "proprietary"…) the search finds the page that states one; no rung is a rewording of another
    own = "https://quillstore.example/about.html"
    pages = {
        "https://kvnews.example/a.html": page("Quillstore license debate", "The Quillstore license debate goes on.", "2025-01-01"),
        "https://kvnews.example/b.html": page("Quillstore licence and licensing talk",
                                              "Quillstore licence talk continues at meetups.", "2025-01-02"),
        own: page("About Quillstore", "Quillstore is released under the Apache License 2.0.", "2025-01-03"),
    }
    out = runner.run(pages, "What is the license of Quillstore?")
    queries = [a.args["query"] for a in out.state.actions if a.tool == "search"]
    assert queries[0].startswith("Quillstore license ") and "Apache" in queries[0] and "proprietary" in queries[0]
    assert all("publicly disclosed" not in q and "official documentation" not in q for q in queries)
    visited = [a.key.removeprefix("visit:") for a in out.state.actions if a.tool == "visit"]
    assert own in visited
    assert out.state.cells["Quillstore/license"].value == "Apache-2.0"


def _hinted_pages() -> dict[str, str]:
    pages = {"https://quillnotes.example/license.html": page(
        "Quillstore license explained",
        "Quillstore is released under the Apache License 2.0. The Quillstore license allows commercial use.", "2025-03-01")}
    for i in range(2, 6):
        pages[f"https://blog{i}.example/quillstore-license.html"] = page(
            f"Quillstore license questions, part {i}",
            f"The Quillstore license question comes up at every meetup we run, part {i}.", f"2025-01-0{i}")
    pages["https://reviewhub.example/quillstore.html"] = page(
        "Hands-on with Quillstore",
        "Quillstore is licensed under the Apache License 2.0 and licensed plugins are licensed separately.", "2025-04-01")
    for i in range(7, 10):
        pages[f"https://digest{i}.example/quillstore.html"] = page(
            f"Quillstore digest {i}", f"Quillstore ships licensed plugins; partners sell licensed add-ons, issue {i}.",
            f"2025-02-0{i}")
    pages[ARCHIVE] = page(
        "Quillstore in 2019",
        "Back then Quillstore was licensed under the MIT License, before the relicensing, and many forks started at "
        "that time with the old terms and the old name.", "2019-05-01")
    return pages


ARCHIVE = "https://archive.example/2019/quillstore.html"


def test_the_result_whose_snippet_says_otherwise_is_read_next_once_the_sources_agree(runner):
    out = runner.run(_hinted_pages(), "What is the license of Quillstore?")
    cell = out.state.cells["Quillstore/license"]
    assert (cell.status, cell.value) == ("confirmed", "Apache-2.0")
    visited = [a.key.removeprefix("visit:") for a in out.state.actions if a.tool == "visit"]
    # the first search asks with the license vocabulary: the pages whose snippets state a license rank first
    # and are read first — the archive's "MIT" among them — and no digest or blog post is opened
    assert set(visited) == {"https://quillnotes.example/license.html", "https://reviewhub.example/quillstore.html", ARCHIVE}
    assert not any("digest" in url for url in visited)


def test_a_domain_list_covers_its_subdomains_and_nothing_that_merely_ends_like_it():
    from criteria.risk_policy import domain_covering
    from research_agent.contract import contract_from_mapping
    from research_agent.leads import lead_allowed

    assert domain_covering("docs.quillstore.example", ["other.example", "quillstore.example"]) == "quillstore.example"
    assert domain_covering("Quillstore.Example", ["quillstore.example"]) == "quillstore.example"
    assert domain_covering("notquillstore.example", ["quillstore.example"]) is None
    contract = contract_from_mapping({"question": "q", "objects": ["Quillstore"], "dimensions": ["license"],
                                      "allowed_domains": ["quillstore.example"], "denied_domains": ["blog.quillstore.example"]})
    assert lead_allowed(contract, "https://www.quillstore.example/docs")
    assert not lead_allowed(contract, "https://blog.quillstore.example/post")  # denied wins inside an allowed domain
    assert not lead_allowed(contract, "https://notquillstore.example/docs")


def test_a_result_whose_title_names_the_other_object_is_read_for_it_without_a_search(runner):
    # the license search for Quillstore also returns a page titled with Ferrodb: Ferrodb's cell reads it
    # instead of asking its own question
    ferro_docs = "https://ferrodb.example/docs/license.html"
    ferro_review = "https://dbweekly.example/ferrodb-and-quillstore.html"
    pages = {
        DOCS: PAGES[DOCS], REVIEW: PAGES[REVIEW],
        ferro_docs: page("Ferrodb license", "Ferrodb is licensed under the GNU Affero General Public License, "
                         "version 3, for every release.", "2025-02-01"),
        ferro_review: page("Ferrodb review, with a Quillstore license comparison",
                           "Ferrodb is licensed under the AGPL version 3. Quillstore uses the Apache License 2.0.",
                           "2025-03-05"),
    }
    out = runner.run(pages, "Compare Quillstore and Ferrodb on license",
                     contract={"objects": ["Quillstore", "Ferrodb"], "dimensions": ["license"]})
    assert out.end_kind == EndKind.COMPLETED
    searches = [a for a in out.state.actions if a.tool == "search"]
    assert len(searches) == 1
    reads = [a for a in out.state.actions if a.tool == "visit" and a.cell == "Ferrodb/license"]
    assert reads and all("ferrodb" in a.key for a in reads)


def test_a_search_whose_only_new_pages_do_not_name_the_object_ends_the_ladder(runner):
    # the second search (the head noun's synonyms) finds new pages, but about something else: none is a page
    # about Quillstore, so the bare name is not asked after it (a dozen pages on other things hold each
    # search's words, so neither search returns every page holding them)
    pages = {REVIEW: PAGES[REVIEW]}
    for i in range(12):
        pages[f"https://harbour{i}.example/shipping.html"] = page(
            f"Harbour report {i}", f"Shipping costs rose in harbour {i} this spring, the port authority said.", "2025-02-01")
        pages[f"https://council{i}.example/roads.html"] = page(
            f"Council notes {i}", f"The council approved road plan {i} at its meeting.", "2025-02-01")
    out = runner.run(pages, "What is the price of Quillstore?")
    cell = out.state.cells["Quillstore/price"]
    assert cell.strategies == ["initial", "rephrase", "closed"]
    queries = [a.args["query"] for a in out.state.actions if a.tool == "search"]
    assert len(queries) == 2 and queries[-1] != "Quillstore"
    assert out.end_kind == EndKind.NO_PROGRESS


def _silent_pages(others: int) -> dict[str, str]:
    # two pages about Quillstore that never state its license, and `others` pages about other products' licenses
    pages = {
        "https://kvnews.example/quillstore.html": page("Quillstore at the meetup",
                                                        "Quillstore drew a crowd at the meetup; its license came up.", "2025-01-01"),
        "https://dbdigest.example/quillstore.html": page("Quillstore digest", "Quillstore ships a new backup tool.", "2025-01-02"),
    }
    for i in range(others):
        pages[f"https://licensing{i}.example/post.html"] = page(
            f"Licensing notes {i}", f"Product {i} is released under the MIT License.", "2025-02-01")
    return pages


def test_a_search_that_returned_every_page_holding_the_name_is_not_asked_in_other_words(runner):
    # the local index returns every page holding any word of the query: fewer results than asked for means
    # every page naming Quillstore is known, so once they are read the cell is closed without another search
    out = runner.run(_silent_pages(3), "What is the license of Quillstore?")
    cell = out.state.cells["Quillstore/license"]
    searches = [a for a in out.state.actions if a.tool == "search"]
    assert len(searches) == 1 and searches[0].complete
    assert cell.status == "unavailable" and "searched 1 query" in cell.scope_note
    assert out.end_kind == EndKind.NO_PROGRESS


def test_a_search_cut_at_the_limit_still_climbs_the_ladder(runner):
    # a dozen other pages hold "license": the first search is cut at the limit, pages naming Quillstore may be
    # missing from it, and the next rung is asked
    out = runner.run(_silent_pages(12), "What is the license of Quillstore?")
    searches = [a for a in out.state.actions if a.tool == "search"]
    assert not searches[0].complete and len(searches) >= 2
    assert out.state.cells["Quillstore/license"].status == "unavailable"
    assert out.end_kind == EndKind.NO_PROGRESS


def test_an_alias_the_first_search_did_not_hold_keeps_the_ladder_open(runner):
    # the first search returned every page holding "Quillstore" or a licence word, but a page naming the product
    # only as "QStore" would hold none of its words: the first search does not prove every page on the object
    # is known, so the ladder goes on asking
    out = runner.run(_silent_pages(2), "What is the license of Quillstore?",
                     contract={"objects": [{"name": "Quillstore", "aliases": ["QStore"]}], "dimensions": ["license"]})
    searches = [a for a in out.state.actions if a.tool == "search"]
    assert searches[0].complete and len(searches) >= 2
    assert out.state.cells["Quillstore/license"].status == "unavailable"


def test_a_comparison_asks_one_search_naming_every_object_first(runner):
    # two products, each with its own page that never names the other (Ferrodb's holds no word of a search
    # for Quillstore's license): the first search names both, and each product's page is read from it — one
    # search, not one per product
    pages = {
        DOCS: PAGES[DOCS],
        "https://ferrodb.example/docs/license.html": page(
            "Ferrodb terms", "Ferrodb is distributed under the GNU Affero General Public Licence, version 3.", "2025-02-01"),
    }
    out = runner.run(pages, "Compare Quillstore and Ferrodb on license",
                     contract={"objects": ["Quillstore", "Ferrodb"], "dimensions": ["license"], "min_sources": 1})
    assert out.state.cells["Quillstore/license"].value == "Apache-2.0"
    assert out.state.cells["Ferrodb/license"].value == "AGPL-3.0"
    queries = [a.args["query"] for a in out.state.actions if a.tool == "search"]
    assert len(queries) == 1 and queries[0].startswith("Quillstore Ferrodb license")
    assert out.state.progress.tool_calls == 3


def test_a_complete_comparison_search_covers_every_object_whose_results_are_titled_with_it(runner):
    # the first search names both products and returns every page holding either name; Ferrodb's only page is
    # titled with it and states no license: once it is read, Ferrodb's cell is closed without its own search
    pages = {
        DOCS: PAGES[DOCS],
        "https://ferrodb.example/notes.html": page(
            "Ferrodb notes", "Ferrodb ships a new backup tool; the license question came up at the meetup.", "2025-02-01"),
    }
    out = runner.run(pages, "Compare Quillstore and Ferrodb on license",
                     contract={"objects": ["Quillstore", "Ferrodb"], "dimensions": ["license"], "min_sources": 1})
    searches = [a for a in out.state.actions if a.tool == "search"]
    assert len(searches) == 1 and searches[0].complete_for == ["Ferrodb"]
    assert "visit:https://ferrodb.example/notes.html" in {a.key for a in out.state.actions}
    assert out.state.cells["Ferrodb/license"].status == "unavailable"
    assert out.state.cells["Quillstore/license"].value == "Apache-2.0"
