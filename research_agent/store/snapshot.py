"""A research state as rows, written incrementally (state layout 2).

Design
------
A checkpoint used to serialise the whole state into `state.state_json` and
upsert every cell, source and finding at every step: O(state) per step, O(n²)
per run.  Layout 2 splits the state:

* `state.state_json` holds the small part (counters, risk, the bounded step
  log, the contract, the cluster index's parameters…): `core_of(state)`;
* every cell, source, finding, action, lead and fingerprint is one row with
  its full JSON in `data_json` (plus the queryable projection columns).

`RowWriter.plan` compares the state with what this process last wrote for
the task (`Written`, kept by the `Store` after each commit) and writes only
what changed, at a cost that follows the step, not the run:

* actions and fingerprints are append-only: the new ones are written;
* sources, findings and leads (`Tracked`) log their field assignments in the
  cache's `ChangeLog` (`change_log.py`), so a changed item is found without
  looking at the others; what assignment does not show (an item added,
  removed, replaced, moved, or a copy made without `__setattr__`) shows in
  an identity comparison of the container with its last written form (its
  keys and object ids, compared in C).  A move in a keyed container rewrites
  that table's rows for the task, so rows load back in the dict's order;
* the cells (one per object × dimension), whose lists grow in place, are
  compared with copies.

When the cache cannot be trusted — a new process, another state object whose
actions are not a continuation, `state.generation` moved under us — the
writer deletes the task's rows and writes them all again (a "full" write), so
the result never depends on the cache, only its cost does.

Fingerprints are stored once: the cluster index's members go to
`fingerprints` (hash values as a little-endian uint64 BLOB); a source whose
fingerprint equals its member's says so (`"fingerprint": "@member"`) instead
of carrying a second copy.  A fingerprint with no member (or a different one)
is kept inline.

Replay: every plan also lists what it writes as `RowChange`s (`RowWriter.changes`): the same JSON
texts, per table and key, which the store appends to the task's replay log in the same transaction
(`replay_log.py`).  A full write starts with a `reset`, so the log read in order rebuilds the state
after every step.

Secrets: each row's JSON gets the scan-and-redact the whole state used to get
(`redact_json`), so only the rows written pay for it.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from array import array
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal, NamedTuple

from ..change_log import ChangeLog
from ..state import ActionLog, Cell, Finding, Lead, ResearchState, Source
# The exact converters `ResearchState.to_dict` uses, so a row holds what the
# whole-state JSON held for that item (same values, types and key order).
from ..state import _ASDICT, _PLAIN, _dataclass_dict, _fields_of, _jsonable, contract_data

__all__ = ["SPLIT", "LAYOUT", "RowChange", "RowWriter", "Written", "core_of", "load_rows", "redact_json"]

LAYOUT = 2
SPLIT = ("cells", "sources", "findings", "leads", "actions", "clusters")
"""State fields stored as rows, not in `state_json`."""
MEMBER_FINGERPRINT = "@member"

Redactor = Callable[[Any], Any]
RowOp = Literal["reset", "clear", "put", "drop", "truncate"]


class RowChange(NamedTuple):
    """One entry of the replay log: `put` a row's JSON under `key` (an id, a cell key, a lead or action
    position), `drop` a key, `clear` a table, `truncate` the leads to `key` items, or `reset` every table."""

    kind: str
    """`cells`, `sources`, `findings`, `leads` or `actions` (`*` for a reset)."""
    op: RowOp
    key: str | None
    text: str | None


def redact_json(data: Any, needs: Callable[[str], bool], redact: Redactor) -> tuple[Any, str]:
    """`data` and its JSON text, redacted when the text shows a secret-looking key."""
    text = json.dumps(data)
    if needs(text):
        data = redact(data)
        text = json.dumps(data)
    return data, text


def core_of(state: ResearchState) -> dict[str, Any]:
    """The state's fields that are not rows, as `to_dict` would write them."""
    out: dict[str, Any] = {}
    for f in fields(state):
        if f.name in SPLIT:
            continue
        value = getattr(state, f.name)
        out[f.name] = value if type(value) in (str, int, float, bool, type(None)) else _jsonable(value, _PLAIN)
    if state.contract is None:
        out["contract"] = contract_data(None)
    out["stop_reason"] = state.stop_reason.value if state.stop_reason else None
    clusters = state.clusters or {}
    out["clusters"] = {k: v for k, v in clusters.items() if k != "members"}
    out["clusters_present"] = bool(clusters)
    return out


