"""How many real questions the offline question parser reads, and by which shape.

Reads the questions of ``ramdocs/RAMDocs_test.jsonl`` and of
``multihop/musique_train.json`` (the whole questions, and the single-hop
sub-questions of their decompositions that name no earlier answer) and prints,
per set, how many parse into a contract and the count per shape. Parsing is
not reading them right: the shapes' own tests (tests/test_questions.py) check
the objects and dimensions; this prints the reach.  Multi-hop questions
("the city where X was born") are refused on purpose: their objects are
clauses, not names.

Usage: ``python bench/questions.py [--data DIR]`` (default ``$RESEARCH_SHARED_DATA``
or ``<repo>/../shared/data``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

from research_agent.contract import ContractError
from research_agent.questions import read_question


def shared_data_dir() -> Path:
    env = os.environ.get("RESEARCH_SHARED_DATA")
    return Path(env) if env else Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def question_sets(data: Path) -> dict[str, list[str]]:
    ramdocs = [json.loads(line)["question"] for line in (data / "ramdocs" / "RAMDocs_test.jsonl").read_text().splitlines()
               if line.strip()]
    musique = json.loads((data / "multihop" / "musique_train.json").read_text(encoding="utf-8"))
    hops = [s["question"] for q in musique for s in q["question_decomposition"] if "#" not in s["question"]]
    return {"RAMDocs": ramdocs, "MuSiQue questions": [q["question"] for q in musique], "MuSiQue single hops": hops}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=shared_data_dir())
    args = parser.parse_args()
    if not (args.data / "ramdocs").is_dir():
        print(f"error: no shared data at {args.data} (set RESEARCH_SHARED_DATA)", file=sys.stderr)
        return 2
    for name, questions in question_sets(args.data).items():
        shapes: Counter[str] = Counter()
        for question in questions:
            try:
                shapes[read_question(question).shape] += 1
            except ContractError:
                shapes["(refused)"] += 1
        read = len(questions) - shapes["(refused)"]
        print(f"{name}: {read}/{len(questions)} read ({read / len(questions):.0%})")
        for shape, count in shapes.most_common():
            print(f"  {count:>4}  {shape}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
