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
from desktop.tasks.commands import CommandError
from desktop.tasks.extraction import ChapterExtractor
from desktop.tasks.settlement import confirm_review, reviewed_document, undo_settlement
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session


async def apply(session: Session, document: dict | Path | str, *, source: str = "cli") -> Outcome[dict]:
    """Confirm and apply a settlement document, or a reviewed settlement (which also closes its task),
    or a JSON file holding either, or a folder of them."""
    book = session.book
    if isinstance(document, (str, Path)) and Path(document).is_dir():
        def work() -> dict:
            return apply_folder(book, Path(document), before_first=lambda: snapshot_before_apply(book))
    else:
        document = _load_json(document) if isinstance(document, (str, Path)) else document

        def work() -> dict:
            reviewed = isinstance(document, dict) and isinstance(document.get("document"), dict)
            # A document the book refuses takes no snapshot: refusals must not rotate good snapshots out.
            book.journal.check(copy.deepcopy(reviewed_document(document) if reviewed else document))
            snapshot_before_apply(book)  # the book as it was, should the author want it back
            if reviewed:
                return confirm_review(book, session.queues, document)
            applied = book.journal.apply(document, source=source)
            return {"settlement_id": applied.settlement_id, "applied": applied.applied}

    return await session.write(work)


async def undo(session: Session, settlement_id: int) -> Outcome[dict]:
    """Undo one settlement everywhere; the task it settled opens again for restart."""
    return await session.write(undo_settlement, session.book, session.queues, settlement_id)


async def reject(session: Session, settlement_id: int) -> Outcome[None]:
    return await session.write(session.book.journal.reject, settlement_id)


async def settlements(session: Session, states: tuple[str, ...] | None = None) -> list[dict]:
    return await session.run(session.book.journal.entries, states)


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
        applied = book.journal.retry(settlement_id, document)
        return {"settlement_id": applied.settlement_id, "applied": applied.applied}

    return await session.write(work)


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


def _load_json(path: Path | str) -> Any:
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BookError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:  # [[[[… nested past the parser's stack
        raise BookError(f"{path}: not a readable JSON document ({exc})") from None
