"""One class per exception name across engine/, criteria/ and research_agent/.

Two `ContractError`s (the engine's component contract, the research task
contract) or two `ModelError`s make `except X` depend on which module X came
from.  Exception classes are found with `ast`: a class is one when a base is a
builtin exception or (transitively) another exception class of the code.
"""

from __future__ import annotations

import ast
import builtins
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "criteria", "research_agent")
BUILTIN_EXCEPTIONS = {n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException)}


def _base_name(base: ast.expr, aliases: dict[str, str]) -> str:
    if isinstance(base, ast.Attribute):  # httpx.HTTPError, tomllib.TOMLDecodeError
        return base.attr
    name = base.id if isinstance(base, ast.Name) else ""
    return aliases.get(name, name)  # `from engine.errors import ModelError as EngineModelError`


def exception_classes(files: Iterable[Path]) -> dict[str, list[str]]:
    """Exception class name → the files defining a class of that name."""
    nodes = [(node, path) for path in files for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))]
    classes = [(node, path) for node, path in nodes if isinstance(node, ast.ClassDef)]
    aliases = {a.asname: a.name for node, _ in nodes if isinstance(node, ast.ImportFrom) for a in node.names if a.asname}

    def is_exception(node: ast.ClassDef) -> bool:
        return any(_base_name(b, aliases) in known for b in node.bases)

    known = set(BUILTIN_EXCEPTIONS)
    grew = True
    while grew:
        before = len(known)
        known |= {node.name for node, _ in classes if is_exception(node)}
        grew = len(known) > before
    found: dict[str, list[str]] = defaultdict(list)
    for node, path in classes:
        if is_exception(node):
            found[node.name].append(path.relative_to(ROOT).as_posix())
    return found


def test_no_two_exception_classes_share_a_name():
    files = [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    found = exception_classes(files)
    assert {"ComponentContractError", "ContractError", "ModelError", "ToolError"} <= found.keys()
    assert {name: where for name, where in found.items() if len(where) > 1} == {}


def test_a_second_class_of_an_exception_name_is_found(tmp_path, monkeypatch):
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    (tmp_path / "a.py").write_text("class ModelError(Exception):\n    pass\n\nclass Busy(ModelError):\n    pass\n")
    (tmp_path / "b.py").write_text("import a\n\nclass Busy(a.ModelError):\n    pass\n\nclass Page:\n    pass\n")
    (tmp_path / "d.py").write_text("from a import ModelError as Base\n\nclass ModelError(Base):\n    pass\n")
    (tmp_path / "c.py").write_text("class Page:\n    pass\n")
    found = exception_classes(sorted(tmp_path.glob("*.py")))
    assert dict(found) == {"ModelError": ["a.py", "d.py"], "Busy": ["a.py", "b.py"]}
