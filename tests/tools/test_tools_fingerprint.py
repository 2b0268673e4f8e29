"""MinHash fingerprints and clusters on real prose: a syndicated copy joins, a different article does not."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zlib

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
from research_agent.tools.fingerprint import FINGERPRINT_VERSION


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


def _shingles(text: str) -> list[str]:
    words = re.sub(r"[\W_]+", " ", text.lower()).split()
    return [" ".join(words[i : i + 5]) for i in range(len(words) - 4)]


def test_version_1_fingerprints_are_datasketch_minhashes_of_sha1_shingles(texts: dict[str, str]) -> None:
    # the values tasks saved before version 2 hold: a resumed old task is fingerprinted the same way
    from datasketch import MinHash

    for text in (texts["original"], texts["other"]):
        fresh = MinHash(num_perm=128, seed=1, scheme="affine32")
        fresh.update_batch([s.encode() for s in _shingles(text)])
        assert fingerprint(text, version=1) == [int(v) for v in fresh.hashvalues]


def _v2_shingle_hash(shingle: str) -> int:
    """Version 2's shingle hash written out with Python ints: CRC-32 per word, multiply-xor fold."""
    h = 0
    for word in shingle.split(" "):
        h = ((h ^ zlib.crc32(word.encode())) * 0x9E3779B97F4A7C15) % 2**64
    return (h ^ (h >> 32)) % 2**32


def test_version_2_fingerprints_are_datasketch_minhashes_of_folded_word_crcs(texts: dict[str, str]) -> None:
    from datasketch import MinHash

    for text in (texts["original"], texts["other"], "Heat pumps, again"):
        shingles = _shingles(text) or [" ".join(re.sub(r"[\W_]+", " ", text.lower()).split())]
        fresh = MinHash(num_perm=128, seed=1, scheme="affine32", hashfunc=int)
        fresh.update_batch([_v2_shingle_hash(s) for s in shingles])
        assert fingerprint(text) == fingerprint(text, version=FINGERPRINT_VERSION) == [int(v) for v in fresh.hashvalues]


def test_version_2_values_are_the_same_in_every_process() -> None:
    # stored fingerprints are compared with new ones: no per-process salt (Python's hash() would be)
    code = "from research_agent.tools import fingerprint; print(fingerprint('Harbourside council votes to replace the boilers')[:3])"
    outs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip()
        for seed in ("1", "2")
    }
    assert outs == {str(fingerprint("Harbourside council votes to replace the boilers")[:3])}
    assert fingerprint("Harbourside council votes to replace the boilers")[:3] == [1510222408, 2712082231, 413863987]


def test_an_index_saved_before_versions_keeps_version_1_and_still_finds_copies(texts: dict[str, str]) -> None:
    old = ClusterIndex(version=1)
    old.add("S1", fingerprint(texts["original"], version=1))
    old.add("S2", fingerprint(texts["other"], version=1))
    saved = old.to_dict()
    del saved["version"]  # as written before fingerprints had versions
    restored = ClusterIndex.from_dict(json.loads(json.dumps(saved)))
    assert restored.version == 1
    copy = texts["syndicated"]
    fp = restored.fingerprint_for(copy, fingerprint(copy))
    assert fp == fingerprint(copy, version=1)
    assert restored.add("S3", fp) == "S1"  # the copy read after the upgrade joins the page read before it
    assert ClusterIndex.from_dict(restored.to_dict()).version == 1  # and the task stays at version 1


def test_a_new_index_is_current_and_takes_the_page_fingerprint_as_is(texts: dict[str, str]) -> None:
    index = ClusterIndex()
    assert index.version == FINGERPRINT_VERSION == ClusterIndex.from_dict(index.to_dict()).version
    page_fp = fingerprint(texts["original"])
    assert index.fingerprint_for(texts["original"], page_fp) == page_fp
    with pytest.raises(ValueError, match="unknown fingerprint version 3"):
        ClusterIndex.from_dict({**index.to_dict(), "version": 3})
    with pytest.raises(ValueError, match="unknown fingerprint version"):
        fingerprint("text", version=0)
