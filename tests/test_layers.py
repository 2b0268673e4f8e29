"""Imports only point downward: engine ← criteria ← research_agent (← cli/compose).

Walks the source with `ast` (no imports are executed), so a violation is
caught even in a module no test imports.  Relative imports are resolved
against the module's package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path, package: str) -> set[str]:
    """Absolute names of every module `path` imports (including inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def package_of(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts if parts[-1] == "__init__" else parts[:-1]).removesuffix(".__init__")


def violations(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for name in sorted(imported_modules(path, package_of(path))):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


def test_engine_knows_nothing_about_research():
    assert list((ROOT / "engine").glob("*.py")), "engine/ has no modules to check"
    assert violations("engine", ("research_agent", "criteria")) == []


def test_criteria_never_import_the_cli_or_the_composition_root():
    if not (ROOT / "criteria").is_dir():
        pytest.skip("criteria/ does not exist yet")
    assert violations("criteria", ("research_agent.cli", "research_agent.compose")) == []


def test_the_checker_catches_a_violation(tmp_path: Path):
    bad = tmp_path / "bad.py"
    bad.write_text("from research_agent.state import X\nimport criteria.progress\ndef f():\n    from ..compose import g\n")
    names = imported_modules(bad, "research_agent.sub")
    assert {"research_agent.state", "criteria.progress", "research_agent.compose"} <= names


def constructions(path: Path) -> list[str]:
    """`Store(...)` calls and imports of `resolve_model` from the llm package in `path`."""
    found = []
    for name in imported_modules(path, package_of(path)):
        if name.startswith("research_agent.llm") and name.endswith(".resolve_model"):
            found.append(f"imports {name}")
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Store":
            found.append(f"calls Store() at line {node.lineno}")
    return found


def test_only_the_composition_root_builds_the_store_and_the_model():
    root = ROOT / "research_agent"
    allowed = {root / "construct.py"} | set((root / "llm").rglob("*.py"))
    found = [f"{p.relative_to(ROOT)} {what}" for p in sorted(root.rglob("*.py")) if p not in allowed for what in constructions(p)]
    assert found == []
    assert constructions(root / "construct.py")  # the check sees what it looks for


# ------------------------------------------------------------------ no import cycles

PACKAGES = ("engine", "criteria", "research_agent")
KNOWN_CYCLES = {
}


def module_name(path: Path, root: Path = ROOT) -> str:
    rel = path.relative_to(root).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.parts[-1] == "__init__" else rel.parts)


def import_graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Module → the modules of `packages` it imports, anywhere in its body (functions, TYPE_CHECKING).

    `from pkg import name` is an edge to the module `pkg.name` when there is one, else to `pkg`
    (its `__init__`); the parent packages Python loads on the way are not counted."""
    files = {module_name(p, root): p for pkg in packages for p in sorted((root / pkg).rglob("*.py"))}

    def known(name: str) -> str | None:  # `pkg.mod.Name` → `pkg.mod`
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(known(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                targets.update(f"{module}.{a.name}" if f"{module}.{a.name}" in files else known(module)
                               for a in node.names)
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.add(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_no_import_cycle_counting_imports_inside_functions():
    graph = import_graph()
    assert len(graph) > 100 and graph["research_agent.compose"], "the graph lost its modules"
    assert [sorted(c) for c in cycles(graph) if c not in KNOWN_CYCLES] == []


def test_the_cycle_check_sees_a_cycle_hidden_in_a_function(tmp_path: Path):
    pkg = tmp_path / "research_agent"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import thing\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import X\n")
    (pkg / "c.py").write_text("def late():\n    from research_agent.a import other\n")
    (pkg / "d.py").write_text("from . import a\n")
    graph = import_graph(tmp_path, ("research_agent",))
    assert cycles(graph) == [frozenset({"research_agent.a", "research_agent.b", "research_agent.c"})]
