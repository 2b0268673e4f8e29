"""Page-read speed: is a page read in at most 2x ``trafilatura.extract``'s time? (issue 21, "Done when")

Over the 181 real article pages of ``<shared>/data/article-extraction/html/*.html.gz`` (the pages
``bench/extraction.py`` scores), each page is timed alone, in three steps:

* ``trafilatura.extract(html)`` with its defaults — the yardstick;
* ``extract_page`` — what ``visit`` does to the HTML (one parse, title, date, trafilatura);
* ``read_page`` — the reader on the extracted text (segmenting, attribution, values, the spaCy parse of
  the sentences a rule needs; echoes too, as the offline policy reads pages), for a fixed contract of **2 objects x 5 dimensions** (10 cells, more
  than a typical comparison case's 4–6): the two names the page writes most often (capitalised word
  runs), read for a founding year, a price, a number of employees, a headquarters and a licence — a
  date, money, a count, a place and a licence, so every value recogniser and the parser run.

The figure is the reader's time over trafilatura's, on the sum over all pages (and per page: median,
90th percentile).  Once-per-run costs (imports, spaCy's load, the dimension names' parses,
trafilatura's first-use set-up, the objects' name patterns) are paid before timing, on a text of the
bench's own, so no page's sentence is in any cache when its page is timed.

Usage: ``python bench/read_speed.py [--data DIR] [--sample N] [--profile]``; ``--profile`` prints the
reader's top functions by cumulative time on the timed pass.
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import os
import pstats
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import trafilatura

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page
from research_agent.reading.attribution import Named, mentions
from research_agent.tools.extract import extract_page

DIMENSIONS = ("founding year", "price", "number of employees", "headquarters", "license")
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")


def shared_data_dir(arg: Path | None) -> Path:
    if arg is not None:
        return arg
    env = os.environ.get("RESEARCH_SHARED_DATA")
    return Path(env) if env else Path(__file__).resolve().parents[1].parent / "shared" / "data"


def objects_of(text: str) -> list[ObjectSpec]:
    """The two names the page writes most often (a stand-in for the contract's objects)."""
    common = [n for n, _ in Counter(_NAME.findall(text)).most_common(2)]
    return [ObjectSpec(name=n) for n in common] or [ObjectSpec(name="Acme")]


def targets_of(objects: list[ObjectSpec]) -> list[Target]:
    dims = [DimensionSpec(name=d) for d in DIMENSIONS]
    return [Target(f"{o.name}/{d.name}", o, d) for o in objects for d in dims]


WARM_UP = ("Acme Widgets was founded in 1999 in Leeds. It costs $12 a month and employs 40 people. "
           "Its code is released under the MIT license. Bolt Works, which is not open source, is based in York.")


def warm_up(pages: list[tuple[str, str]]) -> None:
    """Pay the once-per-run costs before timing: imports, spaCy's load, the dimension names' parses,
    trafilatura's and htmldate's first-use set-up, and each contract's name patterns (a run compiles its
    objects' names once, whatever number of pages it reads) — on text of the bench's own, so no page's
    sentence is in a cache when its page is timed."""
    trafilatura.extract(pages[-1][1])
    objects = [ObjectSpec(name="Acme Widgets"), ObjectSpec(name="Bolt Works")]
    read_page(objects, targets_of(objects), "Acme Widgets", WARM_UP)
    for url, html in pages:
        objects = objects_of(extract_page(html, url, content_type="text/html").text)
        mentions(WARM_UP, [Named.of(o) for o in objects])


def one_pass(pages: list[tuple[str, str]], profiler: cProfile.Profile | None = None) -> list[tuple[float, float, float]]:
    """(trafilatura, extract_page, read_page) seconds per page."""
    out = []
    for url, html in pages:
        t0 = time.perf_counter()
        trafilatura.extract(html)
        t1 = time.perf_counter()
        page = extract_page(html, url, content_type="text/html")
        t2 = time.perf_counter()
        objects = objects_of(page.text)
        if profiler is not None:
            profiler.enable()
        read_page(objects, targets_of(objects), page.title or "", page.text, url, echoes=True)
        if profiler is not None:
            profiler.disable()
        t3 = time.perf_counter()
        out.append((t1 - t0, t2 - t1, t3 - t2))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=None, help="shared data folder (contains article-extraction/)")
    ap.add_argument("--sample", type=int, default=None, help="only the first N pages (sorted by name)")
    ap.add_argument("--profile", action="store_true", help="profile the reader on the timed pass")
    args = ap.parse_args(argv)
    html_dir = shared_data_dir(args.data) / "article-extraction" / "html"
    if not html_dir.is_dir():
        print(f"error: {html_dir} not found (set RESEARCH_SHARED_DATA)", file=sys.stderr)
        return 2
    files = sorted(html_dir.glob("*.html.gz"))[: args.sample]
    pages = [(f"https://articles.test/{f.name[:-8]}", gzip.decompress(f.read_bytes()).decode("utf-8", "replace"))
             for f in files]
    warm_up(pages)
    profiler = cProfile.Profile() if args.profile else None
    rows = one_pass(pages, profiler)
    traf, ext, read = (sum(r[i] for r in rows) for i in range(3))
    per_page = sorted(r[2] / r[0] for r in rows if r[0] > 0)
    print(f"{len(rows)} pages, {2 * len(DIMENSIONS)} cells each (2 objects x {len(DIMENSIONS)} dimensions)")
    print(f"trafilatura.extract   {1000 * traf / len(rows):7.1f} ms/page")
    print(f"extract_page (visit)  {1000 * ext / len(rows):7.1f} ms/page")
    print(f"read_page (reader)    {1000 * read / len(rows):7.1f} ms/page")
    print(f"reader / trafilatura  {read / traf:7.2f}x over all pages (goal <= 2x); per page median "
          f"{statistics.median(per_page):.2f}x, p90 {per_page[int(0.9 * (len(per_page) - 1))]:.2f}x")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
