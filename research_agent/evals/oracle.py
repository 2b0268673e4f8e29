"""A perfect reader model: a loopback OpenAI-compatible server that reads pages with the gold in hand.

`research eval --oracle gold|wrong` runs every case through the LLM path (`--model
openai:perfect-reader`, its base URL on loopback) with this server in the model's seat.  It tells
what the *program* does with findings a model offers — attribution, grounding, value typing,
settling — apart from how well any model reads:

* a page-reading request (`extract`): for each cell it is asked about, mode ``gold`` answers the
  first sentence of the page that states the cell's gold value, verbatim, with the value as the page
  writes it — only on a page whose text states that cell's gold (the case's `stating_urls`; a case
  that does not list them, in a sentence that names the object, on any page); mode
  ``wrong`` answers a plausible wrong finding on any page (`oracle_findings.wrong_finding`);
* every other request (contract draft, plan, judge, synthesis): what the rule-based stand-in
  answers (`llm.rules.RuleModel`, the same object, not a copy).

Every finding offered is logged (`PerfectReader.offers`); `oracle_score.score_offers` then counts,
against the run's state, which the program kept and why it refused the others.

One server per case, in the worker process that runs it: the case's gold is in hand, nothing is
looked up across cases, and the offers are scored in the same process as the state they went into.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from ..llm.openai_model import ModelOutputInvalid
from ..llm.rules import RuleModel
from .oracle_findings import Offer, gold_finding, wrong_finding
from .oracle_request import page_ask, wire_request
from .openai_loopback import LoopbackOpenAIServer, Reply
from .realdata_score import load_gold

__all__ = ["MODEL_NAME", "ORACLE_MODES", "CaseGold", "OracleMode", "PerfectReader", "perfect_reader_server"]

OracleMode = Literal["gold", "wrong"]
ORACLE_MODES: tuple[str, ...] = get_args(OracleMode)
MODEL_NAME = "perfect-reader"
"""The model name the program is run with: `--model openai:perfect-reader`."""


@dataclass
class CaseGold:
    """What the perfect reader knows of one case (from its gold.json)."""

    cells: dict[str, list[str]]
    """Cell key → accepted forms of its value."""
    stating: dict[str, list[str]] | None
    """Cell key → the URLs whose text states that cell's gold; None when the case does not say (the synthetic
    cases): then any page may, in a sentence that names the object."""
    wrong: list[str] = field(default_factory=list)
    """Known wrong answers (RAMDocs)."""

    @classmethod
    def of_case(cls, root: Path) -> "CaseGold":
        gold = load_gold(root) or {}
        cells = {k: list(v) for k, v in (gold.get("cells") or {}).items()}
        stating = gold.get("stating_urls") or ({k: list(gold["gold_urls"]) for k in cells} if gold.get("gold_urls") else None)
        return cls(cells, stating, list(gold.get("wrong_answers") or []))

    def others(self, cell: str) -> list[str]:
        """Gold forms of the other objects' cells on the same dimension."""
        obj, _, dim = cell.partition("/")
        return [f for k, forms in self.cells.items() if k != cell and k.partition("/")[2] == dim for f in forms]


def _same_url(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


class PerfectReader:
    """The server's script: `(request body) -> reply` (see the module docstring)."""

    def __init__(self, gold: CaseGold, mode: OracleMode = "gold") -> None:
        self.gold = gold
        self.mode: OracleMode = mode
        self.offers: list[Offer] = []
        self.errors = 0
        """Requests the perfect reader could not answer (a bug here, not the program's): answered HTTP 500."""
        self.rules = RuleModel(MODEL_NAME)
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Reply:
        try:
            return self._answer(body)
        except (KeyError, ValueError, TypeError, IndexError, re.error) as exc:  # counted and shown, never dropped
            with self._lock:
                self.errors += 1
            return Reply.error(500, message=f"perfect reader: {type(exc).__name__}: {exc}")

    def _answer(self, body: dict[str, Any]) -> Reply:
        request = wire_request(body)
        ask = page_ask(request)
        if ask is None:
            try:
                return Reply.text(json.dumps(self.rules.answer(request), ensure_ascii=False))
            except ModelOutputInvalid as exc:
                return Reply.refusal(str(exc))
        findings = [f for cell in ask.cells if (f := self._finding(cell.cell, cell.names, ask.url, ask.text))]
        with self._lock:
            self.offers += findings
        return Reply.text(json.dumps({"findings": [{"cell": f.cell, "value": f.value, "quote": f.quote}
                                                   for f in findings]}, ensure_ascii=False))

    def _finding(self, cell: str, names: list[str], url: str, text: str) -> Offer | None:
        forms = self.gold.cells.get(cell)
        if not forms:
            return None
        own = names or [cell.partition("/")[0]]
        if self.mode == "gold" and self.gold.stating is None:
            return gold_finding(cell, url, text, forms, own, named_only=True)
        if self.mode == "gold":
            stating = any(_same_url(url, u) for u in (self.gold.stating or {}).get(cell, []))
            return gold_finding(cell, url, text, forms, own) if stating else None
        return wrong_finding(cell, url, text, forms, self.gold.others(cell), self.gold.wrong, own)


def perfect_reader_server(case_root: Path, mode: OracleMode) -> tuple[LoopbackOpenAIServer, PerfectReader]:
    """A started loopback server whose model is a `PerfectReader` for the case at `case_root`."""
    reader = PerfectReader(CaseGold.of_case(case_root), mode)
    server = LoopbackOpenAIServer(reader, models=[MODEL_NAME]).start()
    return server, reader
