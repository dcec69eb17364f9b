"""Importing chapter files (after a preview, never replacing silently), and embedding what waits for a vector."""

from __future__ import annotations

import asyncio
from pathlib import Path

from desktop.book.backup import snapshot
from desktop.contracts import NO_CHANGES
from desktop.engine.embed import embed_pending as embed_waiting
from desktop.importing.pipeline import import_paths as import_files
from desktop.importing.preview import preview_import as preview_files
from desktop.progress import CancelToken, ProgressCallback
from desktop.tasks.extraction import EXTRACT_JOB
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session

SNAPSHOT_REASON = "before-import"  # taken before an import replaces chapters; kept apart from apply's rotation


async def import_paths(session: Session, paths: list[Path | str], *, extract: bool = True, embed: bool = True,
                       on_conflict: str = "refuse", heading_pattern: str | None = None,
                       heading_lines: tuple[str, ...] = (), progress: ProgressCallback | None = None,
                       cancel: CancelToken | None = None) -> Outcome[dict]:
    """Import chapter files or folders; bad files are listed in "errors" and the rest still imports.

    Chapters holding other text are refused (ImportConflictError, nothing written) unless `on_conflict` is
    "replace" (a snapshot first; "replaced" and "snapshot" in the result) or "append" (after the last chapter).
    """
    report = session.on_loop(progress)
    book = session.book

    def before_replace() -> str:
        return snapshot(book, reason=SNAPSHOT_REASON).name

    def work() -> dict:
        result = import_files(book.archive, book.facts, [Path(p) for p in paths],
                              chunk_chars=session.settings.chunk_chars, queue_job=EXTRACT_JOB if extract else None,
                              on_conflict=on_conflict, heading_pattern=heading_pattern,
                              heading_lines=tuple(heading_lines), before_replace=before_replace,
                              progress=report, cancel=cancel).as_dict()
        result["extract_jobs"] = book.archive.pending_job_count(EXTRACT_JOB)
        return result

    result, changes = await session.write(work)
    session.notify(changes)  # the chapters are news before their vectors are
    embedded = NO_CHANGES
    if embed and result["chunks"]:
        try:
            result["embedded"], embedded = await embed_pending(session, progress=progress, cancel=cancel)
        except Exception as exc:  # the chapters are in; vectors can be made later
            result.setdefault("warnings", []).append(f"embedding postponed: {exc}")
    return result, embedded


async def preview_import(session: Session, paths: list[Path | str], heading_pattern: str | None = None,
                         heading_lines: tuple[str, ...] = ()) -> dict:
    """What importing `paths` would do, nothing written: chapters found with their status, drops, clashes."""
    archive = session.book.archive
    # Reading and splitting a large file takes seconds: off the store thread (the archive is only read).
    return await asyncio.to_thread(preview_files, archive, [Path(p) for p in paths], heading_pattern=heading_pattern,
                                   heading_lines=tuple(heading_lines))


async def embed_pending(session: Session, *, progress: ProgressCallback | None = None,
                        cancel: CancelToken | None = None) -> Outcome[int]:
    """Embed every chunk and settings entry still waiting for a vector (the job that import leaves)."""
    report = session.on_loop(progress)
    embedder = await session.embedder()
    archive = session.book.archive
    cancel = cancel or CancelToken()
    return await session.beside(cancel, lambda: embed_waiting(archive, embedder, progress=report, cancel=cancel))
