"""`research eval`: run every case, score each ending, print the tables.

Each case runs in a worker process against its own loopback web (the case's
pages, with its injected faults), its own search index and its own SQLite
store, through the same composition root as `research run`.  With
`baselines=True` the same cases also run, in the same invocation, under
(a) max-steps only — the agent keeps researching until the step budget ends
it — and (b) QitOS-style stagnation + final-result stopping — the agent
answers as soon as every cell has a value and otherwise stops after three
steps without a state change.

Exit status is non-zero when a threshold fails (see `THRESHOLDS`).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..config import ResearchConfig, default_eval_paths, load_config, model_settings
from ..model_spec import ModelSpec
from .case import EvalCase, discover_cases, load_case
from . import recorded
from .metrics import COLUMNS, CaseFacts, RunMetrics, aggregate, fmt, is_correct, measure
from .realdata_score import load_gold, score_refused
from .workers import worker_pool

STOPPERS = ("evidence", "max_steps", "stagnation")
THRESHOLDS = {
    "accuracy": 1.0, "premature_stops": 0, "duplicate_queries_executed": 0, "usable": 1.0, "wrong_confirmations": 0,
}
"""What the evidence stopper must meet; quick cases must also use fewer tool calls than max-steps only."""


def run_case(case_dir: str, stopper: str, model: ModelSpec | str = ModelSpec(), record: bool = False,
             keep: str | None = None, oracle: str | None = None) -> dict:
    """Run one case under one stopper; returns `RunMetrics.to_dict()`.

    `model` `scripted:auto` replays the case's recorded script (`EvalCase.model_script_path`);
    a case without one is scored as failed, never silently run offline.  `record=True`
    (evidence stopper only) writes the model's answers to the case's script file.  `keep`: the
    eval recording's folder, where the case's database stays (`<stopper>/<case>.db`) for replay.
    `oracle` ("gold" or "wrong") puts a perfect reader model (`oracle.PerfectReader`) on a
    loopback server in the model's seat, whatever `model` says, and scores its findings."""
    case = load_case(Path(case_dir))
    started = time.monotonic()
    spec = eval_model(model)
    if spec.is_auto:
        script = case.model_script_path
        if script is None:
            return _crashed(case, stopper, f"no recorded model script in {case.root} (record one with --record)", 0.0)
        spec = spec.with_script(script)
    record_to = None
    if record and stopper == "evidence" and spec.uses_model:
        record_to = case.record_target
        record_to.unlink(missing_ok=True)  # a recording replaces the previous one
    server, reader = None, None
    if oracle is not None:
        from .oracle import MODEL_NAME, perfect_reader_server

        server, reader = perfect_reader_server(case.root, oracle)  # type: ignore[arg-type]
        spec = ModelSpec.parse(f"openai:{MODEL_NAME}")
    try:
        outcome = _start(case, stopper, spec, record_to, keep, None if server is None else server.base_url)
    except Exception as exc:  # an eval run that crashes is scored as failed, with the reason shown
        import traceback
        traceback.print_exc()
        return _crashed(case, stopper, f"{type(exc).__name__}: {exc}", time.monotonic() - started)
    finally:
        if server is not None:
            server.stop()
    offered = None
    if reader is not None:
        from .oracle_score import score_offers

        offered = score_offers(reader.offers, outcome.state, reader.mode, reader.gold.cells, reader.errors)
    metrics = measure(case, stopper, outcome, time.monotonic() - started, oracle=offered)
    metrics.correct = is_correct(metrics)
    return metrics.to_dict()


