"""What a host that drips its headers costs a run, per URL, with prefetching on (issue 24).

Usage::

    python bench/trickle.py [--timeout 1.0] [--attempts 3]

The same small loopback corpus is researched twice through the real
composition root: once clean, once with LocalWeb's ``drip_headers`` fault (one
header byte every 50 ms, never a blank line) on one page.  It prints how many
requests that page received, the time those requests took, the extra wall time
of the run, and the bound ``attempts × timeout + backoff`` (the backoff is the
largest the retry critic can sleep between the attempts) with its +20%.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if __name__ == "__main__" and str(REPO) not in sys.path:  # run as a script from an uninstalled checkout
    sys.path.insert(0, str(REPO))

from research_agent import compose  # noqa: E402
from research_agent.config import ResearchConfig  # noqa: E402
from research_agent.contract import parse_question  # noqa: E402
from research_agent.store import Store  # noqa: E402
from research_agent.tools.faults import Fault  # noqa: E402
from research_agent.tools.prefetch import Prefetcher  # noqa: E402

QUESTION = "What is the license of Quillstore?"
DRIPPING = "https://techwire.example/2025/quillstore-review.html"
PAGES = {
    "quillstore.example/docs/license.html": "Quillstore is released under the Apache License 2.0, which permits commercial use.",
    "techwire.example/2025/quillstore-review.html": "Quillstore uses the Apache 2.0 license, so companies embed it freely.",
}  # two sources, both needed for a confirmed cell: the run must try the dripping one
TIMINGS: list[tuple[str, float]] = []


class _Timed(Prefetcher):
    def __init__(self, visit, **kw) -> None:  # type: ignore[no-untyped-def]
        def fetch(url: str):  # type: ignore[no-untyped-def]
            began = time.monotonic()
            try:
                return visit(url)
            finally:
                TIMINGS.append((url, time.monotonic() - began))

        super().__init__(fetch, **kw)


def _run(root: Path, faults: list[Fault], timeout: float, attempts: int) -> float:
    for path, text in PAGES.items():
        target = root / "corpus" / "pages" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"<html><head><title>{path}</title></head><body><article><p>{text}</p></article></body></html>")
    cfg = ResearchConfig(db=root / "r.db", traces=root / "traces", corpus=root / "corpus", max_steps=30,
                         http_timeout=timeout, transient_attempts=attempts, prefetch=4)
    began = time.monotonic()
    with Store(cfg.db_path()) as store:
        compose.start(store, cfg, parse_question(QUESTION), index_path=root / "index.db", faults=faults)
    return time.monotonic() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=1.0)
    parser.add_argument("--attempts", type=int, default=3)
    args = parser.parse_args(argv)
    compose.Prefetcher = _Timed  # type: ignore[misc]
    with tempfile.TemporaryDirectory(prefix="trickle-") as tmp:
        clean = _run(Path(tmp) / "clean", [], args.timeout, args.attempts)
        TIMINGS.clear()
        dripping = _run(Path(tmp) / "drip", [Fault(url=DRIPPING, kind="drip_headers")], args.timeout, args.attempts)
    spent = [seconds for url, seconds in TIMINGS if url == DRIPPING]
    config = ResearchConfig()
    backoff = sum(min(config.retry_max_delay, config.retry_base_delay * 2 ** (n - 1)) for n in range(1, args.attempts))
    bound = args.attempts * args.timeout + backoff
    print(f"requests to the dripping page: {len(spent)} (attempts configured: {args.attempts})")
    print(f"time in those requests: {sum(spent):.2f} s ({', '.join(f'{s:.2f}' for s in spent)})")
    print(f"extra wall time of the run: {dripping - clean:.2f} s ({clean:.2f} s clean, {dripping:.2f} s dripping)")
    print(f"bound attempts x timeout + backoff: {bound:.2f} s (+20%: {1.2 * bound:.2f} s)")
    met = len(spent) <= args.attempts and dripping - clean <= 1.2 * bound
    print(f"goal met: {'yes' if met else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
