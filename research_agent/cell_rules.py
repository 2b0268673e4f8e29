"""One place decides a cell's status: `rule_cell`, a pure function of the cell's evidence and the settings.

The reducer gathers a cell's evidence from the state (`settling.evidence_of`), calls `rule_cell`, asks the
policy's rubric about a value the ruling would newly confirm and applies `judged`; the stop criteria read
the statuses and counts written here and never re-derive them; replay calls the same two functions on a
recorded step's evidence under other settings (`research replay <id> --min-sources 1`).

The rules, in order (each a fact about evidence, not about one case):

1. Only findings read on pages that were opened and not quarantined count (the gatherer's part).
2. Agreement: findings are grouped by canonical value.  One value wins alone; several are a conflict.  A forum
   post is hearsay: a value only forum posts state never contests one a page that is not a forum states (it stays
   a candidate, named in the conflict's note).  Likewise a value only quotes naming no one state (*carried*: tied
   to the object by an earlier sentence of a page whose title names none) never contests one a quote naming the
   object states.  The rest is settled by the one value a primary source states (unless another value has
   `min_sources`, and at least two, independent non-forum sources of its own), else by the one value with the
   newest date when every side is dated (an undated page counts as a source but never as the newer one); a
   conflict nothing settles leaves the cell `partial`.
3. Support: the winner's findings; a *weak* one (its quote may be about another entity) backs the value
   only when nothing else does, and never counts as an independent source beside a strong one.  An *echo*
   (a page writing a specific value about the object without saying what it is of) takes no part in
   agreement: it backs the winner when it repeats it and a strong finding states it, and is dropped otherwise.
4. Independence: sources are counted by fingerprint cluster, so copies of one page count once.
5. `confirmed` needs `min_sources` clusters, at least one finding that is not a forum post and names the
   object on its own, no unread search result whose snippet states another value (a value a primary
   source states ignores secondary snippets), and, the first time, no objection from the rubric.  A cell
   confirmed already stays confirmed without asking again.

A cell ruled out by a hard constraint (`irrelevant`) is never re-ruled, and a closed cell with nothing
found keeps `unavailable` (`rule_cell` returns None for both: nothing changes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .policy.base import CellJudgement
from .state import CellStatus, Gap, SourceType

__all__ = ["CellEvidence", "CellRuling", "Evidence", "SettleRules", "Settled", "UnreadLead", "judged", "rule_cell"]


@dataclass(frozen=True)
class SettleRules:
    """The settings a cell's status depends on."""

    min_sources: int
    """Independent sources (fingerprint clusters) a value needs to be confirmed."""


@dataclass(frozen=True)
class Evidence:
    """One finding, as the rules see it."""

    id: str
    value: str
    """The canonical value: agreement is decided on it."""
    display: str
    """The value as the source wrote it."""
    source_id: str
    cluster: str
    """The source's fingerprint cluster (its own id when it has none)."""
    domain: str
    date: str | None
    source_type: SourceType
    weak: bool
    """The quote may be about another entity (`Finding.weak`)."""
    confirms_alone: bool
    """Not weak and not only a title and a surname (`Finding.confirms_alone`)."""
    echo: bool = False
    """The quote repeats a specific value without saying what it is of (`Finding.echo`): a source for the value
    the other findings state, never a value of its own."""
    carried: bool = False
    """The quote names no one: it was tied to the object only by an earlier sentence of a page whose title names
    none (`reading.attribution.Subjects.carried`)."""


@dataclass(frozen=True)
class UnreadLead:
    """A search result for the cell not opened yet whose snippet states a value."""

    url: str
    hint: str
    """The canonical value the snippet states."""
    hint_display: str | None
    primary: bool
    """Its URL is a primary source for the cell's object."""


@dataclass(frozen=True)
class CellEvidence:
    """Everything `rule_cell` reads about one cell."""

    prior: CellStatus
    """The status before this ruling."""
    findings: tuple[Evidence, ...]
    """In the order they were found."""
    leads: tuple[UnreadLead, ...] = ()
    """In the order a contradicting one is looked for (see `leads.contradiction_order`)."""


