"""Value-recogniser benchmark: gold values found in real documents, and time per sentence.

Hit rate: for each RAMDocs question (``<shared>/data/ramdocs/RAMDocs_test.jsonl``) whose gold
answers are dates ("When was X established?" → "January 2012", "1885", "1544–1547") or
populations ("What is the population of X?" → "4,284"), each gold answer is read with the
same recogniser ("January 2012" → "2012-01") and looked for among the values the recogniser
finds in every document typed ``correct`` whose ``answer`` is that gold answer. Two figures:
a value with the same canonical form, and a value that ``agree``s with it (the gold "1858"
stated as "27 January 1858").

MuSiQue: each answer of ``multihop/musique_train.json`` that is a value (a date, quantity,
price or count making up most of the answer) looked for in the question's supporting paragraphs.

Chooser: in the same correct documents, every sentence that holds the question's verb
("When was X built?" → "built") and two or more dates, one of them the gold answer: does
``nearest`` pick the gold one, and how often would the first date have been right?

Speed: every sentence of ``multihop/hotpotqa_train_corpus.json`` and
``musique_train_corpus.json`` through ``kinds_in`` (all recognisers) and through
``find_values`` per kind; the reader's budget is 0.2 ms per sentence on average.

Usage: ``python bench/values.py [--data DIR]``; the data folder defaults to
``$RESEARCH_SHARED_DATA`` or ``<repo>/../shared/data``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from research_agent.reading.values import (  # noqa: E402
    KINDS, Value, agree, counts, dates, find_values, kinds_in, nearest, year_ranges,
)

DATA = Path(os.environ.get("RESEARCH_SHARED_DATA") or REPO.parent / "shared" / "data")
_DATE_QUESTION = re.compile(r"^(?:When|What year|In what year|Which year)\b", re.I)
_POPULATION_QUESTION = re.compile(r"\bpopulation\b", re.I)


@dataclass
class Tally:
    found: int = 0
    """Gold answers with a value of the same canonical form in the document."""
    agreeing: int = 0
    """Gold answers with a value that `agree`s (the same date written more precisely: "1858" in "27 January 1858")."""
    total: int = 0
    misses: list[tuple[str, str]] = field(default_factory=list)
    """(gold answer, start of the document) for each miss."""


def gold_value(answer: str, kind: str) -> Value | None:
    """A gold answer read with the recogniser of `kind`; None when it holds no single such value."""
    if kind == "count":
        found = counts(answer)
        return found[0] if len(found) == 1 else None
    ranges = year_ranges(answer)
    if ranges:
        return ranges[0]
    found = dates(answer)
    return found[0] if len(found) == 1 else None


def _values(text: str, kind: str) -> list[Value]:
    if kind == "count":
        return counts(text)
    return dates(text) + year_ranges(text)


def ramdocs_hits(data: Path = DATA) -> dict[str, Tally]:
    """Per kind ("date", "count"): gold answers found in their correct documents."""
    tallies = {"date": Tally(), "count": Tally()}
    for line in (data / "ramdocs" / "RAMDocs_test.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        question = case["question"]
        kind = "count" if _POPULATION_QUESTION.search(question) else "date" if _DATE_QUESTION.search(question) else None
        if kind is None:
            continue
        for gold in case["gold_answers"]:
            want = gold_value(gold, kind)
            if want is None:
                continue
            for doc in case["documents"]:
                if doc["type"] != "correct" or doc["answer"] != gold:
                    continue
                _score(tallies[kind], want, _values(doc["text"], kind), gold, doc["text"])
    return tallies


def _score(tally: Tally, want: Value, found: list[Value], gold: str, text: str) -> None:
    tally.total += 1
    if any(v.canonical == want.canonical for v in found):
        tally.found += 1
    if any(agree(v, want) for v in found):
        tally.agreeing += 1
    else:
        tally.misses.append((gold, text[:160]))


_ANSWER_KINDS = ("date", "quantity", "money", "count")


def musique_hits(data: Path = DATA) -> Tally:
    """MuSiQue answers that are a value ("1 August 1973", "6.8 inches", "273,282", "about $1.18
    trillion"): found, agreeing, in the question's supporting paragraphs."""
    tally = Tally()
    for case in json.loads((data / "multihop" / "musique_train.json").read_text(encoding="utf-8")):
        answer = case["answer"]
        for kind in _ANSWER_KINDS:
            values = find_values(answer, kind)
            if len(values) == 1 and len(values[0].display) >= 0.5 * len(answer.strip()):
                break
        else:
            continue  # a name, not a value
        text = " ".join(p["paragraph_text"] for p in case["paragraphs"] if p["is_supporting"])
        tally.total += 1
        found = find_values(text, kind)
        tally.found += any(v.canonical == values[0].canonical for v in found)
        if any(agree(v, values[0]) for v in found):
            tally.agreeing += 1
        else:
            tally.misses.append((answer, text[:160]))
    return tally


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_IRREGULAR_CUES = {"born", "built", "begun", "held", "won", "made", "founded"}
_ENDING_CUES = ("died", "completed", "closed", "ended", "finished", "demolished", "dissolved")


def _cue(question: str) -> re.Pattern[str] | None:
    """The verb a date question asks about ("When was X established?" → a regex for "establis…"), or None."""
    words = re.findall(r"[A-Za-z]+", question)
    last = words[-1].lower() if words else ""
    if not (last.endswith("ed") or last in _IRREGULAR_CUES):
        return None
    return re.compile(rf"\b{re.escape(last[: max(4, len(last) - 3)])}\w*", re.I)


@dataclass
class Choice:
    nearest: int = 0
    first: int = 0
    total: int = 0
    """Sentences with the question's cue verb, two or more dates, one of which is the gold answer."""


def chooser_hits(data: Path = DATA) -> Choice:
    """`nearest` against taking the first date, on RAMDocs sentences where the choice matters."""
    choice = Choice()
    for line in (data / "ramdocs" / "RAMDocs_test.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        cue = _cue(case["question"]) if _DATE_QUESTION.search(case["question"]) else None
        for gold in case["gold_answers"] if cue else ():
            want = gold_value(gold, "date")
            docs = [d["text"] for d in case["documents"] if d["type"] == "correct" and d["answer"] == gold]
            if cue is not None and want is not None:
                for sentence in (s for text in docs for s in _SENTENCE_END.split(text)):
                    _choose_in(choice, sentence, cue, want)
    return choice


def _choose_in(choice: Choice, sentence: str, cue: re.Pattern[str], want: Value) -> None:
    found, verb = dates(sentence), cue.search(sentence)
    if verb is None or len(found) < 2 or not any(agree(v, want) for v in found):
        return
    choice.total += 1
    end: Literal["from", "until"] = "until" if verb[0].lower().startswith(_ENDING_CUES) else "from"
    chosen = nearest(found, verb.span(), sentence, range_end=end)
    choice.nearest += chosen is not None and agree(chosen, want)
    choice.first += agree(found[0], want)


def corpus_sentences(data: Path = DATA) -> list[str]:
    """Every sentence of the two multi-hop corpora (HotpotQA gives them split; MuSiQue is split on '. ')."""
    hotpot = json.loads((data / "multihop" / "hotpotqa_train_corpus.json").read_text(encoding="utf-8"))
    sentences = [s.strip() for paragraph in hotpot.values() for s in paragraph if s.strip()]
    musique = json.loads((data / "multihop" / "musique_train_corpus.json").read_text(encoding="utf-8"))
    for doc in musique:
        sentences += [s.strip() for s in re.split(r"(?<=\.)\s+(?=[A-Z])", doc["text"]) if s.strip()]
    return sentences


def timing(sentences: list[str]) -> dict[str, float]:
    """Mean milliseconds per sentence: `kinds_in`, and `find_values` for each kind."""
    figures: dict[str, float] = {}
    t = time.process_time()
    for s in sentences:
        kinds_in(s)
    figures["kinds_in"] = (time.process_time() - t) * 1000 / len(sentences)
    for kind in KINDS:
        t = time.process_time()
        for s in sentences:
            find_values(s, kind)
        figures[kind] = (time.process_time() - t) * 1000 / len(sentences)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--misses", type=int, default=0, help="print this many misses per kind")
    args = parser.parse_args()
    if not (args.data / "ramdocs").is_dir():
        print(f"error: shared data not found at {args.data}", file=sys.stderr)
        return 2
    for kind, tally in ramdocs_hits(args.data).items():
        label = "dates" if kind == "date" else "populations"
        print(f"{label}: {tally.found}/{tally.total} gold answers found in their correct documents "
              f"(same canonical form); {tally.agreeing}/{tally.total} agreeing at the gold's precision")
        for gold, text in tally.misses[: args.misses]:
            print(f"    miss {gold!r}: {text!r}")
    musique = musique_hits(args.data)
    print(f"MuSiQue value answers: {musique.found}/{musique.total} found in their supporting paragraphs "
          f"(same canonical form); {musique.agreeing}/{musique.total} agreeing")
    choice = chooser_hits(args.data)
    print(f"chooser: nearest(cue) picks the gold date in {choice.nearest}/{choice.total} RAMDocs sentences with the "
          f"question's verb and several dates (first date: {choice.first}/{choice.total})")
    sentences = corpus_sentences(args.data)
    figures = timing(sentences)
    per_kind = sum(figures[k] for k in KINDS) / len(KINDS)
    print(f"speed over {len(sentences)} real sentences: kinds_in {figures['kinds_in']:.3f} ms/sentence, "
          f"find_values {per_kind:.3f} ms/sentence/kind on average (budget 0.2)")
    print("  " + ", ".join(f"{k} {figures[k]:.3f}" for k in KINDS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
