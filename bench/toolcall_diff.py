"""Per-case tool-call diff between two `research eval --json-out` files (or two `bench/realdata.py --json` files).

    python bench/toolcall_diff.py before.json after.json

Prints every case whose tool calls, steps, end kind or wrong confirmations changed, then the means.
Exit code 1 when an end kind turned wrong or a wrong confirmation appeared.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def load(path: str) -> dict[tuple[str, str], dict]:
    data = json.loads(Path(path).read_text())
    runs = data["runs"] if isinstance(data, dict) else data  # bench/realdata.py writes the bare list of runs
    return {(r["stopper"], r["case"]): r for r in runs}


def _cells(run: dict) -> str:
    """Cells right: the case's expected cells, or on real data the gold-matching confirmed cells and whether a gold value was read."""
    real = run.get("realdata")
    if real:
        return f"{real['cells_right']}/{real['cells_total']}{' gold read' if real['gold_read'] else ''}"
    return f"{run['cells_matched']}/{run['cells_expected']}"


def _seen(run: dict) -> tuple:
    return run["tool_calls"], run["steps"], run["end_kind"], run["wrong_confirmations"], _cells(run)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    before, after = load(argv[0]), load(argv[1])
    worse = False
    print(f"{'case':<14} {'calls':>11} {'steps':>11}  end kind")
    for key in sorted(before.keys() | after.keys()):
        b, a = before.get(key), after.get(key)
        if b is None or a is None:
            print(f"{key[1]:<14} only in {'after' if b is None else 'before'}")
            continue
        changed = _seen(b) != _seen(a)
        if a["correct"] is False and b["correct"] is not False or a["wrong_confirmations"] > b["wrong_confirmations"]:
            worse = True
        if changed:
            end = b["end_kind"] if b["end_kind"] == a["end_kind"] else f"{b['end_kind']} -> {a['end_kind']}"
            wrong = f"  wrong {b['wrong_confirmations']} -> {a['wrong_confirmations']}" if b["wrong_confirmations"] != a["wrong_confirmations"] else ""
            cells = f"  cells {_cells(b)} -> {_cells(a)}" if _cells(b) != _cells(a) else ""
            print(f"{key[1]:<14} {b['tool_calls']:>4} -> {a['tool_calls']:<3} {b['steps']:>4} -> {a['steps']:<3}  {end}{wrong}{cells}")
    for name, runs in (("before", before), ("after", after)):
        rs = list(runs.values())
        n = len(rs) or 1
        print(f"{name}: {len(rs)} cases, {sum(r['tool_calls'] for r in rs) / n:.3f} tool calls/case, "
              f"{sum(r['steps'] for r in rs) / n:.3f} steps/case, {sum(bool(r['correct']) for r in rs)}/{len(rs)} end kinds, "
              f"{sum(r['wrong_confirmations'] for r in rs)} wrong confirmations")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
