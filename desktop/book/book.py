"""One novel on disk: a folder holding book.json, the fact graph, the plan graph and the archive."""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from filelock import FileLock, Timeout

from desktop.book.archive import Archive
from desktop.book.changelog import ChangeLog
from desktop.book.errors import BookCorruptError, BookError, BookLockedError
from desktop.book.facts import FactGraph
from desktop.book.files import replace_file
from desktop.book.graphprobe import mark_closed, mark_open, probe_unless_as_left
from desktop.book.journal import Journal
from desktop.book.plan import PlanGraph
from desktop.book.preflight import (ARCHIVE_FILE, BOOK_FILE, FACTS_FILE, LOCK_FILE, PLAN_FILE, check_book_folder,
                                    refuse_links)
from desktop.book.restore import finish_interrupted_restore

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
DEFAULT_EMBEDDING_DIM = 512  # the bundled multilingual USE; a book records its own


@dataclass
class BookMeta:
    title: str
    language: str = "zh"
    schema_version: int = SCHEMA_VERSION
    embedding_model: str = ""
    embedding_dim: int = DEFAULT_EMBEDDING_DIM
    created_at: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    book_id: str = ""  # tells this book's snapshots from another's; books made before ids get one at open

    @classmethod
    def read(cls, path: Path) -> "BookMeta":
        try:
            raw = json.loads((path / BOOK_FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BookError(f"{path} is not an Inkstone book (no {BOOK_FILE})") from None
        except (OSError, ValueError) as exc:
            raise BookCorruptError(f"{path / BOOK_FILE} is unreadable: {exc}") from exc
        known = {k: raw[k] for k in cls.__dataclass_fields__ if k in raw}
        if "title" not in known:
            raise BookCorruptError(f"{path / BOOK_FILE} has no title")
        return cls(**known)

    def write(self, path: Path) -> None:
        replace_file(path / BOOK_FILE, json.dumps(asdict(self), ensure_ascii=False, indent=2))


class Book:
    """An open book: its stores, its journal, and the lock that keeps a second process out."""

    def __init__(self, path: Path, meta: BookMeta, lock: FileLock):
        self.path = path
        self.meta = meta
        self._lock = lock
        self.facts: FactGraph | None = None
        self.plan: PlanGraph | None = None
        self.archive: Archive | None = None
        mark_open(path)
        try:
            self.facts = FactGraph(path / FACTS_FILE)
            self.plan = PlanGraph(path / PLAN_FILE)
            self.archive = Archive(path / ARCHIVE_FILE, meta.embedding_dim)
        except BaseException:
            self.close()
            raise
        self.journal = Journal(self.archive, self.facts, self.plan, language=meta.language)
        # Every write reports itself here; an operation takes what its own writes changed.
        self.gaps: list[str] = []  # where the journal and the graphs disagree, found at open
        self.changes = ChangeLog()
        self.changes.watch_archive(self.archive.engine)
        self.facts.on_statement = self.changes.watch_graph("facts")
        self.plan.on_statement = self.changes.watch_graph("plan")

    @classmethod
    def create(cls, path: Path | str, *, title: str, language: str = "zh",
               embedding_model: str = "", embedding_dim: int = DEFAULT_EMBEDDING_DIM) -> "Book":
        path = Path(path)
        if (path / BOOK_FILE).exists():
            raise BookError(f"a book already exists at {path}")
        if path.exists() and any(path.iterdir()):
            raise BookError(f"{path} exists and is not empty; choose a new folder for the book")
        path.mkdir(parents=True, exist_ok=True)
        meta = BookMeta(title=title, language=language, embedding_model=embedding_model, embedding_dim=embedding_dim,
                        book_id=uuid.uuid4().hex)
        lock = _acquire(path)
        meta.write(path)
        return cls(path, meta, lock)

    @classmethod
    def open(cls, path: Path | str) -> "Book":
        """Open, migrate and repair: a settlement a crash interrupted is finished here."""
        path = Path(path)
        refuse_links(path)  # a book someone sent must not make us write (or read) outside it
        finish_interrupted_restore(path)  # a restore cut off between its swaps is completed first
        meta = BookMeta.read(path)
        if meta.schema_version > SCHEMA_VERSION:
            raise BookError(f"{path} was written by a newer Inkstone (schema {meta.schema_version}); update Inkstone")
        missing = [name for name in (FACTS_FILE, PLAN_FILE, ARCHIVE_FILE) if not (path / name).exists()]
        if missing:
            raise BookCorruptError(
                f"{path} is missing {', '.join(missing)}; restore it from a backup (nothing was changed)"
            )
        check_book_folder(path)  # damaged or read-only: refused before Kuzu or SQLite writes a byte
        lock = _acquire(path)
        try:
            probe_unless_as_left(path)  # a damaged graph crashes a child process, not this one
        except BaseException:
            lock.release()
            raise
        book = cls(path, meta, lock)
        try:
            book._migrate()
            repaired = book.journal.recover()
            if repaired:
                log.warning("repaired settlements interrupted by a crash: %s", repaired)
            if book.journal.quarantined:
                log.warning("settlements set aside as failed at open (retry or discard them): %s",
                            book.journal.quarantined)
            book.gaps = book.journal.reconcile()
            for gap in book.gaps:
                log.warning("journal and graphs disagree: %s", gap)
        except BaseException:
            book.close()
            raise
        return book

    def _migrate(self) -> None:
        # Version 1 is the first on-disk layout; later versions add their steps here.
        if self.meta.schema_version < SCHEMA_VERSION or not self.meta.book_id:
            self.meta.schema_version = SCHEMA_VERSION
            self.meta.book_id = self.meta.book_id or uuid.uuid4().hex
            self.meta.write(self.path)

    def set_embedder(self, name: str, dim: int) -> bool:
        """Record the book's embedder; a different one drops the old vectors so they are redone, never mixed."""
        if (name, dim) == (self.meta.embedding_model, self.meta.embedding_dim):
            return False
        self.archive.reset_embeddings(dim)
        self.meta.embedding_model, self.meta.embedding_dim = name, dim
        self.meta.write(self.path)
        return True

    def close(self) -> None:
        for store in (self.archive, self.plan, self.facts):
            if store is not None:
                store.close()
        self.archive = self.plan = self.facts = None
        if self._lock.is_locked:
            mark_closed(self.path)
            self._lock.release()

    def __enter__(self) -> "Book":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _acquire(path: Path) -> FileLock:
    # An OS-level lock: the kernel drops it when a crashed process dies, so it never sticks.
    lock = FileLock(path / LOCK_FILE, timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise BookLockedError(f"{path} is already open in another Inkstone window or process") from None
    except OSError as exc:
        raise BookError(f"cannot lock {path / LOCK_FILE}: {exc.strerror or exc}") from None
    return lock
