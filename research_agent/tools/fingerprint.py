"""Content fingerprints and source clusters: near-copies count as one source.

``fingerprint(text)`` is a 128-permutation MinHash over the word 5-shingles
of the text after lowercasing and collapsing every run of
punctuation/whitespace to one space. Texts shorter than five words hash their
whole word sequence as one shingle. The hash values are returned as plain
``int``\\ s so a fingerprint round-trips JSON and SQLite unchanged; the same
text always gives the same list, in every process (no salted ``hash()``).

The permutations are datasketch's ``affine32`` scheme with seed 1 (each
shingle hash is mixed with the MurmurHash3 finaliser, then ``a·h + b`` mod
2³² per permutation, the minimum kept), drawn here with numpy exactly as
datasketch draws them, so neither datasketch nor scipy is imported to
fingerprint a page. What is hashed into each shingle has a version
(``FINGERPRINT_VERSION``):

* **2** (current): each word is hashed once with CRC-32 and a shingle's hash
  folds its five word hashes together (multiply–xor, 64-bit, folded to 32),
  all shingles of a page at once in numpy;
* **1** (before): SHA-1 of the shingle's UTF-8 text, first 4 bytes
  little-endian — datasketch's ``sha1_hash32``, one hash call per shingle.

Fingerprints of different versions are not comparable (their values are
unrelated), so a ``ClusterIndex`` holds one version: a new index is current;
one rebuilt from a task saved before versions existed stays at 1, and
``ClusterIndex.fingerprint_for`` gives a page's fingerprint in the index's
version (recomputed from the page text when that is not the current one), so
a resumed old task still recognises copies of the pages it read before.

``ClusterIndex`` groups fingerprints whose estimated Jaccard similarity is at
least ``threshold`` (default 0.7). Candidates come from LSH banding: the
signature is cut into ``b`` bands of ``r`` values and two fingerprints are
candidates when any band is equal.  ``(b, r)`` is what datasketch's
``MinHashLSH(threshold, num_perm=128)`` fits for that threshold (14 × 9 at
0.7; a test checks the table against datasketch), so the candidates are the
ones ``MinHashLSH`` would return; no fitting (scipy) runs per index.  The
signatures are rows of one numpy ``uint32`` matrix and a query compares its
bands with every row at once: rebuilding the index of a resumed run is one
array conversion (instead of a ``MinHash`` object and a band hash per member),
and a lookup stays around a millisecond at 10,000 members. Each
candidate is then checked against the threshold with the full signatures, so
LSH false positives never merge clusters. A new source joins the cluster of its
most similar member (ties: the earliest added); otherwise it starts a cluster
whose id is its own source id. Cluster ids never change once given, and
``to_dict``/``from_dict`` replay the members in insertion order, so a resumed
run rebuilds the same clusters.
"""

from __future__ import annotations

import itertools
import re
import struct
from array import array
from hashlib import sha1 as _sha1
from typing import TYPE_CHECKING, Any
from zlib import crc32 as _crc32

if TYPE_CHECKING:  # numpy is imported when first needed (`research --help` never needs it)
    import numpy as np

__all__ = ["FINGERPRINT_VERSION", "NUM_PERM", "SHINGLE_WORDS", "ClusterIndex", "fingerprint", "similarity"]

NUM_PERM = 128
SHINGLE_WORDS = 5
FINGERPRINT_VERSION = 2
"""What a shingle's hash is made of (see the module docstring); stored with every cluster index."""
VERSIONS = frozenset({1, 2})
_SCHEME = "affine32"
_SEED = 1
_EMPTY = (1 << 32) - 1
"""datasketch's value for a permutation that saw no shingle (an empty text)."""
_unpack = struct.Struct("<I").unpack_from
_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_BLOCK = 8192
"""Shingles permuted at once (8192 × 128 uint32 values: 4 MiB)."""
_FOLD = 0x9E3779B97F4A7C15
"""Odd 64-bit multiplier (2⁶⁴/φ) folding word hashes into a shingle hash (version 2)."""
BANDS: dict[float, tuple[int, int]] = {0.7: (14, 9)}
"""(bands, rows) per threshold, as datasketch's `MinHashLSH` fits them for 128 permutations."""


def lsh_params(threshold: float) -> tuple[int, int]:
    """(bands, rows) for `threshold`: the table above, else datasketch's own fit (imports scipy)."""
    known = BANDS.get(threshold)
    if known is not None:
        return known
    from datasketch.lsh import _optimal_param

    b, r = _optimal_param(threshold, NUM_PERM, 0.5, 0.5)
    BANDS[threshold] = (int(b), int(r))
    return BANDS[threshold]


def _words(text: str) -> list[str]:
    return _NON_WORD.sub(" ", text.lower()).split()


_PERMUTATIONS: list[Any] = []
"""(a, b) of the seed's permutations as uint32 arrays, drawn once; read-only, so concurrent visits share them."""