def _blob(values: list[int]) -> bytes | str:
    try:
        packed = array("Q", values)
    except (OverflowError, TypeError):
        return json.dumps(values)  # not uint64 (never made by `fingerprint`): kept exactly as text
    if sys.byteorder != "little":
        packed.byteswap()
    return packed.tobytes()


def _unblob(raw: bytes | str) -> list[int]:
    if isinstance(raw, str):
        return [int(v) for v in json.loads(raw)]
    packed = array("Q")
    packed.frombytes(raw)
    if sys.byteorder != "little":
        packed.byteswap()
    return packed.tolist()


@dataclass
class _Items:
    """A keyed container (`state.sources`, `state.findings`) as last written: its keys in
    order, the objects (held, so their ids stay theirs) and where each object sits."""

    keys: list[Any] = field(default_factory=list)
    objs: list[Any] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)
    at: dict[int, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, items: Mapping[str, Any] | list[Any]) -> "_Items":
        keys = list(items) if isinstance(items, Mapping) else list(range(len(items)))
        objs = list(items.values()) if isinstance(items, Mapping) else list(items)
        ids = list(map(id, objs))
        return cls(keys, objs, ids, dict(zip(ids, keys)))


@dataclass
class Written:
    """What this process last committed for one task (see the module docstring).

    `log` names the sources, findings and leads assigned to since then (see
    `change_log.py`); the writer drains it at the next checkpoint.
    """

    generation: int
    log: ChangeLog = field(default_factory=ChangeLog)
    cells: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    sources: _Items = field(default_factory=_Items)
    findings: _Items = field(default_factory=_Items)
    leads: _Items = field(default_factory=_Items)
    actions: int = 0
    last_action: ActionLog | None = None
    step_seq: tuple[int, int] = (-1, 0)
    """(step, actions of that step written) of the last action written."""
    core: dict[str, Any] | None = None
    """The state's small part as last written (`core_of`, redacted): the replay log records what changed."""
    members: int = 0
    last_member: str | None = None
    member_fp: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, state: ResearchState, generation: int) -> "Written":
        """The cache for a state just loaded from the rows."""
        w = cls(generation=generation)
        w.cells = {k: _cell_snapshot(c) for k, c in state.cells.items()}
        w.sources, w.findings, w.leads = _Items.of(state.sources), _Items.of(state.findings), _Items.of(state.leads)
        w.actions = len(state.actions)
        w.last_action = state.actions[-1] if state.actions else None
        w.step_seq = _step_seq(state.actions)
        members = (state.clusters or {}).get("members", [])
        w.members = len(members)
        w.last_member = str(members[-1]["source_id"]) if members else None
        w.member_fp = {str(m["source_id"]): list(m["hashvalues"]) for m in members}
        return w

    def close(self) -> None:
        self.log.close()


_CELL_FIELDS = _fields_of(Cell)[1]


def _cell_snapshot(cell: Cell) -> tuple[Any, ...]:
    # a cell's lists grow in place (cells are not `Tracked`): keep copies, which
    # compare equal to the live lists in `_CELL_FIELDS(cell) == snapshot` (in C)
    return tuple(list(v) if type(v) is list else v for v in _CELL_FIELDS(cell))


def _step_seq(actions: list[ActionLog]) -> tuple[int, int]:
    if not actions:
        return (-1, 0)
    last, n = actions[-1].step, 0
    for a in reversed(actions):
        if a.step != last:
            break
        n += 1
    return (last, n)


