"""Fact proposals from imported chapters: each queued chapter becomes a settlement waiting in the review queue.

Whole-book extraction is a queue of jobs in the archive, one per chapter: resumable (a claimed job a kill
left running is pending again at the next open), cancellable between chapters, and never proposing a
chapter's text twice.
"""

from __future__ import annotations

import re
import time
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
SOURCE = "import:chapter {}"  # the journal source of a chapter's proposal: the review queue groups by it
_SOURCE = re.compile(r"^import:chapter (-?\d+)$")


def chapter_of_source(source: str | None) -> int | None:
    """The chapter number of an "import:chapter N" source; None for any other source."""
    match = _SOURCE.match(source or "")
    return int(match[1]) if match else None


def queue_chapters(book: "Book", chapters: tuple[int, int] | None = None) -> dict:
    """Queue extraction for imported chapters (in the range) not yet read: no job waiting for them, no proposal
    or settlement from their present text, no finished job over it. Runs on the store thread.
    Returns {"queued": [numbers], "waiting": [numbers already queued], "done": [numbers already read]}."""
    archive = book.archive
    rows = [row for row in archive.chapters()
            if chapters is None or chapters[0] <= row["number"] <= chapters[1]]
    read: dict[int, set[str | None]] = {}  # chapter → the text hashes already read (None: not recorded)
    for entry in book.journal.entries():
        number = chapter_of_source(entry.get("source"))
        if number is not None:
            read.setdefault(number, set()).add((entry.get("review") or {}).get("content_hash"))
    for job in archive.jobs_of(EXTRACT_JOB, ("done", "failed")):
        read.setdefault(job["payload"].get("chapter"), set()).add(job["payload"].get("content_hash"))
    waiting = {job["payload"].get("chapter") for job in archive.jobs_of(EXTRACT_JOB, ("pending", "running"))}
    out: dict[str, list[int]] = {"queued": [], "waiting": [], "done": []}
    for row in rows:
        number = row["number"]
        hashes = read.get(number, set())
        if number in waiting:
            out["waiting"].append(number)
        elif None in hashes or row["content_hash"] in hashes:  # read before hashes were kept, or this very text
            out["done"].append(number)
        else:
            archive.enqueue_job(EXTRACT_JOB, {"chapter": number, "content_hash": row["content_hash"]},
                                unique_key=f"{EXTRACT_JOB}:{number}")
            out["queued"].append(number)
    return out


class ChapterExtractor:
    """Works through the archive's extraction jobs in chapter order; proposals only, never applied."""

    def __init__(self, book: "Book", llm: "LLM", *, run_store: RunStore = run_inline, seed: int = 0):
        self.book = book
        self.llm = llm
        self.run_store = run_store
        self.seed = seed

    async def run(self, *, limit: int | None = None, chapters: tuple[int, int] | None = None,
                  progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> list[dict]:
        """Propose facts for the queued chapters (in `chapters`, at most `limit` of them), in chapter order.
        Progress: chapters done of total, and within a chapter its passes, with an ETA from the speed so far."""
        jobs = await self.run_store(self._jobs)
        todo = [job for job in jobs if chapters is None or chapters[0] <= job["payload"]["chapter"] <= chapters[1]]
        todo = todo[:limit] if limit is not None else todo
        sizes = await self.run_store(self._sizes)
        pace = _Pace(progress, [sizes.get(job["payload"]["chapter"], 0) for job in todo])
        reviews, finished = [], set()
        try:
            for done, job in enumerate(todo):
                pace.chapter(done, job["payload"]["chapter"])
                if cancel is not None:
                    cancel.raise_if_cancelled()
                try:
                    review = await self._chapter(job["payload"]["chapter"], cancel, pace.within)
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
        pace.finished()
        return reviews

    def _sizes(self) -> dict[int, int]:
        return {row["number"]: row["char_count"] or 0 for row in self.book.archive.chapters()}

    def _jobs(self) -> list[dict]:
        # Claimed jobs a cancel or crash leaves "running" are pending again at the next open.
        jobs = self.book.archive.next_jobs(EXTRACT_JOB, limit=1_000_000)
        return sorted(jobs, key=lambda job: job["payload"]["chapter"])

    async def _chapter(self, number: int, cancel: CancelToken | None,
                       progress: ProgressCallback = no_progress) -> dict | None:
        found = await self.run_store(self._read_chapter, number)
        if found is None:  # deleted since it was queued
            return None
        chunks, canon, digest = found
        # Each chunk is a "message": what the pipeline quotes as evidence carries the chunk's id.
        messages = [{"id": None, "role": "user", "content": c["text"], "chunk_id": c["id"]} for c in chunks]
        extraction = await extract_safely(messages, canon, self.llm, zh=self.book.meta.language == "zh",
                                          chapter=number, prose=True, progress=progress, cancel=cancel,
                                          seed=self.seed)
        return await self.run_store(self._propose, number, extraction, digest)

    def _read_chapter(self, number: int) -> tuple[list[dict], Canon, str | None] | None:
        chapter = self.book.archive.chapter_by_number(number)
        if chapter is None:
            return None
        chunks = self.book.archive.chunks_of(chapter["id"]) or [{"id": None, "text": chapter["text"]}]
        return chunks, canon_of(self.book, number), chapter.get("content_hash")

    def _propose(self, number: int, extraction: Extraction, digest: str | None = None) -> dict | None:
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
        # The text's hash: extracting the chapter again proposes nothing twice unless its text changed.
        return propose_reviewed(self.book, doc, extraction.notes, source=SOURCE.format(number),
                                evidence=extraction.evidence, chapter=number, content_hash=digest)


class _Pace:
    """Progress of a run over chapters: chapters done of total, a fraction that moves within a chapter as its
    passes finish, and an ETA from the characters read per second so far."""

    def __init__(self, progress: ProgressCallback, sizes: list[int]):
        self.progress = progress
        self.sizes = [max(size, 1) for size in sizes]
        self.total = sum(self.sizes) or 1
        self.started = time.monotonic()
        self.done = 0
        self.before = 0  # characters of the chapters finished
        self.number: int | None = None

    def chapter(self, done: int, number: int) -> None:
        self.done, self.number = done, number
        self.before = sum(self.sizes[:done])
        self._report(0.0, "")

    def within(self, step: Progress) -> None:
        share = step.done / step.total if step.total else 0.0
        self._report(min(max(share, 0.0), 1.0), step.label)

    def finished(self) -> None:
        count = len(self.sizes)
        self.progress(Progress("extract", count, count, fraction=1.0, eta_seconds=0.0))

    def _report(self, share: float, step: str) -> None:
        current = self.sizes[self.done] if self.done < len(self.sizes) else 0
        fraction = (self.before + share * current) / self.total
        elapsed = time.monotonic() - self.started
        eta = elapsed * (1 - fraction) / fraction if fraction > 0 and elapsed > 0 else None
        detail = f"chapter {self.number}" + (f": {step}" if step else "")
        self.progress(Progress("extract", self.done, len(self.sizes), fraction=fraction, eta_seconds=eta,
                               detail=detail))
