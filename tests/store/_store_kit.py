"""Builders for realistic research states, made with the real dataclasses.

Shared by the store tests and `bench/resume.py`: a 4×4 table, sources with
128-int MinHash-sized fingerprints, findings spread over the cells, and one or
two actions per step.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from research_agent.contract import contract_from_mapping
from research_agent.state import ActionLog, Finding, ResearchState, Source, new_state
from research_agent.store import Store

OBJECTS = ["Alpha", "Beta", "Gamma", "Delta"]
DIMENSIONS = ["license", "deployment", "latency", "pricing"]


def contract(question: str = "Compare Alpha, Beta, Gamma and Delta on license, deployment, latency and pricing"):
    return contract_from_mapping({"question": question, "objects": OBJECTS, "dimensions": DIMENSIONS})


def base_state() -> ResearchState:
    return new_state(contract())


def add_source(state: ResearchState, i: int, rng: random.Random, *, opened: bool = True) -> Source:
    sid = f"S{i}"
    src = Source(
        id=sid,
        url=f"https://site{i % 7}.example/page/{i}?utm_source=x",
        canonical_url=f"https://site{i % 7}.example/page/{i}",
        domain=f"site{i % 7}.example",
        title=f"Page {i} about {OBJECTS[i % 4]}",
        snippet=f"Snippet {i}",
        source_type="primary" if i % 3 == 0 else "secondary",
        opened=opened,
        cluster_id=f"c{i // 2}",
        date="2024-05-01",
        fingerprint=[rng.randrange(2**32) for _ in range(128)],
        first_seen_step=i,
        opened_step=i if opened else None,
    )
    state.sources[sid] = src
    return src


def add_finding(state: ResearchState, i: int) -> Finding:
    cell = list(state.cells)[i % len(state.cells)]
    sid = f"S{i % max(1, len(state.sources))}"
    f = Finding(
        id=f"F{i}",
        cell=cell,
        value=f"value-{i % 3}",
        display=f"Value {i % 3}",
        quote=f"{cell.split('/')[0]} reports value {i % 3} in sentence {i}.",
        source_id=sid,
        url=state.sources[sid].url if sid in state.sources else "https://x.example",
        date="2024-05-01",
        source_type="secondary",
        step=i,
    )
    state.findings[f.id] = f
    state.cells[cell].finding_ids.append(f.id)
    state.cells[cell].source_ids.append(sid)
    return f


def add_step(state: ResearchState, step: int, actions_per_step: int = 2) -> None:
    """Advance the state by one step with `actions_per_step` executed actions."""
    state.current_step = step
    cells = list(state.cells)
    for k in range(actions_per_step):
        cell = cells[(step + k) % len(cells)]
        if k % 2 == 0:
            q = f"{cell} query {step}"
            state.actions.append(
                ActionLog(step=step, tool="search", args={"query": q}, key=f"search:{q}", status="ok", cell=cell, new_leads=3)
            )
            state.cells[cell].queries.append(q)
            state.cells[cell].tasked = True
        else:
            url = f"https://site{step % 7}.example/page/{step}"
            state.actions.append(
                ActionLog(step=step, tool="visit", args={"url": url}, key=f"visit:{url}", status="ok", cell=cell, new_evidence=step % 5 == 0)
            )
    state.bump("tool_calls", actions_per_step)


def realistic_state(seed: int = 7, steps: int = 10) -> ResearchState:
    rng = random.Random(seed)
    state = base_state()
    for i in range(40):
        add_source(state, i, rng, opened=i % 4 != 0)
    for i in range(60):
        add_finding(state, i)
    for key in list(state.cells)[:5]:
        state.cells[key].status = "confirmed"
        state.cells[key].value = "value-1"
        state.cells[key].conclusion = "Value 1"
        state.cells[key].independent_sources = 2
    for step in range(1, steps + 1):
        add_step(state, step)
    return state


def new_task(store: Store, task_id: str = "t1", **config) -> None:
    c = contract()
    store.create_task(
        task_id,
        c.question,
        c.model_dump(),
        c.version(),
        config or {"policy": "offline"},
        ["search", "visit"],
        {"max_steps": 20},
    )


def open_store(target: Path | str) -> Store:
    """The store at `target`: a SQLite file, or a `postgresql://` URL (the same tests over both dialects)."""
    if isinstance(target, str):
        from research_agent.store.pg import PgStore

        return PgStore(target)
    return Store(target)


def count(db: Path | str, table: str, task_id: str | None = None) -> int:
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db) as pg:
            where, args = ("WHERE task_id = %s", (task_id,)) if task_id is not None else ("", ())
            return pg.execute(f"SELECT count(*) FROM {table} {where}", args).fetchone()[0]
    conn = sqlite3.connect(db)
    try:
        if task_id is None:
            return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        return conn.execute(f"SELECT count(*) FROM {table} WHERE task_id = ?", (task_id,)).fetchone()[0]
    finally:
        conn.close()
