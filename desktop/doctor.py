"""`inkstone doctor`: versions, paths and whether each component actually works here."""

from __future__ import annotations

import importlib.metadata as md
import platform
import sys
import tempfile
from pathlib import Path
from typing import Any

import kuzu

from desktop import __version__, paths
from desktop.book.archive import Archive
from desktop.book.book import Book
from desktop.book.graphprobe import refuse_damaged_graphs
from desktop.book.graphstore import GraphStore
from desktop.config import Settings
from desktop.engine.report import engine_report


def _version(dist: str) -> str | None:
    try:
        return md.version(dist)
    except md.PackageNotFoundError:
        return None


def storage_report() -> dict[str, Any]:
    """Open a throwaway archive and graph: proves sqlite-vec loads and FTS5 works on this machine."""
    out: dict[str, Any] = {"kuzu": kuzu.__version__}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            archive = Archive(Path(tmp) / "probe.sqlite", 4)
            out.update(archive.versions())
            archive.close()
        except Exception as exc:  # a doctor reports, it does not crash
            out["archive_error"] = str(exc)
        try:
            GraphStore(Path(tmp) / "probe.kuzu", []).close()
            out["kuzu_ok"] = True
        except Exception as exc:
            out["kuzu_ok"] = False
            out["kuzu_error"] = str(exc)
    return out


def report(settings: Settings, book: Path | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {
        "inkstone": __version__,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "packages": {d: _version(d) for d in ("kuzu", "sqlite-vec", "sqlean.py", "SQLAlchemy", "llama_cpp_python",
                                               "sentence-transformers", "PySide6-Essentials", "qasync", "torch")},
        "storage": storage_report(),
        "paths": {"app_root": str(paths.app_root()), "resources": str(paths.resources_dir()),
                  "user_data": str(paths.user_data_dir()), "settings": str(paths.user_config_file()),
                  "model_dirs": [str(p) for p in paths.model_search_dirs()]},
    }
    result["engine"] = engine_report(settings)
    if book is not None:
        try:
            refuse_damaged_graphs(Path(book))  # a damaged graph would crash this process inside Kuzu
            with Book.open(book) as opened:
                result["book"] = {"path": str(book), "title": opened.meta.title,
                                  "schema_version": opened.meta.schema_version,
                                  "facts": opened.facts.counts(), "archive": opened.archive.counts(),
                                  "failed_settlements": [e["id"] for e in opened.journal.failed()],
                                  "journal_gaps": opened.gaps,
                                  "archive_damage": opened.archive.integrity_problems()}
        except Exception as exc:
            result["book"] = {"path": str(book), "error": str(exc)}
    return result
