"""`research index` (check a corpus) and `research eval` (the stopping evalsets)."""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ._app import EXIT_BAD_INPUT, EXIT_EPILOG, app
from ._common import BadInput, absolute, bad_input, check_corpus, compose, fail, resolve_model

if TYPE_CHECKING:
    from ..model_spec import ModelSpec

__all__ = ["eval_", "index"]


@app.command(epilog=EXIT_EPILOG)
def index(
    directory: Annotated[Path, typer.Argument(help="Corpus folder: any folder of .html/.md/.txt, or pages/<host>/….")],
    db: Annotated[Optional[Path], typer.Option("--db", help="Index file (default: cached under $RESEARCH_HOME/indexes).")] = None,
    db_path: Annotated[Optional[Path], typer.Option("--db-path", hidden=True, help="Old name of --db.")] = None,
) -> None:
    """Build (or rebuild) the local search index of a corpus and print its size and hosts.

    Runs reuse an index while no file of the corpus was added, removed or renamed; after
    editing files in place, run this to index their new text."""
    with bad_input():
        check_corpus(directory, "research index")
    root = compose()
    path = absolute(db or db_path) or root.corpus_index_path(directory)
    idx, count = root.build_index(directory, path, rebuild=True)
    try:
        hosts = sorted(idx.hosts())
    finally:
        idx.close()
    print(f"indexed {count} document{'s' if count != 1 else ''} from {directory} into {path}")
    print("hosts: " + (", ".join(hosts) if hosts else "none"))
    skipped = _skipped(directory)
    if skipped:
        by_reason = Counter(reason for _, reason in skipped)
        print(f"skipped {len(skipped)} file{'s' if len(skipped) != 1 else ''}: "
              + ", ".join(f"{n} {reason}" for reason, n in sorted(by_reason.items())))
    if count == 0:
        print(f"warning: no .html/.htm/.md/.txt page with text under {directory}", file=sys.stderr)


def _skipped(directory: Path) -> list[tuple[Path, str]]:
    """The corpus files that are not served or indexed, with why (binary, too large, outside the root…)."""
    from ..tools.localweb import iter_corpus

    skipped: list[tuple[Path, str]] = []
    for _ in iter_corpus(directory, skipped):
        pass
    return skipped


def _replay_eval(run: str | None, specs: list[str], *, as_json: bool, json_out: Path | None) -> None:
    """`--replay RUN --grid …`: the settings trade-off over a recorded eval; no case runs."""
    from ..evals.recorded import EvalReplayError
    from ..replay.grid import GridError, run_grid

    with bad_input():
        if run is None:
            raise BadInput("--grid needs --replay RUN (the id a `research eval` printed)")
        stray = [s for s in specs if "=" not in s]
        if stray:
            raise BadInput(f"with --replay, give grid settings as NAME=V1,V2,… (not {stray[0]!r})")
        try:
            data = run_grid(run, specs, out=sys.stderr if as_json else sys.stdout, json_path=json_out)
        except (EvalReplayError, GridError) as exc:
            raise BadInput(str(exc)) from exc
    if as_json:
        sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")
    raise typer.Exit(0)


def _run_no_case_here(paths: list[Path] | None, *, replay: str | None, grid: list[str], submit: bool, db: str | None,
                      model: str, baselines: bool, as_json: bool, json_out: Path | None) -> None:
    """The eval modes that run no case in this process, each ending the command when asked for:
    `--replay RUN --grid …` (a recorded eval re-judged) and `--submit` / `collect RUN` (docs/scale.md)."""
    if replay is not None or grid:
        _replay_eval(replay, [*grid, *(str(p) for p in paths or [])], as_json=as_json, json_out=json_out)
    if submit or (paths and str(paths[0]) == "collect"):
        from .scale_cmds import eval_on_queue

        raise typer.Exit(eval_on_queue(list(paths or []), submit=submit, db=db, model=model, baselines=baselines,
                                       as_json=as_json, json_out=json_out))


def _check_paths(paths: list[Path]) -> None:
    for p in paths:
        if not p.exists():
            raise BadInput(f"{p} does not exist; pass a case folder, a case.toml or a folder of cases")


TEST_FOLDER = "evalsets_test"
"""The synthetic cases' test parts (docs/splits.md: `evalsets_test/`, `evalsets_test2/`, … — every folder whose name
starts with it): an eval over one prints aggregates only, whatever --split says."""


def _check_oracle(oracle: str | None, model: str, record: bool) -> None:
    if oracle is None:
        return
    if oracle not in ("gold", "wrong"):
        raise BadInput(f"--oracle {oracle!r}: choose gold or wrong")
    if model != "offline" or record:
        raise BadInput("--oracle puts its own model in the model's seat: give it no --model and no --record")


def _part(paths: list[Path], split: str | None) -> str:
    """The part case folders belong to: test under `TEST_FOLDER` or with --split test, else dev."""
    if split not in (None, "dev", "test"):
        raise BadInput(f"--split {split!r}: choose dev or test")
    under_test = any(part.startswith(TEST_FOLDER) for p in paths for part in Path(p).resolve().parts)
    if under_test and split == "dev":
        raise BadInput(f"{TEST_FOLDER}*/ is a test part: its cases print aggregates only (drop --split dev)")
    return "test" if under_test or split == "test" else "dev"


def _eval_model(text: str) -> ModelSpec:
    """`research eval --model`, parsed once (`scripted:auto` allowed here); a bad one is one error line."""
    from ..model_spec import ModelSpec

    with bad_input():
        try:
            return ModelSpec.parse(text, allow_auto=True)
        except ValueError as exc:
            raise BadInput(str(exc)) from exc


