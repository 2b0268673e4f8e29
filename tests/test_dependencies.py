"""Every third-party package the code imports is declared in pyproject.toml.

Walks every import with `ast` (function-level and TYPE_CHECKING ones too) in the
packages and the tests, and maps each top-level module to the distributions
that install it (`importlib.metadata.packages_distributions`).  The packages
must be covered by `[project] dependencies` or the `postgres` extra (imported
only for a `postgresql://` database: tests/scale/test_sqlite_path.py checks the
SQLite path never loads it); the tests may also use the `test` extra.  A module no installed distribution provides counts as undeclared.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterable
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "criteria", "research_agent")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(requirements: Iterable[str]) -> set[str]:
    """Canonical distribution names of PEP 508 requirement strings."""
    return {canonical(re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", r.strip()).group(0)) for r in requirements}


def top_level_imports(files: Iterable[Path]) -> dict[str, str]:
    """Top-level module → the first file importing it (absolute imports only)."""
    found: dict[str, str] = {}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                found.setdefault(module.split(".")[0], str(path.relative_to(ROOT)))
    return found


def undeclared(files: Iterable[Path], allowed: set[str], local: set[str]) -> list[str]:
    """`module (first importer)` for each third-party import no allowed distribution provides."""
    providers = packages_distributions()
    out = []
    for module, where in sorted(top_level_imports(files).items()):
        if module in sys.stdlib_module_names or module in local:
            continue
        if not {canonical(d) for d in providers.get(module, [])} & allowed:
            out.append(f"{module} ({where}; provided by {providers.get(module) or 'no installed distribution'})")
    return out


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_every_package_import_is_a_declared_dependency():
    files = [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    meta = project()
    allowed = declared(meta["dependencies"]) | declared(meta["optional-dependencies"]["postgres"])
    assert undeclared(files, allowed, set(PACKAGES)) == []


def test_every_test_import_is_a_dependency_or_in_the_test_extra():
    meta = project()
    allowed = declared(meta["dependencies"]) | declared(meta["optional-dependencies"]["test"])
    tests = sorted((ROOT / "tests").rglob("*.py"))
    local = {"tests", *PACKAGES} | {p.stem for p in tests} | {p.parent.name for p in tests}
    assert undeclared(tests, allowed, local) == []


def test_an_undeclared_import_inside_a_function_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    module = tmp_path / "mod.py"
    module.write_text("import json\n\ndef f():\n    from rich.table import Table\n    import numpy.linalg\n", encoding="utf-8")
    assert undeclared([module], declared(["numpy>=1.24 ; python_version >= '3.11'"]), set()) == [
        "rich (mod.py; provided by ['rich'])"
    ]