@dataclass(frozen=True)
class Settled:
    """What the evidence says of a cell that has findings, whatever its status."""

    value: str | None
    conclusion: str | None
    finding_ids: tuple[str, ...]
    """The findings behind the value."""
    candidate_ids: tuple[str, ...]
    """Findings seen but not behind the value (the losing side of a conflict, weak ones set aside)."""
    source_ids: tuple[str, ...]
    source_types: tuple[str, ...]
    dates: tuple[str, ...]
    independent_sources: int
    conflict: bool
    conflict_note: str | None
    resolution: str | None


@dataclass(frozen=True)
class CellRuling:
    """A cell's status and what it still needs, with what its evidence says (`settled`)."""

    status: CellStatus
    needed: str
    gap: Gap
    settled: Settled | None
    """None: the cell has no findings and keeps its value fields as they are."""
    awaiting_rubric: bool = False
    """The value would be confirmed for the first time: the rubric is asked (`judged`); until then the cell
    keeps its prior status and `needed`."""


def rule_cell(evidence: CellEvidence, rules: SettleRules) -> CellRuling | None:
    """The cell's status under `rules`; None when nothing changes (ruled out, or closed with nothing found)."""
    if evidence.prior == "irrelevant":
        return None
    stated = tuple(f for f in evidence.findings if not f.echo)
    if not stated:
        if evidence.prior == "unavailable":
            return None
        return CellRuling("pending", "a first source", "first_source", None)
    by_value: dict[str, list[Evidence]] = {}
    for f in stated:
        by_value.setdefault(f.value, []).append(f)
    winner, resolution, note = _resolve(by_value, rules.min_sources)
    # a weak quote backs the value only when nothing else does (never as a second independent source)
    support = by_value.get(winner, []) if winner else []
    support = [f for f in support if not f.weak] or support
    if support and not support[0].weak:  # a page repeating the stated value without saying what it is of
        support += [f for f in evidence.findings if f.echo and f.value == winner]
    settled = _settled(stated, support, winner, resolution, note, len(by_value) > 1)
    if winner is None:
        return CellRuling("partial", "a primary or newer source that settles the conflict", "settle_conflict", settled)
    return _grade(evidence, rules, settled, support)


def _settled(findings: tuple[Evidence, ...], support: list[Evidence], winner: str | None, resolution: str | None,
             note: str | None, conflict: bool) -> Settled:
    backing = {f.id for f in support}
    display = support[0].display if support else None
    conclusion = None if winner is None else f"{display}" + (f" (conflict resolved: {resolution})" if conflict else "")
    return Settled(
        value=winner, conclusion=conclusion,
        finding_ids=tuple(f.id for f in support),
        candidate_ids=tuple(f.id for f in findings if f.id not in backing),
        source_ids=tuple(sorted({f.source_id for f in support}, key=lambda s: int(s[1:]))),
        source_types=tuple(sorted({f.source_type for f in support})),
        dates=tuple(sorted({f.date for f in support if f.date})),
        independent_sources=len({f.cluster for f in support}),
        conflict=conflict, conflict_note=note, resolution=resolution,
    )


def _grade(evidence: CellEvidence, rules: SettleRules, settled: Settled, support: list[Evidence]) -> CellRuling:
    """Partial, or confirmed (awaiting the rubric the first time), for a cell whose value has a winner."""
    need, clusters = rules.min_sources, settled.independent_sources
    strong = any(f.source_type != "forum" and f.confirms_alone for f in support)
    if clusters >= need and strong:
        unread = _contradicting(evidence.leads, settled.value, any(f.source_type == "primary" for f in support))
        if unread is not None:
            # misinformation agreeing with itself must not settle a cell while a result that seems to
            # say otherwise is still unread
            needed = f"open {unread.url}: its search snippet states {unread.hint_display}"
            return CellRuling("partial", needed, "unread_contradiction", settled)
        return CellRuling("confirmed", "", "none", settled, awaiting_rubric=evidence.prior != "confirmed")
    if clusters < need:
        needed = f"{need - clusters} more independent source(s) stating {support[0].display}"
        return CellRuling("partial", needed, "more_sources", settled)
    needed = "a source that is not a forum post and names the object (not only a title and a surname)"
    return CellRuling("partial", needed, "strong_source", settled)


