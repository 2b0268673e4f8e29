"""Why the reader misses a RAMDocs gold value: one row per question of the dev part, a class per miss.

Reads every correct document of each RAMDocs line straight through `read_page` (no agent,
no search: what the reader itself can read) and classes each line where no reading holds
a gold form:

* `fallback parse`   — the question shape is not read; the contract was derived;
* `no family`        — the dimension maps to no lexicon family;
* `gold not stated`  — no correct document contains a gold form at all;
* `name mismatch`    — no correct document holding a gold form names the object;
* `not recognised`   — the object is named near the gold value but nothing is read;
* `other value`      — a reading was made, with another value (governance/attribution);
also counts readings of a `wrong_answers` value from any document (misinformation read).

Only the dev part (rows 1–200, docs/splits.md) is read: a test row's miss is never shown.
`--offset/--limit` work inside it.

Usage: python bench/ramdocs_misses.py [--offset 0] [--limit N] [--show CLASS] [--runs runs.json]
(`--runs`: the JSON of `bench/realdata.py --json`, to add the eval's own "gold read").
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from research_agent.contract import contract_from_mapping
from research_agent.evals.realdata import RAMDOCS_FILE, shared_data_dir
from research_agent.evals.realdata_casefile import opening_words
from research_agent.evals.realdata_contract import ramdocs_contract
from research_agent.evals.realdata_score import gold_match
from research_agent.evals.splits import RAMDOCS_ROWS, chosen_rows
from research_agent.evals.support import squash
from research_agent.reading import Target, read_page
from research_agent.reading.lexicon import family_named


def _contains(text: str, forms: list[str]) -> bool:
    t = squash(text)
    return any(f and re.search(r"(?<!\w)" + re.escape(squash(f)) + r"(?!\w)", t) for f in forms)


def classify(number: int, row: dict) -> dict:
    raw, fallback = ramdocs_contract(row["question"], 2)
    contract = contract_from_mapping(dict(raw, question=row["question"]), origin="question", source="parsed")
    obj, dim = contract.objects[0], contract.dimensions[0]
    target = Target(f"{obj.name}/{dim.name}", obj, dim)
    golds, wrongs = row["gold_answers"], row["wrong_answers"]
    read, other, wrong_read = [], [], []
    for doc in row["documents"]:
        readings = read_page(contract.objects, [target], opening_words(doc["text"]), doc["text"])
        for r in readings:
            if gold_match(r.display, golds) or gold_match(r.canonical, golds):
                read.append(r.display)  # like the eval: a gold value read from any page
            elif wrongs and (gold_match(r.display, wrongs) or gold_match(r.canonical, wrongs)):
                wrong_read.append((doc["type"], r.display))
            else:
                other.append(r.display)
    correct = [d["text"] for d in row["documents"] if d["type"] == "correct"]
    stating = [t for t in correct if _contains(t, golds)]
    names = [n.lower() for n in obj.names]
    if read:
        cls = "read"
    elif fallback:
        cls = "fallback parse"
    elif family_named(dim.name) is None:
        cls = "no family"
    elif not stating:
        cls = "gold not stated"
    elif not any(any(n in t.lower() for n in names) for t in stating):
        cls = "name mismatch"
    elif other:
        cls = "other value"
    else:
        cls = "not recognised"
    return {
        "line": number, "question": row["question"], "object": obj.name, "dimension": dim.name,
        "family": (family_named(dim.name).name if family_named(dim.name) else None), "class": cls,
        "gold": golds, "other": other[:3], "wrong_read": wrong_read,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--show", default=None, help="print the rows of this class ('all' for every miss)")
    ap.add_argument("--runs", type=Path, default=None)
    args = ap.parse_args()
    lines = (shared_data_dir() / RAMDOCS_FILE).read_text(encoding="utf-8").splitlines()
    rows = chosen_rows(RAMDOCS_ROWS["dev"], limit=args.limit, offset=args.offset)
    chosen = [(n, lines[n - 1]) for n in rows if n <= len(lines)]
    rows = [classify(n, json.loads(line)) for n, line in chosen if line.strip()]
    eval_read = {}
    if args.runs:
        for r in json.loads(args.runs.read_text()):
            if r.get("realdata"):
                eval_read[int(r["case"].split("-")[-1])] = r["realdata"]["gold_read"]
    for r in rows:
        if args.show and (r["class"] == args.show or (args.show == "all" and r["class"] != "read")):
            print(f"{r['line']:>3} [{r['class']}] {r['question']}\n     obj={r['object']!r} dim={r['dimension']!r} "
                  f"family={r['family']} gold={r['gold'][:3]} other={r['other']}")
    counts = Counter(r["class"] for r in rows)
    print(f"\n{len(rows)} lines: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    wrong = [r for r in rows if r["wrong_read"]]
    print(f"lines where a wrong answer was read from some page: {len(wrong)}")
    if eval_read:
        both = [r for r in rows if r["line"] in eval_read]
        print(f"eval gold read {sum(eval_read[r['line']] for r in both)}/{len(both)}; reader alone "
              f"{sum(r['class'] == 'read' for r in both)}/{len(both)}; read by the reader but not in the eval: "
              f"{[r['line'] for r in both if r['class'] == 'read' and not eval_read[r['line']]][:30]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
