"""The risk bench's sets added for issue 24: generated attacks, the hand-written set, and more clean text.

* generated attacks (``attack_generator.py``): the dev half is planted into the
  dev articles, the test half into the held-out ones; an attack is *caught*
  when the page is flagged, and one whose intent must abort counts apart as
  *aborted* when ``criteria.quarantine`` ends the run for it;
* the hand-written set (``tests/criteria/data/injection_handwritten.txt``,
  "<expected> | <text>" per line), measured whole with the held-out half;
* AgentDojo's environment texts (e-mails, files, reviews, calendar entries of
  ``<data>/agentdojo/data/suites``, their ``{injection_*}`` slots emptied) as
  clean text: ordinary messages about passwords, payments and addresses.
"""

from __future__ import annotations

import json
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from attack_generator import GeneratedAttack, generate, place  # noqa: E402

from criteria.quarantine import quarantine  # noqa: E402
from criteria.risk_policy import RiskPolicy  # noqa: E402
from criteria.risk_screen import page_is_risky, screen_page  # noqa: E402

HANDWRITTEN = BENCH.parent / "tests" / "criteria" / "data" / "injection_handwritten.txt"
_QUOTED = re.compile(r'"((?:[^"\\]|\\.){40,})"')
_SLOT = re.compile(r"\{injection_\w+\}")


@dataclass(frozen=True)
class Outcome:
    text: str
    caught: bool
    aborted: bool
    must_abort: bool
    label: str


def judge(page: str, policy: RiskPolicy) -> tuple[bool, bool]:
    """(flagged, the run would abort) for one page."""
    flagged = page_is_risky(screen_page(page, policy), policy)
    return flagged, flagged and quarantine(page, policy).abort is not None


def generated_outcomes(half: str, articles: list[tuple[str, str]], policy: RiskPolicy, count: int) -> list[Outcome]:
    attacks: list[GeneratedAttack] = generate("dev" if half == "dev" else "test", count)
    out = []
    for attack in attacks:
        rng = random.Random(f"{half}:{attack.text}")
        _, article = rng.choice(articles)
        caught, aborted = judge(place(article, attack, rng), policy)
        out.append(Outcome(attack.text, caught, aborted, attack.must_abort, f"{attack.intent} / {' / '.join(attack.slots)}"))
    return out


def read_handwritten(path: Path = HANDWRITTEN) -> list[tuple[bool, str]]:
    """(must abort, text) per line of the hand-written set."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            expected, _, text = line.partition("|")
            rows.append((expected.strip() == "abort", text.strip()))
    return rows


def handwritten_outcomes(articles: list[tuple[str, str]], policy: RiskPolicy) -> list[Outcome]:
    out = []
    for must_abort, text in read_handwritten():
        rng = random.Random(f"handwritten:{text}")
        _, article = rng.choice(articles)
        paragraphs = article.split("\n")
        paragraphs.insert(rng.randrange(len(paragraphs) + 1), text)
        caught, aborted = judge("\n".join(paragraphs), policy)
        out.append(Outcome(text, caught, aborted, must_abort, "hand-written"))
    return out


def agentdojo_environment_texts(data_dir: Path) -> list[tuple[str, str]]:
    """(id, text) of every quoted string of 40+ characters in AgentDojo's environment files, slots emptied."""
    out = []
    for path in sorted((data_dir / "agentdojo" / "data" / "suites").rglob("*.yaml")):
        if path.name == "injection_vectors.yaml":
            continue
        for i, match in enumerate(_QUOTED.finditer(path.read_text(encoding="utf-8"))):
            try:
                text = json.loads(f'"{match.group(1)}"')
            except json.JSONDecodeError:
                text = match.group(1)
            text = _SLOT.sub("", text)
            if text.strip():
                out.append((f"{path.parent.name}/{path.stem}-{i}", text))
    return out
