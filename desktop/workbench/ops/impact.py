"""Retcon impact before writing: what a review or a document would touch in the book already written, and what an
undo would remove and reopen. Every operation here reads only."""

from __future__ import annotations

import copy
from pathlib import Path

from desktop.book import documents
from desktop.book.errors import BookError, DocumentError
from desktop.tasks.impact import review_impact
from desktop.tasks.impact import undo_preview as preview_undo
from desktop.tasks.review import classify
from desktop.tasks.settlement import reviewed_document
from desktop.workbench.ops.settlement import _load_json
from desktop.workbench.session import Session


async def settlement_impact(session: Session, review: dict) -> dict:
    """The impact of applying a review (or a bare document): {"touches", "changes", "chapters": [{"chapter",
    "title", "quotes": [{"text", "span", "rule", "path", "score"}], "more"}], "more_chapters", "quotes", "plan",
    "more_plan", "hooks", "more_hooks"} (see tasks/impact.py)."""
    return await session.run(review_impact, session.book, review)


async def apply_preview(session: Session, document: dict | Path | str) -> dict:
    """What `apply` would write, written nowhere: the document as the book would take it, each item classified
    against canon, the book's objections ("problems", empty when it would apply) and the impact."""
    if isinstance(document, (str, Path)) and Path(document).is_dir():
        raise BookError(f"{document}: a dry run previews one settlement document, not a folder")
    document = _load_json(document) if isinstance(document, (str, Path)) else document
    if not isinstance(document, dict):
        raise DocumentError("a settlement document must be a JSON object")
    book = session.book

    def read() -> dict:
        reviewed = isinstance(document.get("document"), dict)
        doc = reviewed_document(document) if reviewed else document
        try:
            checked, problems = book.journal.check(copy.deepcopy(doc)), []
        except DocumentError as exc:
            checked, problems = documents.validate(doc), list(exc.problems)
        items = classify(book, checked)
        return {"dry_run": True, "would_apply": not problems,
                "settlement_id": document.get("settlement_id") if reviewed else None,
                "counts": {s: len(checked[s]) for s in documents.SECTIONS if checked.get(s)},
                "document": checked, "items": items, "problems": problems,
                "impact": review_impact(book, {"document": checked, "items": items})}

    return await session.run(read)


async def undo_preview(session: Session, settlement_id: int) -> dict:
    """What undoing an applied settlement would remove, reopen and restore, whether it is blocked, and the
    chapters that relied on what it wrote (tasks/impact.undo_preview)."""
    return await session.run(preview_undo, session.book, settlement_id)
