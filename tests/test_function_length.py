"""No function is longer than 60 lines (from `def` to its last line), migrations aside.

STYLE.md: a function fits on a screen.  Migrations are append-only history and
are kept as written.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "criteria", "research_agent")
MAX_LINES = 60
EXEMPT_FILES = {"research_agent/store/migrations.py"}
KNOWN_OFFENDERS: set[str] = set()  # none left: add an entry only with the reason it cannot be split


def long_functions(files: Iterable[Path], limit: int = MAX_LINES) -> dict[str, int]:
    """`file::Class.function` → its length in lines, for every function longer than `limit`."""
    found: dict[str, int] = {}

    def visit(node: ast.AST, path: str, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef) and child.end_lineno - child.lineno + 1 > limit:
                    found[f"{path}::{name}"] = child.end_lineno - child.lineno + 1
                visit(child, path, name + ".")
            else:
                visit(child, path, prefix)

    for file in files:
        visit(ast.parse(file.read_text(encoding="utf-8")), file.relative_to(ROOT).as_posix(), "")
    return found


def test_no_function_is_longer_than_60_lines():
    files = [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    files = [p for p in files if p.relative_to(ROOT).as_posix() not in EXEMPT_FILES]
    too_long = {name: n for name, n in long_functions(files).items() if name not in KNOWN_OFFENDERS}
    assert too_long == {}


def test_a_long_method_is_named_with_its_class(tmp_path, monkeypatch):
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    source = tmp_path / "m.py"
    body = "\n".join(f"        x{i} = {i}" for i in range(60))
    source.write_text(f"class C:\n    def short(self):\n        pass\n\n    def long(self):\n{body}\n", encoding="utf-8")
    assert long_functions([source]) == {"m.py::C.long": 61}
