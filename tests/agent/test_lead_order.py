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



def test_a_cell_a_page_already_states_skips_the_disclosure_reframe(runner):
    # one page states the license: the cell needs a second independent source, not an answer to
    # "is license publicly disclosed for Quillstore?" — the ladder closes after the primary-sources rung
    pages = {DOCS: PAGES[DOCS]}
    out = runner.run(pages, "What is the license of Quillstore?")
    cell = out.state.cells["Quillstore/license"]
    assert (cell.status, cell.value, cell.independent_sources) == ("partial", "Apache-2.0", 1)
    assert cell.strategies == ["initial", "rephrase", "primary_sources", "closed"]
    queries = [a.args["query"] for a in out.state.actions if a.tool == "search"]
    assert len(queries) == 3 and not any("publicly disclosed" in q for q in queries)
    assert out.end_kind == EndKind.NO_PROGRESS
    assert "searched 3 queries" in cell.scope_note


def test_a_forum_post_alone_does_not_skip_the_reframe(runner):
    forum = "https://forum.kvtalk.example/t/quillstore-license.html"
    pages = {forum: page("Quillstore license question", "Someone said Quillstore is released under the Apache License 2.0, "
                         "but I could not find it anywhere official.", "2025-02-01")}
    out = runner.run(pages, "What is the license of Quillstore?")
    cell = out.state.cells["Quillstore/license"]
    assert cell.status == "partial"
    assert cell.strategies == ["initial", "rephrase", "primary_sources", "reframe", "closed"]


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
    # two searches queue ten leads; after the second Apache page only the archive's snippet ("MIT") can keep
    # the cell from confirming: it is read next — even as the fourth unread lead — and the digests are not
    out = runner.run(_hinted_pages(), "What is the license of Quillstore?")
    cell = out.state.cells["Quillstore/license"]
    assert (cell.status, cell.value) == ("confirmed", "Apache-2.0")
    visited = [a.key.removeprefix("visit:") for a in out.state.actions if a.tool == "visit"]
    assert visited[-2:] == ["https://reviewhub.example/quillstore.html", ARCHIVE]
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
