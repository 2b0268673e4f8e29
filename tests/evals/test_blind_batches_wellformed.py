"""The synthetic batches written blind — the dev batches `evalsets_dev3/`, `evalsets_dev4/` and `evalsets_dev5/`,
the test batches `evalsets_test2/` to `evalsets_test8/` — are well-formed (issue 21), never how the reader scores
on them.

* every case loads as an eval case, its gold.json names the cells its case.toml expects, and its ids are unique;
* every page is well-formed HTML (each opened element closed in order), is served on loopback and
  extracts with its date;
* every gold value is written verbatim in the served text of enough pages: two hosts, not all forums, for
  a cell the case expects confirmed; one for a cell it expects not to be (`unconfirmed`), where gold has
  a value at all.

This runs no reader, no eval and no bench on these cases.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from research_agent.config import REPO_ROOT
from research_agent.evals.case import CASE_FILE, discover_cases, load_case

from _wellformed import FORUM, YES_NO, served_texts, squash
from _wellformed import gold as gold_of

SIZES = {REPO_ROOT / "evalsets_dev3": 10, REPO_ROOT / "evalsets_dev4": 10, REPO_ROOT / "evalsets_dev5": 10,
         REPO_ROOT / "evalsets_dev6": 12, REPO_ROOT / "evalsets_dev7": 12, REPO_ROOT / "evalsets_dev8": 12,
         REPO_ROOT / "evalsets_test2": 12, REPO_ROOT / "evalsets_test3": 12,
         REPO_ROOT / "evalsets_test4": 12, REPO_ROOT / "evalsets_test5": 12,
         REPO_ROOT / "evalsets_test6": 12, REPO_ROOT / "evalsets_test7": 12,
         REPO_ROOT / "evalsets_test8": 12}
"""The batches written blind and how many cases each holds."""
BATCHES = tuple(SIZES)
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


def _case_dirs(batch: Path | None = None) -> list[Path]:
    return sorted(p.parent for b in ([batch] if batch else BATCHES) for p in b.glob(f"*/{CASE_FILE}"))


class _Balance(HTMLParser):
    """Records the first element closed out of order or left open (void elements excepted)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag not in _VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}> at {self.getpos()}")
        else:
            self.stack.pop()


def _html_errors(text: str) -> list[str]:
    parser = _Balance()
    parser.feed(text)
    parser.close()
    left = [f"<{t}> never closed" for t in parser.stack]
    doctype = [] if text.lstrip().lower().startswith("<!doctype html>") else ["no <!DOCTYPE html>"]
    return doctype + parser.errors + left


@pytest.mark.parametrize("batch", BATCHES, ids=lambda p: p.name)
def test_each_batch_holds_its_cases_and_they_load_as_one_eval_set(batch: Path):
    dirs = _case_dirs(batch)
    assert len(dirs) == SIZES[batch]
    cases = discover_cases([d / CASE_FILE for d in dirs])
    assert len({c.id for c in cases}) == SIZES[batch]
    for case in cases:
        gold = gold_of(case.root)
        assert gold["set"] == "synthetic" and gold["expected_end_kind"] == case.expect.end_kind
        named = set(gold["cells"]) | set(gold["unconfirmed"])
        assert named == set(case.expect.cells), case.id
        assert {k for k, s in case.expect.cells.items() if s != "confirmed"} == set(gold["unconfirmed"]), case.id


@pytest.mark.parametrize("case_dir", _case_dirs(), ids=lambda p: p.name)
def test_every_page_is_well_formed_html_and_every_gold_value_is_written_in_enough_pages(case_dir):
    load_case(case_dir)
    pages = sorted((case_dir / "pages").rglob("*.html"))
    assert 3 <= len(pages) <= 5, case_dir.name
    for page in pages:
        assert _html_errors(page.read_text(encoding="utf-8")) == [], page
    texts = served_texts(case_dir / "pages")
    gold = gold_of(case_dir)
    for key, forms in gold["cells"].items():
        wanted = [squash(f) for f in forms if f.casefold() not in YES_NO]
        holders = [u for u, text in texts.items() if any(f in text for f in wanted)]
        hosts = {u.split("/")[2] for u in holders}
        forum_only = all(FORUM.search(u.split("//", 1)[1]) for u in holders)
        if key in gold["unconfirmed"]:
            assert hosts, f"{case_dir.name}: {key} is never written"
        else:
            assert len(hosts) >= 2 and not forum_only, f"{case_dir.name}: {key} is written on {holders}"
        obj = squash(key.rsplit("/", 1)[0])
        assert any(obj in texts[u] for u in holders), f"{case_dir.name}: {key}: no page naming the object holds it"
