"""The Workbench: the one API the window, the CLI and the tests share; async, with change sets."""

from __future__ import annotations

import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Callable, TypeVar

from desktop.book.errors import BookError
from desktop.config import Settings

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class Changes:
    """What a mutation touched, so each pane refreshes only what changed."""

    facts: bool = False
    plan: bool = False
    archive: bool = False
    tasks: bool = False
    messages: bool = False
    journal: bool = False
    book: bool = False

    def __or__(self, other: "Changes") -> "Changes":
        return Changes(**{f.name: getattr(self, f.name) or getattr(other, f.name) for f in fields(self)})

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))


class NoBookError(BookError):
    def __init__(self) -> None:
        super().__init__("no book is open")


class Workbench:
    """Owns the open book and the models; every store call runs on one single-worker executor."""

    def __init__(self, settings: Settings | None = None, *, settings_path: Path | None = None):
        self.settings = settings or Settings()
        self.settings_path = settings_path
        self._book = None
        # One writer per book: Kuzu and SQLite calls are serialised on this thread,
        # so the GUI thread never blocks on a database and two jobs never race.
        self._store = ThreadPoolExecutor(max_workers=1, thread_name_prefix="inkstone-book")
        self._listeners: list[Callable[[Changes], None]] = []

    # -- plumbing -----------------------------------------------------------------

    def subscribe(self, listener: Callable[[Changes], None]) -> None:
        self._listeners.append(listener)

    def _notify(self, changes: Changes) -> None:
        if changes:
            for listener in list(self._listeners):
                listener(changes)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._store, fn, *args)

    @property
    def book(self):
        if self._book is None:
            raise NoBookError()
        return self._book

    @property
    def has_book(self) -> bool:
        return self._book is not None

    # -- books --------------------------------------------------------------------

    async def create_book(self, path: Path | str, *, title: str, language: str = "zh") -> dict:
        from desktop.book.book import Book

        await self.close_book()
        self._book = await self._run(lambda: Book.create(path, title=title, language=language))
        self._remember(path)
        self._notify(Changes(book=True))
        return self.book_info()

    async def open_book(self, path: Path | str) -> dict:
        from desktop.book.book import Book

        await self.close_book()
        self._book = await self._run(Book.open, path)
        self._remember(path)
        self._notify(Changes(book=True))
        return self.book_info()

    async def close_book(self) -> None:
        if self._book is not None:
            book, self._book = self._book, None
            await self._run(book.close)
            self._notify(Changes(book=True))

    async def shutdown(self) -> None:
        await self.close_book()
        self._store.shutdown(wait=True)

    def book_info(self) -> dict:
        meta = self.book.meta
        return {"path": str(self.book.path), "title": meta.title, "language": meta.language,
                "schema_version": meta.schema_version, "embedding_model": meta.embedding_model,
                "embedding_dim": meta.embedding_dim}

    def _remember(self, path: Path | str) -> None:
        self.settings.remember_book(str(Path(path).resolve()))
        if self.settings_path is not None:
            try:
                self.settings.save(self.settings_path)
            except OSError as exc:  # recent-books is a convenience; never fail an open for it
                log.warning("could not save settings: %s", exc)

    # -- settlements ----------------------------------------------------------------

    async def apply(self, document: dict | Path | str, *, source: str = "cli") -> dict:
        """Confirm and apply a settlement document (or a reviewed settlement, or a JSON file holding one)."""
        doc, settlement_id, task_id = _unwrap(document)
        result = await self._run(
            lambda: self.book.journal.apply(doc, source=source, task_id=task_id, settlement_id=settlement_id)
        )
        self._notify(Changes(facts=True, plan=True, archive=True, journal=True))
        return {"settlement_id": result.settlement_id, "applied": result.applied}

    async def undo(self, settlement_id: int) -> dict:
        entry = await self._run(self.book.journal.undo, settlement_id)
        self._notify(Changes(facts=True, plan=True, archive=True, journal=True, tasks=True))
        return {"settlement_id": settlement_id, "state": entry["state"]}

    async def settlements(self, states: tuple[str, ...] | None = None) -> list[dict]:
        return await self._run(self.book.journal.entries, states)

    # -- reading the graphs ---------------------------------------------------------

    async def current_chapter(self) -> int | None:
        """The narrative pointer's chapter: the default 'as of' for fact queries."""
        return await self._run(self.book.plan.current_chapter)

    async def facts(self, *, entity: str | None = None, as_of: int | None = None) -> dict:
        def read() -> dict:
            chapter = as_of if as_of is not None else self.book.plan.current_chapter()
            snap = self.book.facts.snapshot(as_of=chapter, entity=entity)
            if entity is not None and not snap["entities"]:
                raise BookError(f"no entity called {entity!r} in this book")
            return snap

        return await self._run(read)

    async def plan(self) -> dict:
        def read() -> dict:
            return {"outlines": self.book.plan.tree(), "pointer": self.book.plan.pointer()}

        return await self._run(read)

    async def neighbourhood(self, name: str, *, hops: int = 1, as_of: int | None = None) -> dict:
        return await self._run(lambda: self.book.facts.neighbourhood(name, hops, as_of))

    async def counts(self) -> dict:
        def read() -> dict:
            return {"facts": self.book.facts.counts(), "plan": self.book.plan.counts(),
                    "archive": self.book.archive.counts()}

        return await self._run(read)


def _unwrap(document: dict | Path | str) -> tuple[dict, int | None, int | None]:
    """A bare document, or a review from `inkstone settle` ({"task_id", "settlement_id"?, "document", ...})."""
    if isinstance(document, (str, Path)):
        path = Path(document)
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BookError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise BookError(f"{path}: not a readable JSON document ({exc})") from None
    if isinstance(document, dict) and isinstance(document.get("document"), dict):
        return document["document"], document.get("settlement_id"), document.get("task_id")
    return document, None, None
