"""Settlement: a task's whole discussion → extracted document → review against canon → journal → apply or undo."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from desktop.book import documents
from desktop.book.errors import BookError, DocumentError
from desktop.engine.errors import ModelError
from desktop.progress import CancelToken, ProgressCallback, no_progress
from desktop.tasks.context import SETTLE, ContextBuilder
from desktop.tasks.pipeline.pipeline import Canon, Extraction, canon_of, extract
from desktop.tasks.review import CLASSES, classify
from desktop.tasks.runstore import RunStore, run_inline

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM
    from desktop.tasks.queues import TaskQueues

__all__ = ["Settler", "classify", "CLASSES", "confirm_review", "undo_settlement", "reviewed_document",
           "propose_reviewed", "extract_safely"]


class Settler:
    """Turns a task's complete queue into a reviewed settlement proposal; nothing reaches the graphs here."""

    def __init__(self, book: "Book", llm: "LLM", builder: ContextBuilder, *, run_store: RunStore = run_inline,
                 max_tokens: int | None = None, seed: int = 0):
        self.book = book
        self.llm = llm
        self.builder = builder
        self.run_store = run_store
        self.max_tokens = max_tokens
        self.seed = seed

    async def propose(self, task_id: int, *, progress: ProgressCallback = no_progress,
                      cancel: CancelToken | None = None) -> dict:
        """Run the extraction pipeline over the task's whole queue and journal the review, evidence included."""
        context = await self.run_store(self.builder.build, task_id, SETTLE)
        canon, task, chapter = await self.run_store(self._canon, task_id)
        messages = [{"id": m["id"], "role": m["role"], "content": m["content"]} for m in context.messages]
        extraction = await extract_safely(messages, canon, self.llm, zh=self.book.meta.language == "zh",
                                          chapter=chapter, focus=(task or {}).get("title"),
                                          progress=progress, cancel=cancel, seed=self.seed)
        return await self.run_store(self._journal_review, task_id, extraction, [m["id"] for m in messages])

    def _canon(self, task_id: int) -> tuple[Canon, dict | None, int | None]:
        return canon_of(self.book), self.book.archive.task(task_id), self.book.plan.current_chapter()

    def _journal_review(self, task_id: int, extraction: Extraction, message_ids: list[int]) -> dict:
        return propose_reviewed(self.book, extraction.document, extraction.notes, source=f"task:{task_id}",
                                task_id=task_id, evidence=extraction.evidence, messages=message_ids)


async def extract_safely(messages: list[dict], canon: Canon, llm: "LLM", **options: Any) -> Extraction:
    """The pipeline with the model; if the model cannot be used, the same pipeline on the wording alone."""
    try:
        return await extract(messages, canon, llm, **options)
    except ModelError as exc:
        extraction = await extract(messages, canon, None, **options)
        extraction.notes.append(f"the model was not used ({exc}); kinds come from the wording alone")
        return extraction


def propose_reviewed(book: "Book", doc: dict, notes: list[str], *, source: str, task_id: int | None = None,
                     evidence: dict[str, list[dict]] | None = None, **extra: Any) -> dict:
    """Validate, classify against canon and journal a proposal: the review exactly as the author will see it.

    `evidence` maps an item's path ("relations/0") to the words it came from, each
    {"message_id", "chunk_id", "quote"}; an item without any gets [] so the review can say so.
    """
    doc = documents.validate(doc)
    try:
        book.journal.check(doc)
        problems: list[str] = []
    except DocumentError as exc:
        problems = exc.problems
    items = classify(book, doc)
    for item in items:
        item["evidence"] = list((evidence or {}).get(item["path"], []))
    review = {"task_id": task_id, "settlement_id": None, "document": doc, "items": items,
              "notes": notes, "problems": problems, **extra}
    sid = book.journal.propose(doc, source=source, task_id=task_id, review=review)
    review["settlement_id"] = sid
    book.archive.journal_update(sid, review=review)
    return review


# -- after the author's review ----------------------------------------------------------


def reviewed_document(review: dict) -> dict:
    """The document the author confirmed: items marked `"decision": "reject"` in the review are taken out."""
    doc = copy.deepcopy(review["document"])
    rejected: dict[str, list[int]] = {}
    for item in review.get("items", []):
        if item.get("decision") == "reject":
            section, _, index = item["path"].partition("/")
            rejected.setdefault(section, []).append(int(index))
    for section, indexes in rejected.items():
        for index in sorted(set(indexes), reverse=True):
            if section in doc and 0 <= index < len(doc[section]):
                del doc[section][index]
    return doc


def confirm_review(book: "Book", queues: "TaskQueues", review: dict) -> dict:
    """Apply the author's version of a reviewed settlement and close its task. Runs on the store thread."""
    if not isinstance(review.get("document"), dict):
        raise BookError("a reviewed settlement needs its \"document\"")
    task_id = review.get("task_id")
    sid = review.get("settlement_id")
    result = book.journal.apply(reviewed_document(review), source=f"task:{task_id}" if task_id else "review",
                                task_id=task_id, settlement_id=sid)
    task = queues.close_settled(task_id, result.settlement_id) if task_id is not None else None
    return {"settlement_id": result.settlement_id, "applied": result.applied, "task": task}


def undo_settlement(book: "Book", queues: "TaskQueues", settlement_id: int) -> dict:
    """Undo an applied settlement; the task it settled opens again. Runs on the store thread."""
    entry = book.journal.undo(settlement_id)
    task = None
    if entry.get("task_id") is not None and book.archive.task(entry["task_id"]) is not None:
        task = queues.reopen_after_undo(entry["task_id"])
    return {"settlement_id": settlement_id, "state": entry["state"], "task": task}
