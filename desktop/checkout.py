"""`inkstone bench NAME`: benches live in a source checkout's tests/bench/, found there and loaded by file path."""

from __future__ import annotations

import asyncio
import importlib.util
import inspect
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from desktop import paths
from desktop.cli_errors import OneLineParser
from desktop.config import Settings

RUN = re.compile(r"^(async )?def run\(", re.MULTILINE)
NO_CHECKOUT = "benches need a source checkout: tests/bench/ does not ship with the app"


def bench_dir() -> Path | None:
    root = paths.source_root()
    folder = root / "tests" / "bench" if root is not None else None
    return folder if folder is not None and folder.is_dir() else None


def bench_names() -> list[str]:
    """The benches present: files of tests/bench/ that define run(args); the helpers beside them do not."""
    folder = bench_dir()
    if folder is None:
        return []
    return sorted(path.stem for path in folder.glob("*.py") if RUN.search(path.read_text(encoding="utf-8")))


def run_bench(name: str, argv: list[str], settings: Settings) -> Any:
    """Load tests/bench/NAME.py, parse its own options from argv, and return what its run(args) returns (awaited).
    args.settings is the loaded Settings."""
    folder = bench_dir()
    if folder is None:
        raise ValueError(NO_CHECKOUT)
    if name not in bench_names():
        raise ValueError(f"no bench {name!r} in {folder}; there are: {', '.join(bench_names())}")
    module = _load(folder / f"{name}.py", name)
    parser = OneLineParser(prog=f"inkstone bench {name}", description=(module.__doc__ or "").strip())
    parser.add_argument("--json", action="store_true", help="accepted for symmetry: figures are always JSON")
    add_arguments = getattr(module, "add_arguments", None)
    if add_arguments is not None:
        add_arguments(parser)
    args = parser.parse_args(argv)
    args.settings = settings
    result = module.run(args)
    return asyncio.run(_awaited(result)) if inspect.isawaitable(result) else result


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


def _load(path: Path, name: str) -> ModuleType:
    root = str(path.parents[2])
    if root not in sys.path:
        sys.path.insert(0, root)  # benches import their helpers beside them as tests.bench.*
    spec = importlib.util.spec_from_file_location(f"tests.bench.{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
