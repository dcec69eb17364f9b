"""The book's SQLite archive: chapters and chunks with keyword and vector search, settings, tasks, journal, jobs."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import numpy as np
import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.archive_tables import fts_available, utc_now, versions
from desktop.book.errors import BookCorruptError, BookError, BookLockedError
from desktop.book.textindex import index_text, match_query

__all__ = ["Archive", "fts_available", "versions"]

TASK_STATUSES = ("open", "closed", "archived")
_TASK_FIELDS = {"title", "status", "closed_at", "retained_until", "settlement_id"}
_JOURNAL_FIELDS = {"document", "review", "state", "proposal", "error", "task_id"}
ChapterRange = tuple[int, int] | None


def _iso(value: Any) -> Any:
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return aware.astimezone(timezone.utc).isoformat(timespec="milliseconds")
    return value


def _write_failure(exc: sa.exc.OperationalError) -> str | None:
    """What the author should hear when SQLite could not write; None for errors that are not about the disk."""
    text = str(exc.orig).lower()
    if "disk is full" in text or "disk i/o error" in text:
        return "the disk is full or failing"
    if "readonly" in text or "read-only" in text:
        return "the file is read-only"
    return None


def _dicts(result: sa.Result) -> list[dict[str, Any]]:
    return [dict(row._mapping) for row in result]


class Archive:
    """archive.sqlite of one book. Every write commits before returning; writes are serialised in-process."""

    def __init__(self, path: Path, embedding_dim: int):
        self.path = Path(path)
        if not self.path.parent.is_dir():
            raise BookError(f"cannot create archive {self.path}: folder {self.path.parent} does not exist")
        self.embedding_dim = int(embedding_dim)
        self._write_lock = threading.RLock()
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
            raise BookError(f"cannot write {self.path}: {reason}; nothing of this change was saved") from exc

    def _read(self, statement: Any, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return _dicts(conn.execute(statement, params or {}))

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

    # -- chapters and chunks ---------------------------------------------------

    def chapter_by_number(self, number: int) -> dict | None:
        """The chapter with its full text, or None."""
        return self._first(tables.chapter_select(True).where(tables.chapters.c.number == number))

    def chapters(self) -> list[dict]:
        """All chapters in story order, without their text."""
        return self._read(tables.chapter_select(False).order_by(tables.chapters.c.number))

    def chapters_before(self, number: int, n: int) -> list[dict]:
        """The `n` chapters (with text) that come right before chapter `number`, in story order."""
        select = (tables.chapter_select(True).where(tables.chapters.c.number < number)
                  .order_by(tables.chapters.c.number.desc()).limit(n))
        return list(reversed(self._read(select)))

    def replace_chapter(self, number: int, title: str, text: str, *, volume: str | None, heading: str,
                        source_path: str, content_hash: str, chunks: list[dict]) -> tuple[int, bool]:
        """Store a chapter and its chunks; (chapter id, whether anything changed).

        Same number and same content hash: nothing changes. Otherwise the chapter
        row keeps its id and ALL its chunks are replaced (new chunk ids, keyword
        index written now, vectors gone until the embedder catches up).
        """
        now = utc_now()
        values = {"title": title, "volume": volume, "heading": heading, "source_path": source_path,
                  "content_hash": content_hash, "text": text, "char_count": len(text), "updated_at": now}
        with self._writing() as conn:
            ch = tables.chapters.c
            existing = conn.execute(sa.select(ch.id, ch.content_hash).where(ch.number == number)).first()
            if existing is not None and existing.content_hash == content_hash:
                return existing.id, False
            if existing is None:
                inserted = conn.execute(tables.chapters.insert().values(number=number, created_at=now, **values))
                chapter_id = inserted.inserted_primary_key[0]
            else:
                chapter_id = existing.id
                self._drop_chunks(conn, chapter_id)
                conn.execute(tables.chapters.update().where(ch.id == chapter_id).values(**values))
            self._insert_chunks(conn, chapter_id, chunks)
        return chapter_id, True

    def delete_chapter(self, number: int) -> None:
        with self._writing() as conn:
            chapter_id = conn.scalar(sa.select(tables.chapters.c.id).where(tables.chapters.c.number == number))
            if chapter_id is not None:
                self._drop_chunks(conn, chapter_id)
                conn.execute(tables.chapters.delete().where(tables.chapters.c.id == chapter_id))

    @staticmethod
    def _drop_chunks(conn: sa.Connection, chapter_id: int) -> None:
        c = tables.chunks.c
        ids = [{"id": i} for i in conn.scalars(sa.select(c.id).where(c.chapter_id == chapter_id))]
        if ids:
            conn.execute(sa.text("DELETE FROM chunk_fts WHERE rowid = :id"), ids)
            conn.execute(sa.text("DELETE FROM chunk_vec WHERE chunk_id = :id"), ids)
            conn.execute(tables.chunks.delete().where(c.chapter_id == chapter_id))

    @staticmethod
    def _insert_chunks(conn: sa.Connection, chapter_id: int, chunks: list[dict]) -> None:
        if not chunks:
            return
        rows = [{"chapter_id": chapter_id, "seq": int(c["seq"]), "text": c["text"], "start": int(c["start"]),
                 "end": int(c["end"]), "entity_list": list(c.get("entity_list") or []), "embedded": False}
                for c in chunks]
        conn.execute(tables.chunks.insert(), rows)
        c = tables.chunks.c
        stored = conn.execute(sa.select(c.id, c.text).where(c.chapter_id == chapter_id))
        conn.execute(sa.text("INSERT INTO chunk_fts(rowid, body) VALUES (:id, :body)"),
                     [{"id": row.id, "body": index_text(row.text)} for row in stored])

    def chunks_of(self, chapter_id: int) -> list[dict]:
        c = tables.chunks.c
        return self._read(tables.chunk_select().where(c.chapter_id == chapter_id).order_by(c.seq))

    def chunk(self, chunk_id: int) -> dict | None:
        return self._first(tables.chunk_select().where(tables.chunks.c.id == chunk_id))

    def neighbour_chunks(self, chunk_id: int, radius: int = 1) -> list[dict]:
        """The chunk and up to `radius` chunks either side of it in the same chapter, in reading order."""
        centre = self.chunk(chunk_id)
        if centre is None:
            return []
        c = tables.chunks.c
        select = tables.chunk_select().where(
            c.chapter_id == centre["chapter_id"], c.seq.between(centre["seq"] - radius, centre["seq"] + radius)
        ).order_by(c.seq)
        return self._read(select)

    def chunk_windows(self, chunk_ids: Sequence[int], radius: int = 0) -> dict[int, list[dict]]:
        """For each id, that chunk and up to `radius` chunks either side in its chapter, in reading order.

        One query for all of them (search results are fetched together); ids
        that no longer exist are absent from the result.
        """
        ids = sorted({int(i) for i in chunk_ids})
        if not ids:
            return {}
        centre = tables.chunks.alias("centre")
        c = tables.chunks.c
        select = (tables.chunk_select().add_columns(centre.c.id.label("centre_id"))
                  .join(centre, sa.and_(centre.c.chapter_id == c.chapter_id,
                                        c.seq.between(centre.c.seq - radius, centre.c.seq + radius)))
                  .where(centre.c.id.in_(ids)).order_by(centre.c.id, c.seq))
        windows: dict[int, list[dict]] = {}
        for row in self._read(select):
            windows.setdefault(row.pop("centre_id"), []).append(row)
        return windows

    def chunks_mentioning(self, names: list[str], *, chapters: ChapterRange = None, limit: int = 50) -> list[dict]:
        """Chunks whose entity_list holds every one of `names`, in story order ([] when no names are given)."""
        if not names:
            return []
        select = tables.in_chapters(tables.chunk_select(), chapters)
        for i, name in enumerate(names):
            select = select.where(sa.text(
                f"EXISTS (SELECT 1 FROM json_each(chunks.entity_list) WHERE json_each.value = :name{i})"
            ).bindparams(**{f"name{i}": name}))
        return self._read(select.order_by(tables.chapters.c.number, tables.chunks.c.seq).limit(limit))

    # -- embeddings ------------------------------------------------------------

    def _blob(self, vector: Sequence[float] | np.ndarray) -> bytes:
        array = np.asarray(vector, dtype=np.float32).ravel()
        if array.size != self.embedding_dim:
            raise BookError(f"embedding has {array.size} dimensions, {self.path} expects {self.embedding_dim}")
        return array.tobytes()

    def chunks_without_embedding(self, limit: int) -> list[dict]:
        c = tables.chunks.c
        return self._read(sa.select(c.id, c.text).where(c.embedded == sa.false()).order_by(c.id).limit(limit))

    def store_embeddings(self, items: Iterable[tuple[int, Sequence[float] | np.ndarray]]) -> None:
        """Vectors for chunks (replacing any); chunks deleted meanwhile (a re-import) are skipped."""
        blobs = [(int(chunk_id), self._blob(vector)) for chunk_id, vector in items]
        with self._writing() as conn:
            for chunk_id, blob in blobs:
                chapter = conn.scalar(tables.chunk_select().with_only_columns(tables.chapters.c.number)
                                      .where(tables.chunks.c.id == chunk_id))
                if chapter is None:
                    continue
                conn.execute(sa.text("DELETE FROM chunk_vec WHERE chunk_id = :id"), {"id": chunk_id})
                conn.execute(sa.text("INSERT INTO chunk_vec(chunk_id, embedding, chapter) VALUES (:id, :v, :ch)"),
                             {"id": chunk_id, "v": blob, "ch": chapter})
                conn.execute(tables.chunks.update().where(tables.chunks.c.id == chunk_id).values(embedded=True))

    def reset_embeddings(self, embedding_dim: int) -> None:
        """The embedder changed: all vectors are dropped and every chunk and setting waits to be embedded again."""
        new_dim = int(embedding_dim)
        with self._writing() as conn:
            self._recreate_vector_tables(conn)
            for ddl in tables.vector_ddl(new_dim):
                conn.exec_driver_sql(ddl)
            self._put_meta(conn, "embedding_dim", str(new_dim))
        self.embedding_dim = new_dim

    @staticmethod
    def _recreate_vector_tables(conn: sa.Connection) -> None:
        for table in tables.VECTOR_TABLES:
            conn.exec_driver_sql(f"DROP TABLE IF EXISTS {table}")
        conn.execute(tables.chunks.update().values(embedded=False))
        conn.execute(tables.settings.update().values(embedded=False))

    def embedding_counts(self) -> dict:
        c, s = tables.chunks.c, tables.settings.c
        with self.engine.connect() as conn:
            return {
                "chunks": conn.scalar(sa.select(sa.func.count()).select_from(tables.chunks)),
                "embedded": conn.scalar(sa.select(sa.func.count()).where(c.embedded == sa.true())),
                "settings": conn.scalar(sa.select(sa.func.count()).where(s.is_current == sa.true())),
                "settings_embedded": conn.scalar(
                    sa.select(sa.func.count()).where(s.is_current == sa.true(), s.embedded == sa.true())),
            }

    # -- search (higher scores are better) -------------------------------------

    def keyword_search(self, query: str, k: int = 10, *, chapters: ChapterRange = None) -> list[tuple[int, float]]:
        """BM25 over chunks (Chinese via bigrams); (chunk id, -bm25) best first."""
        expression = match_query(query)
        if expression is None:
            return []
        sql = ("SELECT chunk_fts.rowid AS id, -bm25(chunk_fts) AS score FROM chunk_fts "
               "JOIN chunks ON chunks.id = chunk_fts.rowid JOIN chapters ON chapters.id = chunks.chapter_id "
               "WHERE chunk_fts MATCH :q")
        params: dict[str, Any] = {"q": expression, "k": k}
        if chapters is not None:
            sql += " AND chapters.number BETWEEN :lo AND :hi"
            params.update(lo=chapters[0], hi=chapters[1])
        rows = self._read(sa.text(sql + " ORDER BY bm25(chunk_fts) LIMIT :k"), params)
        return [(row["id"], float(row["score"])) for row in rows]

    def vector_search(self, vector: Sequence[float] | np.ndarray, k: int = 10, *,
                      chapters: ChapterRange = None) -> list[tuple[int, float]]:
        """Cosine KNN over embedded chunks; (chunk id, 1 - cosine distance) best first."""
        sql = "SELECT chunk_id AS id, distance FROM chunk_vec WHERE embedding MATCH :v AND k = :k"
        params: dict[str, Any] = {"v": self._blob(vector), "k": k}
        if chapters is not None:
            sql += " AND chapter >= :lo AND chapter <= :hi"
            params.update(lo=chapters[0], hi=chapters[1])
        rows = self._read(sa.text(sql + " ORDER BY distance"), params)
        return [(row["id"], 1.0 - float(row["distance"])) for row in rows]

    # -- settings library (设定库) ----------------------------------------------

    def put_setting(self, title: str, body: str, category: str = "", entities: Sequence[str] = (), *,
                    settlement_id: int | None = None) -> int:
        """A new current version of the entry `title`; returns its id.

        A settlement writes at most one version per title: writing again with the
        same settlement id rewrites that version (re-applying a journal entry is
        idempotent) instead of stacking another.
        """
        s = tables.settings.c
        values = {"body": body, "category": category, "entities": list(entities), "embedded": False}
        with self._writing() as conn:
            setting_id = None
            if settlement_id is not None:
                setting_id = conn.scalar(sa.select(s.id).where(s.title == title, s.settlement_id == settlement_id))
            if setting_id is None:
                setting_id = conn.execute(tables.settings.insert().values(
                    title=title, settlement_id=settlement_id, is_current=True, created_at=utc_now(), **values
                )).inserted_primary_key[0]
            else:
                conn.execute(tables.settings.update().where(s.id == setting_id).values(**values))
                conn.execute(sa.text("DELETE FROM settings_fts WHERE rowid = :id"), {"id": setting_id})
                conn.execute(sa.text("DELETE FROM settings_vec WHERE setting_id = :id"), {"id": setting_id})
            conn.execute(sa.text("INSERT INTO settings_fts(rowid, title, body) VALUES (:id, :title, :body)"),
                         {"id": setting_id, "title": index_text(title), "body": index_text(body)})
            self._refresh_current(conn, [title])
        return setting_id

    @staticmethod
    def _refresh_current(conn: sa.Connection, titles: Iterable[str]) -> None:
        """The newest surviving version of each title becomes the current one, in the table and the vector index."""
        s = tables.settings.c
        for title in set(titles):
            ids = list(conn.scalars(sa.select(s.id).where(s.title == title).order_by(s.id)))
            for setting_id in ids:
                current = setting_id == ids[-1]
                conn.execute(tables.settings.update().where(s.id == setting_id).values(is_current=current))
                conn.execute(sa.text("UPDATE settings_vec SET current = :c WHERE setting_id = :id"),
                             {"c": int(current), "id": setting_id})

    def settings(self, category: str | None = None) -> list[dict]:
        """Current entries, by category then title."""
        select = tables.current_setting_select()
        if category is not None:
            select = select.where(tables.settings.c.category == category)
        return self._read(select.order_by(tables.settings.c.category, tables.settings.c.title))

    def setting(self, title: str) -> dict | None:
        return self._first(tables.current_setting_select().where(tables.settings.c.title == title))

    def setting_by_id(self, setting_id: int) -> dict | None:
        """Any version by id (search results name versions by id), current or not."""
        s = tables.settings.c
        return self._first(sa.select(s.id, s.title, s.category, s.body, s.entities, s.settlement_id,
                                     s.is_current, s.created_at.label("updated_at")).where(s.id == setting_id))

    def remove_settings_of(self, settlement_id: int) -> None:
        """Undo: the versions written by that settlement go; each title's previous version is current again."""
        s = tables.settings.c
        with self._writing() as conn:
            rows = conn.execute(sa.select(s.id, s.title).where(s.settlement_id == settlement_id)).all()
            if not rows:
                return
            ids = [{"id": row.id} for row in rows]
            conn.execute(sa.text("DELETE FROM settings_fts WHERE rowid = :id"), ids)
            conn.execute(sa.text("DELETE FROM settings_vec WHERE setting_id = :id"), ids)
            conn.execute(tables.settings.delete().where(s.settlement_id == settlement_id))
            self._refresh_current(conn, [row.title for row in rows])

    def settings_keyword_search(self, query: str, k: int = 10) -> list[tuple[int, float]]:
        expression = match_query(query)
        if expression is None:
            return []
        rows = self._read(sa.text(
            "SELECT settings_fts.rowid AS id, -bm25(settings_fts) AS score FROM settings_fts "
            "JOIN settings ON settings.id = settings_fts.rowid "
            "WHERE settings_fts MATCH :q AND settings.is_current = 1 ORDER BY bm25(settings_fts) LIMIT :k"
        ), {"q": expression, "k": k})
        return [(row["id"], float(row["score"])) for row in rows]

    def settings_vector_search(self, vector: Sequence[float] | np.ndarray, k: int = 10) -> list[tuple[int, float]]:
        rows = self._read(sa.text(
            "SELECT setting_id AS id, distance FROM settings_vec "
            "WHERE embedding MATCH :v AND k = :k AND current = 1 ORDER BY distance"
        ), {"v": self._blob(vector), "k": k})
        return [(row["id"], 1.0 - float(row["distance"])) for row in rows]

    def settings_without_embedding(self, limit: int) -> list[dict]:
        """Current entries still waiting for a vector: id, text (title and body)."""
        s = tables.settings.c
        rows = self._read(sa.select(s.id, s.title, s.body).where(
            s.is_current == sa.true(), s.embedded == sa.false()).order_by(s.id).limit(limit))
        return [{"id": row["id"], "text": f"{row['title']}\n{row['body']}"} for row in rows]

    def store_setting_embeddings(self, items: Iterable[tuple[int, Sequence[float] | np.ndarray]]) -> None:
        s = tables.settings.c
        blobs = [(int(setting_id), self._blob(vector)) for setting_id, vector in items]
        with self._writing() as conn:
            for setting_id, blob in blobs:
                current = conn.scalar(sa.select(s.is_current).where(s.id == setting_id))
                if current is None:
                    continue
                conn.execute(sa.text("DELETE FROM settings_vec WHERE setting_id = :id"), {"id": setting_id})
                conn.execute(sa.text(
                    "INSERT INTO settings_vec(setting_id, embedding, current) VALUES (:id, :v, :c)"
                ), {"id": setting_id, "v": blob, "c": int(bool(current))})
                conn.execute(tables.settings.update().where(s.id == setting_id).values(embedded=True))

    # -- tasks, messages, summaries --------------------------------------------

    def create_task(self, title: str, kind: str) -> dict:
        now = utc_now()
        with self._writing() as conn:
            task_id = conn.execute(tables.tasks.insert().values(
                title=title, kind=kind, status="open", created_at=now, updated_at=now
            )).inserted_primary_key[0]
        return self.task(task_id)

    def task(self, task_id: int) -> dict | None:
        return self._first(tables.task_select().where(tables.tasks.c.id == task_id))

    def tasks(self, statuses: tuple[str, ...] | None = None) -> list[dict]:
        """Tasks by id, each with its message count."""
        select = tables.task_select().order_by(tables.tasks.c.id)
        if statuses is not None:
            select = select.where(tables.tasks.c.status.in_(statuses))
        return self._read(select)

    def update_task(self, task_id: int, **fields: Any) -> dict:
        unknown = set(fields) - _TASK_FIELDS
        if unknown:
            raise ValueError(f"cannot update task fields {sorted(unknown)}")
        if "status" in fields and fields["status"] not in TASK_STATUSES:
            raise BookError(f"task status must be one of {', '.join(TASK_STATUSES)}, not {fields['status']!r}")
        values = {name: _iso(value) for name, value in fields.items()}
        with self._writing() as conn:
            updated = conn.execute(tables.tasks.update().where(tables.tasks.c.id == task_id)
                                   .values(updated_at=utc_now(), **values))
            if updated.rowcount == 0:
                raise BookError(f"task {task_id} does not exist in {self.path}")
        return self.task(task_id)

    def add_message(self, task_id: int, role: str, content: str, *, state: str = "complete",
                    meta: dict | None = None) -> dict:
        """Append to the task's queue; committed before returning, so it survives whatever comes next."""
        now = utc_now()
        with self._writing() as conn:
            touched = conn.execute(tables.tasks.update().where(tables.tasks.c.id == task_id).values(updated_at=now))
            if touched.rowcount == 0:
                raise BookError(f"task {task_id} does not exist in {self.path}")
            message_id = conn.execute(tables.messages.insert().values(
                task_id=task_id, role=role, content=content, state=state, created_at=now, meta=meta
            )).inserted_primary_key[0]
        return self._first(sa.select(tables.messages).where(tables.messages.c.id == message_id))

    def update_message(self, message_id: int, *, content: str | None = None, state: str | None = None,
                       meta: dict | None = None) -> None:
        values = {name: value for name, value in (("content", content), ("state", state), ("meta", meta))
                  if value is not None}
        if not values:
            return
        with self._writing() as conn:
            updated = conn.execute(tables.messages.update().where(tables.messages.c.id == message_id).values(**values))
            if updated.rowcount == 0:
                raise BookError(f"message {message_id} does not exist in {self.path}")

    def messages(self, task_id: int, *, after_id: int | None = None) -> list[dict]:
        select = sa.select(tables.messages).where(tables.messages.c.task_id == task_id)
        if after_id is not None:
            select = select.where(tables.messages.c.id > after_id)
        return self._read(select.order_by(tables.messages.c.id))

    def all_messages(self, limit: int | None = None) -> list[dict]:
        """Every task's messages in the order they were written; with `limit`, the latest `limit` of them."""
        if limit is None:
            return self._read(sa.select(tables.messages).order_by(tables.messages.c.id))
        latest = self._read(sa.select(tables.messages).order_by(tables.messages.c.id.desc()).limit(limit))
        return list(reversed(latest))

    def put_summary(self, task_id: int, upto_message_id: int, text: str) -> None:
        with self._writing() as conn:
            conn.execute(tables.summaries.insert().values(
                task_id=task_id, upto_message_id=upto_message_id, text=text, created_at=utc_now()))

    def latest_summary(self, task_id: int) -> dict | None:
        """The summary reaching furthest into the task's messages."""
        s = tables.summaries.c
        return self._first(sa.select(tables.summaries).where(s.task_id == task_id)
                           .order_by(s.upto_message_id.desc(), s.id.desc()).limit(1))

    # -- settlement journal ----------------------------------------------------

    def journal_add(self, *, source: str, document: dict, state: str, task_id: int | None = None,
                    proposal: dict | None = None, review: dict | None = None) -> int:
        now = utc_now()
        with self._writing() as conn:
            return conn.execute(tables.journal.insert().values(
                source=source, document=document, state=state, task_id=task_id, proposal=proposal,
                review=review, created_at=now, updated_at=now,
            )).inserted_primary_key[0]

    def journal_get(self, sid: int) -> dict | None:
        return self._first(sa.select(tables.journal).where(tables.journal.c.id == sid))

    def journal_set_state(self, sid: int, state: str, *, error: str | None = None) -> None:
        """Move a settlement to `state`; `error` is recorded (or cleared when None)."""
        self.journal_update(sid, state=state, error=error)

    def journal_update(self, sid: int, **fields: Any) -> None:
        unknown = set(fields) - _JOURNAL_FIELDS
        if unknown:
            raise ValueError(f"cannot update journal fields {sorted(unknown)}")
        with self._writing() as conn:
            updated = conn.execute(tables.journal.update().where(tables.journal.c.id == sid)
                                   .values(updated_at=utc_now(), **fields))
            if updated.rowcount == 0:
                raise BookError(f"settlement {sid} does not exist in {self.path}")

    def journal_list(self, states: tuple[str, ...] | None = None) -> list[dict]:
        select = sa.select(tables.journal).order_by(tables.journal.c.id)
        if states is not None:
            select = select.where(tables.journal.c.state.in_(states))
        return self._read(select)

    # -- job queue ---------------------------------------------------------------

    def enqueue_job(self, kind: str, payload: dict, *, unique_key: str | None = None) -> int:
        """Queue a job; with `unique_key`, a pending job of that kind and key is reused (its id returned)."""
        j = tables.jobs.c
        now = utc_now()
        with self._writing() as conn:
            if unique_key is not None:
                pending = conn.scalar(sa.select(j.id).where(
                    j.kind == kind, j.unique_key == unique_key, j.status == "pending"))
                if pending is not None:
                    return pending
            return conn.execute(tables.jobs.insert().values(
                kind=kind, payload=payload, unique_key=unique_key, status="pending", attempts=0,
                created_at=now, updated_at=now,
            )).inserted_primary_key[0]

    def next_jobs(self, kind: str, limit: int = 1) -> list[dict]:
        """Claim the oldest pending jobs of `kind`: they come back marked 'running'."""
        j = tables.jobs.c
        with self._writing() as conn:
            ids = list(conn.scalars(sa.select(j.id).where(j.kind == kind, j.status == "pending")
                                    .order_by(j.id).limit(limit)))
            if not ids:
                return []
            conn.execute(tables.jobs.update().where(j.id.in_(ids)).values(status="running", updated_at=utc_now()))
            return _dicts(conn.execute(sa.select(tables.jobs).where(j.id.in_(ids)).order_by(j.id)))

    def finish_job(self, job_id: int, *, error: str | None = None) -> None:
        """The job is 'done', or 'failed' with `error`; either way one more attempt is counted."""
        j = tables.jobs.c
        with self._writing() as conn:
            conn.execute(tables.jobs.update().where(j.id == job_id).values(
                status="done" if error is None else "failed", error=error, attempts=j.attempts + 1,
                updated_at=utc_now()))

    def release_job(self, job_id: int) -> None:
        """Put a claimed job back, untried: its worker stopped before reaching it."""
        j = tables.jobs.c
        with self._writing() as conn:
            conn.execute(tables.jobs.update().where(j.id == job_id, j.status == "running").values(
                status="pending", updated_at=utc_now()))

    def pending_job_count(self, kind: str | None = None) -> int:
        """Jobs waiting to be claimed (not those running now)."""
        select = sa.select(sa.func.count()).select_from(tables.jobs).where(tables.jobs.c.status == "pending")
        if kind is not None:
            select = select.where(tables.jobs.c.kind == kind)
        with self.engine.connect() as conn:
            return conn.scalar(select)

    @staticmethod
    def _requeue_interrupted_jobs(conn: sa.Connection) -> None:
        # Jobs still 'running' at open were cut off by a crash or a quit. One
        # whose unique twin was queued meanwhile is dropped, not run twice.
        conn.execute(sa.text(
            "DELETE FROM jobs WHERE status = 'running' AND unique_key IS NOT NULL AND EXISTS ("
            "SELECT 1 FROM jobs AS twin WHERE twin.status = 'pending' AND twin.kind = jobs.kind "
            "AND twin.unique_key = jobs.unique_key)"))
        conn.execute(tables.jobs.update().where(tables.jobs.c.status == "running").values(status="pending"))

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
