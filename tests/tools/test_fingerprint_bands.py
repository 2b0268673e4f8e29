"""The banded index finds what datasketch's `MinHashLSH` finds, without its cost."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
from datasketch import MinHash, MinHashLSH
from datasketch.lsh import _optimal_param

from research_agent.tools.fingerprint import BANDS, NUM_PERM, ClusterIndex, fingerprint


def test_the_band_table_is_what_datasketch_fits() -> None:
    for threshold, params in BANDS.items():
        assert params == _optimal_param(threshold, NUM_PERM, 0.5, 0.5)
        lsh = MinHashLSH(threshold=threshold, num_perm=NUM_PERM)
        assert (lsh.b, lsh.r) == params


def test_candidates_match_datasketch_on_near_copies() -> None:
    rng = random.Random(3)
    words = [f"w{rng.randrange(400)}" for _ in range(3000)]
    texts = []
    for i in range(60):  # pages; every odd one an edited copy of the one before (0-6% of its words)
        if i % 2:
            texts.append(" ".join(w if rng.random() > 0.02 * (i % 4) else "edit" for w in texts[-1].split()))
        else:
            texts.append(" ".join(words[i * 40 : i * 40 + 120]))
    index, lsh = ClusterIndex(), MinHashLSH(threshold=0.7, num_perm=NUM_PERM)
    for i, text in enumerate(texts):
        fp = fingerprint(text)
        mh = MinHash(seed=1, hashvalues=np.asarray(fp, dtype=np.uint64), scheme="affine32")
        expected = {sid for sid in lsh.query(mh) if sum(a == b for a, b in zip(fp, index._hashvalues[sid])) / NUM_PERM >= 0.7}
        cluster = index.similar(fp)
        assert (cluster is None) == (not expected), i
        if expected:
            assert cluster in {index.cluster_of(s) for s in expected}
        index.add(f"S{i}", fp)
        lsh.insert(f"S{i}", mh)
    assert len({index.cluster_of(f"S{i}") for i in range(60)}) < 60, "some copies were clustered"


def test_fingerprinting_a_page_or_rebuilding_an_index_does_not_import_scipy() -> None:
    code = (
        "import sys\n"
        "from research_agent.tools.fingerprint import ClusterIndex, fingerprint\n"
        "i = ClusterIndex(); i.add('a', fingerprint('a page of text about heat pumps and boilers'))\n"
        "ClusterIndex.from_dict(i.to_dict()); fingerprint('old text', version=1)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('scipy', 'datasketch')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
