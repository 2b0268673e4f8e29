"""The live view: a rich grid on a terminal, one line per step on a pipe."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import threading
from pathlib import Path

from _cli_kit import cli, command, env, question_of

from research_agent.live import step_line

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_on_a_terminal_the_live_view_shows_grid_step_budget_and_last_action(mini_corpus: Path) -> None:
    """stderr is a pseudo-terminal: rich `Live` draws the grid there; stdout stays the plain report."""
    master, slave = pty.openpty()
    e = env() | {"COLUMNS": "160", "LINES": "50", "TERM": "xterm-256color"}
    proc = subprocess.Popen(
        command("run", question_of(mini_corpus), "--corpus", mini_corpus, "--task-id", "tty", "--max-steps", "40"),
        env=e, stdout=subprocess.PIPE, stderr=slave, text=True,
    )
    os.close(slave)
    chunks: list[bytes] = []

    def drain() -> None:  # keep the pty from filling up while the run draws
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    out, _ = proc.communicate(timeout=120)
    reader.join(timeout=30)
    os.close(master)
    screen = _ANSI.sub("", b"".join(chunks).decode("utf-8", "replace"))
    assert proc.returncode == 0, screen[-3000:]
    assert out.startswith("# Research report:") and "\x1b[" not in out
    # the final frame: budget line, the grid with each cell's status and value, the last action
    assert re.search(r"task tty\s+step 1[0-9]/40\s+elapsed [0-9.]+s\s+tokens 0\s+cost \$0\.0000", screen)
    for obj in ("Larkspur", "Tidewell", "Brightline"):
        assert re.search(rf"{obj}\s+confirmed \S+.*confirmed \$\d+", screen), obj
    assert re.search(r"last: step 1[0-9] visit https://\S+ new evidence: yes", screen)
    assert "task tty: Complete — completed" in screen
    # statuses are coloured on a terminal
    assert "\x1b[" in b"".join(chunks).decode("utf-8", "replace")


def test_on_a_pipe_one_line_per_step(mini_corpus: Path) -> None:
    res = cli("run", question_of(mini_corpus), "--corpus", mini_corpus, "--max-steps", "3")
    assert res.exit_code == 4
    lines = res.stderr.splitlines()
    assert [line.split(" ")[:2] for line in lines[:3]] == [["step", "1"], ["step", "2"], ["step", "3"]]
    assert lines[0].startswith('step 1 search "') and lines[0].endswith("new evidence: no")
    assert re.fullmatch(r"step 2 visit https://\S+ new evidence: (yes|no)( closed: .+)?", lines[1])
    assert lines[3].startswith("task ") and len(lines) == 4


def test_step_line_names_refusals_and_failures() -> None:
    from engine import Action, ActionResult, Decision, StepRecord

    record = StepRecord(step=5)
    record.decision = Decision.act([Action("visit", {"url": "https://a.example/x"})])
    record.action_results = [ActionResult("visit", "error", error="boom", error_type="Timeout")]
    record.summary = {"new_evidence": False, "refused": [], "gaps_closed": []}
    assert step_line(record) == "step 5 visit https://a.example/x new evidence: no failed: visit Timeout"
    record.action_results = [ActionResult("visit", "refused", error="already visited", error_type="Refused")]
    record.summary = {"new_evidence": False, "refused": ["already visited at step 2"], "gaps_closed": []}
    assert step_line(record) == "step 5 visit https://a.example/x new evidence: no refused: already visited at step 2"


_CONTROL = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\r|\n|[^\x1b\r\n]+")


def _final_screen(raw: str) -> list[str]:
    """What a terminal shows at the end: replays text, CR, LF, cursor-up (`ESC[nA`) and
    erase-line (`ESC[2K`); colours and cursor visibility are ignored."""
    screen: list[str] = [""]
    row = 0
    for m in _CONTROL.finditer(raw):
        token = m.group(0)
        if token == "\n":
            row += 1
            if row == len(screen):
                screen.append("")
        elif token == "\r":
            pass  # rich writes whole lines; a CR before an erase or a newline changes nothing shown
        elif m.group(2) == "A":
            row = max(0, row - int(m.group(1) or 1))
        elif m.group(2) == "K":
            screen[row] = ""
        elif m.group(2) is None:
            screen[row] += token
    return [line for line in screen if line.strip()]


def test_ctrl_c_notice_stays_on_the_live_view_until_exit(mini_corpus: Path) -> None:
    """A real terminal (pty): after Ctrl-C the notice is part of every redraw, so the final
    screen holds it once, with one header line and the grid, then the summary."""
    from _cli_kit import checkpointed_step, default_db, wait_until

    master, slave = pty.openpty()
    e = env() | {"COLUMNS": "140", "LINES": "50", "TERM": "xterm-256color"}
    proc = subprocess.Popen(
        command("run", question_of(mini_corpus), "--corpus", mini_corpus, "--task-id", "cc", "--fault", "*=slow"),
        env=e, stdout=subprocess.PIPE, stderr=slave, text=True,
    )
    os.close(slave)
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    wait_until(lambda: checkpointed_step(default_db(), "cc") >= 2, "step 2 to be checkpointed", proc=proc)
    proc.send_signal(__import__("signal").SIGINT)
    proc.communicate(timeout=120)
    reader.join(timeout=30)
    os.close(master)
    screen = _final_screen(b"".join(chunks).decode("utf-8", "replace"))
    assert proc.returncode == 7, screen
    notice = [i for i, line in enumerate(screen) if line.startswith("cancelling: the current step finishes")]
    headers = [i for i, line in enumerate(screen) if line.startswith("task cc  step ")]
    assert len(notice) == 1 and len(headers) == 1, screen
    assert notice[0] < headers[0]  # drawn above the header, never erased by a redraw
    assert screen[-1].startswith("task cc: Partial — user_cancelled")
