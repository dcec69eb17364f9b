"""Settlements: propose from a task or from imported chapters, then apply, reject or undo."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from desktop.book.backup import snapshot_before_apply
from desktop.book.errors import BookError
from desktop.book.export import apply_folder
from desktop.progress import CancelToken, ProgressCallback
from desktop.tasks.accept import accept_clean as accept_clean_items
from desktop.tasks.commands import CommandError
from desktop.tasks.extraction import ChapterExtractor, chapter_of_source, queue_chapters
from desktop.tasks.settlement import confirm_review, reviewed_document, undo_settlement
from desktop.workbench.ops import Outcome
from desktop.workbench.ops.mentions import follow_canon, queue_canon_mentions
from desktop.workbench.session import Session


async def apply(session: Session, document: dict | Path | str, *, source: str = "cli") -> Outcome[dict]:
    """Confirm and apply a settlement document, or a reviewed settlement (which also closes its task),
    or a JSON file holding either, or a folder of them."""
    book = session.book
    if isinstance(document, (str, Path)) and Path(document).is_dir():
        def work() -> dict:
            result = apply_folder(book, Path(document), before_first=lambda: snapshot_before_apply(book))
            _names_everywhere(book)  # a folder may name anything: every chapter is looked at again
            return result
    else:
        document = _load_json(document) if isinstance(document, (str, Path)) else document

        def work() -> dict:
            reviewed = isinstance(document, dict) and isinstance(document.get("document"), dict)
            # A document the book refuses takes no snapshot: refusals must not rotate good snapshots out.
            checked = book.journal.check(copy.deepcopy(reviewed_document(document) if reviewed else document))
            snapshot_before_apply(book)  # the book as it was, should the author want it back
            queue_canon_mentions(book.archive, checked)  # before the graphs change: a kill leaves it pending
            if reviewed:
                return confirm_review(book, session.queues, document)
            applied = book.journal.apply(document, source=source)
            return {"settlement_id": applied.settlement_id, "applied": applied.applied}

    return _following_canon(session, await session.write(work))


async def undo(session: Session, settlement_id: int) -> Outcome[dict]:
    """Undo one settlement everywhere; the task it settled opens again for restart."""
    book = session.book

    def work() -> dict:
        entry = book.archive.journal_get(settlement_id)
        if entry is not None and entry["state"] in ("applied", "undoing"):
            queue_canon_mentions(book.archive, entry["document"])  # the names it brought go from the chapters
        return undo_settlement(book, session.queues, settlement_id)

    return _following_canon(session, await session.write(work))


def _following_canon(session: Session, outcome: Outcome) -> Outcome:
    """The result at once; the chapters naming what changed are relinked beside it, in the background."""
    follow_canon(session)
    return outcome


def _names_everywhere(book) -> None:
    names = [n for row in book.facts.known_names() for n in [row["name"], *(row.get("aliases") or ())]]
    queue_canon_mentions(book.archive, {"entities": [{"name": n} for n in names]})


async def reject(session: Session, settlement_id: int) -> Outcome[None]:
    return await session.write(session.book.journal.reject, settlement_id)


async def settlements(session: Session, states: tuple[str, ...] | None = None) -> list[dict]:
    """Journal entries, oldest first; each with "chapter": the imported chapter its proposal was read from
    (source "import:chapter N"), None for a task's or a file's settlement: the review queue groups by it;
    and "chapter_title" / "chapter_heading", that chapter's title and whole heading line (第一回 …) as the book
    has them now (None without one)."""
    def read() -> list[dict]:
        book = session.book
        entries = book.journal.entries(states)
        rows = {row["number"]: row for row in book.archive.chapters()} if entries else {}
        for entry in entries:
            entry["chapter"] = chapter_of_source(entry.get("source"))
            row = rows.get(entry["chapter"]) or {}
            entry["chapter_title"], entry["chapter_heading"] = row.get("title"), row.get("heading")
        return entries

    return await session.run(read)


async def failed(session: Session) -> list[dict]:
    """Settlements set aside as failed, oldest first, each with its document and the error."""
    return await session.run(session.book.journal.failed)


async def discard(session: Session, settlement_id: int) -> Outcome[dict]:
    """Give up a failed settlement; its document stays in the journal, marked rejected."""
    return await session.write(session.book.journal.discard, settlement_id)


async def retry(session: Session, settlement_id: int, document: dict | Path | str | None = None) -> Outcome[dict]:
    """Apply a failed settlement again, as it was or with the author's edited document (or a JSON file of it)."""
    book = session.book
    document = _load_json(document) if isinstance(document, (str, Path)) else document

    def work() -> dict:
        snapshot_before_apply(book)
        entry = book.archive.journal_get(settlement_id)
        queue_canon_mentions(book.archive, document if document is not None else (entry or {}).get("document"))
        applied = book.journal.retry(settlement_id, document)
        return {"settlement_id": applied.settlement_id, "applied": applied.applied}

    return _following_canon(session, await session.write(work))


async def settle(session: Session, task_id: int | None = None, *, progress: ProgressCallback | None = None,
                 cancel: CancelToken | None = None) -> Outcome[dict]:
    """Extract the task's whole discussion into a review; nothing reaches the graphs until apply()."""
    gateway = await session.gateway()
    if task_id is None:
        task_id = await session.run(_active_task, session)
    review = await gateway.settler.propose(task_id, progress=session.on_loop(progress), cancel=cancel)
    return review, await session.taken()


def _active_task(session: Session) -> int:
    task_id = session.queues.active_id()
    if task_id is None:
        raise CommandError("no active task; start one with /new TITLE")
    return task_id


async def extract_pending(session: Session, *, limit: int | None = None, progress: ProgressCallback | None = None,
                          cancel: CancelToken | None = None) -> Outcome[list[dict]]:
    """Turn imported chapters queued for extraction into settlement proposals waiting for review."""
    llm = await session.load_model()
    extractor = ChapterExtractor(session.book, llm, run_store=session.run)
    reviews = await extractor.run(limit=limit, progress=session.on_loop(progress), cancel=cancel)
    return reviews, await session.taken()


async def extract_chapters(session: Session, chapters: tuple[int, int] | None = None, *, limit: int | None = None,
                           progress: ProgressCallback | None = None,
                           cancel: CancelToken | None = None) -> Outcome[list[dict]]:
    """Whole-book extraction: queue the imported chapters (in `chapters`, A–B) not yet read, then propose facts
    for the queued ones in chapter order (at most `limit`). Resumable and cancellable: a chapter not reached
    stays queued. Chapters already proposed from their present text are not proposed again."""
    book = session.book
    await session.write(queue_chapters, book, chapters)
    llm = await session.load_model()
    extractor = ChapterExtractor(book, llm, run_store=session.run)
    reviews = await extractor.run(limit=limit, chapters=chapters, progress=session.on_loop(progress), cancel=cancel)
    return reviews, await session.taken()


async def accept_clean(session: Session, settlement_id: int) -> Outcome[dict]:
    """Apply a waiting proposal's new and unchanged items; the rest waits as a smaller proposal.
    {"applied": id or None, "kept": id or None, "items_applied", "items_kept"}."""
    book = session.book

    def before_apply(doc: dict) -> None:
        snapshot_before_apply(book)
        queue_canon_mentions(book.archive, doc)

    outcome = await session.write(accept_clean_items, book, session.queues, settlement_id, before_apply)
    return _following_canon(session, outcome)


def _load_json(path: Path | str) -> Any:
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BookError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:  # [[[[… nested past the parser's stack
        raise BookError(f"{path}: not a readable JSON document ({exc})") from None
