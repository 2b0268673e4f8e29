"""The strategy ladder's searches: each rung changes *what* is asked, not only its wording.

For an object and a dimension (index = `Cell.rung`, names kept from `state.LADDER`):

* `initial` — "<name> <dimension>" (in a comparison, the dimension's first search names every object:
  `comparison_query`) and the dimension's **value vocabulary**: the words a page that
  states a value uses ("AGPL", "Apache", "MIT", "proprietary" for a licence; "per month", "plan", "free"
  for a price; an enum dimension's own values).  A page that states the value ranks above one that only
  talks about the topic;
* `rephrase` — the name (or its first alias) with the dimension's head noun and its synonyms ("licence",
  "licensed"; "cost", "pricing"): the words a page uses for the topic when it does not use ours;
* `primary_sources` — the bare name: every page about the object, its own site first (`leads.usable_leads`
  orders leads on official sites first on this rung) — asked only while no page on the object's own site
  has been seen (`rung_search`);
* `reframe` — no search: "is <dimension> publicly disclosed for <name>" only reworded the first query.

`next_rung` is where a cell goes when its current path is spent: the next rung with a search not run yet,
or `closed` — and straight to `closed` when the cell's last search brought nothing new (every result was a
page already seen, or nothing named the object): the same question in other words finds the same pages.

No rung is asked for an object once a search for one of its cells returned every page holding its name
(`object_searched_out`): the local index ranks every page holding any word of a query, so fewer results
than asked for are all of them.
"""

from __future__ import annotations

from .contract import DimensionSpec, TaskContract, split_cell_key
from .normalize import query_key
from .reading.lexicon import family_named
from .reading.values._units import UNITS
from .source_types import source_type_of
from .state import LADDER, ActionLog, Cell, ResearchState
from .leads import mentions
from .tools.canonical import canonical_url
from .tools.errors import BadRequest
from .tools.search import EXHAUSTIVE_BACKENDS, SEARCH_LIMIT, SearchResult
from .tools.search_local import query_tokens

__all__ = ["STALE_LIMIT", "VALUE_WORDS", "comparison_query", "fresh_search", "ladder_query", "next_rung",
           "object_searched_out", "returned_everything", "rung_query", "rung_search", "search_spent", "titled_objects", "value_words"]

VALUE_WORDS: dict[str, tuple[str, ...]] = {
    # the words a page stating a value of the kind uses, as a reader would search for them
    "license": ("AGPL", "Apache", "MIT", "GPL", "BSD", "MPL", "source-available", "proprietary"),
    "money": ("per month", "plan", "free"),
}
"""Value vocabulary by the lexicon's value kind (`reading.lexicon.Family.kind`)."""

_MAX_SYNONYMS = 3
STALE_LIMIT = 2
"""Pages read in a row for a cell, since its last search, that added nothing: then the next rung is asked."""


def value_words(dim: DimensionSpec) -> list[str]:
    """The value vocabulary of a dimension: its enum values, else its value kind's words, else the
    spellings of its unit (a page stating a latency writes "ms" or "milliseconds")."""
    if dim.values:
        return list(dim.values)
    family = family_named(dim.name)
    words = VALUE_WORDS.get(family.kind if family else str(dim.kind), ())
    unit = dim.unit or (family.unit if family else None)
    if not words and unit:
        base = UNITS.get(unit)
        words = tuple(w for w, u in UNITS.items() if base is not None and u.symbol == base.symbol)
    return list(words)


def rung_query(contract: TaskContract, cell: Cell, rung: int) -> str | None:
    """The search of rung `rung` for a cell (None: the rung asks nothing)."""
    obj, dim = contract.object(cell.object), contract.dimension(cell.dimension)
    return ladder_query(LADDER[rung], obj.name, obj.aliases, dim.name, dim.keywords, value_words(dim))


def rung_search(state: ResearchState, cell: Cell, rung: int) -> str | None:
    """The search a cell would run on `rung` now: `rung_query`, except the bare-name rung once a page on
    the object's own site has been seen — that rung is there to find the site, and its pages are leads
    for every cell of the object already (`leads.titled_pages`)."""
    if LADDER[rung] == "primary_sources" and _own_site_seen(state, cell):
        return None
    if object_searched_out(state, cell.object):
        return None
    if LADDER[rung] == "initial":
        return _initial_search(state, cell)
    return rung_query(state.task_contract, cell, rung)


def _initial_search(state: ResearchState, cell: Cell) -> str | None:
    """The initial rung's search: the one the cell asked already, if any; in a comparison, the dimension's
    first search names every object (`comparison_query`); else the cell's own `rung_query`."""
    searches = [a for a in state.actions if a.tool == "search" and a.status in ("ok", "error")]
    own = [a for a in searches if a.cell == cell.key and a.strategy == "initial"]
    if own:
        return str(own[0].args.get("query", ""))
    contract = state.task_contract
    if len(contract.objects) > 1 and not any(split_cell_key(a.cell or "")[1] == cell.dimension for a in searches):
        return comparison_query(contract, cell.dimension)
    return rung_query(contract, cell, 0)


