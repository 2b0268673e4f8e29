"""Any folder is a corpus, and its HTML report renders in a real browser.

A flat folder of three notes (Markdown, text, HTML) answers "Compare Heron and
Ibis on license" with `completed`: the corpus host is allowed by
construction, and the report shows each page by its file path.  The HTML
report of that run is loaded by headless Chromium (Debian's `chromium`;
skipped with the reason when it is not installed) and its DOM must hold
every cell of the grid with its status and value.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from _cli_kit import cli

QUESTION = "Compare Heron and Ibis on license"

NOTES = {
    "heron.md": "# Heron\n\nHeron is a small workflow engine for data pipelines.\n\n"
                "Heron is released under the MIT License, so anyone may use it in commercial\n"
                "products without asking.\n",  # a hard-wrapped paragraph: the quote must not stop at the break
    "ibis.txt": "Ibis notes\n\nIbis is a columnar query planner. Ibis is licensed under the Apache License 2.0.\n",
    "review.html": "<html><head><title>Heron and Ibis reviewed</title></head><body><article>"
                   "<h1>Heron and Ibis reviewed</h1><p>We looked at two young open source tools this month.</p>"
                   "<p>Heron is licensed under the MIT License, which makes it easy to adopt.</p>"
                   "<p>Ibis is distributed under the Apache License 2.0, with an explicit patent grant.</p>"
                   "</article></body></html>",
}


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    folder.mkdir()
    for name, text in NOTES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_flat_folder_of_notes_answers_the_question(notes: Path) -> None:
    res = cli("run", QUESTION, "--corpus", notes, "--quiet", "--task-id", "notes1")
    assert res.exit_code == 0, res.stdout + res.stderr
    assert "**Status:** Complete — completed" in res.stdout
    assert "heron.md" in res.stdout and "https://corpus.local" not in res.stdout  # pages show their file path
    assert '"Heron is released under the MIT License, so anyone may use it in commercial products without asking."' in res.stdout
    cells = json.loads(cli("show", "notes1", "--json").stdout)
    assert {c["cell"]: (c["status"], c["value"]) for c in cells} == {
        "Heron/license": ("confirmed", "MIT License"), "Ibis/license": ("confirmed", "Apache License 2.0")}


def test_a_nested_folder_keeps_its_paths(tmp_path: Path) -> None:
    folder = tmp_path / "kb"
    for name, text in NOTES.items():
        (folder / "tools" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "tools" / name).write_text(text, encoding="utf-8")
    res = cli("run", QUESTION, "--corpus", folder, "--quiet")
    assert res.exit_code == 0, res.stderr
    assert "tools/heron.md" in res.stdout


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("headless Chromium is not installed (apt-get install -y chromium; .ci/run installs it)")
    return path


def test_the_html_report_renders_every_cell_in_chromium(notes: Path, tmp_path: Path) -> None:
    browser = _chromium()
    assert cli("run", QUESTION, "--corpus", notes, "--quiet", "--task-id", "notes2").exit_code == 0
    page = tmp_path / "report.html"
    res = cli("report", "notes2", "--format", "html", "--output", page)
    assert res.exit_code == 0, res.stderr
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"""<(?:link|script|img)\b[^>]*(?:src|href)=["']?https?:""", html)  # self-contained
    dom = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={tmp_path / 'chr'}",
         "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=120,
    ).stdout
    cells = dict(re.findall(r'data-cell="([^"]+)" data-status="([^"]+)"', dom))
    assert cells == {"Heron/license": "confirmed", "Ibis/license": "confirmed"}
    grid = dom[dom.index('class="grid"'):dom.index("</table>")]
    assert "MIT License" in grid and "Apache License 2.0" in grid
    for section in ("Evidence", "Open questions", "Timeline", "How to resume", "Sources"):
        assert f"<h2>{section}</h2>" in dom
    assert "STOP evidence_sufficient" in dom  # the timeline shows the stop check's verdict
    assert "heron.md" in dom