@app.command("eval", epilog=EXIT_EPILOG)
def eval_(
    paths: Annotated[Optional[list[Path]], typer.Argument(help="Case folders or evalset folders (default: evalsets/ and the demo case).")] = None,
    baselines: Annotated[bool, typer.Option("--baselines", help="Also run the max-steps and stagnation baselines.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the metrics as JSON on stdout (the tables go to stderr).")] = False,
    json_out: Annotated[Optional[Path], typer.Option("--json-out", help="Also write the metrics as JSON to this file.")] = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Cases run in parallel (processes).")] = 2,
    model: Annotated[str, typer.Option("--model", help="offline | rules | openai:<name> | scripted:<path.jsonl> | scripted:auto (each case's recorded script).")] = "offline",
    record: Annotated[bool, typer.Option("--record", help="Write the model's answers to each case's script file (replayed by --model scripted:auto).")] = False,
    realdata: Annotated[Optional[str], typer.Option("--realdata", help="Build and run a real-data set from ../shared/data: ramdocs | musique | comparison | comparison-fresh | comparison-fresh2 | comparison-test.")] = None,
    split: Annotated[Optional[str], typer.Option("--split", help="dev | test. With --realdata: the part of ramdocs or musique (default dev). With case folders: test prints aggregates only (automatic under evalsets_test/).")] = None,
    limit: Annotated[Optional[int], typer.Option("--limit", min=1, help="With --realdata: at most N cases (inside the split).")] = None,
    offset: Annotated[int, typer.Option("--offset", min=0, help="With --realdata: skip the first K cases (inside the split).")] = 0,
    oracle: Annotated[Optional[str], typer.Option("--oracle", help="gold | wrong: a perfect reader model on loopback reads every page (docs/reader.md), offering gold findings or plausible wrong ones.")] = None,
    replay: Annotated[Optional[str], typer.Option("--replay", help="Re-judge a recorded eval (its id, printed by every eval, or its folder) instead of running cases.")] = None,
    grid: Annotated[list[str], typer.Option("--grid", help="With --replay: NAME=V1,V2,… (min_sources, stagnation, duplicates, failures, max_steps, max_tool_calls, max_tokens, max_cost, max_seconds); more NAME=… may follow.")] = [],
    submit: Annotated[bool, typer.Option("--submit", help="Queue each case as a job for `research worker`s (needs --db postgresql://…); `research eval collect RUN` prints the tables.")] = False,
    db: Annotated[Optional[str], typer.Option("--db", help="With --submit or collect: the postgresql:// URL (default: $RESEARCH_DATABASE_URL).")] = None,
) -> None:
    """Run evaluation cases and print the stopping metrics per category (every local eval is kept for --replay;
    `eval collect RUN`: a submitted run's)."""
    _run_no_case_here(paths, replay=replay, grid=grid, submit=submit, db=db, model=model, baselines=baselines,
                      as_json=as_json, json_out=json_out)
    spec = _eval_model(model)
    with bad_input():
        _check_oracle(oracle, model, record)
    if realdata is not None:  # the logic lives in research_agent/evals/realdata.py
        from ..evals.realdata import cli_realdata

        raise typer.Exit(cli_realdata(realdata, paths, split=split, limit=limit, offset=offset, workers=workers,
                                      model=spec, oracle=oracle))

    raise typer.Exit(_eval_folders(paths, split=split, baselines=baselines, as_json=as_json, json_out=json_out,
                                   workers=workers, model=spec, record=record, oracle=oracle))


def _eval_folders(paths: list[Path] | None, *, split: str | None, baselines: bool, as_json: bool,
                  json_out: Path | None, workers: int, model: ModelSpec, record: bool, oracle: str | None) -> int:
    """`research eval [DIR …]`: check the folders, run them, print (or write) the metrics; the exit code."""
    from ..config import ResearchConfig, default_eval_paths, load_config, model_settings

    try:
        from ..evals.case import CaseError, discover_cases
        from ..evals.runner import run_eval
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{__package__.rpartition('.')[0]}.evals.runner", f"{__package__.rpartition('.')[0]}.evals"):
            raise
        fail("the eval runner (research_agent.evals.runner) is not installed in this build")

    chosen = list(paths or []) or default_eval_paths()
    with bad_input():
        _check_paths(chosen)
        part = _part(chosen, split)
        try:
            refused: list = []  # a case whose question the parser refuses is a measured miss, not bad input
            found = discover_cases(chosen, refused=refused) + refused
        except CaseError as exc:
            raise BadInput(str(exc)) from exc
        if not found:
            raise BadInput("no case.toml under " + ", ".join(map(str, chosen)))
        if not model.is_auto and oracle is None:
            resolve_model(ResearchConfig(**model_settings(load_config(), model)))
    with tempfile.TemporaryDirectory() as tmp:
        target = json_out or (Path(tmp) / "metrics.json" if as_json else None)
        try:
            code = run_eval(chosen, baselines=baselines, json_path=target, workers=workers, model=model,
                            record=record, out=sys.stderr if as_json else None, split=part, oracle=oracle)
        except CaseError as exc:
            fail(str(exc))
        if as_json and target is not None and target.exists():
            sys.stdout.write(json.dumps(json.loads(target.read_text(encoding="utf-8")), indent=2) + "\n")
        elif as_json:
            fail("the eval wrote no metrics", EXIT_BAD_INPUT)
    return code
