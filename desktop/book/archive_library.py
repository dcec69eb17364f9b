"""The archive's settings library (设定库): short authoritative entries, versioned per settlement, searchable."""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np
import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.archive_tables import utc_now
from desktop.book.textindex import index_text, match_query


# Scales the author confirmed for an entry ("use as scale"), by title so they outlive new versions of its text:
# a list of scales, each levels low to high; [] says the entry states no scale. Created at open by create_all,
# so a book made before it gains it, empty, the first time it is opened.
setting_scales = sa.Table(
    "setting_scales",
    tables.metadata,
    sa.Column("title", sa.String, primary_key=True),
    sa.Column("scales", sa.JSON(), nullable=False),
    sa.Column("confirmed_at", sa.String, nullable=False),
)


class SettingsLibrary:
    """The settings library; a part of Archive, which gives it _writing, _read, _first and _blob."""

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

    def retitle_setting(self, title: str, new_title: str) -> None:
        """Every version of `title`, and its confirmed scale, now go by `new_title` (which must be free)."""
        s = tables.settings.c
        with self._writing() as conn:
            conn.execute(tables.settings.update().where(s.title == title).values(title=new_title))
            conn.execute(setting_scales.update().where(setting_scales.c.title == title).values(title=new_title))

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

    # -- scales the author confirmed ("use as scale") -----------------------------

    def confirmed_scales(self) -> dict[str, list[list[str]]]:
        """title → its confirmed scales (levels low to high); [] where the author said it states none."""
        return {row["title"]: row["scales"] for row in self._read(sa.select(setting_scales))}

    def put_setting_scales(self, title: str, scales: Sequence[Sequence[str]]) -> None:
        clean = [[str(level).strip() for level in scale if str(level).strip()] for scale in scales]
        with self._writing() as conn:
            conn.execute(setting_scales.delete().where(setting_scales.c.title == title))
            conn.execute(setting_scales.insert().values(title=title, scales=[s for s in clean if s],
                                                        confirmed_at=utc_now()))

    def clear_setting_scales(self, title: str) -> bool:
        """Back to the guess; whether there was a confirmed scale."""
        with self._writing() as conn:
            return conn.execute(setting_scales.delete().where(setting_scales.c.title == title)).rowcount > 0