def _start(case: EvalCase, stopper: str, spec: ModelSpec, record_to: Path | None, keep: str | None,
           base_url: str | None) -> Any:
    """Run the case in a temp dir of its own (store, index, traces) and return the outcome."""
    from .. import compose
    from ..construct import open_store
    from ..tools.faults import Fault

    with tempfile.TemporaryDirectory(prefix="research-eval-") as tmp:
        tmpdir = Path(tmp)
        settings: dict[str, Any] = (
            model_settings(load_config(), spec) if spec.kind == "openai" else {"model": spec})
        if base_url is not None:  # a model served for this case: its negotiated rung is remembered in the temp dir
            settings.update(openai_base_url=base_url, llm_capabilities_file=tmpdir / "llm_capabilities.json")
        db = _kept_db(keep, stopper, case.id) if keep else tmpdir / "eval.db"
        cfg = ResearchConfig(
            **settings, db=db, traces=tmpdir / "traces", corpus=case.root, record_script=record_to,
            max_steps=case.budget.max_steps, max_time=case.budget.max_time, max_tokens=case.budget.max_tokens,
            max_cost=case.budget.max_cost, http_timeout=0.5, retry_base_delay=0.05, retry_max_delay=0.5,
        )
        faults = [Fault(**f.model_dump()) for f in case.faults]
        store = open_store(cfg)
        try:
            return compose.start(
                store, cfg, case.contract_model(), task_id=case.id, stopper=stopper, faults=faults,
                index_path=tmpdir / "index.db", sleep=_skip_wait,
            )
        finally:
            store.close()


def _question_refused(case: EvalCase, stopper: str) -> dict:
    """The run of a case whose question the parser refuses: not run, every expectation missed."""
    gold = load_gold(case.root)
    return RunMetrics(
        case=case.id, category=case.category, stopper=stopper, expected=str(case.expect.end_kind),
        end_kind="question_refused", stop_reason=None, stop_detail="the question parser refuses the question",
        correct=False, premature=False, tool_calls=0, steps=0, invalid_actions=0, searches=0, duplicate_queries=0,
        opened=0, duplicate_sources=0, partial=False, report_usable=None, cells_expected=len(case.expect.cells),
        cells_matched=0, seconds=0.0, realdata=None if gold is None else score_refused(gold),
    ).to_dict()


def _kept_db(keep: str, stopper: str, case_id: str) -> Path:
    path = Path(keep) / stopper / f"{case_id}.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    return path


def _skip_wait(seconds: float) -> None:
    """The retry backoff's sleep in an eval: a case's faults recover by request count
    (`Fault.times`), never by time, so waiting out a backoff only costs wall time;
    the critic still computes and traces the delay.  (The local web's `timeout`
    fault holds a request until the client's 0.5 s read timeout fires; `slow`
    pages answer in 0.3 s, within it.)"""


def _crashed(case: EvalCase, stopper: str, error: str, seconds: float) -> dict:
    return RunMetrics(
        case=case.id, category=case.category, stopper=stopper, expected=str(case.expect.end_kind),
        end_kind="failed", stop_reason=None, stop_detail=error, correct=False, premature=False, tool_calls=0,
        steps=0, invalid_actions=0, searches=0, duplicate_queries=0, opened=0, duplicate_sources=0, partial=True,
        report_usable=False, cells_expected=len(case.expect.cells), cells_matched=0, seconds=round(seconds, 2),
        error=error,
    ).to_dict()


def table(title: str, groups: dict[str, dict]) -> str:
    head = ["category"] + [c for c, _ in COLUMNS]
    rows = [[name] + [fmt(agg.get(key), key) for _, key in COLUMNS] for name, agg in groups.items()]
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    line = lambda r: "  ".join(str(v).ljust(w) for v, w in zip(r, widths))  # noqa: E731
    return "\n".join([title, line(head), line(["-" * w for w in widths]), *map(line, rows)])


def summarize(results: list[dict]) -> dict:
    by: dict[str, dict[str, list[RunMetrics]]] = {}
    for r in results:
        by.setdefault(r["stopper"], {}).setdefault(r["category"], []).append(RunMetrics(**r))
    out: dict = {}
    for stopper, cats in by.items():
        groups = {cat: aggregate(rows) for cat, rows in sorted(cats.items())}
        groups["overall"] = aggregate([row for rows in cats.values() for row in rows])
        out[stopper] = groups
    return out


