"""The book's SQLite archive: chapters and chunks with keyword and vector search, settings, tasks, journal, jobs."""

from __future__ import annotations

import itertools
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.archive_audit import AuditRecords
from desktop.book.archive_chapters import ChapterRecords
from desktop.book.archive_conversations import Conversations
from desktop.book.archive_journal import JournalAndJobs
from desktop.book.archive_library import SettingsLibrary
from desktop.book.archive_tables import dicts, fts_available, integrity_problems, versions
from desktop.book.errors import BookCorruptError, BookError, BookLockedError, StorageWriteError

__all__ = ["Archive", "fts_available", "versions"]


def _write_failure(exc: sa.exc.OperationalError) -> str | None:
    """What the author should hear when SQLite could not write; None for errors that are not about the disk."""
    text = str(exc.orig).lower()
    if "disk is full" in text or "disk i/o error" in text:
        return "the disk is full or failing"
    if "readonly" in text or "read-only" in text:
        return "the file is read-only"
    return None


class Archive(ChapterRecords, SettingsLibrary, Conversations, JournalAndJobs, AuditRecords):
    """archive.sqlite of one book. Every write commits before returning; writes are serialised in-process.
    Its parts live beside it, one module each: chapters and chunks, the settings library, conversations, the
    journal and jobs; this class holds the connection, the schema, meta and the overview."""

    def __init__(self, path: Path, embedding_dim: int):
        self.path = Path(path)
        if not self.path.parent.is_dir():
            raise BookError(f"cannot create archive {self.path}: folder {self.path.parent} does not exist")
        self.embedding_dim = int(embedding_dim)
        self._write_lock = threading.RLock()
        # A new value after every write transaction (next() on a count is atomic): read caches key on it.
        self._writes = itertools.count(1)
        self.generation = 0
        self.engine: sa.Engine = tables.create_archive_engine(self.path)
        try:
            with self._writing() as conn:
                self._create_schema(conn)
                self._requeue_interrupted_jobs(conn)
        except sa.exc.DBAPIError as exc:
            self.engine.dispose()
            if "locked" in str(exc.orig).lower():
                raise BookLockedError(f"{self.path} is locked by another process") from exc
            raise BookCorruptError(f"{self.path} is not a readable archive: {exc.orig}") from exc

    def close(self) -> None:
        self.engine.dispose()

    def versions(self) -> dict[str, Any]:
        """SQLite and sqlite-vec as loaded on this archive's connections; opening created FTS5 tables, so fts5 works."""
        with self.engine.connect() as conn:
            sqlite_version, vec_version = conn.execute(sa.text("SELECT sqlite_version(), vec_version()")).one()
        return {"sqlite": sqlite_version, "sqlite_vec": vec_version, "fts5": True}

    @contextmanager
    def _writing(self) -> Iterator[sa.Connection]:
        try:
            with self._write_lock, self.engine.begin() as conn:
                yield conn
        except sa.exc.OperationalError as exc:
            reason = _write_failure(exc)
            if reason is None:
                raise
            raise StorageWriteError(f"cannot write {self.path}: {reason}; nothing of this change was saved") from exc
        finally:
            self.generation = next(self._writes)

    def _read(self, statement: Any, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return dicts(conn.execute(statement, params or {}))

    def _first(self, statement: Any, params: dict[str, Any] | None = None) -> dict[str, Any] | None:
        rows = self._read(statement, params)
        return rows[0] if rows else None

    def _create_schema(self, conn: sa.Connection) -> None:
        tables.metadata.create_all(conn)
        for ddl in tables.FTS_DDL:
            conn.exec_driver_sql(ddl)
        stored_dim = conn.scalar(sa.select(tables.meta_table.c.value).where(tables.meta_table.c.key == "embedding_dim"))
        if stored_dim is not None and int(stored_dim) != self.embedding_dim:
            # Vectors of another dimension come from another embedder and can
            # never be compared with new queries: they are derived data, so
            # they are dropped and every text is queued for embedding again.
            self._recreate_vector_tables(conn)
        for ddl in tables.vector_ddl(self.embedding_dim):
            conn.exec_driver_sql(ddl)
        self._put_meta(conn, "embedding_dim", str(self.embedding_dim))

    # -- meta ----------------------------------------------------------------

    def get_meta(self, key: str, default: str | None = None) -> str | None:
        row = self._first(sa.select(tables.meta_table.c.value).where(tables.meta_table.c.key == key))
        return row["value"] if row else default

    def set_meta(self, key: str, value: str) -> None:
        with self._writing() as conn:
            self._put_meta(conn, key, value)

    @staticmethod
    def _put_meta(conn: sa.Connection, key: str, value: str) -> None:
        conn.execute(tables.meta_table.delete().where(tables.meta_table.c.key == key))
        conn.execute(tables.meta_table.insert().values(key=key, value=value))

    def integrity_problems(self) -> list[str]:
        """SQLite's quick_check over the whole file: [] when it is whole, else what SQLite found (doctor shows it)."""
        connection = self.engine.raw_connection()
        try:
            return integrity_problems(connection.driver_connection)
        finally:
            connection.close()

    # -- overview ----------------------------------------------------------------

    def counts(self) -> dict:
        def count(table: sa.Table, *where: Any) -> sa.ScalarSelect:
            return sa.select(sa.func.count()).select_from(table).where(*where).scalar_subquery()

        select = sa.select(
            count(tables.chapters).label("chapters"),
            count(tables.chunks).label("chunks"),
            count(tables.chunks, tables.chunks.c.embedded == sa.true()).label("embedded"),
            count(tables.settings, tables.settings.c.is_current == sa.true()).label("settings"),
            count(tables.tasks).label("tasks"),
            count(tables.messages).label("messages"),
            count(tables.journal, tables.journal.c.state == "proposed").label("reviews_waiting"),
            count(tables.jobs, tables.jobs.c.status == "pending").label("jobs_pending"),
        )
        return self._first(select)
