"""The dependency direction is a rule the tree obeys: ui → workbench → tasks → importing → engine → book; Qt only in ui."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "desktop"
QT_ALLOWED = {PACKAGE / "app.py"}
# A layer may import itself and anything to its right, never to its left.
ORDER = ["ui", "workbench", "tasks", "importing", "engine", "book"]


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def layer_of(module_or_path: str) -> str | None:
    parts = module_or_path.split(".")
    if parts[0] != "desktop" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in ORDER else None


def python_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_nothing_outside_ui_and_app_imports_pyside6():
    offenders = [
        str(path.relative_to(PACKAGE.parent))
        for path in python_files()
        if (PACKAGE / "ui") not in path.parents and path not in QT_ALLOWED
        and any(name.split(".")[0] in ("PySide6", "qasync") for name in imports_of(path))
    ]
    assert offenders == []


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_only_flow_downwards(path):
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    own = layer_of(module)
    if own is None:
        return
    for name in imports_of(path):
        target = layer_of(name)
        if target is not None:
            assert ORDER.index(target) >= ORDER.index(own), f"{module} imports {name}"


def test_every_module_says_what_it_is_for():
    missing = [str(p.relative_to(PACKAGE)) for p in python_files()
               if p.stat().st_size and not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert missing == []
