"""The LLM path against a server nobody here wrote: llama-cpp-python + SmolLM2-135M-Instruct.

A 135M model is not expected to complete a comparison; it is expected to fail
gracefully and honestly: a documented end kind other than `failed`, real
reading calls made, every model call and rejected answer counted in the report.
Figures (wall time, calls, rejections) are printed, never asserted as timings.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from research_agent.config import REPO_ROOT

from .conftest import ALIAS

pytestmark = pytest.mark.realserver

DEMO_QUESTION = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"
GRACEFUL = {"completed", "no_progress", "budget_exhausted", "tool_failure"}
"""Documented end kinds a run may honestly reach here (not failed, and nothing asked to cancel it)."""
QUICK_CASES = [REPO_ROOT / "evalsets" / "quick_complete" / name for name in ("quick-01", "quick-02")]
"""Two cases: each is minutes of a 135M model on 2 shared cores, and CI runs the whole suite in under 15."""
CLI_TIMEOUT = 600


def research(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "RESEARCH_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "research_agent", *args], env=env, capture_output=True,
                          text=True, timeout=CLI_TIMEOUT, cwd=home)


def test_demo_question_ends_gracefully_with_reading_calls_counted(small_model_home: Path, llama_server):
    started = time.monotonic()
    run = research("run", DEMO_QUESTION, "--model", f"openai:{ALIAS}", "--max-steps", "15", home=small_model_home)
    seconds = time.monotonic() - started
    print(f"research run: exit {run.returncode} in {seconds:.0f}s\n{run.stderr[-2000:]}")
    assert run.returncode not in (2, 8), run.stdout[-3000:] + run.stderr[-3000:]
    [task] = json.loads(research("list", "--json", home=small_model_home).stdout)
    assert task["end_kind"] in GRACEFUL
    report = json.loads(research("report", task["id"], "--format", "json", home=small_model_home).stdout)
    usage = report["usage"]
    print("usage:", json.dumps(usage, sort_keys=True))
    assert usage.get("model_calls:extract", 0) >= 1  # the model read pages
    by_kind = sum(n for k, n in usage.items() if k.startswith("model_calls:"))
    assert usage["model_calls"] >= by_kind >= usage["model_calls:extract"]  # retries and the answer text included
    assert isinstance(usage["rejected_outputs"], int)  # said even when zero
    assert f"model calls {usage['model_calls']}" in research("report", task["id"], home=small_model_home).stdout
    caps = json.loads((small_model_home / "llm_capabilities.json").read_text())
    # what this server accepts was negotiated and remembered: json_schema is refused with HTTP 500
    [entry] = caps["endpoints"].values()
    assert entry["structured_output"] == "json_object_schema"


def test_two_quick_eval_cases_end_gracefully(small_model_home: Path, tmp_path: Path):
    out = tmp_path / "eval.json"
    started = time.monotonic()
    run = research("eval", *map(str, QUICK_CASES), "--model", f"openai:{ALIAS}", "--workers", "1",
                   "--json-out", str(out), home=small_model_home)
    seconds = time.monotonic() - started
    print(f"research eval: exit {run.returncode} in {seconds:.0f}s\n{run.stdout[-3000:]}")
    assert run.returncode != 2, run.stderr[-3000:]
    runs = json.loads(out.read_text())["runs"]
    assert len(runs) == len(QUICK_CASES)
    for r in runs:
        print(f"{r['case']}: {r['end_kind']} ({r['stop_reason']}) model_calls={r['model_calls']} "
              f"rejected={r['rejected_outputs']} tool_calls={r['tool_calls']} {r['seconds']:.0f}s")
        assert r["end_kind"] in GRACEFUL, r
        assert r["error"] is None
        assert r["model_calls"] >= 1
