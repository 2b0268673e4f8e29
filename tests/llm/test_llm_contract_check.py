"""A drafted contract is checked against the question: every object named there, none twice."""

from __future__ import annotations

import pytest

from engine import ScriptedModel
from research_agent.llm import ModelOutputInvalid
from research_agent.policy.contract_check import occurs_in
from research_agent.policy.llm import LLMPolicy

Q = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"
DIMS = [{"name": "license"}, {"name": "pricing"}]


def draft(*objects: dict, min_sources: int = 2) -> dict:
    return {"objects": list(objects), "dimensions": DIMS, "constraints": [], "min_sources": min_sources}


GOOD = draft({"name": "Quillstore"}, {"name": "Ferrodb", "aliases": ["FerroDB Cloud"]}, {"name": "Nimbus KV"})


@pytest.mark.parametrize("name, question, hit", [
    ("Nimbus KV", Q, True),
    ("nimbus   kv", Q, True),              # case and spacing do not matter
    ("KV", "Compare KVstore and Redis", False),  # not inside a longer word
    ("Fibredb", Q, False),
    ("Quillstore/Quillstore", Q, False),
])
def test_occurs_on_word_boundaries(name, question, hit):
    assert occurs_in(name, question) is hit


@pytest.mark.parametrize("bad, reason", [
    (draft({"name": "Quillstore/Quillstore"}, {"name": "Fibredb"}),
     "objects not named in the question: 'Quillstore/Quillstore', 'Fibredb'"),
    (draft({"name": "Quillstore"}, {"name": "quillstore"}, {"name": "Ferrodb"}),
     "object 'quillstore' repeats 'Quillstore'"),
    (draft({"name": "Quillstore"}, {"name": "Ferrodb", "aliases": ["Quillstore"]}),
     "object 'Ferrodb' repeats 'Quillstore'"),
    (draft({"name": "Quillstore"}, {"name": "Ferrodb"}, min_sources=9), "min_sources must be between 1 and 5"),
])
def test_a_bad_draft_is_refused_with_the_reason_fed_back_then_a_good_one_is_used(bad, reason):
    model = ScriptedModel([bad, GOOD])
    policy = LLMPolicy(model)
    contract = policy.draft_contract(Q)
    assert [o.name for o in contract.objects] == ["Quillstore", "Ferrodb", "Nimbus KV"]
    assert reason in model.requests[1][-1]["content"]
    assert policy.rejected_outputs == 1


def test_a_draft_that_stays_wrong_raises_for_the_cli_to_fall_back():
    bad = draft({"name": "Quillstore/Quillstore"}, {"name": "Fibredb"})
    with pytest.raises(ModelOutputInvalid, match="objects not named in the question"):
        LLMPolicy(ScriptedModel([bad, bad, bad])).draft_contract(Q)
