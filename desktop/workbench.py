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
from desktop.progress import CancelToken, ProgressCallback, no_progress

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
        self._llm = None
        self._llm_state = "idle"  # idle → loading → ready | error; "generating" while a turn streams
        self._llm_error: str | None = None
        self._embedder = None
        self._queues = None
        self._gateway = None
        self._last_context: dict | None = None
        self._embedding: tuple[CancelToken, asyncio.Future] | None = None

    # -- plumbing -----------------------------------------------------------------

    def subscribe(self, listener: Callable[[Changes], None]) -> None:
        self._listeners.append(listener)

    def _notify(self, changes: Changes) -> None:
        if changes:
            for listener in list(self._listeners):
                listener(changes)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._store, fn, *args)

    @staticmethod
    def _on_loop(callback: ProgressCallback | None) -> ProgressCallback:
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

    # -- books --------------------------------------------------------------------

    async def create_book(self, path: Path | str, *, title: str, language: str = "zh") -> dict:
        from desktop.book.book import Book

        await self.close_book()
        self._book = await self._run(lambda: Book.create(path, title=title, language=language))
        await self._run(self._start_tasks)
        self._remember(path)
        self._notify(Changes(book=True))
        return self.book_info()

    async def open_book(self, path: Path | str) -> dict:
        from desktop.book.book import Book

        await self.close_book()
        self._book = await self._run(Book.open, path)
        await self._run(self._start_tasks)
        self._remember(path)
        self._notify(Changes(book=True))
        return self.book_info()

    def _start_tasks(self) -> None:
        from desktop.tasks.queues import TaskQueues

        self._queues = TaskQueues(self._book.archive, retention_hours=self.settings.retention_hours)
        self._queues.sweep()  # tasks closed longer ago than the retention window are archived
        self._gateway = None

    async def close_book(self) -> None:
        if self._embedding is not None:
            token, running = self._embedding
            token.cancel()
            await asyncio.gather(running, return_exceptions=True)
        if self._book is not None:
            self._queues = self._gateway = self._last_context = None
            book, self._book = self._book, None
            await self._run(book.close)
            self._notify(Changes(book=True))

    async def shutdown(self) -> None:
        await self.close_book()
        if self._llm is not None:
            await self._llm.aclose()
            self._llm = None
        self._store.shutdown(wait=True)

    async def save_settings(self) -> None:
        if self.settings_path is not None:
            await asyncio.to_thread(self.settings.save, self.settings_path)

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
        """Confirm and apply a settlement document, or a reviewed settlement (which also closes its task),
        or a JSON file holding either."""
        from desktop.book.backup import snapshot_before_apply
        from desktop.book.export import apply_folder
        from desktop.tasks.settlement import confirm_review

        if isinstance(document, (str, Path)) and Path(document).is_dir():
            def work() -> dict:
                snapshot_before_apply(self.book)
                return apply_folder(self.book, Path(document))
        else:
            document = _load_json(document) if isinstance(document, (str, Path)) else document

            def work() -> dict:
                snapshot_before_apply(self.book)  # the book as it was, should the author want it back
                if isinstance(document, dict) and isinstance(document.get("document"), dict):
                    return confirm_review(self.book, self._queues, document)
                applied = self.book.journal.apply(document, source=source)
                return {"settlement_id": applied.settlement_id, "applied": applied.applied}

        result = await self._run(work)
        self._notify(Changes(facts=True, plan=True, archive=True, journal=True, tasks=True))
        return result

    async def undo(self, settlement_id: int) -> dict:
        """Undo one settlement everywhere; the task it settled opens again for restart."""
        from desktop.tasks.settlement import undo_settlement

        result = await self._run(undo_settlement, self.book, self._queues, settlement_id)
        self._notify(Changes(facts=True, plan=True, archive=True, journal=True, tasks=True))
        return result

    async def reject(self, settlement_id: int) -> None:
        await self._run(self.book.journal.reject, settlement_id)
        self._notify(Changes(journal=True))

    async def settlements(self, states: tuple[str, ...] | None = None) -> list[dict]:
        return await self._run(self.book.journal.entries, states)

    # -- tasks and conversation ----------------------------------------------------------

    @property
    def queues(self):
        self.book  # raises NoBookError when none is open
        return self._queues

    async def tasks(self) -> list[dict]:
        return await self._run(self.queues.list)

    async def new_task(self, title: str, kind: str = "free") -> dict:
        task = await self._run(self.queues.new, title, kind)
        self._notify(Changes(tasks=True))
        return task

    async def switch_task(self, ref: str | int) -> dict:
        task = await self._run(self.queues.switch, ref)
        self._notify(Changes(tasks=True, messages=True))
        return task

    async def restart_task(self, ref: str | int) -> dict:
        task = await self._run(self.queues.restart, ref)
        self._notify(Changes(tasks=True, messages=True))
        return task

    async def messages(self, task_id: int | None = None) -> list[dict]:
        def read() -> list[dict]:
            tid = task_id if task_id is not None else self.queues.active_id()
            return [] if tid is None else self.book.archive.messages(tid)

        return await self._run(read)

    @staticmethod
    def slash_commands() -> list[dict]:
        from desktop.tasks.commands import KNOWN_COMMANDS

        return [{"command": name} for name in KNOWN_COMMANDS]

    async def gateway(self):
        """The task gateway over the loaded model; a model that cannot load still lets input be stored."""
        from desktop.engine.llm import UnavailableLLM
        from desktop.tasks.context import ContextBuilder
        from desktop.tasks.gateway import Gateway

        if self._gateway is None:
            try:
                llm = await self.load_model()
            except Exception as exc:
                llm = UnavailableLLM(str(exc), self.settings.n_ctx)
            builder = ContextBuilder(self.book, llm.count_tokens, llm.n_ctx)
            self._gateway = Gateway(self.book, llm, self.queues, builder, run_store=self._run,
                                    candidates=self.settings.candidates, embed_query=self._embed_query)
        return self._gateway

    async def say(self, text: str, *, on_token: Callable[[str], None] | None = None,
                  cancel: CancelToken | None = None) -> dict:
        """One input from the author: a slash command, a message to the active task, or both."""
        from desktop.engine.llm import UnavailableLLM

        gateway = await self.gateway()
        self._llm_state = "generating" if self._llm_state == "ready" else self._llm_state
        try:
            turn = await gateway.say(text, on_token=on_token, cancel=cancel)
        finally:
            if self._llm_state == "generating":
                self._llm_state = "ready"
            if isinstance(gateway.llm, UnavailableLLM):
                self._gateway = None  # try the model again next turn
        result = turn.to_dict()
        if turn.review is not None:
            result["review"] = turn.review
        self._notify(Changes(tasks=True, messages=True, journal=turn.review is not None or turn.proposal is not None))
        return result

    async def note(self, text: str = "", *, path: Path | str | None = None) -> dict:
        """Keep the author's words (or a .txt/.md file's text) in the active task; no model is loaded or called."""
        from desktop.tasks import notes

        def work() -> dict:
            words = notes.read_note_file(path) if path is not None else text
            return notes.store_note(self.book, self.queues, words)

        stored = await self._run(work)
        self._notify(Changes(tasks=True, messages=True))
        return {"task_id": stored["task"]["id"], "message_id": stored["message"]["id"], "event": stored["event"],
                "characters": len(stored["message"]["content"]), "task": stored["task"]}

    async def context(self, task_id: int | None = None, mode: str = "continue") -> dict:
        """Exactly the context the next turn would send: sections with token counts, then messages."""
        gateway = await self.gateway()
        context = await gateway.context(task_id, mode)
        self._last_context = context.to_dict()
        return self._last_context

    async def last_context(self, task_id: int | None = None) -> dict | None:
        return await self.context(task_id, "continue")

    async def settle(self, task_id: int | None = None, *, progress: ProgressCallback | None = None,
                     cancel: CancelToken | None = None) -> dict:
        """Extract the task's whole discussion into a review; nothing reaches the graphs until apply()."""
        gateway = await self.gateway()
        if task_id is None:
            task_id = await self._run(gateway._require_active)
        review = await gateway.settler.propose(task_id, progress=self._on_loop(progress), cancel=cancel)
        self._notify(Changes(journal=True))
        return review

    async def extract_pending(self, *, limit: int | None = None, progress: ProgressCallback | None = None,
                              cancel: CancelToken | None = None) -> list[dict]:
        """Turn imported chapters queued for extraction into settlement proposals waiting for review."""
        from desktop.tasks.extraction import ChapterExtractor

        llm = await self.load_model()
        extractor = ChapterExtractor(self.book, llm, run_store=self._run)
        reviews = await extractor.run(limit=limit, progress=self._on_loop(progress), cancel=cancel)
        self._notify(Changes(journal=True))
        return reviews

    # -- backups and export ----------------------------------------------------------------

    async def backup(self, reason: str = "manual") -> dict:
        from desktop.book.backup import list_snapshots, snapshot

        folder = await self._run(lambda: snapshot(self.book, reason=reason))
        return next(s for s in list_snapshots(self.book.path) if s["name"] == folder.name)

    async def snapshots(self) -> list[dict]:
        from desktop.book.backup import list_snapshots

        return await self._run(list_snapshots, self.book.path)

    async def restore(self, name: str) -> dict:
        """Put a snapshot back: the book is closed, the current state kept as a snapshot, then reopened."""
        from desktop.book.backup import restore

        path = self.book.path
        await self.close_book()
        try:
            result = await self._run(restore, path, name)
        finally:
            await self.open_book(path)
        self._notify(Changes(book=True, facts=True, plan=True, archive=True, tasks=True, journal=True))
        return result

    async def export(self, out_dir: Path | str) -> dict:
        from desktop.book.export import export_book

        return await self._run(export_book, self.book, Path(out_dir))

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

    async def health(self) -> dict:
        """The memory-health strip: sizes, and what waits for the author (reviews, conflicts, overdue hooks)."""
        def read() -> dict:
            book = self.book
            now = book.plan.current_chapter() or self._latest_chapter() or None
            facts = book.facts.counts()
            hooks = book.facts.unresolved_hooks(now)
            proposed = book.journal.entries(("proposed",))
            chapters = book.archive.chapters()
            return {
                "entities": facts["entities"], "relations": facts["open_relations"], "hooks": facts["hook"],
                "unresolved_hooks": len(hooks),
                "overdue_hooks": sum(1 for h in hooks if h["due_by"] is not None and now is not None and h["due_by"] < now),
                "reviews_waiting": len(proposed),
                "conflicts": sum(1 for e in proposed for item in (e.get("review") or {}).get("items", [])
                                 if item.get("class") == "conflict"),
                "chapters": len(chapters),
                "extract_pending": book.archive.pending_job_count("extract"),
                "unembedded_chapters": sum(1 for c in chapters if c["embedded_count"] < c["chunk_count"]),
            }

        return await self._run(read)

    async def chapter_count(self) -> int:
        """The last chapter the book knows of (archive, fact graph or plan): the end of the chapter slider."""
        return await self._run(self._latest_chapter)

    def _latest_chapter(self) -> int:
        numbers = [c["number"] for c in self.book.archive.chapters()]
        numbers.append(self.book.plan.current_chapter() or 0)
        numbers.append(self.book.facts.latest_chapter())
        return max(numbers)

    async def counts(self) -> dict:
        def read() -> dict:
            return {"facts": self.book.facts.counts(), "plan": self.book.plan.counts(),
                    "archive": self.book.archive.counts(), "embedding": self.book.archive.embedding_counts()}

        return await self._run(read)

    # -- models -------------------------------------------------------------------------

    def model_status(self) -> dict:
        info = {}
        if self._llm is not None and self._llm_state in ("ready", "generating"):
            info = self._llm.info()
        return {"state": self._llm_state, "error": self._llm_error, "backend": info.get("backend"),
                "model": info.get("model"), "gpu": bool(info.get("gpu_layers")), "gpu_layers": info.get("gpu_layers"),
                "n_ctx": info.get("n_ctx")}

    async def load_model(self):
        """Load the chat model in the background; the window stays usable, errors land in model_status()."""
        from desktop.engine.llm import open_llm

        if self._llm is not None and self._llm_state in ("ready", "generating"):
            return self._llm
        self._llm_state, self._llm_error = "loading", None
        self._notify(Changes(book=False))
        try:
            llm = self._llm or await asyncio.to_thread(open_llm, self.settings)
            self._llm = llm
            await llm.load()
        except Exception as exc:
            self._llm_state, self._llm_error = "error", str(exc)
            self._llm = None
            raise
        self._llm_state = "ready"
        return llm

    async def reload_model(self) -> None:
        """After the model settings changed: drop the loaded model; the next turn loads the new one."""
        if self._llm is not None:
            await self._llm.aclose()
        self._llm, self._llm_state, self._llm_error = None, "idle", None
        self._embedder = None

    async def embedder(self):
        """The embedder, loaded once off the loop; a book indexed with another one is reset, never mixed."""
        from desktop.engine.embed import open_embedder

        if self._embedder is None:
            embedder = open_embedder(self.settings)
            await asyncio.to_thread(embedder.load)
            self._embedder = embedder
        if self._book is not None:
            await self._run(self._book.set_embedder, self._embedder.name, self._embedder.dim)
        return self._embedder

    async def embed_pending(self, *, progress: ProgressCallback | None = None,
                            cancel: CancelToken | None = None) -> int:
        """Embed every chunk and settings entry still waiting for a vector (the job that import leaves)."""
        from desktop.engine.embed import embed_pending

        report = self._on_loop(progress)
        embedder = await self.embedder()
        archive = self.book.archive
        cancel = cancel or CancelToken()
        # SQLite in WAL mode lets this run beside the store thread; the model work must not block it.
        # close_book() cancels it and waits, so the archive is never closed under it.
        self._embedding = (cancel, asyncio.ensure_future(
            asyncio.to_thread(embed_pending, archive, embedder, progress=report, cancel=cancel)))
        try:
            done = await asyncio.shield(self._embedding[1])
        finally:
            self._embedding = None
        if done:
            self._notify(Changes(archive=True))
        return done

    # -- import and search -------------------------------------------------------------

    async def import_paths(self, paths: list[Path | str], *, extract: bool = True, embed: bool = True,
                           progress: ProgressCallback | None = None, cancel: CancelToken | None = None) -> dict:
        """Import chapter files or folders; bad files are listed in "errors" and the rest still imports."""
        from desktop.importing.pipeline import import_paths

        report = self._on_loop(progress)

        def work() -> dict:
            result = import_paths(self.book.archive, self.book.facts, [Path(p) for p in paths],
                                  chunk_chars=self.settings.chunk_chars, progress=report, cancel=cancel).as_dict()
            if extract:
                for number in result.get("written", []):
                    self.book.archive.enqueue_job("extract", {"chapter": number}, unique_key=f"extract:{number}")
            result["extract_jobs"] = self.book.archive.pending_job_count("extract")
            return result

        result = await self._run(work)
        self._notify(Changes(archive=True, facts=True))
        if embed and result["chunks"]:
            try:
                result["embedded"] = await self.embed_pending(progress=progress, cancel=cancel)
            except Exception as exc:  # the chapters are in; vectors can be made later
                result.setdefault("warnings", []).append(f"embedding postponed: {exc}")
        return result

    async def search(self, query: str, *, k: int = 10, preset: str = "hybrid",
                     chapters: tuple[int, int] | None = None, with_entities: tuple[str, ...] = ()) -> list[dict]:
        from dataclasses import replace

        from desktop.book.retrieval import PRESETS, Retriever

        if preset not in PRESETS:
            raise BookError(f"unknown search preset {preset!r} (choose from {', '.join(PRESETS)})")
        config = replace(PRESETS[preset], k=k, chapters=chapters, with_entities=tuple(with_entities))
        embed_query = None
        if "vector" in config.methods:
            try:
                embedder = await self.embedder()
                embed_query = (await embedder.embed_async([query]))[0]
            except Exception as exc:  # keyword search still answers without a model
                log.warning("vector search unavailable: %s", exc)

        def work() -> list[dict]:
            vector = embed_query
            retriever = Retriever(self.book.archive, self.book.facts, (lambda _q: vector) if vector is not None else None)
            return retriever.search(query, config)

        return await self._run(work)


    # -- drafts, continuity checks, personas ------------------------------------------------

    async def _embed_query(self, text: str):
        """A query vector for the memory tools; the embedder loads on first use, off the store thread."""
        embedder = await self.embedder()
        return (await embedder.embed_async([text]))[0]

    async def pick_candidate(self, message_id: int, index: int, edited_text: str | None = None) -> dict:
        """Keep another candidate of a drafting reply (edited, if the author edited it) as the reply."""
        from desktop.tasks.turns import pick_candidate

        message = await self._run(pick_candidate, self.book, message_id, index, edited_text)
        self._notify(Changes(messages=True))
        return message

    async def back_to_main_plot(self, extra: str = "", *, on_token: Callable[[str], None] | None = None,
                                cancel: CancelToken | None = None) -> dict:
        """A turn in the active task that steers the discussion back to the narrative pointer's current step."""
        return await self.say("/mainplot" + (f"\n{extra}" if extra.strip() else ""), on_token=on_token, cancel=cancel)

    async def check(self, text: str | None = None, *, chapter: int | None = None, use_model: bool = False,
                    cancel: CancelToken | None = None) -> dict:
        """Continuity check of a draft (as of `chapter`, default the pointer's) or of imported chapter `chapter`:
        {"chapter", "issues": [{"kind", "text", "span", "fact", "source"}]}. Graph rules first; with
        `use_model`, the model judges a few sentences the rules could not decide."""
        from desktop.tasks.continuity import check_source, check_with_model, undecided_sentences

        body, number, report = await self._run(check_source, self.book, text, chapter)
        if use_model:
            llm = await self.load_model()
            undecided = await self._run(undecided_sentences, self.book, body, number, report)
            found = await check_with_model(llm, undecided, self.book.meta.language == "zh", cancel=cancel)
            report["issues"] = sorted(report["issues"] + found, key=lambda issue: issue["span"][0])
        return report

    async def persona(self, name: str) -> dict:
        """A character's base and evolved persona, with every version of the evolved one."""
        from desktop.tasks.personas import persona_with_history

        return await self._run(persona_with_history, self.book, name)

    async def set_base_persona(self, name: str, text: str) -> dict:
        """Give a character its base persona (the fixed core; set once)."""
        from desktop.book.personas import set_base

        await self._run(set_base, self.book.archive, name, text)
        self._notify(Changes(archive=True))
        return await self.persona(name)

    async def update_persona(self, name: str, *, cancel: CancelToken | None = None) -> dict:
        """A new evolved persona version, summarised by the model from recent settled facts about the character."""
        from desktop.tasks.personas import update_persona

        llm = await self.load_model()
        result = await update_persona(self.book, llm, name, run_store=self._run, cancel=cancel)
        self._notify(Changes(archive=True))
        return result

    async def revert_persona(self, name: str, version: int) -> dict:
        """Make an earlier evolved persona current again (as a new version, so the revert can be undone too)."""
        from desktop.book.personas import revert

        await self._run(revert, self.book.archive, name, version)
        self._notify(Changes(archive=True))
        return await self.persona(name)


def _load_json(path: Path | str) -> Any:
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BookError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BookError(f"{path}: not a readable JSON document ({exc})") from None
