"""Content fingerprints and source clusters: near-copies count as one source.

``fingerprint(text)`` is a 128-permutation MinHash (datasketch, ``affine32``
scheme, seed 1) over word 5-shingles of the text after lowercasing and
collapsing every run of punctuation/whitespace to one space. Texts shorter
than five words hash their whole word sequence as one shingle. The hash
values are returned as plain ``int``\\ s so a fingerprint round-trips JSON
and SQLite unchanged; the same text always gives the same list.

``ClusterIndex`` groups fingerprints whose estimated Jaccard similarity is at
least ``threshold`` (default 0.7). Candidates come from LSH banding: the
signature is cut into ``b`` bands of ``r`` values and two fingerprints are
candidates when any band is equal.  ``(b, r)`` is what datasketch's
``MinHashLSH(threshold, num_perm=128)`` fits for that threshold (14 × 9 at
0.7; a test checks the table against datasketch), so the candidates are the
ones ``MinHashLSH`` would return; no fitting (scipy) runs per index.  The
signatures are rows of one numpy ``uint64`` matrix and a query compares its
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

import re
import struct
from hashlib import sha1 as _sha1
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # datasketch imports scipy (~0.5 s): only computing a fingerprint needs it
    import numpy as np
    from datasketch import MinHash

__all__ = ["NUM_PERM", "SHINGLE_WORDS", "ClusterIndex", "fingerprint", "similarity"]

NUM_PERM = 128
SHINGLE_WORDS = 5
_SCHEME = "affine32"
_SEED = 1
_unpack = struct.Struct("<I").unpack_from
_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
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
"""The seed's permutation parameters, drawn once (datasketch draws them again for every MinHash: ~7 ms
per page); read-only, so concurrent visits share them."""


def _minhash() -> "MinHash":
    from datasketch import MinHash

    if not _PERMUTATIONS:
        _PERMUTATIONS.append(MinHash(num_perm=NUM_PERM, seed=_SEED, scheme=_SCHEME).permutations)
    # `hashfunc=int`: the shingles arrive already hashed (datasketch's sha1_hash32, inlined below)
    return MinHash(num_perm=NUM_PERM, seed=_SEED, scheme=_SCHEME, hashfunc=int, permutations=_PERMUTATIONS[0])


def fingerprint(text: str) -> list[int]:
    """MinHash signature of ``text`` as ``NUM_PERM`` plain ints.

    The values are datasketch's for the same shingles (SHA-1's first 4 bytes, little-endian, as
    ``sha1_hash32``); computing that hash inline and reusing the permutations instead of drawing
    them again per page made a fingerprint about twice as fast."""
    words = _words(text)
    if len(words) < SHINGLE_WORDS:
        shingles = [" ".join(words)] if words else []
    else:
        shingles = [" ".join(words[i : i + SHINGLE_WORDS]) for i in range(len(words) - SHINGLE_WORDS + 1)]
    mh = _minhash()
    if shingles:
        mh.update_batch([_unpack(_sha1(s.encode("utf-8")).digest())[0] for s in dict.fromkeys(shingles)])
    return [int(v) for v in mh.hashvalues]


def similarity(a: list[int], b: list[int]) -> float:
    """Estimated Jaccard similarity of two fingerprints (share of equal hash values)."""
    if len(a) != len(b) or not a:
        raise ValueError("fingerprints must be non-empty and of equal length")
    return sum(1 for x, y in zip(a, b, strict=True) if x == y) / len(a)


class ClusterIndex:
    """Near-duplicate clusters of sources, keyed by source id (see the module docstring)."""

    def __init__(self, threshold: float = 0.7) -> None:
        if not 0.0 < threshold <= 1.0:
            raise ValueError("threshold must be in (0, 1]")
        self.threshold = threshold
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
            "members": [
                {"source_id": sid, "cluster_id": self._cluster[sid], "hashvalues": self._hashvalues[sid]}
                for sid in self._order
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClusterIndex:
        """Rebuild an index saved with ``to_dict`` (cluster ids are kept as saved)."""
        import numpy as np

        if data.get("num_perm", NUM_PERM) != NUM_PERM or data.get("scheme", _SCHEME) != _SCHEME:
            raise ValueError("fingerprints were made with different MinHash parameters")
        index = cls(threshold=float(data["threshold"]))
        members = data["members"]
        if members:
            matrix = np.array([m["hashvalues"] for m in members], dtype=np.uint64)
            if matrix.shape != (len(members), NUM_PERM):
                raise ValueError(f"a fingerprint has {NUM_PERM} hash values")
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
            grown = np.zeros((max(16, 2 * n), NUM_PERM), dtype=np.uint64)
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
        query = np.asarray(hashvalues[:used], dtype=np.uint64)
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