def check_thresholds(summary: dict) -> list[str]:
    failures = []
    ev = summary.get("evidence", {}).get("overall", {})
    for key, want in THRESHOLDS.items():
        got = ev.get(key)
        if got is None:
            continue
        ok = got >= want if key in ("accuracy", "usable") else got <= want
        if not ok:
            failures.append(f"{key}: {got} (threshold {want})")
    base = summary.get("max_steps", {}).get("quick_complete")
    quick = summary.get("evidence", {}).get("quick_complete")
    if base and quick and not (quick["tool_calls"] < base["tool_calls"]):
        failures.append(f"quick cases: {quick['tool_calls']:.1f} tool calls vs {base['tool_calls']:.1f} for max-steps only")
    return failures


def run_eval(
    paths: list[Path], *, baselines: bool = False, json_path: Path | None = None, workers: int = 2,
    model: ModelSpec | str = ModelSpec(), record: bool = False, out=None, split: str = "dev", oracle: str | None = None,
) -> int:
    """Run the cases under `paths` and print the tables.  `split="test"`: the cases are a test part
    (docs/splits.md) — only aggregates are printed or written, never a case's miss.  `oracle`: a perfect
    reader model in the model's seat (`run_case`)."""
    out = out if out is not None else sys.stdout  # resolved per call: stdout may be swapped between calls
    model = eval_model(model)
    unread: list[EvalCase] = []  # cases whose question the parser refuses: measured as misses, not run
    cases = discover_cases(paths or default_eval_paths(), refused=unread)
    refused = "no cases found" if not cases + unread else _refusal(model, record=record, baselines=baselines, oracle=oracle)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    stoppers = STOPPERS if baselines else ("evidence",)
    started = time.monotonic()
    folder, recording, removed = recorded.new_recording(f"oracle:{oracle}" if oracle else str(model))
    recording.split = split
    results = _run_jobs([(str(c.root), s, model, record, str(folder), oracle) for s in stoppers for c in cases], workers)
    results += [_question_refused(c, s) for s in stoppers for c in unread]
    cases += unread
    _keep(folder, recording, cases, stoppers, results)
    summary = summarize(results)
    _print_summary(summary, stoppers, f"perfect reader, {oracle} findings" if oracle else model, baselines, out)
    if split == "test":
        missed = sum(1 for r in results if r["stopper"] == "evidence" and not r["correct"])
        print(f"\ntest part: {missed} of {len(cases)} case(s) missed; per-case misses are not shown", file=out)
    else:
        _print_misses(results, out)
    if any(r.get("realdata") for r in results):  # cases with a gold.json: values against gold forms
        from .realdata_score import realdata_table
        print(realdata_table([r for r in results if r["stopper"] == "evidence"], split), file=out)
    failures = check_thresholds(summary)
    print(f"\n{len(cases)} cases × {len(stoppers)} stopper(s) in {time.monotonic() - started:.1f}s", file=out)
    if record:
        print(f"recorded the {model} answers of {len(cases)} case(s) to each case's script file", file=out)
    print(f"kept for replay: `research eval --replay {recording.id} --grid min_sources=1,2,3 stagnation=2,3,5`"
          + (f" (removed {removed} older recording(s))" if removed else ""), file=out)
    for f in failures:
        print(f"THRESHOLD FAILED {f}", file=out)
    if json_path:
        _write_json(json_path, summary, results, failures, split)
    return 1 if failures else 0


def _write_json(path: Path, summary: dict, results: list[dict], failures: list[str], split: str) -> None:
    """The metrics file: the summary, the real-data figures per set and — for a dev part only — every run."""
    from .realdata_figures import set_figures

    evidence = [r for r in results if r["stopper"] == "evidence"]
    data: dict[str, Any] = {
        "split": split, "summary": summary, "threshold_failures": failures,
        "realdata": [f.to_dict() for f in set_figures(evidence, split)],
        "runs": results if split != "test" else [],
    }
    if split == "test":
        data["runs_withheld"] = len(results)
    path.write_text(json.dumps(data, indent=2, default=str))


