"""Page by page: of the gold values a synthetic case's pages write, how many the reader reads from that page.

A cell is confirmed only when two independent pages state it, so a rule that reads one more page right often moves
no cell; this counts the reader's work where it happens.  For every page of a case and every gold cell whose value
(one of its gold forms) the page's extracted text writes, the reader's reading for that cell on that page is
*right* (a gold form), *other* (another value: a misreading) or *missed* (none).  Pages are extracted as the visit
tool extracts them (`tools.extract.extract_page`) and read with the case's contract (`reading.read_page`); the
search, the stop rules and the support check play no part.  A newcomer corpus (`count_corpus`) is read with the
contract `research run` parses from its question.  `bench/page_reads.py` prints the totals per split.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from research_agent.contract import TaskContract

__all__ = ["Reads", "count_case", "count_corpus", "count_split"]


@dataclass
class Reads:
    pages: int = 0
    written: int = 0
    right: int = 0
    other: int = 0

    @property
    def missed(self) -> int:
        return self.written - self.right - self.other


def _page_text(path: Path, url: str) -> tuple[str, str]:
    from research_agent.tools.extract import decode_body, extract_page
    from research_agent.tools.media_type import file_media_type

    page = extract_page(decode_body(path.read_bytes()), url, content_type=file_media_type(path))
    return page.title or "", page.text


def _written(form: str, lowered: str) -> bool:
    """The page writes the gold form as words of its own: "4" is not written by "2024", nor "yes" by "eyes"."""
    squashed = " ".join(form.split()).lower()
    return bool(squashed) and re.search(r"(?<!\w)" + re.escape(squashed) + r"(?!\w)", lowered) is not None


def count_case(root: Path, into: Reads) -> None:
    """Add one case's page reads to `into`."""
    from research_agent.evals.case import load_case
    from research_agent.tools.localweb import iter_corpus

    contract = load_case(root).contract_model()
    gold: dict[str, list[str]] = json.loads((root / "gold.json").read_text(encoding="utf-8"))["cells"]
    _count_pages(contract, gold, ((page.path, page.url) for page in iter_corpus(root)), into)  # the files a run serves


def count_corpus(folder: Path, into: Reads) -> None:
    """Add one newcomer corpus's page reads to `into` (`question.txt`, `gold.json`, `corpus/`): the contract is the
    one `research run` parses from the question, the pages the corpus's files."""
    from research_agent.contract import parse_question

    contract = parse_question((folder / "question.txt").read_text(encoding="utf-8").strip())
    gold: dict[str, list[str]] = json.loads((folder / "gold.json").read_text(encoding="utf-8"))["cells"]
    files = sorted(p for p in (folder / "corpus").rglob("*") if p.is_file())
    _count_pages(contract, gold, ((p, p.resolve().as_uri()) for p in files), into)


def _count_pages(contract: TaskContract, gold: dict[str, list[str]], pages: Iterable[tuple[Path, str]], into: Reads) -> None:
    from research_agent.evals.realdata_score import gold_match
    from research_agent.reading import Target, read_page

    targets = [Target(f"{o.name}/{d.name}", o, d) for o in contract.objects for d in contract.dimensions]
    for path, url in pages:
        title, text = _page_text(path, url)
        into.pages += 1
        readings = {r.cell: r for r in read_page(contract.objects, targets, title, text, url)}
        lowered = " ".join(text.split()).lower()
        for cell, forms in gold.items():
            if not any(_written(f, lowered) for f in forms):
                continue
            into.written += 1
            r = readings.get(cell)
            if r is None:
                continue
            if gold_match(r.display, forms) or gold_match(r.canonical, forms):
                into.right += 1
            else:
                into.other += 1


def count_split(folders: list[Path]) -> Reads:
    total = Reads()
    for folder in folders:
        for root in sorted(p.parent for p in folder.glob("*/gold.json")):
            if (root / "case.toml").is_file():
                count_case(root, total)
    return total
