"""A tiny loopback web per test: realistic short pages written into tmp_path,
served over real HTTP and indexed for local search, run through the real
composition root (engine + agent + criteria + store)."""

from __future__ import annotations

import json
from pathlib import Path

from research_agent import compose
from research_agent.config import ResearchConfig
from research_agent.contract import contract_from_mapping, parse_question
from research_agent.store import Store


def page(title: str, body: str, date: str | None = None, boiler: str = "Home | News | About") -> str:
    meta = f'<meta name="date" content="{date}">' if date else ""
    paras = "".join(f"<p>{p.strip()}</p>" for p in body.strip().split("\n\n"))
    return (
        f"<html><head><title>{title}</title>{meta}</head><body><nav>{boiler}</nav>"
        f"<article><h1>{title}</h1>{paras}</article><footer>{boiler} — all rights reserved</footer></body></html>"
    )


def write_pages(root: Path, pages: dict[str, str]) -> Path:
    for url, html in pages.items():
        host, _, path = url.removeprefix("https://").partition("/")
        target = root / "pages" / host / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
    return root


class Runner:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.corpus = tmp_path / "corpus"
        self.store = Store(tmp_path / "research.db")

    def cfg(self, **kw) -> ResearchConfig:
        base = dict(
            db=self.tmp / "research.db", traces=self.tmp / "traces", corpus=self.corpus, max_steps=30,
            http_timeout=0.5, retry_base_delay=0.0, retry_max_delay=0.05,
        )
        base.update(kw)
        return ResearchConfig(**base)

    def run(self, pages: dict[str, str], question: str, contract: dict | None = None, **kw):
        write_pages(self.corpus, pages)
        c = contract_from_mapping(contract, question=question) if contract else parse_question(question)
        cfg_kw = {k: kw.pop(k) for k in list(kw) if k in ResearchConfig.model_fields}
        return compose.start(self.store, self.cfg(**cfg_kw), c, index_path=self.tmp / "index.db", **kw)

    def last_step_line(self, outcome) -> dict:
        lines = (outcome.trace_dir / "steps.jsonl").read_text().splitlines()
        return json.loads(lines[-1])

    def manifest(self, outcome) -> dict:
        return json.loads((outcome.trace_dir / "manifest.json").read_text())


DOCS = "https://quillstore.example/docs/license.html"
NEWS = "https://techwire.example/2025/quillstore-review.html"

LICENSE_PAGES = {
    DOCS: page(
        "Quillstore documentation: licensing",
        """Quillstore is released under the Apache License 2.0, which permits commercial use and redistribution.

        Contributions are accepted under the same terms, and the maintainers publish a contributor guide.""",
        "2025-03-01",
    ),
    NEWS: page(
        "Review: Quillstore 3.0 arrives",
        """We spent two weeks with Quillstore 3.0, the key-value database that small teams keep recommending.

        Quillstore uses the Apache 2.0 license, so companies can embed it without legal worries.

        Installation took minutes and the documentation was clear throughout.""",
        "2025-04-10",
    ),
    "https://blog.example/kv-roundup.html": page(
        "Five key-value stores to watch",
        """Quillstore is one of several newcomers this year. Each has trade-offs around durability and memory use.

        We will cover each of them in future posts.""",
        "2024-01-10",
    ),
}