@dataclass
class _Changes:
    """What to write for one container: changed keys in the container's order, keys gone,
    or `rewrite` when the order changed (the task's rows of that table are written again)."""

    changed: list[Any]
    gone: list[Any]
    rewrite: bool
    now: _Items


def _changes(items: Mapping[str, Any] | list[Any], before: _Items, dirty: list[Any], kind: type) -> _Changes:
    """Diff `items` against `before`: the structure by comparing the containers, the contents by `dirty`.

    The common case costs two C list comparisons: the objects last written
    are still in their places (`==` is true at once for the same object), new
    ones may follow.  An equal copy in an old object's place passes that test
    too, which is harmless until the copy is assigned to: then the copy is a
    logged object the cache does not know, and the strict diff by object ids
    (`_strict_changes`) finds where it sits.  Changed keys come in the
    container's order (new rows get increasing rowids, which is the order
    `load_rows` reads them back in).
    """
    keyed = isinstance(items, Mapping)
    objs: list[Any] = list(items.values()) if isinstance(items, Mapping) else items
    keys: list[Any] | None = list(items) if keyed else None
    n = len(before.objs)
    if len(objs) < n or objs[:n] != before.objs or (keys is not None and keys[:n] != before.keys):
        return _strict_changes(items, before, dirty, kind)
    tail = keys[n:] if keys is not None else list(range(n, len(objs)))
    now = before
    if tail:  # `before` is not read again: its map is extended in place
        tail_objs = objs[n:]
        tail_ids = list(map(id, tail_objs))
        before.at.update(zip(tail_ids, tail))
        now = _Items([*before.keys, *tail], [*before.objs, *tail_objs], [*before.ids, *tail_ids], before.at)
    changed = dict.fromkeys(tail)
    for obj in dirty:
        if isinstance(obj, kind):
            key = now.at.get(id(obj))
            if key is None or (not keyed and key >= len(objs)) or items[key] is not obj:
                return _strict_changes(items, before, dirty, kind)
            changed[key] = None
    return _Changes(list(changed), [], False, now)


def _strict_changes(items: Mapping[str, Any] | list[Any], before: _Items, dirty: list[Any], kind: type) -> _Changes:
    """`_changes` by object identity: `before.ids[i]` is the id of `before.objs[i]`, which it holds."""
    keyed = isinstance(items, Mapping)
    objs: list[Any] = list(items.values()) if isinstance(items, Mapping) else items
    ids = list(map(id, objs))
    n = len(before.ids)
    changed: dict[Any, None] = {}
    gone: list[Any] = []
    keys = list(items) if keyed else None
    if ids == before.ids and (keys is None or keys == before.keys):
        now = before  # same objects in the same places: only their contents may have changed
    elif ids[:n] == before.ids and (keys is None or keys[:n] == before.keys):
        # appended (the common case): extend the old maps, which nothing else reads any more
        new_keys = keys[n:] if keys is not None else list(range(n, len(ids)))
        changed.update(dict.fromkeys(new_keys))
        before.at.update(zip(ids[n:], new_keys))
        now = _Items(keys if keys is not None else [*before.keys, *new_keys], list(objs), ids, before.at)
    else:
        keys = keys if keys is not None else list(range(len(ids)))
        if not keyed:  # positions: a changed position is rewritten, a shorter list loses its tail
            changed.update((i, None) for i in range(len(ids)) if i >= n or ids[i] != before.ids[i])
            gone = list(range(len(ids), n))
        else:
            present = set(keys)
            kept = [k for k in before.keys if k in present]
            if keys[: len(kept)] != kept:  # an item moved: only a rewrite keeps the order rows load in
                now = _Items.of(items)
                return _Changes(now.keys, [], True, now)
            old = dict(zip(before.keys, before.ids))
            gone = [k for k in before.keys if k not in present]
            changed.update((k, None) for k, i in zip(keys, ids) if old.get(k) != i)
        now = _Items(keys, list(objs), ids, dict(zip(ids, keys)))
    for obj in dirty:
        if isinstance(obj, kind):
            key = now.at.get(id(obj))
            if key is not None and items[key] is obj:
                changed[key] = None
    return _Changes(list(changed), gone, False, now)


