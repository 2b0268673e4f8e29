"""The reader on every set's dev part beside its test part, in one table (docs/splits.md, docs/reader.md).

Sets: RAMDocs (rows 1–200 / 201–400), the real comparison paragraphs (dev = comparison +
comparison-fresh + comparison-fresh2, test = comparison-test), MuSiQue single hops (questions 1–50 / 51–100) and
the synthetic cases (evalsets_dev/ … evalsets_dev5/ / evalsets_test/).  A part whose cases are not written yet
is listed as such.  Per part: cases, cells right (the confirmed value checked against gold),
confirmed values that are no gold form, endings, gold read, wrong confirmations, tool calls per
case against the minimum, fallback contracts and the wall time; per set, the dev − test gap in
points.  `--oracle` adds the perfect reader model's rows (`research eval --oracle gold|wrong`).

Per-case misses (missed, MISMATCH, WRONG, REFUSED) are printed for dev parts only, after the
tables (`--quiet`: not at all); a test part prints its aggregates and nothing else, here and in
`--json`.

Usage: python bench/reader_splits.py [--oracle] [--sets ramdocs,comparison,musique,synthetic]
       [--modes reader,oracle:gold,oracle:wrong] [--limit N] [--workers 2] [--json FILE] [--quiet]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from research_agent.config import REPO_ROOT
from research_agent.evals.realdata import RealDataMissing, build_set
from research_agent.evals.realdata_figures import HEADER, SetFigures, case_lines, figures_row, oracle_row
from research_agent.evals.runner import run_eval
from research_agent.evals.splits import COMPARISON_SETS

SETS = ("ramdocs", "comparison", "musique", "synthetic")
SYNTHETIC = {"dev": tuple(REPO_ROOT / f"evalsets_dev{n}" for n in ("", "2", "3", "4", "5")), "test": (REPO_ROOT / "evalsets_test",)}
COMPARISON = COMPARISON_SETS


@dataclass
class Part:
    """One part of one set as run: its figures (None when it could not be built) and, for dev, its case lines."""

    set: str
    split: str
    mode: str = "reader"
    """reader (the program as shipped), or oracle:gold / oracle:wrong."""
    figures: SetFigures | None = None
    note: str = ""
    lines: list[str] = field(default_factory=list)


def build_part(name: str, split: str, dest: Path, limit: int | None) -> tuple[list[Path], str]:
    """The case folders of one part and a note on what was left out (RealDataMissing when absent)."""
    if name == "synthetic":
        roots = SYNTHETIC[split]
        for root in roots:
            if not root.is_dir():
                raise RealDataMissing(f"{root.name}/ is not written yet")
        cases = sorted(p.parent for root in roots for p in root.rglob("case.toml"))
        return cases[:limit] if limit else cases, ""
    if name == "comparison":
        cases: list[Path] = []
        for set_name in COMPARISON[split]:
            cases += build_set(set_name, dest, limit=limit).cases
        return cases, ""
    built = build_set(name, dest, split=split, limit=limit)  # type: ignore[arg-type]
    note = built.describe() if name == "musique" else ""
    return built.cases, note


def run_part(name: str, split: str, mode: str, tmp: Path, args: argparse.Namespace) -> Part:
    part = Part(name, split, mode)
    try:
        cases, part.note = build_part(name, split, tmp / f"{name}-{split}-{mode.replace(':', '-')}", args.limit)
    except RealDataMissing as exc:
        part.note = str(exc)
        return part
    report = tmp / f"{name}-{split}-{mode}.json".replace(":", "-")
    started = time.monotonic()
    run_eval(cases, json_path=report, workers=args.workers, out=io.StringIO(), split=split,
             oracle=mode.partition(":")[2] or None)
    data = json.loads(report.read_text())
    rows = [SetFigures.from_dict(r) for r in data["realdata"]]
    part.figures = rows[0] if rows else SetFigures(name, split)
    part.figures.seconds = round(time.monotonic() - started, 1)
    if split == "dev":  # a test part's runs are withheld by run_eval; never read or print them
        part.lines = case_lines([r for r in data["runs"] if r["stopper"] == "evidence"], every=True)
    return part


def _pct(part: int, whole: int) -> float | None:
    return 100.0 * part / whole if whole else None


def gap_row(dev: SetFigures, test: SetFigures) -> str:
    """dev − test in points, for cells right, endings and gold read."""
    pairs = [("cells right", dev.cells_right, dev.cells_total, test.cells_right, test.cells_total),
             ("endings", dev.endings, dev.cases, test.endings, test.cases),
             ("gold read", dev.gold_read, dev.cases, test.gold_read, test.cases)]
    out = []
    for label, a, n, b, m in pairs:
        d, t = _pct(a, n), _pct(b, m)
        out.append(f"{label} {d - t:+.0f}" if d is not None and t is not None else f"{label} –")
    return f"{dev.set:17} dev − test (points): " + ", ".join(out)


def print_table(parts: list[Part], out=sys.stdout) -> None:
    print(f"\n== the reader, dev beside test ==\n{HEADER}  {'seconds':>7}", file=out)
    for p in parts:
        if p.mode != "reader":
            continue
        if p.figures is None:
            print(f"{p.set:17} {p.split:5} —  {p.note}", file=out)
            continue
        print(f"{figures_row(p.figures)}  {p.figures.seconds:>7.0f}", file=out)
    for name in dict.fromkeys(p.set for p in parts):
        dev, test = (next((p.figures for p in parts if (p.set, p.split, p.mode) == (name, s, "reader")), None)
                     for s in ("dev", "test"))
        if dev is not None and test is not None:
            print(gap_row(dev, test), file=out)
    oracle = [p for p in parts if p.mode != "reader" and p.figures is not None]
    if oracle:
        print("\n== a perfect reader model in the model's seat (--oracle) ==", file=out)
        for p in oracle:
            assert p.figures is not None
            print(f"{figures_row(p.figures, f'{p.set} {p.mode[7:]}')}  {p.figures.seconds:>7.0f}", file=out)
            print("    " + oracle_row(p.figures, p.set).split(": ", 1)[1], file=out)
    notes = [p.note for p in parts if p.note and p.figures is not None and p.mode == "reader"]
    for note in notes:
        print(f"note: {note}", file=out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    ap.add_argument("--oracle", action="store_true", help="add the perfect reader model's rows (gold and wrong)")
    ap.add_argument("--modes", default=None,
                    help="comma-separated: reader, oracle:gold, oracle:wrong (default: reader, plus both oracle modes with --oracle)")
    ap.add_argument("--limit", type=int, default=None, help="at most N cases per part (per set file for comparison)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None, help="write every part's figures (aggregates only) here")
    ap.add_argument("--quiet", action="store_true", help="print the tables only, not the dev parts' per-case lines")
    args = ap.parse_args()
    names = [s.strip() for s in args.sets.split(",") if s.strip()]
    if unknown := [s for s in names if s not in SETS]:
        print(f"error: --sets {','.join(unknown)}: choose from {', '.join(SETS)}", file=sys.stderr)
        return 2
    modes = ["reader", *(["oracle:gold", "oracle:wrong"] if args.oracle else [])]
    if args.modes:
        modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    started = time.monotonic()
    parts: list[Part] = []
    with tempfile.TemporaryDirectory(prefix="research-reader-splits-") as tmp:
        for name in names:
            for mode in modes:
                for split in ("dev", "test"):
                    parts.append(run_part(name, split, mode, Path(tmp), args))
                    print(f"ran {name} {split} {mode}", file=sys.stderr)
    print_table(parts)
    if not args.quiet:
        for p in parts:
            if p.split == "dev" and p.lines:
                print(f"\n-- {p.set} dev, {p.mode}: per-case lines --\n" + "\n".join(p.lines))
    print(f"\ntotal {time.monotonic() - started:.0f}s")
    if args.json:
        rows = [{"set": p.set, "split": p.split, "mode": p.mode, "note": p.note,
                 "figures": p.figures.to_dict() if p.figures else None} for p in parts]
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
