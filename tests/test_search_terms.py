"""The ladder's rungs change what is asked: the name with the dimension and its value vocabulary, the
head noun with synonyms, the bare name — never the same words reworded."""

from __future__ import annotations

from research_agent.contract import DimensionSpec
from research_agent.normalize import query_key
from research_agent.search_terms import ladder_query, value_words


def _rungs(dim: DimensionSpec, aliases: list[str] | None = None) -> list[str | None]:
    values = value_words(dim)
    return [ladder_query(r, "Tern Queue", aliases or [], dim.name, dim.keywords, values)
            for r in ("initial", "rephrase", "primary_sources", "reframe")]


def test_a_licence_is_asked_with_its_value_vocabulary_then_its_synonyms_then_the_bare_name() -> None:
    initial, rephrase, bare, reframe = _rungs(DimensionSpec(name="license"))
    assert initial is not None and initial.startswith("Tern Queue license ")
    assert all(w in initial for w in ("AGPL", "Apache", "MIT", "GPL", "BSD", "source-available", "proprietary"))
    assert rephrase == "Tern Queue license licence licensed"
    assert bare == "Tern Queue"
    assert reframe is None  # "is license publicly disclosed for …" only reworded the first question


def test_every_rung_is_a_different_question() -> None:
    for dim in (DimensionSpec(name="license"), DimensionSpec(name="pricing"),
                DimensionSpec(name="latency", kind="number", unit="ms"), DimensionSpec(name="founding year")):
        asked = [q for q in _rungs(dim) if q]
        assert len({query_key(q) for q in asked}) == len(asked), asked


def test_value_vocabulary_by_kind() -> None:
    assert {"per month", "plan"} <= set(value_words(DimensionSpec(name="pricing")))
    assert "milliseconds" in value_words(DimensionSpec(name="latency", kind="number", unit="ms"))
    assert value_words(DimensionSpec(name="deployment")) == ["self-hosted", "cloud", "on-premises", "saas", "hybrid"]
    assert value_words(DimensionSpec(name="founding year")) == []


def test_the_rephrase_rung_uses_the_first_alias_and_the_head_noun() -> None:
    dim = DimensionSpec(name="release date", keywords=["release date", "released", "launched"])
    assert _rungs(dim, aliases=["Tern"])[1] == "Tern date released launched"