def judged(ruling: CellRuling, judgement: CellJudgement | None) -> CellRuling:
    """A ruling awaiting the rubric, with its verdict: it can only hold the cell back ("unsupported", or a
    conflict it sees no condition for); None (no opinion) confirms it."""
    if not ruling.awaiting_rubric:
        return ruling
    conflict = ruling.settled is not None and ruling.settled.conflict
    if judgement is not None and not judgement.supported:
        return replace(ruling, status="partial", needed=f"the rubric judged it unsupported: {judgement.note}",
                       gap="rubric_unsupported", awaiting_rubric=False)
    if judgement is not None and conflict and not judgement.conflict_explained:
        # the program picked a winner (primary > newer), but the rubric sees no condition
        # that explains the disagreement: an unexplained conflict is not a conclusion
        needed = f"an explanation of the conflict (the rubric found none: {judgement.note})"
        return replace(ruling, status="partial", needed=needed, gap="rubric_conflict", awaiting_rubric=False)
    return replace(ruling, status="confirmed", needed="", gap="none", awaiting_rubric=False)


def _contradicting(leads: tuple[UnreadLead, ...], winner: str | None, primary: bool) -> UnreadLead | None:
    """The first unread lead whose snippet states another value and could still change the outcome: a
    secondary page cannot outrank a value a primary source states (see `_resolve`)."""
    for lead in leads:
        if lead.hint == winner or (primary and not lead.primary):
            continue
        return lead
    return None


def _resolve(by_value: dict[str, list[Evidence]], min_sources: int) -> tuple[str | None, str | None, str | None]:
    """The winning value, how a conflict was resolved and the conflict's note (None, None, None: no conflict).

    Values only forum posts state are set aside when another value is stated by a page that is not a forum: a post
    is hearsay, and its date says when someone repeated a figure, not that the figure changed. So are values only
    carried quotes state, beside one a quote naming the object states: a guess from the discourse is no statement.
    A primary source settles a conflict — unless another value is itself established by `min_sources`
    (and at least two) independent non-forum sources: then the official page and independent reporting disagree (an offer
    on other terms, a page out of date), and only the dates can still decide."""
    if len(by_value) == 1:
        return next(iter(by_value)), None, None

    def describe(v: str) -> str:
        fs = by_value[v]
        bits = ", ".join(f"{f.source_id} {f.domain} {f.date or 'undated'} {f.source_type}" for f in fs)
        return f"{fs[0].display!s} [{bits}]"

    note = "sources disagree: " + " vs ".join(describe(v) for v in by_value)
    for lesser, why in ((lambda f: f.source_type == "forum", "only forum posts state otherwise; {} is stated elsewhere"),
                        (lambda f: f.carried, "only quotes naming no one state otherwise; {} is stated by name")):
        by_value = _set_aside(by_value, lesser)
        if len(by_value) == 1:
            v = next(iter(by_value))
            return v, why.format(by_value[v][0].display), note
    primary = [v for v, fs in by_value.items() if any(f.source_type == "primary" for f in fs)]
    enough = max(2, min_sources)  # one page against one page: the official one wins
    established = [v for v, fs in by_value.items() if len({f.cluster for f in fs if f.source_type != "forum"}) >= enough]
    if len(primary) == 1 and not [v for v in established if v != primary[0]]:
        v = primary[0]
        return v, f"the primary source states {by_value[v][0].display}; others are secondary", note
    # an undated page still counts as a source, but it cannot say it is newer, nor that the others are:
    # a date decides only when every side of the conflict has one
    newest = {v: max((f.date or "") for f in fs) for v, fs in by_value.items()}
    top = max(newest.values())
    leaders = [v for v, d in newest.items() if d == top]
    if top and len(leaders) == 1 and all(newest.values()):
        v = leaders[0]
        return v, f"the newest source ({top}) states {by_value[v][0].display}; older sources predate it", note
    return None, None, note + "; no primary or newer source decides"


def _set_aside(by_value: dict[str, list[Evidence]], lesser: Callable[[Evidence], bool]) -> dict[str, list[Evidence]]:
    """`by_value` without the values only `lesser` findings state, when another value is stated otherwise."""
    kept = {v: fs for v, fs in by_value.items() if not all(lesser(f) for f in fs)}
    return kept if kept and len(kept) < len(by_value) else by_value
