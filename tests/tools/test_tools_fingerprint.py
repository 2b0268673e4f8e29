"""MinHash fingerprints and clusters on real prose: a syndicated copy joins, a different article does not."""

from __future__ import annotations

import json

import pytest
from _tools_corpus import (
    BATTERY_MD,
    ORIGINAL_URL,
    OTHER_URL,
    SYNDICATED_URL,
    original_html,
    other_html,
    syndicated_html,
)

from research_agent.tools import ClusterIndex, extract_page, fingerprint, similarity


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    return {
        "original": extract_page(original_html(), ORIGINAL_URL).text,
        "syndicated": extract_page(syndicated_html(), SYNDICATED_URL).text,
        "other": extract_page(other_html(), OTHER_URL).text,
        "battery": BATTERY_MD,
    }


def test_fingerprint_is_plain_ints_stable_and_json_safe(texts: dict[str, str]) -> None:
    values = fingerprint(texts["original"])
    assert len(values) == 128
    assert all(type(v) is int for v in values)
    assert json.loads(json.dumps(values)) == values
    assert fingerprint(texts["original"]) == values


def test_case_punctuation_and_whitespace_do_not_matter() -> None:
    a = "Harbourside's council voted seven to two on Tuesday night to replace the boilers."
    b = "HARBOURSIDE'S   council -- voted seven to two, on Tuesday night; to replace the boilers!"
    assert fingerprint(a) == fingerprint(b)


def test_syndicated_copy_is_similar_and_different_article_is_not(texts: dict[str, str]) -> None:
    original = fingerprint(texts["original"])
    assert similarity(original, fingerprint(texts["syndicated"])) >= 0.85
    assert similarity(original, fingerprint(texts["other"])) < 0.2


def test_cluster_index_groups_syndicated_copy_only(texts: dict[str, str]) -> None:
    index = ClusterIndex(threshold=0.7)
    assert index.add("src-original", fingerprint(texts["original"])) == "src-original"
    assert index.add("src-other", fingerprint(texts["other"])) == "src-other"
    assert index.add("src-syndicated", fingerprint(texts["syndicated"])) == "src-original"
    assert index.add("src-battery", fingerprint(texts["battery"])) == "src-battery"
    assert index.cluster_of("src-syndicated") == "src-original"
    assert index.cluster_of("unknown") is None
    assert index.members("src-original") == ["src-original", "src-syndicated"]
    assert index.similar(fingerprint(texts["syndicated"])) == "src-original"
    assert index.similar(fingerprint("An unrelated note about opening hours of the library on Saturdays.")) is None
    # Adding a known id again changes nothing.
    assert index.add("src-syndicated", fingerprint(texts["other"])) == "src-original"
    assert len(index) == 4


def test_cluster_index_round_trips_through_json(texts: dict[str, str]) -> None:
    index = ClusterIndex()
    index.add("a", fingerprint(texts["original"]))
    index.add("b", fingerprint(texts["syndicated"]))
    index.add("c", fingerprint(texts["other"]))
    restored = ClusterIndex.from_dict(json.loads(json.dumps(index.to_dict())))
    assert restored.to_dict() == index.to_dict()
    assert [restored.cluster_of(s) for s in "abc"] == ["a", "a", "c"]
    # The rebuilt LSH still finds the cluster for a new copy.
    assert restored.add("d", fingerprint(texts["syndicated"] + "\nShared by a reader.")) == "a"


def test_short_and_empty_texts() -> None:
    assert fingerprint("heat pumps") == fingerprint("Heat, pumps!")
    assert fingerprint("heat pumps") != fingerprint("gas boilers")
    assert len(fingerprint("")) == 128


def test_wrong_length_fingerprint_is_rejected() -> None:
    with pytest.raises(ValueError):
        ClusterIndex().add("x", [1, 2, 3])


def test_fingerprints_are_datasketch_minhashes_of_the_word_shingles(texts: dict[str, str]) -> None:
    # the permutations are drawn once and shared: signatures stay those stored by earlier versions
    import re

    from datasketch import MinHash

    for text in (texts["original"], texts["other"]):
        words = re.sub(r"[\W_]+", " ", text.lower()).split()
        fresh = MinHash(num_perm=128, seed=1, scheme="affine32")
        fresh.update_batch([" ".join(words[i : i + 5]).encode() for i in range(len(words) - 4)])
        assert fingerprint(text) == [int(v) for v in fresh.hashvalues]
