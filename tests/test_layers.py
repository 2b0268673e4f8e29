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