def comparison_query(contract: TaskContract, dimension: str) -> str:
    """Every object's name with the dimension and its value vocabulary: a comparison asks the same thing of
    each object, and one search returns each one's pages (and the pages comparing them)."""
    dim = contract.dimension(dimension)
    return " ".join(dict.fromkeys([*(o.name for o in contract.objects), dim.name, *value_words(dim)]))


def returned_everything(hits: list[SearchResult]) -> bool:
    """A search answered by a backend that ranks every page holding any word of the query returned fewer
    results than it was asked for: those are every indexed page holding any of its words."""
    return 0 < len(hits) < SEARCH_LIMIT and all(hit.source in EXHAUSTIVE_BACKENDS for hit in hits)


def object_searched_out(state: ResearchState, name: str) -> bool:
    """Every page holding the object's name is known: a complete search (`ActionLog.complete`) for one of its
    cells held every word of its name (so of every shorter form of it) and a word of each alias (a page
    naming an alias holds all its words).  Another wording — another dimension's words, the bare name —
    returns no page naming it that is not a lead, read, or a result already seen."""
    obj = state.task_contract.object(name)
    return any(_covers(a, name, _words(obj.name), [_words(alias) for alias in obj.aliases]) for a in state.actions)


def _covers(action: ActionLog, name: str, words: set[str], aliases: list[set[str]]) -> bool:
    if not (action.complete and action.tool == "search"):
        return False
    if split_cell_key(action.cell or "")[0] != name and name not in action.complete_for:
        return False
    asked = _words(str(action.args.get("query", "")))
    return bool(words) and words <= asked and all(alias & asked for alias in aliases)


def titled_objects(contract: TaskContract, hits: list[SearchResult], opened: set[str], skip: str | None) -> list[str]:
    """The objects (but `skip`, the searching cell's) every result naming which has a title naming it or was
    opened: a complete search leaves no page on them that is not read as a titled result."""
    out = []
    for obj in contract.objects:
        naming = [h for h in hits if obj.name != skip and mentions(f"{h.title} {h.snippet} {h.url}", obj)]
        if obj.name != skip and all(mentions(h.title, obj) or canonical_url(h.url) in opened for h in naming):
            out.append(obj.name)
    return out


def _words(text: str) -> set[str]:
    try:
        return set(query_tokens(text))
    except BadRequest:
        return set()


def _own_site_seen(state: ResearchState, cell: Cell) -> bool:
    contract = state.task_contract
    obj = contract.object(cell.object)
    return any(source_type_of(s.url, obj, contract) == "primary" for s in state.sources.values())


def ladder_query(rung: str, name: str, aliases: list[str], dimension: str, keywords: list[str],
                 values: list[str] | None = None) -> str | None:
    """The search of one strategy-ladder rung for an object and a dimension (None: no search)."""
    match rung:
        case "initial":
            return " ".join(dict.fromkeys([name, dimension, *(values or [])]))
        case "rephrase":
            head = dimension.split()[-1] if dimension.split() else dimension
            synonyms = [k for k in keywords if k.lower() not in (dimension.lower(), head.lower())][:_MAX_SYNONYMS]
            alias = aliases[0] if aliases else name
            return " ".join(dict.fromkeys([alias, head, *synonyms]))
        case "primary_sources":
            return name
        case _:
            return None


def search_spent(state: ResearchState, cell: Cell) -> bool:
    """The cell's last search brought nothing new for it: no lead (a page it returned that does not name the
    object is no page about it, new or not)."""
    searches = [a for a in state.actions if a.cell == cell.key and a.tool == "search" and a.status == "ok"]
    if not searches:
        return False
    last = searches[-1]
    return last.new_leads == 0


def next_rung(state: ResearchState, cell: Cell) -> int:
    """The rung a cell climbs to when its current path is spent (see the module docstring)."""
    closed = len(LADDER) - 1
    mine = [a for a in state.actions if a.cell == cell.key]
    if mine and mine[-1].status == "refused":
        # a refused proposal climbs one rung: a policy that keeps repeating itself is stopped for that
        return min(cell.rung + 1, closed)
    if search_spent(state, cell):
        return closed
    executed = state.executed_keys()
    for rung in range(cell.rung + 1, closed):
        query = rung_search(state, cell, rung)
        if query and f"search:{query_key(query)}" not in executed:
            return rung
    return closed


def fruitless_reads(state: ResearchState, cell: Cell) -> int:
    """Pages read in a row for the cell since its last search that added no fact."""
    count = 0
    for action in reversed(state.actions):
        if action.cell != cell.key:
            continue
        if action.tool != "visit" or action.new_evidence:
            break
        if action.status == "ok":
            count += 1
    return count


def fresh_search(state: ResearchState, cell: Cell) -> tuple[int, str] | None:
    """The next rung's search, once `STALE_LIMIT` pages in a row read for the cell added nothing: the
    results of a question that keeps yielding nothing are not all read before another question is asked
    (the unread ones stay leads)."""
    if fruitless_reads(state, cell) < STALE_LIMIT:
        return None
    executed = state.executed_keys()
    for rung in range(cell.rung + 1, len(LADDER) - 1):
        query = rung_search(state, cell, rung)
        if query and f"search:{query_key(query)}" not in executed:
            return rung, query
    return None
