"""evals/page_reads.py (bench/page_reads.py) counts, page by page, the gold values the reader reads right, reads as another value or misses."""

from __future__ import annotations

import json
from pathlib import Path

from research_agent.evals import page_reads

CASE = '''id = "pr-01"
category = "quick_complete"
question = "Compare Quarry Lamp and Orrin Lamp on weight"

[expect]
end_kind = "completed"
'''


def _case(root: Path, pages: dict[str, str]) -> Path:
    (root / "case.toml").write_text(CASE, encoding="utf-8")
    gold = {"cells": {"Quarry Lamp/weight": ["1.2 kg"], "Orrin Lamp/weight": ["900 g"]}, "expected_end_kind": "completed"}
    (root / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    for rel, text in pages.items():
        path = root / "pages" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_page_writing_a_gold_value_counts_as_read_right_other_or_missed(tmp_path: Path) -> None:
    root = tmp_path / "pr-01"
    root.mkdir()
    _case(root, {
        "quarry.example/lamp.md": "# Quarry Lamp\n\nThe Quarry Lamp weighs 1.2 kg with its base.\n",
        "review.example/lamps.md": "# Two desk lamps\n\nThe Orrin Lamp weighs 2 kg. Its shade alone weighs 900 g.\n",
        "other.example/note.md": "# A note\n\nNothing about either lamp here.\n",
    })
    reads = page_reads.Reads()
    page_reads.count_case(root, reads)
    assert (reads.pages, reads.written) == (3, 2)
    assert (reads.right, reads.other, reads.missed) == (1, 1, 0)


def test_a_newcomer_corpus_is_read_with_the_contract_parsed_from_its_question(tmp_path: Path) -> None:
    folder = tmp_path / "lamps"
    (folder / "corpus" / "notes").mkdir(parents=True)
    (folder / "question.txt").write_text("Compare Quarry Lamp and Orrin Lamp on weight\n", encoding="utf-8")
    gold = {"cells": {"Quarry Lamp/weight": ["1.2 kg"], "Orrin Lamp/weight": ["900 g"]}}
    (folder / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    (folder / "corpus" / "quarry.md").write_text("# Quarry Lamp\n\nThe Quarry Lamp weighs 1.2 kg.\n", encoding="utf-8")
    (folder / "corpus" / "notes" / "orrin.txt").write_text("Orrin Lamp notes: packed it, 900 g or so.\n", encoding="utf-8")
    reads = page_reads.Reads()
    page_reads.count_corpus(folder, reads)
    assert (reads.pages, reads.written, reads.right) == (2, 2, 1)
