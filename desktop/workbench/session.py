"""The session: owns the open book, the models and the store executor; operations run through it."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, TypeVar

from desktop.book.book import Book
from desktop.book.errors import BookError
from desktop.config import Settings
from desktop.contracts import NO_CHANGES, BookInfo, Changes, ModelPhase, ModelState
from desktop.engine.embed import open_embedder
from desktop.engine.factory import open_llm
from desktop.engine.llm import UnavailableLLM
from desktop.progress import CancelToken, ProgressCallback, no_progress
from desktop.tasks.context import ContextBuilder
from desktop.tasks.gateway import Gateway
from desktop.tasks.queues import TaskQueues

log = logging.getLogger(__name__)
T = TypeVar("T")


class NoBookError(BookError):
    def __init__(self) -> None:
        super().__init__("no book is open")


class Session:
    """Owns the open book and the models; every store call runs on one single-worker executor."""

    def __init__(self, settings: Settings | None = None, *, settings_path: Path | None = None):
        self.settings = settings or Settings()
        self.settings_path = settings_path
        self._book = None
        # One writer per book: Kuzu and SQLite calls are serialised on this thread,
        # so the GUI thread never blocks on a database and two jobs never race.
        self._store = ThreadPoolExecutor(max_workers=1, thread_name_prefix="inkstone-book")
        self._listeners: list[Callable[[Changes], None]] = []
        self._llm = None
        self._model = ModelState()
        self._embedder = None
        self._queues = None
        self._gateway = None
        self._beside: tuple[CancelToken, asyncio.Future] | None = None

    # -- plumbing -----------------------------------------------------------------

    def subscribe(self, listener: Callable[[Changes], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[Changes], None]) -> None:
        self._listeners.remove(listener)

    def notify(self, changes: Changes) -> None:
        if changes:
            for listener in list(self._listeners):
                listener(changes)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """A read on the store thread."""
        return await asyncio.get_running_loop().run_in_executor(self._store, fn, *args)

    async def write(self, fn: Callable[..., T], *args: Any) -> tuple[T, Changes]:
        """A write on the store thread, with the Changes its writes reported."""
        return await asyncio.get_running_loop().run_in_executor(self._store, self._traced, fn, *args)

    def _traced(self, fn: Callable[..., T], *args: Any) -> tuple[T, Changes]:
        result = fn(*args)
        return result, self._taken()

    def _taken(self) -> Changes:
        """What this thread wrote since the last take. Never cleared before an operation: a write taken by
        whichever operation ends first is still reported once, to every listener."""
        book = self._book
        return book.changes.take() if book is not None else NO_CHANGES

    async def taken(self) -> Changes:
        """What the store thread wrote: for operations whose store calls go through a gateway or an extractor."""
        return await self.run(self._taken)

    async def beside(self, cancel: CancelToken, fn: Callable[[], T]) -> tuple[T, Changes]:
        """Model-heavy work on a thread beside the store thread, with the Changes its writes reported."""
        # SQLite in WAL mode lets this run beside the store thread; the model work must not block it.
        # close_book() cancels it and waits, so the archive is never closed under it.
        self._beside = (cancel, asyncio.ensure_future(asyncio.to_thread(self._traced, fn)))
        try:
            return await asyncio.shield(self._beside[1])
        finally:
            self._beside = None

    @staticmethod
    def on_loop(callback: ProgressCallback | None) -> ProgressCallback:
        """Progress reported by a worker thread reaches the caller on the event-loop thread."""
        if callback is None:
            return no_progress
        loop = asyncio.get_running_loop()
        return lambda progress: loop.call_soon_threadsafe(callback, progress)

    @property
    def book(self):
        if self._book is None:
            raise NoBookError()
        return self._book

    @property
    def has_book(self) -> bool:
        return self._book is not None

    @property
    def queues(self):
        self.book  # raises NoBookError when none is open
        return self._queues

    # -- the book -----------------------------------------------------------------

    async def attach(self, opener: Callable[[], Book], path: Path | str) -> BookInfo:
        """Close the open book, open another with `opener` on the store thread, and start its task queues."""
        await self.close_book()
        self._book = await self.run(opener)
        await self.run(self._start_tasks)
        self._remember(path)
        self.notify(Changes(book=True))
        return self.book_info()

    def _start_tasks(self) -> None:
        self._queues = TaskQueues(self._book.archive, retention_hours=self.settings.retention_hours)
        self._queues.sweep()  # tasks closed longer ago than the retention window are archived
        self._gateway = None

    async def close_book(self) -> None:
        if self._beside is not None:
            token, running = self._beside
            token.cancel()
            await asyncio.gather(running, return_exceptions=True)
        if self._book is not None:
            self._queues = self._gateway = None
            book, self._book = self._book, None
            await self.run(book.close)
            self.notify(Changes(book=True))

    async def shutdown(self) -> None:
        await self.close_book()
        if self._llm is not None:
            await self._llm.aclose()
            self._llm = None
        self._store.shutdown(wait=True)

    async def save_settings(self) -> None:
        if self.settings_path is not None:
            await asyncio.to_thread(self.settings.save, self.settings_path)

    def book_info(self) -> BookInfo:
        meta = self.book.meta
        return BookInfo(path=str(self.book.path), title=meta.title, language=meta.language,
                        schema_version=meta.schema_version, embedding_model=meta.embedding_model,
                        embedding_dim=meta.embedding_dim)

    def _remember(self, path: Path | str) -> None:
        self.settings.remember_book(str(Path(path).resolve()))
        if self.settings_path is not None:
            try:
                self.settings.save(self.settings_path)
            except OSError as exc:  # recent-books is a convenience; never fail an open for it
                log.warning("could not save settings: %s", exc)

    # -- models -------------------------------------------------------------------------

    def model_status(self) -> ModelState:
        return self._model

    def _set_model(self, phase: ModelPhase, error: str | None = None) -> None:
        """A model state change is news for the window, like any store's."""
        info = self._llm.info() if self._llm is not None and phase in (ModelPhase.READY, ModelPhase.GENERATING) else {}
        state = ModelState(phase, error, info.get("backend"), info.get("model"), bool(info.get("gpu_layers")),
                           info.get("gpu_layers"), info.get("n_ctx"))
        if state != self._model:
            self._model = state
            self.notify(Changes(model=True))

    async def load_model(self):
        """Load the chat model in the background; the window stays usable, errors land in model_status()."""
        if self._llm is not None and self._model.state in (ModelPhase.READY, ModelPhase.GENERATING):
            return self._llm
        self._set_model(ModelPhase.LOADING)
        try:
            llm = self._llm or await asyncio.to_thread(open_llm, self.settings)
            self._llm = llm
            await llm.load()
        except Exception as exc:
            self._llm = None
            self._set_model(ModelPhase.ERROR, str(exc))
            raise
        self._set_model(ModelPhase.READY)
        return llm

    async def reload_model(self) -> None:
        """After the model settings changed: drop the loaded model; the next turn loads the new one."""
        if self._llm is not None:
            await self._llm.aclose()
        self._llm, self._embedder = None, None
        self._set_model(ModelPhase.IDLE)

    def generating(self, busy: bool) -> None:
        """A turn streams (busy) or has ended; only a ready model shows it."""
        if busy and self._model.state == ModelPhase.READY:
            self._set_model(ModelPhase.GENERATING)
        elif not busy and self._model.state == ModelPhase.GENERATING:
            self._set_model(ModelPhase.READY)

    @property
    def embedder_loaded(self) -> bool:
        """Whether the embedder is in memory: loading it takes seconds, so a quick look-up may do without."""
        return self._embedder is not None

    async def embedder(self):
        """The embedder, loaded once off the loop; a book indexed with another one is reset, never mixed."""
        if self._embedder is None:
            embedder = open_embedder(self.settings)
            await asyncio.to_thread(embedder.load)
            self._embedder = embedder
        if self._book is not None:
            await self.run(self._book.set_embedder, self._embedder.name, self._embedder.dim)
        return self._embedder

    async def embed_query(self, text: str):
        """A query vector for the memory tools; the embedder loads on first use, off the store thread."""
        embedder = await self.embedder()
        return (await embedder.embed_async([text]))[0]

    async def gateway(self):
        """The task gateway over the loaded model; a model that cannot load still lets input be stored."""
        if self._gateway is None:
            try:
                llm = await self.load_model()
            except Exception as exc:
                llm = UnavailableLLM(str(exc), self.settings.n_ctx)
            builder = ContextBuilder(self.book, llm.count_tokens, llm.n_ctx)
            self._gateway = Gateway(self.book, llm, self.queues, builder, run_store=self.run,
                                    candidates=self.settings.candidates, embed_query=self.embed_query)
        return self._gateway

    def forget_gateway(self) -> None:
        """The next turn builds the gateway again (and tries the model again)."""
        self._gateway = None
