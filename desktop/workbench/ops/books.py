"""Opening, creating and closing a book, and what it holds."""

from __future__ import annotations

from pathlib import Path

from desktop.book.book import Book
from desktop.contracts import BookInfo, Health, JournalState
from desktop.workbench.session import Session


async def create_book(session: Session, path: Path | str, *, title: str, language: str = "zh") -> BookInfo:
    return await session.attach(lambda: Book.create(path, title=title, language=language), path)


async def open_book(session: Session, path: Path | str) -> BookInfo:
    return await session.attach(lambda: Book.open(path), path)


async def health(session: Session) -> Health:
    """The memory-health strip: sizes, and what waits for the author (reviews, conflicts, overdue hooks)."""
    def read() -> Health:
        book = session.book
        now = book.plan.current_chapter() or latest_chapter(book) or None
        facts = book.facts.counts()
        hooks = book.facts.unresolved_hooks(now)
        proposed = book.journal.entries((JournalState.PROPOSED,))
        chapters = book.archive.chapters()
        return Health(
            entities=facts["entities"], relations=facts["open_relations"], hooks=facts["hook"],
            unresolved_hooks=len(hooks),
            overdue_hooks=sum(1 for h in hooks if h["due_by"] is not None and now is not None and h["due_by"] < now),
            reviews_waiting=len(proposed),
            conflicts=sum(1 for e in proposed for item in (e.get("review") or {}).get("items", [])
                          if item.get("class") == "conflict"),
            chapters=len(chapters),
            extract_pending=book.archive.pending_job_count("extract"),
            unembedded_chapters=sum(1 for c in chapters if c["embedded_count"] < c["chunk_count"]),
            failed_settlements=len(book.archive.journal_ids((JournalState.FAILED,))), journal_gaps=len(book.gaps),
            failed_jobs=book.archive.failed_job_count(),
        )

    return await session.run(read)


async def chapter_count(session: Session) -> int:
    """The last chapter the book knows of (archive, fact graph or plan): the end of the chapter slider."""
    return await session.run(latest_chapter, session.book)


def latest_chapter(book: Book) -> int:
    numbers = [c["number"] for c in book.archive.chapters()]
    numbers.append(book.plan.current_chapter() or 0)
    numbers.append(book.facts.latest_chapter())
    return max(numbers)


async def counts(session: Session) -> dict:
    def read() -> dict:
        book = session.book
        return {"facts": book.facts.counts(), "plan": book.plan.counts(),
                "archive": book.archive.counts(), "embedding": book.archive.embedding_counts()}

    return await session.run(read)
