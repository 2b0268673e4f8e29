"""A newcomer's corpora, run as a new user would: `research run "<question>" --corpus DIR`, offline, no key.

Each folder under `evalsets_test/corpora/<name>/` holds `question.txt`, `gold.json` (cell → accepted
forms) and `corpus/` (plain `.html`/`.md`/`.txt` files, nested).  For each corpus this prints the cells
confirmed with a gold value, the wrong confirmations (a confirmed value that is no gold form, or whose
quote does not state it for its object) and the end kind — figures only, never a miss's text.  These
corpora are part of the test split (docs/splits.md): do not open them to tune the reader.

Usage: python bench/newcomer.py [CORPUS_DIR ...]    (default: every folder under evalsets_test/corpora)
Exit status 0, or 2 on a data problem (a missing folder, question or gold file, a report that is not JSON).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _heldout_score import FIGURES_HEAD, Figures, RunCells, figures_line, score_run  # noqa: E402

from research_agent.config import REPO_ROOT  # noqa: E402
from research_agent.evals.support import attributed, quote_has_value  # noqa: E402

CORPORA = REPO_ROOT / "evalsets_test" / "corpora"
REFUSED = 2
"""`research run`'s exit status for input it refuses (here: a question it cannot read)."""


class DataProblem(Exception):
    """A corpus folder, its question or its gold file is missing or malformed."""


def _load(folder: Path) -> tuple[str, dict, Path]:
    try:
        question = (folder / "question.txt").read_text(encoding="utf-8").strip()
        gold = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataProblem(f"{folder}: {exc}") from exc
    corpus = folder / "corpus"
    if not question or not gold.get("cells") or not corpus.is_dir():
        raise DataProblem(f"{folder}: needs question.txt, gold.json with cells and a corpus/ folder")
    gold.setdefault("expected_end_kind", "completed")
    return question, gold, corpus


def run_corpus(question: str, corpus: Path) -> RunCells:
    """`research run` in a fresh RESEARCH_HOME; the report's cells."""
    with tempfile.TemporaryDirectory(prefix="research-newcomer-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "TAVILY_", "BRAVE_", "SEARXNG_"))}
        env["RESEARCH_HOME"] = home
        done = subprocess.run(
            [sys.executable, "-m", "research_agent", "run", question, "--corpus", str(corpus), "--json", "--quiet"],
            capture_output=True, text=True, env=env, timeout=600,
        )
    if done.returncode == REFUSED:
        return RunCells(end_kind="refused", refused=True)
    try:
        report = json.loads(done.stdout)
    except ValueError as exc:
        raise DataProblem(f"{corpus}: research run printed no JSON report (exit {done.returncode})") from exc
    return _cells_of(report)


def _cells_of(report: dict) -> RunCells:
    cells: dict[str, tuple[str, list[str]]] = {}
    objects: dict[str, list[str]] = {}
    dims: list[str] = []
    for row in report.get("answer", []):
        cells[row["cell"]] = (row["status"], [row["conclusion"]] if row.get("conclusion") else [])
        objects.setdefault(row["object"], [row["object"]])
        dims += [row["dimension"]] if row["dimension"] not in dims else []
    wrong = set()
    for claim in report.get("verified_claims", []):
        cells[claim["cell"]][1].append(claim["value"])
        for src in claim.get("sources", []):
            quote = src.get("quote") or ""
            names = objects.get(claim["object"], [claim["object"]])
            if not quote_has_value(quote, claim["value"]) or not attributed(quote, names, src.get("title") or "", src.get("url") or ""):
                wrong.add(claim["cell"])
    return RunCells(end_kind=report.get("end_kind", "failed"), cells=cells, objects=objects, dimensions=dims,
                    quote_wrong=wrong)


def measure_corpora(folders: list[Path] | None = None) -> list[str]:
    """One figures line per corpus (with its end kind) and a total line."""
    folders = folders if folders is not None else sorted(p for p in CORPORA.iterdir() if p.is_dir()) if CORPORA.is_dir() else []
    if not folders:
        raise DataProblem(f"{CORPORA}: no corpus folders")
    total, lines = Figures(), []
    for folder in folders:
        question, gold, corpus = _load(folder)
        run = run_corpus(question, corpus)
        figures = score_run(run, gold)
        total.add(figures)
        lines.append(figures_line(f"newcomer {folder.name}", figures) + f"  end kind: {run.end_kind}")
    lines.append(figures_line("newcomer all", total))
    return lines


def main(argv: list[str]) -> int:
    try:
        lines = measure_corpora([Path(a) for a in argv] or None)
    except DataProblem as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(FIGURES_HEAD)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