def eval_model(model: ModelSpec | str) -> ModelSpec:
    """The eval's model: a `ModelSpec` as given, or text parsed once (`scripted:auto` allowed)."""
    return model if isinstance(model, ModelSpec) else ModelSpec.parse(model, allow_auto=True)


def _keep(folder: Path, recording: recorded.RecordedEval, cases: list[EvalCase], stoppers: tuple[str, ...],
          results: list[dict[str, Any]]) -> None:
    """Write the recording's manifest: every case run whose database holds a recording."""
    by_id = {c.id: c for c in cases}
    for r in results:
        db = Path(r["stopper"]) / f"{r['case']}.db"
        if r.get("error") is None and (folder / db).is_file():
            facts = CaseFacts.of(by_id[r["case"]])
            recording.cases.append(recorded.RecordedCase(facts=facts, stopper=r["stopper"], db=str(db), task_id=r["case"]))
    recorded.save(folder, recording)


def _refusal(model: ModelSpec, *, record: bool, baselines: bool, oracle: str | None = None) -> str | None:
    """Why this combination of options cannot run, or None."""
    if oracle is not None:
        from .oracle import ORACLE_MODES

        if oracle not in ORACLE_MODES:
            return f"--oracle {oracle!r}: choose one of {', '.join(ORACLE_MODES)}"
        if model.kind != "offline" or record:
            return "--oracle puts its own model in the model's seat: give it no --model and no --record"
    if record and model.kind in ("offline", "scripted"):
        return f"--record needs a model to record (rules or openai:<name>), not {str(model)!r}"
    if baselines and model.kind == "scripted":
        return ("--baselines with a recorded script: the scripts hold the evidence stopper's runs only; "
                "run the baselines with a live model (rules, openai:<name>) or offline")
    return None


def _run_jobs(jobs: list[tuple[str, str, ModelSpec, bool, str, str | None]], workers: int) -> list[dict[str, Any]]:
    if workers > 1:
        # leaving the block (normally, or on Ctrl-C) terminates the workers; a
        # SIGKILLed parent takes them with it (see workers.py)
        with worker_pool(workers) as pool:
            return pool.starmap(run_case, jobs, chunksize=1)
    return [run_case(*j) for j in jobs]


def _print_summary(summary: dict[str, Any], stoppers: tuple[str, ...], model: ModelSpec | str, baselines: bool, out: Any) -> None:
    for stopper in stoppers:
        print(table(f"\n== stopper: {stopper} ==", summary[stopper]), file=out)
        overall = summary[stopper]["overall"]
        if overall.get("model_calls"):
            print(
                f"model ({model}): {overall['model_calls']:.1f} calls and {overall['tokens']:.0f} tokens per case; "
                f"{overall['rejected_outputs']} answers rejected as invalid, "
                f"{overall['rejected_findings']} findings rejected as ungrounded",
                file=out,
            )
    if baselines:
        print("\n== evidence stopper vs baselines (tool calls per case; ratio < 1 = fewer) ==", file=out)
        for cat, agg in summary["evidence"].items():
            parts = []
            for base in ("max_steps", "stagnation"):
                b = summary[base].get(cat, {})
                if b.get("tool_calls"):
                    parts.append(f"{base}: {agg['tool_calls'] / b['tool_calls']:.2f}x (acc {fmt(b['accuracy'], 'accuracy')}, premature {fmt(b['premature'], 'premature')})")
            print(f"{cat:15} " + "; ".join(parts), file=out)


def _print_misses(results: list[dict[str, Any]], out: Any) -> None:
    for r in results:
        if r["stopper"] != "evidence" or r["correct"]:
            continue
        print(
            f"MISS {r['case']}: expected {r['expected']}, got {r['end_kind']} ({r['stop_reason']}: {r['stop_detail']})"
            + (f" cells {r['mismatched_cells']}" if r["mismatched_cells"] else "")
            + (" tool-call bound exceeded" if r.get("tool_call_bound_ok") is False else "")
            + (f" WRONG CONFIRMATIONS {r['wrong_cells']}" if r.get("wrong_confirmations") else ""),
            file=out,
        )