class RowWriter:
    """Plans the SQL that writes one task's changed state rows, then applies it.

    `plan` runs *before* the write transaction (it is the Python work: diffing
    and serialising), `apply` inside it, so the write lock is held only for
    the statements themselves and another process (`research cancel`) gets
    its turn between two checkpoints.
    """

    def __init__(self, task_id: str, needs: Callable[[str], bool], redact: Redactor) -> None:
        self.task_id, self.needs, self.redact = task_id, needs, redact
        self.ops: list[tuple[str, list[tuple[Any, ...]]]] = []
        self.changes: list[RowChange] = []
        """What the planned statements write, for the replay log (see the module docstring)."""

    def _exec(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if rows:
            self.ops.append((sql, rows))

    def apply(self, conn: sqlite3.Connection) -> None:
        for sql, rows in self.ops:
            conn.executemany(sql, rows)

    def plan(self, state: ResearchState, written: Written | None, generation: int) -> Written:
        """Plan writing what changed since `written` (None: everything); returns the new cache,
        which takes over `written`'s change log (a full write opens a new one first)."""
        self.ops, self.changes = [], []
        if written is None or not self._continues(state, written):
            if written is not None:
                written.close()
            self._delete_all()
            written = Written(generation=generation)  # its log opens before anything is read
            dirty: list[Any] = []
        else:
            dirty = written.log.drain()
        new = Written(generation=generation, log=written.log)
        new.cells = self._cells(state, written.cells)
        new.member_fp = written.member_fp  # extended in place: members are append-only
        self._fingerprints(state, written, new)
        new.sources = self._sources(state, _changes(state.sources, written.sources, dirty, Source), new.member_fp)
        new.findings = self._findings(state, _changes(state.findings, written.findings, dirty, Finding))
        new.leads = self._leads(state, _changes(state.leads, written.leads, dirty, Lead))
        self._actions(state, written, new)
        return new

    # ------------------------------------------------------------ checks
    @staticmethod
    def _continues(state: ResearchState, w: Written) -> bool:
        """Whether `state`'s append-only parts extend what `w` wrote."""
        n = w.actions
        if len(state.actions) < n or (n and state.actions[n - 1] is not w.last_action):
            return False
        members = (state.clusters or {}).get("members", [])
        if len(members) < w.members:
            return False
        return not w.members or str(members[w.members - 1]["source_id"]) == w.last_member

    def _delete_all(self) -> None:
        self.changes.append(RowChange("*", "reset", None, None))
        for table in ("cells", "sources", "findings", "actions", "leads", "fingerprints"):
            self._exec(f"DELETE FROM {table} WHERE task_id = ?", [(self.task_id,)])

    def _delete(self, table: str, column: str, c: _Changes) -> None:
        self.changes += [RowChange(table, "clear", None, None)] if c.rewrite else []
        self.changes += [RowChange(table, "drop", str(k), None) for k in c.gone]
        if c.rewrite:
            self._exec(f"DELETE FROM {table} WHERE task_id = ?", [(self.task_id,)])
        self._exec(f"DELETE FROM {table} WHERE task_id = ? AND {column} = ?", [(self.task_id, k) for k in c.gone])

    # ------------------------------------------------------------ rows
    def _json(self, obj: Any) -> tuple[dict[str, Any], str]:
        return redact_json(_dataclass_dict(obj, _ASDICT), self.needs, self.redact)

    def _cells(self, state: ResearchState, before: dict[str, tuple]) -> dict[str, tuple]:
        now: dict[str, tuple] = {}
        rows = []
        for key, cell in state.cells.items():
            snap = before.get(key)
            if snap is not None and _CELL_FIELDS(cell) == snap:
                now[key] = snap
            else:
                now[key] = _cell_snapshot(cell)
                data, text = self._json(cell)
                self.changes.append(RowChange("cells", "put", key, text))
                rows.append((self.task_id, key, data["object"], data["dimension"], data["status"], data["value"],
                             data["conclusion"], int(bool(data["conflict"])), json.dumps(data["source_ids"]), text))
        if len(before) != len(now) or before.keys() != now.keys():
            gone = [(self.task_id, k) for k in before.keys() - now.keys()]
            self.changes += [RowChange("cells", "drop", k, None) for _, k in gone]
            self._exec("DELETE FROM cells WHERE task_id = ? AND key = ?", gone)
        self._exec(
            """INSERT INTO cells (task_id, key, object, dimension, status, value, conclusion, conflict, source_ids_json, data_json)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (task_id, key) DO UPDATE SET object = excluded.object, dimension = excluded.dimension,
                 status = excluded.status, value = excluded.value, conclusion = excluded.conclusion,
                 conflict = excluded.conflict, source_ids_json = excluded.source_ids_json, data_json = excluded.data_json""",
            rows,
        )
        return now

    def _fingerprints(self, state: ResearchState, before: Written, new: Written) -> None:
        members = (state.clusters or {}).get("members", [])
        rows = []
        for seq in range(before.members, len(members)):
            m = members[seq]
            sid = str(m["source_id"])
            values = [int(v) for v in m["hashvalues"]]
            new.member_fp[sid] = values
            rows.append((self.task_id, seq, sid, str(m["cluster_id"]), _blob(values)))
        self._exec(
            "INSERT INTO fingerprints (task_id, seq, source_id, cluster_id, hashvalues) VALUES (?, ?, ?, ?, ?)", rows
        )
        new.members = len(members)
        new.last_member = str(members[-1]["source_id"]) if members else None

    def _sources(self, state: ResearchState, c: _Changes, member_fp: dict[str, list[int]]) -> _Items:
        self._delete("sources", "id", c)  # first: a cleared table is written again
        rows = []
        for key in c.changed:
            src = state.sources[key]
            data = _dataclass_dict(src, _ASDICT)
            fp = data["fingerprint"]
            if fp is not None and member_fp.get(src.id) == fp:
                data["fingerprint"] = MEMBER_FINGERPRINT
            data, text = redact_json(data, self.needs, self.redact)
            self.changes.append(RowChange("sources", "put", key, text))
            rows.append((self.task_id, key, data["url"], data["canonical_url"], data["domain"], data["title"],
                         data["source_type"], int(bool(data["opened"])), data["cluster_id"], data["date"], text))
        self._exec(
            """INSERT INTO sources (task_id, id, url, canonical_url, domain, title, source_type, opened, cluster_id, date, data_json)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (task_id, id) DO UPDATE SET url = excluded.url, canonical_url = excluded.canonical_url,
                 domain = excluded.domain, title = excluded.title, source_type = excluded.source_type,
                 opened = excluded.opened, cluster_id = excluded.cluster_id, date = excluded.date,
                 data_json = excluded.data_json""",
            rows,
        )
        return c.now

    def _findings(self, state: ResearchState, c: _Changes) -> _Items:
        self._delete("findings", "id", c)  # first: a cleared table is written again
        rows = []
        for key in c.changed:
            data, text = self._json(state.findings[key])
            self.changes.append(RowChange("findings", "put", key, text))
            rows.append((self.task_id, key, data["cell"], data["value"], data["quote"], data["source_id"], data["url"],
                         data["date"], data["source_type"], data["step"], text))
        self._exec(
            """INSERT INTO findings (task_id, id, cell, value, quote, source_id, url, date, source_type, step, data_json)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (task_id, id) DO UPDATE SET cell = excluded.cell, value = excluded.value,
                 quote = excluded.quote, source_id = excluded.source_id, url = excluded.url, date = excluded.date,
                 source_type = excluded.source_type, step = excluded.step, data_json = excluded.data_json""",
            rows,
        )
        return c.now

    def _leads(self, state: ResearchState, c: _Changes) -> _Items:
        rows = []
        for seq in c.changed:
            data, text = self._json(state.leads[seq])
            self.changes.append(RowChange("leads", "put", str(seq), text))
            rows.append((self.task_id, seq, data["canonical_url"], data["cell"], text))
        if c.gone:
            self.changes.append(RowChange("leads", "truncate", str(len(state.leads)), None))
            self._exec("DELETE FROM leads WHERE task_id = ? AND seq >= ?", [(self.task_id, len(state.leads))])
        self._exec(
            """INSERT INTO leads (task_id, seq, canonical_url, cell, data_json) VALUES (?, ?, ?, ?, ?)
               ON CONFLICT (task_id, seq) DO UPDATE SET canonical_url = excluded.canonical_url,
                 cell = excluded.cell, data_json = excluded.data_json""",
            rows,
        )
        return c.now

    def _actions(self, state: ResearchState, before: Written, new: Written) -> None:
        step, seq = before.step_seq
        rows: list[tuple[Any, ...]] = []
        for a in state.actions[before.actions :]:
            if a.step != step:
                step, seq = a.step, 0
            data, text = self._json(a)
            self.changes.append(RowChange("actions", "put", str(before.actions + len(rows)), text))
            rows.append((self.task_id, a.step, seq, data["tool"], data["key"], json.dumps(data["args"], default=str),
                         data["status"], data["cell"], int(bool(data["new_evidence"])), data["error_type"], text))
            seq += 1
        self._exec(
            """INSERT INTO actions (task_id, step, seq, tool, key, args_json, status, cell, new_evidence, error_type, data_json)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (task_id, step, seq) DO UPDATE SET tool = excluded.tool, key = excluded.key,
                 args_json = excluded.args_json, status = excluded.status, cell = excluded.cell,
                 new_evidence = excluded.new_evidence, error_type = excluded.error_type, data_json = excluded.data_json""",
            rows,
        )
        new.actions = len(state.actions)
        new.last_action = state.actions[-1] if state.actions else None
        new.step_seq = (step, seq) if rows else before.step_seq


def _texts(texts: list[str]) -> list[Any]:
    # one parse of the rows joined as a JSON array: a `json.loads` per row
    # costs twice as much at a resume's 6,000 rows
    if not texts:
        return []
    values = json.loads("[" + ",".join(texts) + "]")
    if len(values) != len(texts):
        raise ValueError(f"{len(texts)} rows hold {len(values)} JSON values")
    return values


def load_rows(conn: sqlite3.Connection, task_id: str, core: dict[str, Any]) -> dict[str, Any]:
    """The `to_dict` form of a layout-2 state from its rows."""
    d = dict(core)
    present = d.pop("clusters_present", False)
    q = lambda sql: conn.execute(sql, (task_id,)).fetchall()  # noqa: E731

    def keyed(sql: str) -> dict[str, Any]:
        rows = q(sql)
        return dict(zip([k for k, _ in rows], _texts([t for _, t in rows])))

    d["cells"] = keyed("SELECT key, data_json FROM cells WHERE task_id = ? ORDER BY rowid")
    members = [
        {"source_id": sid, "cluster_id": cid, "hashvalues": _unblob(raw)}
        for sid, cid, raw in q("SELECT source_id, cluster_id, hashvalues FROM fingerprints WHERE task_id = ? ORDER BY seq")
    ]
    by_member = {m["source_id"]: m["hashvalues"] for m in members}
    sources = keyed("SELECT id, data_json FROM sources WHERE task_id = ? ORDER BY rowid")
    for data in sources.values():
        if data.get("fingerprint") == MEMBER_FINGERPRINT:
            data["fingerprint"] = list(by_member[data["id"]])
    d["sources"] = sources
    d["findings"] = keyed("SELECT id, data_json FROM findings WHERE task_id = ? ORDER BY rowid")
    d["leads"] = _texts([t for (t,) in q("SELECT data_json FROM leads WHERE task_id = ? ORDER BY seq")])
    d["actions"] = _texts([t for (t,) in q("SELECT data_json FROM actions WHERE task_id = ? ORDER BY step, seq")])
    d["clusters"] = {**d.get("clusters", {}), "members": members} if present else {}
    return d
