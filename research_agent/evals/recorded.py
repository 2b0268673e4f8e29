"""An eval's recording: every case's database, kept so `research eval --replay` can re-judge it later.

Every `research eval` keeps what replay needs (docs/decisions.md, *Eval recordings*): each case runs
against its own SQLite store, whose replay log (migration 8) holds the state after every step; the
store is written under `$RESEARCH_HOME/evals/<id>/<stopper>/<case>.db` instead of a temporary folder,
and `manifest.json` beside it lists the cases with what scoring needs (`CaseFacts`), so a replay
needs neither the case folders nor a model.  The newest `KEEP` recordings are kept; an eval removes
older ones (an interrupted eval's too) when it starts, and says how many.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from pydantic import BaseModel

from ..home import research_home
from .metrics import CaseFacts

__all__ = ["KEEP", "EvalReplayError", "RecordedCase", "RecordedEval", "find_recording", "new_recording"]

KEEP = 10
MANIFEST = "manifest.json"


class EvalReplayError(ValueError):
    """A recorded eval cannot be found or read; the message names it and the fix."""


class RecordedCase(BaseModel):
    facts: CaseFacts
    stopper: str
    db: str
    """The case's database, relative to the recording's folder."""
    task_id: str


class RecordedEval(BaseModel):
    id: str
    created: str
    model: str
    cases: list[RecordedCase] = []
    split: str = "dev"
    """"test": the cases were a test part (docs/splits.md): a replay shows its aggregates only."""


def evals_root() -> Path:
    return research_home() / "evals"


def new_recording(model: str) -> tuple[Path, RecordedEval, int]:
    """A fresh recording folder (and its manifest, to fill in), after removing all but the newest
    `KEEP - 1` older recordings; returns how many were removed."""
    root = evals_root()
    root.mkdir(parents=True, exist_ok=True)
    # an interrupted eval leaves a folder without its manifest: it counts too, newest kept first
    old = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    removed = old[: max(0, len(old) - (KEEP - 1))]
    for path in removed:
        shutil.rmtree(path, ignore_errors=True)
    rid = time.strftime("%Y%m%d-%H%M%S") + "-" + os.urandom(2).hex()
    folder = root / rid
    folder.mkdir()
    return folder, RecordedEval(id=rid, created=time.strftime("%Y-%m-%dT%H:%M:%S%z"), model=model), len(removed)


def save(folder: Path, manifest: RecordedEval) -> None:
    (folder / MANIFEST).write_text(manifest.model_dump_json(indent=1), encoding="utf-8")


def find_recording(run: str) -> tuple[Path, RecordedEval]:
    """A recording by id (under `$RESEARCH_HOME/evals`) or by folder path."""
    candidates = [Path(run).expanduser(), evals_root() / run]
    folder = next((p for p in candidates if (p / MANIFEST).is_file()), None)
    if folder is None:
        known = sorted(p.parent.name for p in evals_root().glob(f"*/{MANIFEST}")) if evals_root().is_dir() else []
        hint = f"recorded evals: {', '.join(known[-5:])}" if known else "no eval has been recorded yet; run `research eval` first"
        raise EvalReplayError(f"no recorded eval {run!r} ({hint})")
    try:
        return folder, RecordedEval.model_validate_json((folder / MANIFEST).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise EvalReplayError(f"{folder / MANIFEST} cannot be read ({exc.__class__.__name__}); record the eval again") from exc
