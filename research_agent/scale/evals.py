"""`research eval --submit` and `research eval collect RUN`: an evaluation as queue jobs.

`submit_eval` writes one `eval_results` row per (case, stopper) of a new run
id and defers one `research.eval_case` job for each; a worker runs the case
exactly as `research eval` does (`evals.runner.run_case`: its own loopback
web, index and throwaway SQLite store) and writes the metrics into the row.
Running a case twice (a retried job) only rewrites its row.  `collect` reads
the rows and prints the usual tables once every case is in (before that it
says how many are); its exit status is `research eval`'s.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from procrastinate.jobs import Job

from .queue import APP

if TYPE_CHECKING:
    import procrastinate
    from procrastinate.job_context import JobContext

    from ..store.pg import PgStore

__all__ = ["EVAL_CASE", "collect", "submit_eval"]

EVAL_CASE = "research.eval_case"


@APP.task(name=EVAL_CASE, pass_context=True)
def eval_case(context: "JobContext", run_id: str, case_dir: str, stopper: str, model: str, case_id: str) -> None:
    from ..evals.runner import run_case
    from .runtime import current

    result = run_case(case_dir, stopper, model)
    with current().store.database.connection() as conn:
        conn.execute("UPDATE eval_results SET result_json = %s WHERE run_id = %s AND case_id = %s AND stopper = %s",
                     (json.dumps(result, default=str), run_id, case_id, stopper))


def submit_eval(store: "PgStore", app: "procrastinate.App", paths: list[Path], *, model: str, baselines: bool) -> str:
    """Queue every case of `paths`; returns the run id `collect` takes."""
    from ..evals.case import discover_cases
    from ..evals.runner import STOPPERS

    cases = discover_cases(paths)
    stoppers = STOPPERS if baselines else ("evidence",)
    run_id = "eval-" + time.strftime("%Y%m%d") + "-" + os.urandom(3).hex()
    jobs = [(c, s) for s in stoppers for c in cases]
    with store.database.connection() as conn, conn.transaction():
        for case, stopper in jobs:
            conn.execute("INSERT INTO eval_results (run_id, case_id, stopper, cases) VALUES (%s, %s, %s, %s)",
                         (run_id, case.id, stopper, len(jobs)))
    app.job_manager.batch_defer_jobs([
        Job(queue="default", lock=None, queueing_lock=None, task_name=EVAL_CASE,
            task_kwargs={"run_id": run_id, "case_dir": str(case.root.resolve()), "stopper": stopper, "model": model,
                         "case_id": case.id})
        for case, stopper in jobs])
    return run_id


def collect(store: "PgStore", run_id: str, *, json_path: Path | None, out: Any = None) -> int | None:
    """Print the run's tables (`research eval`'s); None when the run is unknown, 3 while cases are missing."""
    from ..evals.runner import _print_misses, _print_summary, check_thresholds, summarize

    out = out if out is not None else sys.stdout
    with store.database.connection() as conn:
        rows = conn.execute("SELECT stopper, result_json FROM eval_results WHERE run_id = %s", (run_id,)).fetchall()
    if not rows:
        return None
    done = [json.loads(r[1]) for r in rows if r[1] is not None]
    if len(done) < len(rows):
        print(f"{run_id}: {len(done)}/{len(rows)} cases finished; run `research eval collect {run_id}` again later",
              file=out)
        return 3
    stoppers = tuple(s for s in ("evidence", "max_steps", "stagnation") if any(r[0] == s for r in rows))
    summary = summarize(done)
    _print_summary(summary, stoppers, done[0].get("model", "") if done else "", len(stoppers) > 1, out)
    _print_misses(done, out)
    failures = check_thresholds(summary)
    print(f"\n{len(done)} case runs collected from {run_id}", file=out)
    for f in failures:
        print(f"THRESHOLD FAILED {f}", file=out)
    if json_path:
        json_path.write_text(json.dumps({"summary": summary, "runs": done, "threshold_failures": failures}, indent=2))
    return 1 if failures else 0
