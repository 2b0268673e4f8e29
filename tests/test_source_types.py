"""A source's type for an object: the contract's domains, a host the question names, the object's own
site (its registrable domain's label is the object's name), forums, everything else."""

from __future__ import annotations

import pytest

from research_agent.contract import ObjectSpec, TaskContract, contract_from_mapping
from research_agent.source_types import classify_source, hosts_named, registrable_label


def _contract(question: str = "Compare Nimbus KV and Ferrodb on license", **kw: object) -> TaskContract:
    return contract_from_mapping({"question": question, "objects": ["Nimbus KV", "Ferrodb"],
                                  "dimensions": ["license"], **kw})


@pytest.mark.parametrize("url", [
    "https://nimbuskv.example/legal/license.html",
    "https://docs.nimbuskv.example/licensing",
    "https://www.nimbus-kv.io/pricing",
    "https://NimbusKV.co.uk/about",
])
def test_the_objects_own_site_is_primary_with_the_reason(url: str) -> None:
    kind = classify_source(url, ObjectSpec(name="Nimbus KV"), _contract())
    assert (kind.type, kind.why) == ("primary", "official site of Nimbus KV")


@pytest.mark.parametrize("url", [
    "https://nimbuskvreview.example/x",        # a longer label is another site
    "https://nimbus.example/kv",               # part of the name is not the name
    "https://blog.example/nimbuskv/license",   # the name in the path is not the site
])
def test_other_sites_are_not_official(url: str) -> None:
    kind = classify_source(url, ObjectSpec(name="Nimbus KV"), _contract())
    assert (kind.type, kind.why) == ("secondary", None)


def test_an_alias_names_the_site_too() -> None:
    obj = ObjectSpec(name="Nimbus Key-Value", aliases=["Nimbus KV"])
    assert classify_source("https://nimbuskv.example/", obj, _contract()).type == "primary"


def test_contract_domains_win_over_the_name_rule() -> None:
    obj = ObjectSpec(name="Nimbus KV", official_domains=["nimbus-data.example"])
    contract = _contract()
    assert classify_source("https://docs.nimbus-data.example/l", obj, contract).why == "listed as official in the task contract"
    assert classify_source("https://nimbuskv.example/l", obj, contract).type == "secondary"


def test_a_host_the_question_names_is_primary() -> None:
    contract = _contract("Compare Nimbus KV and Ferrodb on license, according to dbfacts.example")
    assert hosts_named(contract.question) == ["dbfacts.example"]
    kind = classify_source("https://dbfacts.example/stores", ObjectSpec(name="Ferrodb"), contract)
    assert (kind.type, kind.why) == ("primary", "a site the question names")


def test_forums_and_registrable_labels() -> None:
    assert classify_source("https://forum.dbtalk.example/t/1", ObjectSpec(name="Ferrodb"), _contract()).type == "forum"
    assert registrable_label("news.bbc.co.uk") == "bbc"
    assert registrable_label("docs.ferrodb.example") == "ferrodb"
