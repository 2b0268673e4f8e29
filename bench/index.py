"""Local index throughput: documents/s for `index_dir`, search latency, freshness check.

Writes N small Markdown documents (a title and two short paragraphs about one
of 50 products and their license, pricing, deployment…, under 20 hosts) to a
temporary corpus, then times:
* `LocalIndex.index_dir` (extraction + FTS5 insert) → documents/s;
* `search` of ladder queries as the offline policy issues them
  ("<name> official documentation <dimension>", "is <dimension> publicly
  disclosed for <name>", "<name> <dimension>") → median ms;
* `corpus_signature` (what a run checks before reusing a cached index) → ms;
* the local web's URL map at run start: from the fresh index (`corpus_files`,
  what a run does) against walking the folder (`iter_corpus`, what every run
  did before) → ms.

Usage: python bench/index.py [--sizes 1000 20000] [--dir DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from research_agent.tools import search_local  # noqa: E402
from research_agent.tools.localweb import LocalWeb  # noqa: E402
from research_agent.tools.search_local import LocalIndex  # noqa: E402

DIMENSIONS = ["license", "pricing", "deployment", "latency", "support", "encryption"]
PRODUCTS = [f"Prod{chr(65 + i % 26)}{i}" for i in range(50)]


def write_corpus(root: Path, n: int, rng: random.Random) -> None:
    for i in range(n):
        host = root / "pages" / f"site{i % 20}.example"
        host.mkdir(parents=True, exist_ok=True)
        product, dim = rng.choice(PRODUCTS), rng.choice(DIMENSIONS)
        other = rng.choice(DIMENSIONS)
        (host / f"doc{i}.md").write_text(
            f"# {product} {dim} notes {i}\n\n"
            f"{product} documents its {dim} on page {i}: the {dim} is reviewed every quarter by the team.\n\n"
            f"Readers also asked about {other}; the {other} of {product} is described in the official guide.\n",
            encoding="utf-8",
        )


def queries(rng: random.Random, k: int) -> list[str]:
    out = []
    for _ in range(k):
        name, dim = rng.choice(PRODUCTS), rng.choice(DIMENSIONS)
        out += [f"{name} {dim}", f"{name} official documentation {dim}", f"is {dim} publicly disclosed for {name}"]
    return out


def bench(root: Path, n: int) -> None:
    rng = random.Random(n)
    corpus = root / f"corpus{n}"
    write_corpus(corpus, n, rng)
    with LocalIndex(root / f"index{n}.db") as index:
        t0 = time.perf_counter()
        count = index.index_dir(corpus)
        took = time.perf_counter() - t0
        times = []
        for q in queries(rng, 30):
            t1 = time.perf_counter()
            index.search(q, limit=10)
            times.append(time.perf_counter() - t1)
        t3 = time.perf_counter()
        LocalWeb(corpus, files=index.corpus_files())
        map_ms = (time.perf_counter() - t3) * 1000
        t4 = time.perf_counter()
        LocalWeb(corpus)
        walk_ms = (time.perf_counter() - t4) * 1000
    signature = getattr(search_local, "corpus_signature", None)
    sig_ms = None
    if signature is not None:
        t2 = time.perf_counter()
        signature(corpus)
        sig_ms = (time.perf_counter() - t2) * 1000
    print(f"{n:>6} docs: index_dir {took:.2f} s = {count / took:,.0f} docs/s; "
          f"search median {statistics.median(times) * 1000:.2f} ms (p95 {sorted(times)[int(0.95 * len(times))] * 1000:.2f} ms)"
          + (f"; freshness check {sig_ms:.1f} ms" if sig_ms is not None else "")
          + f"; local web map from the index {map_ms:.0f} ms (walking the folder {walk_ms:.0f} ms)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 20000])
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="research-index-", dir=args.dir) as tmp:
        for n in args.sizes:
            bench(Path(tmp), n)


if __name__ == "__main__":
    main()
