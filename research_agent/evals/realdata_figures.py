"""The real-data figures of one part of a set, summed over its runs, and the table that prints them.

`set_figures` sums the per-case scores (`realdata_score.score_realdata`, under each run's
``realdata``) into one `SetFigures` per gold set; `figures_table` prints rows of them, and
`case_lines` the per-case lines (MISMATCH, missed, WRONG) that only a dev part may print.
The figures are what a test part shows: numbers, never a case's value or quote.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

__all__ = ["OracleFigures", "SetFigures", "case_lines", "figures_table", "set_figures"]

MISSES_SHOWN = 30
"""Unconfirmed gold cells are listed one by one only for runs of at most this many cases."""


@dataclass
class OracleFigures:
    """What the program did with a perfect reader model's findings (`oracle_score`), summed."""

    mode: str = "gold"
    """gold: every finding is a correct one; wrong: every finding is a plausible wrong one."""
    offered: int = 0
    accepted: int = 0
    """Offers the program kept (in `wrong` mode: kept with their wrong value)."""
    corrected: int = 0
    """`wrong` mode: offers kept with the gold value the program read from their quote instead."""
    rejected: int = 0
    rejected_by: dict[str, int] = field(default_factory=dict)
    """Rejections by the program's reason (`unattributed`, `no_value`, `ungrounded`, `invalid_answer`, …)."""
    by_kind: dict[str, list[int]] = field(default_factory=dict)
    """Offer kind (gold, wrong_answer, other_object, other_year, …) → [offered, kept]."""
    errors: int = 0
    """Requests the perfect reader itself failed to answer (its bug: the figures above are then unsound)."""

    def add(self, other: dict[str, Any]) -> None:
        self.mode = other.get("mode", self.mode)
        self.offered += other.get("offered", 0)
        self.accepted += other.get("accepted", 0)
        self.corrected += other.get("corrected", 0)
        self.errors += other.get("errors", 0)
        self.rejected += other.get("rejected", 0)
        for reason, n in (other.get("rejected_by") or {}).items():
            self.rejected_by[reason] = self.rejected_by.get(reason, 0) + n
        for kind, (offered, kept) in (other.get("by_kind") or {}).items():
            row = self.by_kind.setdefault(kind, [0, 0])
            row[0] += offered
            row[1] += kept


@dataclass
class SetFigures:
    """One part of one real-data set, summed over its cases."""

    set: str
    split: str
    cases: int = 0
    cells_right: int = 0
    """Confirmed cells whose value is a gold form (the value checked, not only the status)."""
    cells_total: int = 0
    confirmed_not_gold: int = 0
    """Confirmed cells whose value is no gold form."""
    endings: int = 0
    """Runs that ended with the expected end kind."""
    gold_read: int = 0
    """Runs where some finding holds a gold value ("gold kept" with a perfect reader model)."""
    wrong_confirmations: int = 0
    tool_calls: int = 0
    min_tool_calls: int = 0
    fallback_contracts: int = 0
    questions_refused: int = 0
    """Cases not run: their question has no contract table and the parser refuses it (counted as misses)."""
    seconds: float = 0.0
    """Wall time of the part's run, when the caller measured it (0 otherwise)."""
    oracle: OracleFigures | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SetFigures":
        known = {f.name for f in fields(cls)}
        out = cls(**{k: v for k, v in data.items() if k in known and k != "oracle"})
        if data.get("oracle"):
            out.oracle = OracleFigures(**data["oracle"])
        return out


def set_figures(runs: list[dict[str, Any]], split: str) -> list[SetFigures]:
    """One `SetFigures` per gold set among `runs` (`RunMetrics.to_dict()` rows of the evidence stopper)."""
    by: dict[str, SetFigures] = {}
    for r in runs:
        rd = r.get("realdata")
        if not rd:
            continue
        fig = by.setdefault(rd["set"], SetFigures(rd["set"], split))
        fig.cases += 1
        fig.cells_right += rd["cells_right"]
        fig.cells_total += rd["cells_total"]
        fig.confirmed_not_gold += len(rd["mismatches"]) if isinstance(rd["mismatches"], list) else rd["mismatches"]
        fig.endings += r["end_kind"] == r["expected"]
        fig.gold_read += bool(rd["gold_read"])
        fig.wrong_confirmations += r["wrong_confirmations"]
        fig.tool_calls += rd["tool_calls"]
        fig.min_tool_calls += rd["min_tool_calls"]
        fig.fallback_contracts += bool(rd["contract_fallback"])
        fig.questions_refused += bool(rd.get("question_refused"))
        if rd.get("oracle"):
            fig.oracle = fig.oracle or OracleFigures()
            fig.oracle.add(rd["oracle"])
    return [by[k] for k in sorted(by)]


