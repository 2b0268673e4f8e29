"""Sentence segmentation benchmark: agreement with real sentence boundaries, and speed.

* **Agreement** — the HotpotQA corpus (``multihop/hotpotqa_train_corpus.json``,
  title → list of sentences): each paragraph's sentences are joined with a
  space and split again; a paragraph agrees when the split gives back exactly
  its sentences.  Printed for ``split_sentences``, the regex the offline policy
  used before it, and pysbd when it is installed (it is not a dependency).
* **Speed** — sentences per second over the 181 real articles
  (``article-extraction/html/*.html.gz``, main text by trafilatura, extracted
  once before timing) and over the MuSiQue + HotpotQA paragraphs.
* **Grounding** — every sentence must occur in its page once whitespace is
  collapsed and case folded (the check a finding's quote must pass); the
  count of sentences that do not is printed and must be 0.

Usage: ``python bench/segment.py [--data DIR]`` (default ``$RESEARCH_SHARED_DATA``
or ``<repo>/../shared/data``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import trafilatura

from research_agent.reading.segment import split_sentences

_OLD = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|\n+")


def old_regex(text: str) -> list[str]:
    """The offline policy's splitter before research_agent/reading/segment.py."""
    return [s.strip() for s in _OLD.split(text) if len(s.strip()) > 3]


def shared_data_dir() -> Path:
    env = os.environ.get("RESEARCH_SHARED_DATA")
    return Path(env) if env else Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def splitters() -> dict[str, Callable[[str], list[str]]]:
    found: dict[str, Callable[[str], list[str]]] = {"split_sentences": split_sentences, "old regex": old_regex}
    try:
        import pysbd
    except ImportError:
        return found
    seg = pysbd.Segmenter(language="en", clean=False)
    found["pysbd"] = lambda text: [s.strip() for s in seg.segment(text) if s.strip()]
    return found


def agreement(paragraphs: list[list[str]], split: Callable[[str], list[str]]) -> float:
    same = sum(split(" ".join(sentences)) == sentences for sentences in paragraphs)
    return same / len(paragraphs)


def speed(texts: list[str], split: Callable[[str], list[str]]) -> tuple[int, float]:
    split("Warm up. Load the model.")
    start = time.perf_counter()
    count = sum(len(split(text)) for text in texts)
    return count, count / (time.perf_counter() - start)


def _folded(text: str) -> str:
    return " ".join(text.split()).lower()


def ungrounded(texts: list[str]) -> int:
    missing = 0
    for text in texts:
        page = _folded(text)
        missing += sum(_folded(s) not in page for s in split_sentences(text))
    return missing


def load(data: Path) -> tuple[list[list[str]], list[str], list[str]]:
    hotpot = json.loads((data / "multihop" / "hotpotqa_train_corpus.json").read_text(encoding="utf-8"))
    gold = [[s.strip() for s in sents if s.strip()] for sents in hotpot.values()]
    musique = json.loads((data / "multihop" / "musique_train_corpus.json").read_text(encoding="utf-8"))
    paragraphs = [p["text"] for p in musique] + [" ".join(s) for s in gold]
    articles = []
    for path in sorted((data / "article-extraction" / "html").glob("*.html.gz")):
        html = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        articles.append(trafilatura.extract(html, include_comments=False, include_tables=True) or "")
    return [g for g in gold if g], paragraphs, articles


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=shared_data_dir())
    args = parser.parse_args()
    if not (args.data / "multihop").is_dir():
        print(f"error: no shared data at {args.data} (set RESEARCH_SHARED_DATA)", file=sys.stderr)
        return 2
    gold, paragraphs, articles = load(args.data)
    print(f"{len(gold)} HotpotQA paragraphs, {len(paragraphs)} multihop paragraphs, {len(articles)} articles")
    print(f"{'splitter':<16} {'agreement':>9} {'articles sent/s':>16} {'paragraphs sent/s':>18}")
    for name, split in splitters().items():
        _, article_rate = speed(articles, split)
        _, paragraph_rate = speed(paragraphs, split)
        print(f"{name:<16} {agreement(gold, split):>9.1%} {article_rate:>16,.0f} {paragraph_rate:>18,.0f}")
    print(f"split_sentences sentences not found verbatim in their page: {ungrounded(articles + paragraphs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
