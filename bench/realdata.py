"""The real-data dev parts, whole, through `research eval`: RAMDocs rows 1–200, MuSiQue
questions 1–50 and the comparison cases we wrote (realdata_cases.toml, realdata_cases_fresh.toml),
with every case's miss.  Test parts (and the dev − test gap): bench/reader_splits.py.

Prints, per set, the real-data table: cell accuracy (confirmed cells matching a gold
form), endings (end kind = expected), gold read (some finding holds a gold value),
wrong confirmations (a confirmed value its quotes do not state for that object, or a
RAMDocs wrong answer), tool calls per case vs the minimum (1 search + the gold pages).

Usage: python bench/realdata.py [--set ramdocs|musique|comparison|comparison-fresh|comparison-fresh2|all] [--limit N]
       [--workers 2] [--json FILE]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from pathlib import Path

from research_agent.evals.realdata import RealDataMissing, build_set
from research_agent.evals.realdata_score import realdata_table
from research_agent.evals.runner import run_eval


SETS = ("ramdocs", "musique", "comparison", "comparison-fresh", "comparison-fresh2")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=[*SETS, "all"], default="all")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None, help="write every run's metrics here")
    args = ap.parse_args()
    runs: list[dict] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="research-bench-realdata-") as tmp:
        for name in SETS if args.set == "all" else (args.set,):
            try:
                cases = build_set(name, Path(tmp) / name, split="dev", limit=args.limit).cases
            except RealDataMissing as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
            report = Path(tmp) / f"{name}.json"
            t0 = time.monotonic()
            run_eval(cases, json_path=report, workers=args.workers, out=io.StringIO())
            print(f"{name}: {len(cases)} cases in {time.monotonic() - t0:.0f}s")
            runs += json.loads(report.read_text())["runs"]
    print(realdata_table(runs))
    slow = sorted(runs, key=lambda r: -r["seconds"])[:5]
    print("slowest cases: " + ", ".join(f"{r['case']} {r['seconds']:.1f}s" for r in slow))
    print(f"total {time.monotonic() - started:.0f}s")
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