HEADER = (f"{'set':17} {'split':5} {'cases':>5}  {'cells right':>11}  {'≠gold':>5}  {'endings':>9}  {'gold read':>9}  "
          f"{'wrong conf':>10}  {'tool calls / min':>16}  {'fallback/refused':>16}")


def _ratio(part: int, whole: int) -> str:
    return f"{part:>4}/{whole:<4}"


def figures_row(fig: SetFigures, label: str | None = None) -> str:
    n = max(fig.cases, 1)
    calls = f"{fig.tool_calls / n:>5.1f} / {fig.min_tool_calls / n:<4.1f}" if fig.min_tool_calls else f"{fig.tool_calls / n:>5.1f} / –   "
    return (f"{label or fig.set:17} {fig.split:5} {fig.cases:>5}  {_ratio(fig.cells_right, fig.cells_total):>11}  "
            f"{fig.confirmed_not_gold:>5}  {_ratio(fig.endings, fig.cases):>9}  {_ratio(fig.gold_read, fig.cases):>9}  "
            f"{fig.wrong_confirmations:>10}  {calls:>16}  {f'{fig.fallback_contracts}/{fig.questions_refused}':>16}")


def oracle_row(fig: SetFigures, label: str | None = None) -> str:
    """The perfect-reader line of a part: findings offered, accepted, rejected by reason."""
    o = fig.oracle
    if o is None:
        return ""
    why = ", ".join(f"{k} {v}" for k, v in sorted(o.rejected_by.items(), key=lambda kv: -kv[1])) or "none"
    head = f"{label or fig.set:17} {fig.split:5} oracle:{o.mode}: "
    if o.errors:
        head += f"[{o.errors} request(s) the perfect reader failed to answer] "
    if o.mode == "gold":
        return f"{head}{o.offered} correct findings offered, {o.accepted} kept, {o.rejected} rejected ({why})"
    kinds = ", ".join(f"{k} {kept}/{n}" for k, (n, kept) in sorted(o.by_kind.items()))
    return (f"{head}{o.offered} wrong findings offered, {o.accepted} kept as wrong ({kinds}), {o.corrected} kept "
            f"with the gold read from the quote, {o.rejected} rejected ({why}); wrong values confirmed "
            f"{fig.confirmed_not_gold}")


def figures_table(rows: list[SetFigures], title: str = "== real-data sets ==") -> str:
    lines = [f"\n{title}", HEADER, *(figures_row(f) for f in rows)]
    lines += [line for f in rows if (line := oracle_row(f))]
    return "\n".join(lines)


def case_lines(runs: list[dict[str, Any]], every: bool = False) -> list[str]:
    """Per-case lines of a dev part: every confirmed value that is no gold form (MISMATCH), every wrong
    confirmation (WRONG), every correct finding of a perfect reader the program refused (REFUSED) and,
    for small runs or with `every`, every gold cell left unconfirmed (missed)."""
    few = every or len(runs) <= MISSES_SHOWN
    lines: list[str] = []
    for r in runs:
        rd = r.get("realdata") or {}
        lines += [f"  MISMATCH {r['case']}: {m}" for m in rd.get("mismatches", [])]
        lines += [f"  missed {r['case']}: {m}" for m in rd.get("misses", []) if few]
        lines += [f"  WRONG {r['case']}: {w}" for w in r.get("wrong_cells", [])]
        lines += [f"  REFUSED {r['case']}: {o}" for o in (rd.get("oracle") or {}).get("refused_offers", [])
                  if (rd.get("oracle") or {}).get("mode") == "gold"]
    return lines
