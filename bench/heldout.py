"""The held-out test splits beside their dev splits (issue 21, docs/splits.md): figures only.

* `synthetic`  — test: `evalsets_test/` (cases written apart, in the evalset format, each with a
  gold.json) and, on rows of their own, `evalsets_test2/` (twelve cases written blind on 2026-12-04) and
  `evalsets_test3/`, `evalsets_test4/`, `evalsets_test5/`, `evalsets_test6/` and `evalsets_test7/` (twelve more each, written blind on 2026-12-05) and `evalsets_test8/` (twelve more, written blind on 2026-12-06); dev: `evalsets_dev/` to `evalsets_dev5/`, and `evalsets_dev6/` (written blind on 2026-12-05), `evalsets_dev7/` (2026-12-06) and `evalsets_dev8/` (2026-12-06) on rows of their own;
* `comparison` — test: `research_agent/evals/realdata_cases_test.toml`; dev: `realdata_cases.toml` and
  `realdata_cases_fresh.toml` (questions over real paragraphs of ../shared/data/multihop, built at
  run time and never stored);
* `newcomer`   — test only: the corpora under `evalsets_test/corpora/`, run as a new user would
  (`bench/newcomer.py`).

Each case runs offline through the same composition root and settings as `research eval`.  Printed per
set and split: cases, endings right, gold cells confirmed with a gold value, expected cell statuses met,
wrong confirmations (see `bench/_heldout_score.py`), questions refused by the parse, whole cases (end kind,
every expected status and no wrong confirmation: what `research eval` counts correct) — and the dev − test
gap.  It never prints which case missed, a value or a quote: read misses on dev only (`research eval
evalsets_dev`), never on test.

Usage: python bench/heldout.py [--set synthetic|comparison|newcomer|all] [--split test|dev|both] [--workers 2]
Exit status 0, or 2 when a set's data is missing or malformed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _heldout_score import FIGURES_HEAD, Figures, RunCells, figures_line, score_run  # noqa: E402
import newcomer  # noqa: E402

from research_agent.config import REPO_ROOT  # noqa: E402

SYNTHETIC = {
    "test": [REPO_ROOT / "evalsets_test"], "test2": [REPO_ROOT / "evalsets_test2"], "test3": [REPO_ROOT / "evalsets_test3"],
    "test4": [REPO_ROOT / "evalsets_test4"], "test5": [REPO_ROOT / "evalsets_test5"],
    "test6": [REPO_ROOT / "evalsets_test6"],
    "test7": [REPO_ROOT / "evalsets_test7"],
    "test8": [REPO_ROOT / "evalsets_test8"],
    "dev": [REPO_ROOT / f"evalsets_dev{n}" for n in ("", "2", "3", "4", "5")],
    "dev6": [REPO_ROOT / "evalsets_dev6"],
    "dev7": [REPO_ROOT / "evalsets_dev7"],
    "dev8": [REPO_ROOT / "evalsets_dev8"],
}


class DataProblem(Exception):
    """A set's files are missing or malformed."""


def run_one(case_dir: str) -> tuple[RunCells, dict, dict[str, str]]:
    """Run one case as `research eval` does (offline, evidence stopper); its cells, gold and expected statuses."""
    from research_agent import compose
    from research_agent.config import ResearchConfig
    from research_agent.construct import open_store
    from research_agent.evals.case import CaseError, load_case
    from research_agent.evals.support import wrong_confirmations
    from research_agent.tools.faults import Fault

    root = Path(case_dir)
    gold = json.loads((root / "gold.json").read_text(encoding="utf-8"))
    try:
        case = load_case(root)
    except CaseError:
        return RunCells(end_kind="refused", refused=True), gold, {}
    contract = case.contract_model()
    with tempfile.TemporaryDirectory(prefix="research-heldout-") as tmp:
        settings: dict = {"model": "offline"}  # the settings run_case gives an offline eval run
        cfg = ResearchConfig(
            **settings, db=Path(tmp) / "eval.db", traces=Path(tmp) / "traces", corpus=case.root,
            max_steps=case.budget.max_steps, max_time=case.budget.max_time, http_timeout=0.5,
            retry_base_delay=0.05, retry_max_delay=0.5,
        )
        store = open_store(cfg)
        try:
            outcome = compose.start(store, cfg, contract, task_id=case.id, stopper="evidence",
                                    faults=[Fault(**f.model_dump()) for f in case.faults],
                                    index_path=Path(tmp) / "index.db", sleep=lambda _s: None)
        except Exception:  # a crashed run is scored as a wrong ending with nothing confirmed
            return RunCells(end_kind="failed"), gold, dict(case.expect.cells)
        finally:
            store.close()
    return _cells_of(outcome, contract, wrong_confirmations), gold, dict(case.expect.cells)