def _permutations() -> tuple["np.ndarray", "np.ndarray"]:
    if not _PERMUTATIONS:
        import numpy as np

        # datasketch 2's `MinHash._init_permutations` for affine32 (a test checks it against datasketch);
        # RandomState is numpy's frozen legacy stream, so every numpy version draws the same values
        gen = np.random.RandomState(_SEED)
        a = gen.randint(0, 1 << 31, NUM_PERM, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
        b = gen.randint(0, 1 << 32, NUM_PERM, dtype=np.uint32)
        _PERMUTATIONS.append((a, b))
    return _PERMUTATIONS[0]


def _minhash(hashes: "np.ndarray") -> list[int]:
    """The signature of a set of 32-bit shingle hashes (datasketch's affine32 `update_batch`)."""
    import numpy as np

    if hashes.size == 0:
        return [_EMPTY] * NUM_PERM
    a, b = _permutations()
    h = hashes.astype(np.uint32)
    h = h ^ (h >> np.uint32(16))  # MurmurHash3 fmix32
    h = h * np.uint32(0x85EBCA6B)
    h = h ^ (h >> np.uint32(13))
    h = h * np.uint32(0xC2B2AE35)
    h = h ^ (h >> np.uint32(16))
    h = h.reshape(-1, 1)
    # in blocks, so a 2 MB page (~300k shingles) never holds a shingles × permutations array at once
    low = np.minimum.reduce([(h[i : i + _BLOCK] * a + b).min(axis=0) for i in range(0, len(h), _BLOCK)])
    result: list[int] = low.tolist()
    return result


def _shingle_hashes_v1(words: list[str]) -> "np.ndarray":
    import numpy as np

    if len(words) < SHINGLE_WORDS:
        shingles = [" ".join(words)] if words else []
    else:
        shingles = [" ".join(words[i : i + SHINGLE_WORDS]) for i in range(len(words) - SHINGLE_WORDS + 1)]
    unique = dict.fromkeys(shingles)
    return np.fromiter((_unpack(_sha1(s.encode("utf-8")).digest())[0] for s in unique), np.uint32, len(unique))


def _shingle_hashes_v2(words: list[str]) -> "np.ndarray":
    import numpy as np

    if not words:
        return np.zeros(0, dtype=np.uint32)
    word_hashes = np.fromiter((_crc32(w.encode("utf-8")) for w in words), np.uint64, len(words))
    width = min(SHINGLE_WORDS, len(words))
    count = len(words) - width + 1
    h = np.zeros(count, dtype=np.uint64)
    for j in range(width):  # order matters: the multiply mixes each word into the ones before it
        h = (h ^ word_hashes[j : j + count]) * np.uint64(_FOLD)
    return (h ^ (h >> np.uint64(32))).astype(np.uint32)  # repeats are harmless: a minimum is a minimum


def fingerprint(text: str, version: int = FINGERPRINT_VERSION) -> list[int]:
    """MinHash signature of ``text`` as ``NUM_PERM`` plain ints, in fingerprint ``version``."""
    words = _words(text)
    if version == 2:
        return _minhash(_shingle_hashes_v2(words))
    if version == 1:
        return _minhash(_shingle_hashes_v1(words))
    raise ValueError(f"unknown fingerprint version {version!r} (known: {sorted(VERSIONS)})")


def similarity(a: list[int], b: list[int]) -> float:
    """Estimated Jaccard similarity of two fingerprints (share of equal hash values)."""
    if len(a) != len(b) or not a:
        raise ValueError("fingerprints must be non-empty and of equal length")
    return sum(1 for x, y in zip(a, b, strict=True) if x == y) / len(a)


class ClusterIndex:
    """Near-duplicate clusters of sources, keyed by source id (see the module docstring)."""

    def __init__(self, threshold: float = 0.7, version: int = FINGERPRINT_VERSION) -> None:
        if not 0.0 < threshold <= 1.0:
            raise ValueError("threshold must be in (0, 1]")
        if version not in VERSIONS:
            raise ValueError(f"unknown fingerprint version {version!r} (known: {sorted(VERSIONS)})")
        self.threshold = threshold
        self.version = version
        """The fingerprint version of every member (see the module docstring)."""
        self._bands, self._rows = lsh_params(threshold)
        self._ids: list[str] = []
        self._matrix: np.ndarray | None = None
        """Signatures, one row per member in insertion order (capacity doubles as it fills)."""
        self._hashvalues: dict[str, list[int]] = {}
        self._cluster: dict[str, str] = {}
        self._order: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._hashvalues)

    def __contains__(self, source_id: object) -> bool:
        return source_id in self._hashvalues

    def fingerprint_for(self, text: str, current: list[int]) -> list[int]:
        """The fingerprint to add for a page whose text is ``text`` and whose current-version fingerprint
        is ``current`` (``Page.fingerprint``): ``current`` itself, or ``text`` fingerprinted in this
        index's older version, so it is compared with members of that version."""
        return list(current) if self.version == FINGERPRINT_VERSION else fingerprint(text, self.version)

    def add(self, source_id: str, hashvalues: list[int]) -> str:
        """Add a source; return its cluster id (its own id if it starts a new cluster).

        Adding an id that is already present returns its cluster unchanged.
        """
        if source_id in self._cluster:
            return self._cluster[source_id]
        match = self._best_match(hashvalues)
        cluster_id = self._cluster[match] if match is not None else source_id
        self._insert(source_id, list(hashvalues), cluster_id)
        return cluster_id

    def cluster_of(self, source_id: str) -> str | None:
        """The cluster id of a known source, else None."""
        return self._cluster.get(source_id)

    def members(self, cluster_id: str) -> list[str]:
        """Source ids in a cluster, in insertion order."""
        return [sid for sid, cid in self._cluster.items() if cid == cluster_id]

    def similar(self, hashvalues: list[int]) -> str | None:
        """The cluster id a text with this fingerprint would join, or None."""
        match = self._best_match(hashvalues)
        return self._cluster[match] if match is not None else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-safe) from which ``from_dict`` rebuilds the same index."""
        return {
            "threshold": self.threshold,
            "num_perm": NUM_PERM,
            "scheme": _SCHEME,
            "version": self.version,
            "members": [
                {"source_id": sid, "cluster_id": self._cluster[sid], "hashvalues": self._hashvalues[sid]}
                for sid in self._order
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClusterIndex:
        """Rebuild an index saved with ``to_dict`` (cluster ids are kept as saved); one saved without a
        ``version`` was made before versions existed: version 1."""
        import numpy as np

        if data.get("num_perm", NUM_PERM) != NUM_PERM or data.get("scheme", _SCHEME) != _SCHEME:
            raise ValueError("fingerprints were made with different MinHash parameters")
        index = cls(threshold=float(data["threshold"]), version=int(data.get("version", 1)))
        members = data["members"]
        if members:
            rows = [m["hashvalues"] for m in members]
            if any(len(row) != NUM_PERM for row in rows):
                raise ValueError(f"a fingerprint has {NUM_PERM} hash values")
            try:  # one C buffer from the saved ints: 28 ms at 10k fingerprints, against 58 for np.array
                flat = array("I", itertools.chain.from_iterable(rows))
            except (OverflowError, TypeError) as exc:
                raise ValueError("a fingerprint hash value is not a 32-bit unsigned int") from exc
            matrix = np.frombuffer(flat, dtype=np.uint32).reshape(len(rows), NUM_PERM)
            index._matrix = matrix
        for member in members:
            sid = str(member["source_id"])
            index._ids.append(sid)
            index._remember(sid, member["hashvalues"], str(member["cluster_id"]))  # shared, never edited
        return index

    def _remember(self, source_id: str, hashvalues: list[int], cluster_id: str) -> None:
        self._hashvalues[source_id] = hashvalues
        self._cluster[source_id] = cluster_id
        self._order[source_id] = len(self._order)

    def _insert(self, source_id: str, hashvalues: list[int], cluster_id: str) -> None:
        import numpy as np

        if len(hashvalues) != NUM_PERM:
            raise ValueError(f"a fingerprint has {NUM_PERM} hash values, got {len(hashvalues)}")
        n = len(self._ids)
        if self._matrix is None or n == len(self._matrix):
            grown = np.zeros((max(16, 2 * n), NUM_PERM), dtype=np.uint32)
            if self._matrix is not None:
                grown[:n] = self._matrix[:n]
            self._matrix = grown
        self._matrix[n] = hashvalues
        self._ids.append(source_id)
        self._remember(source_id, hashvalues, cluster_id)

    def _candidates(self, hashvalues: list[int]) -> list[str]:
        """Members sharing at least one whole band with ``hashvalues``."""
        import numpy as np

        if len(hashvalues) != NUM_PERM:
            raise ValueError(f"a fingerprint has {NUM_PERM} hash values, got {len(hashvalues)}")
        n = len(self._ids)
        if n == 0 or self._matrix is None:
            return []
        used = self._bands * self._rows
        query = np.asarray(hashvalues[:used], dtype=np.uint32)
        equal = (self._matrix[:n, :used] == query).reshape(n, self._bands, self._rows)
        return [self._ids[i] for i in np.flatnonzero(equal.all(axis=2).any(axis=1))]

    def _best_match(self, hashvalues: list[int]) -> str | None:
        candidates = self._candidates(hashvalues)
        best: tuple[float, int, str] | None = None
        for sid in candidates:
            score = similarity(hashvalues, self._hashvalues[sid])
            if score < self.threshold:
                continue
            key = (-score, self._order[sid], sid)
            if best is None or key < best:
                best = key
        return best[2] if best is not None else None
