"""Issue 11's user corpus end to end through the CLI: two review pages titled "Okapi Boards vs Brindle"
whose licence sentences are about Brindle must never confirm a licence for Okapi Boards; the product's own
statement ("proprietary software", no licence keyword) is what the reader reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _cli_kit import cli

PAGE = """<html><head><title>{title}</title><meta name="date" content="2024-05-02"></head>
<body><nav>Home | Reviews | About</nav><article><h1>{title}</h1>{body}</article><footer>© Board Review</footer></body></html>"""

REVIEWS = {
    "boardreview.example/okapi-vs-brindle.html": (
        "Okapi Boards vs Brindle",
        "<p>We spent a month with both planning boards.</p>"
        "<p>Brindle is released under the MIT license, and its source is on a public forge.</p>"
        "<p>It also has the friendlier keyboard shortcuts.</p>",
    ),
    "teamtools.example/2024/okapi-boards-vs-brindle.html": (
        "Okapi Boards vs Brindle: which planning board fits?",
        "<p>Brindle ships under the MIT licence, so teams can self-host it.</p>"
        "<p>It is the better pick for tinkerers.</p>",
    ),
}
OWN = {
    "okapiboards.example/about.html": (
        "About Okapi Boards",
        "<p>Okapi Boards is proprietary software made by Okapi Labs.</p><p>It runs in your browser.</p>",
    ),
    "saasnotes.example/okapi-boards-licensing.html": (
        "Okapi Boards licensing explained",
        "<p>Okapi Boards is closed-source: the vendor sells it under a proprietary licence.</p>",
    ),
}


def _corpus(root: Path, pages: dict[str, tuple[str, str]]) -> Path:
    for path, (title, body) in pages.items():
        f = root / "pages" / path
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(PAGE.format(title=title, body=body), encoding="utf-8")
    return root


def _report(task: str) -> dict:
    res = cli("report", task, "--format", "json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_brindle_sentences_never_confirm_a_licence_for_okapi(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "c", REVIEWS)
    res = cli("run", "Compare Okapi Boards on license", "--corpus", corpus, "--task-id", "okapi-1", "--quiet")
    assert res.exit_code != 0, res.output  # never "Complete, exit 0, MIT"
    report = _report("okapi-1")
    assert report["end_kind"] != "completed"
    assert "MIT" not in json.dumps(report["verified_claims"])


@pytest.mark.parametrize("with_reviews", [True, False])
def test_the_products_own_words_settle_it(tmp_path: Path, with_reviews: bool) -> None:
    corpus = _corpus(tmp_path / "c", {**OWN, **(REVIEWS if with_reviews else {})})
    res = cli("run", "Compare Okapi Boards on license", "--corpus", corpus, "--task-id", "okapi-2", "--quiet")
    assert res.exit_code == 0, res.output
    claims = _report("okapi-2")["verified_claims"]
    assert [c["cell"] for c in claims] == ["Okapi Boards/license"]
    assert "proprietary" in claims[0]["value"].lower()
