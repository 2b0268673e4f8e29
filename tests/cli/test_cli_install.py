"""Install paths: the built wheel carries the demo corpus and every default file, and the README's main
job runs from it, from `/`, with no checkout on the path."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUESTION = "Compare Quillstore, Ferrodb and Nimbus KV on license and pricing"


def test_the_wheel_runs_the_main_job_from_anywhere(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", str(REPO),
                    "-w", str(wheels)], check=True, capture_output=True, text=True, timeout=300)
    [wheel] = wheels.glob("research-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for packaged in ("research_agent/demo/question.txt", "research_agent/demo/case.toml", "criteria/default_risk_policy.toml",
                     "research_agent/question_words.toml", "research_agent/reading/abbreviations.txt"):
        assert packaged in names, packaged
    assert any(n.startswith("research_agent/demo/pages/") for n in names)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, text=True, timeout=300)
    env = {**os.environ, "PYTHONPATH": str(target), "RESEARCH_HOME": str(tmp_path / "home")}
    # the installed copy, not the checkout: run from / with the wheel's files first on the path
    run = subprocess.run([sys.executable, "-c", "import research_agent, sys; print(research_agent.__file__)"],
                         cwd="/", env=env, capture_output=True, text=True, timeout=60)
    assert run.stdout.strip().startswith(str(target)), run.stdout + run.stderr
    job = subprocess.run([sys.executable, "-m", "research_agent", "run", QUESTION, "--quiet"],
                         cwd="/", env=env, capture_output=True, text=True, timeout=300)
    assert job.returncode == 0, job.stderr[-2000:]
    assert "**Status:** Complete — completed" in job.stdout