def _cells_of(outcome, contract, wrong_confirmations) -> RunCells:
    state = outcome.state
    cells = {}
    for key, cell in state.cells.items():
        shown = [s for fid in cell.finding_ids if (f := state.findings.get(fid)) for s in (f.display, f.value) if s]
        cells[key] = (cell.status, shown + ([cell.value] if cell.value else []))
    return RunCells(
        end_kind=outcome.end_kind.value, cells=cells, objects={o.name: o.names for o in contract.objects},
        dimensions=[d.name for d in contract.dimensions], quote_wrong={w.cell for w in wrong_confirmations(state)},
    )


def _score(job: str) -> Figures:
    run, gold, statuses = run_one(job)
    return score_run(run, gold, statuses)


def _synthetic_cases(split: str) -> list[str]:
    dirs = sorted(p.parent for base in SYNTHETIC[split] for p in base.glob("*/case.toml"))
    missing = [d for d in dirs if not (d / "gold.json").is_file()]
    if not dirs or missing:
        raise DataProblem(f"{SYNTHETIC[split][0]}: no cases, or cases without a gold.json ({len(missing)})")
    return [str(d) for d in dirs]


def _comparison_cases(split: str, dest: Path) -> list[str]:
    from research_agent.evals.realdata import RealDataMissing, shared_data_dir
    from research_agent.evals.realdata_comparison import build_comparison, specs_of
    from research_agent.evals.splits import COMPARISON_SETS

    specs = [s for name in COMPARISON_SETS[split] for s in specs_of(name)]
    try:
        return [str(p) for p in build_comparison(shared_data_dir() / "multihop", dest, specs=specs)]
    except (RealDataMissing, KeyError) as exc:
        raise DataProblem(str(exc)) from exc


def _run_all(jobs: list[str], workers: int) -> Figures:
    from research_agent.evals.workers import worker_pool

    total = Figures()
    if workers > 1:
        with worker_pool(workers) as pool:
            results = pool.map(_score, jobs, chunksize=1)
    else:
        results = [_score(j) for j in jobs]
    for f in results:
        total.add(f)
    return total


def _gap(dev: Figures, test: Figures) -> str:
    def pct(n: int, d: int) -> float:
        return 100.0 * n / d if d else 0.0
    return (f"  dev - test gap: endings {pct(dev.endings, dev.cases) - pct(test.endings, test.cases):+.0f} points, "
            f"cells right {pct(dev.cells_right, dev.cells_total) - pct(test.cells_right, test.cells_total):+.0f} points")


def measure(name: str, splits: list[str], workers: int) -> list[str]:
    lines, got = [], {}
    if name == "synthetic" and "dev" in splits:
        splits = [*splits[:splits.index("dev") + 1], "dev6", "dev7", "dev8", *splits[splits.index("dev") + 1:]]
    if name == "synthetic" and "test" in splits:
        splits = [*splits, "test2", "test3", "test4", "test5", "test6", "test7", "test8"]
    for split in splits:
        started = time.monotonic()
        with tempfile.TemporaryDirectory(prefix=f"research-heldout-{name}-") as tmp:
            jobs = _synthetic_cases(split) if name == "synthetic" else _comparison_cases(split, Path(tmp))
            got[split] = _run_all(jobs, workers)
        lines.append(figures_line(f"{name} {split}", got[split]) + f"  ({time.monotonic() - started:.0f}s)")
    if "dev" in got:
        lines += [_gap(got["dev"], got[t]).replace("dev - test", f"dev - {t}") for t in ("test", "test2", "test3", "test4", "test5", "test6", "test7", "test8") if t in got]
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=["synthetic", "comparison", "newcomer", "all"], default="all")
    ap.add_argument("--split", choices=["test", "dev", "both"], default="both")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    splits = ["dev", "test"] if args.split == "both" else [args.split]
    print(FIGURES_HEAD)
    try:
        for name in ("synthetic", "comparison") if args.set == "all" else (args.set,):
            if name != "newcomer":
                print("\n".join(measure(name, splits, args.workers)), flush=True)
        if args.set in ("newcomer", "all") and "test" in splits:
            print("\n".join(newcomer.measure_corpora()))
    except (DataProblem, newcomer.DataProblem) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
