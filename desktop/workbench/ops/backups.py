"""Snapshots of the whole book, putting one back, and exporting a readable bible."""

from __future__ import annotations

from pathlib import Path

from desktop.book import backup as backups
from desktop.book.book import Book
from desktop.book.export import export_book
from desktop.book.restore import restore as restore_snapshot
from desktop.contracts import Changes
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session

# A restore puts back every store at once.
EVERYTHING = Changes(book=True, facts=True, plan=True, archive=True, tasks=True, messages=True, journal=True)


async def backup(session: Session, reason: str = "manual") -> dict:
    book = session.book
    folder = await session.run(lambda: backups.snapshot(book, reason=reason))
    return next(s for s in backups.list_snapshots(book.path) if s["name"] == folder.name)


async def snapshots(session: Session) -> list[dict]:
    return await session.run(backups.list_snapshots, session.book.path)


async def restore(session: Session, name: str) -> Outcome[dict]:
    """Put a snapshot back: the book is closed, the current state kept as a snapshot, then reopened."""
    path = session.book.path
    await session.close_book()
    try:
        result = await session.run(restore_snapshot, path, name)
    finally:
        await session.attach(lambda: Book.open(path), path)
    return result, EVERYTHING


async def export(session: Session, out_dir: Path | str) -> dict:
    return await session.run(export_book, session.book, Path(out_dir))
