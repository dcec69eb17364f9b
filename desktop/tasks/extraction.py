"""Fact proposals from imported chapters: each queued chapter becomes a settlement waiting in the review queue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.book import documents
from desktop.book.errors import DocumentError
from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress
from desktop.tasks.context import SETTLE_EXAMPLE, settle_instructions
from desktop.tasks.runstore import RunStore, run_inline
from desktop.tasks.settlement import clean, extraction_request, extraction_schema, merge, propose_reviewed

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM

EXTRACT_JOB = "extract"


def chapter_instructions(zh: bool, number: int) -> str:
    """The settle instructions, told that the text is a chapter of the book rather than a discussion."""
    where = f"下面是小说第 {number} 章的正文。" if zh else f"Below is the text of chapter {number} of the novel."
    return settle_instructions(zh) + "\n" + where + " chapter = " + str(number)


def parts_of(text: str, count_tokens, budget: int) -> list[str]:
    """Paragraph-aligned pieces of a chapter, each within `budget` tokens, in order."""
    parts, current, used = [], [], 0
    for paragraph in text.split("\n"):
        cost = count_tokens(paragraph) + 1
        if current and used + cost > budget:
            parts.append("\n".join(current))
            current, used = [], 0
        current.append(paragraph[: budget * 2] if cost > budget else paragraph)
        used += min(cost, budget)
    if any(line.strip() for line in current):
        parts.append("\n".join(current))
    return parts


class ChapterExtractor:
    """Works through the archive's extraction jobs in chapter order; proposals only, never applied."""

    def __init__(self, book: "Book", llm: "LLM", *, run_store: RunStore = run_inline, seed: int = 0):
        self.book = book
        self.llm = llm
        self.run_store = run_store
        self.seed = seed

    async def run(self, *, limit: int | None = None, progress: ProgressCallback = no_progress,
                  cancel: CancelToken | None = None) -> list[dict]:
        jobs = await self.run_store(self._jobs)
        todo = jobs[:limit] if limit is not None else jobs
        reviews, finished = [], set()
        try:
            for done, job in enumerate(todo):
                progress(Progress("extract", done, len(todo)))
                if cancel is not None:
                    cancel.raise_if_cancelled()
                try:
                    review = await self._chapter(job["payload"]["chapter"], cancel)
                except DocumentError as exc:  # the proposal itself is unusable: record why, go on
                    await self.run_store(self.book.archive.finish_job, job["id"], error=str(exc))
                else:
                    await self.run_store(self.book.archive.finish_job, job["id"])
                    if review is not None:
                        reviews.append(review)
                finished.add(job["id"])
        finally:
            # Chapters not reached (a limit, a cancel, an error) wait for the next run, not the next open.
            for job in jobs:
                if job["id"] not in finished:
                    await self.run_store(self.book.archive.release_job, job["id"])
        progress(Progress("extract", len(todo), len(todo)))
        return reviews

    def _jobs(self) -> list[dict]:
        # Claimed jobs a cancel or crash leaves "running" are pending again at the next open.
        jobs = self.book.archive.next_jobs(EXTRACT_JOB, limit=1_000_000)
        return sorted(jobs, key=lambda job: job["payload"]["chapter"])

    async def _chapter(self, number: int, cancel: CancelToken | None) -> dict | None:
        chapter = await self.run_store(self.book.archive.chapter_by_number, number)
        if chapter is None:  # deleted since it was queued
            return None
        zh = self.book.meta.language == "zh"
        budget = max(512, self.llm.n_ctx // 3)
        docs = []
        for part in parts_of(chapter["text"], self.llm.count_tokens, budget):
            example_text, example_doc = SETTLE_EXAMPLE
            messages = [{"role": "system", "content": chapter_instructions(zh, number)},
                        {"role": "user", "content": extraction_request(example_text)},
                        {"role": "assistant", "content": example_doc},
                        {"role": "user", "content": extraction_request(part)}]
            doc = await self.llm.complete_json(messages, extraction_schema(), temperature=0.1, seed=self.seed,
                                               cancel=cancel)
            doc["chapter"] = number  # story time is the chapter's, whatever the model wrote
            docs.append(doc)
        return await self.run_store(self._propose, number, chapter, merge(docs))

    def _propose(self, number: int, chapter: dict, merged: dict) -> dict | None:
        merged["chapter"] = number
        doc, notes = clean(self.book, merged, chapter["text"])
        doc["chapter"] = number
        if documents.is_empty(documents.validate(doc)):
            return None
        return propose_reviewed(self.book, doc, notes, source=f"import:chapter {number}", chapter=number)
