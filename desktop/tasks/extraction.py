"""Fact proposals from imported chapters: each queued chapter becomes a settlement waiting in the review queue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.book import documents
from desktop.book.errors import DocumentError
from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress
from desktop.tasks.runstore import RunStore, run_inline
from desktop.tasks.pipeline.pipeline import Canon, Extraction, canon_of
from desktop.tasks.settlement import extract_safely, propose_reviewed

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM

EXTRACT_JOB = "extract"


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
        found = await self.run_store(self._read_chapter, number)
        if found is None:  # deleted since it was queued
            return None
        chunks, canon = found
        # Each chunk is a "message": what the pipeline quotes as evidence carries the chunk's id.
        messages = [{"id": None, "role": "user", "content": c["text"], "chunk_id": c["id"]} for c in chunks]
        extraction = await extract_safely(messages, canon, self.llm, zh=self.book.meta.language == "zh",
                                          chapter=number, prose=True, cancel=cancel, seed=self.seed)
        return await self.run_store(self._propose, number, extraction)

    def _read_chapter(self, number: int) -> tuple[list[dict], Canon] | None:
        chapter = self.book.archive.chapter_by_number(number)
        if chapter is None:
            return None
        chunks = self.book.archive.chunks_of(chapter["id"]) or [{"id": None, "text": chapter["text"]}]
        return chunks, canon_of(self.book, number)

    def _propose(self, number: int, extraction: Extraction) -> dict | None:
        doc = extraction.document
        doc["chapter"] = number  # story time is the chapter's
        for section in ("entities", "relations", "states"):
            for path_index, item in enumerate(doc.get(section, [])):
                chunk_ids = [e["chunk_id"] for e in extraction.evidence.get(f"{section}/{path_index}", [])
                             if e.get("chunk_id") is not None]
                if chunk_ids:
                    item["chunks"] = sorted(set(chunk_ids))  # provenance: the chunks the fact was read from
        if documents.is_empty(documents.validate(doc)):
            return None
        return propose_reviewed(self.book, doc, extraction.notes, source=f"import:chapter {number}",
                                evidence=extraction.evidence, chapter=number)
