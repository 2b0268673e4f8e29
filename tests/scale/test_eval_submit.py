"""`research eval --submit` runs each case as a job; `research eval collect RUN` prints the usual tables."""

from __future__ import annotations

from _scale_kit import research

from research_agent.config import DEMO_CORPUS



def test_eval_submit_then_collect_prints_the_tables(pg_url, workers):
    queued = research("eval", str(DEMO_CORPUS), "--submit", "--db", pg_url)
    assert queued.returncode == 0, queued.stderr
    run_id = queued.stdout.strip()
    early = research("eval", "collect", run_id, "--db", pg_url)
    assert early.returncode == 3 and "0/1 cases finished" in early.stdout
    assert workers.start("--until-idle").wait(120) == 0
    done = research("eval", "collect", run_id, "--db", pg_url)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "== stopper: evidence ==" in done.stdout and "overall" in done.stdout
    assert "1 case runs collected" in done.stdout
    missing = research("eval", "collect", "eval-nope", "--db", pg_url)
    assert missing.returncode == 2 and missing.stderr.startswith("error: ")
