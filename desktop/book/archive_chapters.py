"""The archive's chapters and chunks (原文库): their text, their vectors, keyword and vector search."""

from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

import numpy as np
import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.archive_tables import utc_now
from desktop.book.errors import BookError
from desktop.book.textindex import index_text, match_query

ChapterRange = tuple[int, int] | None


class ChapterRecords:
    """Chapters, chunks and their vectors; a part of Archive, which gives it _writing, _read, _first and the path."""

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
                        source_path: str, content_hash: str, chunks: list[dict],
                        then_queue: tuple[str, dict, str] | None = None) -> tuple[int, bool]:
        """Store a chapter and its chunks; (chapter id, whether anything changed).

        Same number and same content hash: nothing changes. Otherwise the chapter
        row keeps its id and ALL its chunks are replaced (new chunk ids, keyword
        index written now, vectors gone until the embedder catches up), and the job
        `then_queue` (kind, payload, unique key) is queued in the same transaction.
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
            if then_queue is not None:
                self._enqueue(conn, *then_queue)
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

    def set_entity_lists(self, lists: dict[int, list[str]]) -> None:
        """Replace the entity lists of these chunks (chunk id → names): mentions follow the canon as it changes."""
        if lists:
            with self._writing() as conn:
                conn.execute(tables.chunks.update().where(tables.chunks.c.id == sa.bindparam("chunk_id"))
                             .values(entity_list=sa.bindparam("names", type_=tables.chunks.c.entity_list.type)),
                             [{"chunk_id": int(i), "names": list(names)} for i, names in lists.items()])

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

    def chapter_headings(self, chapters: ChapterRange = None) -> list[dict]:
        """Every chapter's id, number, title and heading line, with the id of its first chunk (None when it has
        none), in story order: what title search reads. No text, no counts: cheap for a thousand chapters."""
        ch, c = tables.chapters.c, tables.chunks.c
        first = (sa.select(c.id).where(c.chapter_id == ch.id).order_by(c.seq).limit(1)
                 .correlate(tables.chapters).scalar_subquery())
        select = sa.select(ch.id, ch.number, ch.title, ch.heading, first.label("first_chunk"))
        if chapters is not None:
            select = select.where(ch.number.between(chapters[0], chapters[1]))
        return self._read(select.order_by(ch.number))

    def chunks_mentioning(self, names: list[str], *, chapters: ChapterRange = None, limit: int = 50) -> list[dict]:
        """Chunks whose entity_list holds every one of `names`, in story order ([] when no names are given)."""
        if not names:
            return []
        select = tables.in_chapters(tables.chunk_select(), chapters)
        for i, name in enumerate(names):
            # instr() on the stored JSON text skips most chunks before json_each parses any (9 -> 5 ms over 10k
            # chunks); it looks for the name as either serializer writes it, and json_each still decides.
            select = select.where(sa.text(
                f"(instr(chunks.entity_list, :utf{i}) > 0 OR instr(chunks.entity_list, :ascii{i}) > 0) AND "
                f"EXISTS (SELECT 1 FROM json_each(chunks.entity_list) WHERE json_each.value = :name{i})"
            ).bindparams(**{f"name{i}": name, f"utf{i}": json.dumps(name, ensure_ascii=False),
                            f"ascii{i}": json.dumps(name)}))
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

    def chapters_holding(self, word: str, *, chapters: ChapterRange = None) -> dict[int, int]:
        """{chapter id: how many of its chunks hold `word` (as keyword_search matches it)} for chapters holding it."""
        rows = self._holding("chunks.chapter_id AS id, count(*) AS n", word, chapters, (),
                             " GROUP BY chunks.chapter_id")
        return {row["id"]: row["n"] for row in rows}

    def chunks_holding(self, word: str, chapter_ids: Iterable[int]) -> list[tuple[int, int]]:
        """(chunk id, chapter id) of the chunks of those chapters that hold `word`."""
        rows = self._holding("chunks.id AS id, chunks.chapter_id AS chapter_id", word, None, chapter_ids, "")
        return [(row["id"], row["chapter_id"]) for row in rows]

    def _holding(self, columns: str, word: str, chapters: ChapterRange, chapter_ids: Iterable[int],
                 tail: str) -> list[dict]:
        expression = match_query(word)
        if expression is None:
            return []
        sql = (f"SELECT {columns} FROM chunk_fts JOIN chunks ON chunks.id = chunk_fts.rowid "
               "JOIN chapters ON chapters.id = chunks.chapter_id WHERE chunk_fts MATCH :q")
        params: dict[str, Any] = {"q": expression}
        if chapters is not None:
            sql += " AND chapters.number BETWEEN :lo AND :hi"
            params.update(lo=chapters[0], hi=chapters[1])
        ids = [int(i) for i in chapter_ids]
        if ids:
            sql += f" AND chunks.chapter_id IN ({', '.join(map(str, ids))})"  # ints: nothing to inject
        return self._read(sa.text(sql + tail), params)

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
