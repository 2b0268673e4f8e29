"""Page by page: of the gold values a synthetic case's pages write, how many the reader reads from that page (docs/reader.md).

A cell is confirmed only when two independent pages state it, so a rule that reads one more page right often moves
no cell; this counts the reader's work where it happens.  For every page of every case and every gold cell whose
value (one of its gold forms) the page's extracted text writes: the reader's reading for that cell on that page is
*right* (a gold form), *other* (another value: a misreading) or *missed* (none).  Pages are extracted as the visit
tool extracts them (`tools.extract.extract_page`) and read with the case's contract (`reading.read_page`); the
search, the stop rules and the support check play no part.

Splits as in bench/heldout.py: dev = evalsets_dev/ + dev2 … dev5, dev6 = evalsets_dev6/, dev7 = evalsets_dev7/ and dev8 = evalsets_dev8/ (rows of their own), test = evalsets_test/, test2 =
evalsets_test2/, test3 = evalsets_test3/, test4 = evalsets_test4/, test5 = evalsets_test5/, test6 = evalsets_test6/, test7 = evalsets_test7/, test8 = evalsets_test8/, newcomer = the corpora under evalsets_test/corpora/ (test; the contract parsed from each question,
as `research run` does).  Totals only: never a case, a value or a quote (docs/splits.md).

Usage: python bench/page_reads.py [--split dev|dev6|dev7|dev8|test|test2|test3|test4|test5|test6|test7|test8|newcomer|all]
"""

from __future__ import annotations

import argparse
import sys

from research_agent.config import REPO_ROOT
from research_agent.evals.page_reads import Reads, count_corpus, count_split

SPLITS = {
    "dev": [REPO_ROOT / f"evalsets_dev{n}" for n in ("", "2", "3", "4", "5")],
    "dev6": [REPO_ROOT / "evalsets_dev6"],
    "dev7": [REPO_ROOT / "evalsets_dev7"],
    "dev8": [REPO_ROOT / "evalsets_dev8"],
    "test": [REPO_ROOT / "evalsets_test"],
    "test2": [REPO_ROOT / "evalsets_test2"],
    "test3": [REPO_ROOT / "evalsets_test3"],
    "test4": [REPO_ROOT / "evalsets_test4"],
    "test5": [REPO_ROOT / "evalsets_test5"],
    "test6": [REPO_ROOT / "evalsets_test6"],
    "test7": [REPO_ROOT / "evalsets_test7"],
    "test8": [REPO_ROOT / "evalsets_test8"],
}
CORPORA = REPO_ROOT / "evalsets_test" / "corpora"


def _newcomer() -> Reads:
    total = Reads()
    for folder in sorted(p for p in CORPORA.iterdir() if (p / "question.txt").is_file()) if CORPORA.is_dir() else []:
        count_corpus(folder, total)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=[*SPLITS, "newcomer", "all"], default="all")
    args = parser.parse_args(argv)
    names = [*SPLITS, "newcomer"] if args.split == "all" else [args.split]
    print(f"{'split':8} {'pages':>6} {'gold written':>13} {'read right':>11} {'other value':>12} {'missed':>7}")
    for name in names:
        r = _newcomer() if name == "newcomer" else count_split(SPLITS[name])
        print(f"{name:8} {r.pages:>6} {r.written:>13} {r.right:>11} {r.other:>12} {r.missed:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
