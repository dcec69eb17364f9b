"""The archive's SQLite schema: tables, FTS5/sqlite-vec virtual tables, row shapes, and the engine serving them."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import sqlean
import sqlite_vec
from sqlalchemy import event

metadata = sa.MetaData()


def _json(nullable: bool = False) -> sa.JSON:
    # none_as_null: an absent meta/review is SQL NULL, not the JSON text 'null'
    return sa.JSON(none_as_null=nullable)


def _created(name: str = "created_at") -> sa.Column:
    return sa.Column(name, sa.String, nullable=False)


meta_table = sa.Table(
    "meta",
    metadata,
    sa.Column("key", sa.String, primary_key=True),
    sa.Column("value", sa.String, nullable=False),
)

chapters = sa.Table(
    "chapters",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("number", sa.Integer, nullable=False, unique=True),
    sa.Column("title", sa.String, nullable=False),
    sa.Column("volume", sa.String),
    sa.Column("heading", sa.String, nullable=False),
    sa.Column("source_path", sa.String, nullable=False),
    sa.Column("content_hash", sa.String, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("char_count", sa.Integer, nullable=False),
    _created(),
    sa.Column("updated_at", sa.String, nullable=False),
    sqlite_autoincrement=True,
)

# Chunk ids are never reused (AUTOINCREMENT): graph provenance and search
# results refer to them, and a recycled id would point at other text.
chunks = sa.Table(
    "chunks",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("chapter_id", sa.Integer, sa.ForeignKey("chapters.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("start", sa.Integer, nullable=False),
    sa.Column("end", sa.Integer, nullable=False),
    sa.Column("entity_list", _json(), nullable=False),
    sa.Column("embedded", sa.Boolean, nullable=False, default=False),
    sa.UniqueConstraint("chapter_id", "seq"),
    sa.Index("chunks_unembedded", "id", sqlite_where=sa.text("embedded = 0")),
    sqlite_autoincrement=True,
)

# One row per version; `is_current` marks the newest surviving version of a
# title so that reads and both search indexes can skip superseded ones.
settings = sa.Table(
    "settings",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("title", sa.String, nullable=False),
    sa.Column("category", sa.String, nullable=False),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("entities", _json(), nullable=False),
    sa.Column("settlement_id", sa.Integer),
    sa.Column("is_current", sa.Boolean, nullable=False),
    sa.Column("embedded", sa.Boolean, nullable=False, default=False),
    _created(),
    sa.Index("settings_title", "title", "id"),
    sa.Index("settings_settlement", "settlement_id"),
    sqlite_autoincrement=True,
)

tasks = sa.Table(
    "tasks",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("title", sa.String, nullable=False),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("status", sa.String, nullable=False),
    _created(),
    sa.Column("updated_at", sa.String, nullable=False),
    sa.Column("closed_at", sa.String),
    sa.Column("retained_until", sa.String),
    sa.Column("settlement_id", sa.Integer),
    sqlite_autoincrement=True,
)

messages = sa.Table(
    "messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("task_id", sa.Integer, sa.ForeignKey("tasks.id", ondelete="CASCADE"), nullable=False),
    sa.Column("role", sa.String, nullable=False),
    sa.Column("content", sa.Text, nullable=False),
    sa.Column("state", sa.String, nullable=False),
    _created(),
    sa.Column("meta", _json(nullable=True)),
    sa.Index("messages_task", "task_id", "id"),
    sqlite_autoincrement=True,
)

summaries = sa.Table(
    "summaries",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("task_id", sa.Integer, sa.ForeignKey("tasks.id", ondelete="CASCADE"), nullable=False),
    sa.Column("upto_message_id", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    _created(),
    sa.Index("summaries_task", "task_id", "upto_message_id"),
    sqlite_autoincrement=True,
)

journal = sa.Table(
    "journal",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("source", sa.String, nullable=False),
    sa.Column("task_id", sa.Integer),
    sa.Column("state", sa.String, nullable=False),
    sa.Column("proposal", _json(nullable=True)),
    sa.Column("document", _json(nullable=True)),
    sa.Column("review", _json(nullable=True)),
    sa.Column("error", sa.Text),
    _created(),
    sa.Column("updated_at", sa.String, nullable=False),
    sa.Index("journal_state", "state"),
    sqlite_autoincrement=True,
)

jobs = sa.Table(
    "jobs",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("payload", _json(), nullable=False),
    sa.Column("unique_key", sa.String),
    sa.Column("status", sa.String, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False, default=0),
    sa.Column("error", sa.Text),
    _created(),
    sa.Column("updated_at", sa.String, nullable=False),
    sa.Index("jobs_queue", "kind", "status", "id"),
    sa.Index("jobs_unique", "kind", "unique_key"),
    sqlite_autoincrement=True,
)

# -- the shapes of the rows the archive hands out ------------------------------


def chunk_select() -> sa.Select:
    """Chunks with the number and title of their chapter."""
    c, ch = chunks.c, chapters.c
    return sa.select(
        c.id, c.chapter_id, ch.number.label("chapter_number"), ch.title.label("chapter_title"),
        c.seq, c.text, c.start, c.end, c.entity_list, c.embedded,
    ).join_from(chunks, chapters, c.chapter_id == ch.id)


def in_chapters(select: sa.Select, chapter_range: tuple[int, int] | None) -> sa.Select:
    """`select` (which joins chapters) limited to chapter numbers lo..hi inclusive; None: all."""
    if chapter_range is None:
        return select
    return select.where(chapters.c.number.between(chapter_range[0], chapter_range[1]))


def chapter_select(with_text: bool) -> sa.Select:
    """Chapters with how many chunks they have and how many of those are embedded."""
    ch, c = chapters.c, chunks.c
    counts = (
        sa.select(
            c.chapter_id,
            sa.func.count().label("chunk_count"),
            sa.func.sum(sa.cast(c.embedded, sa.Integer)).label("embedded_count"),
        ).group_by(c.chapter_id).subquery()
    )
    columns = [ch.id, ch.number, ch.title, ch.volume, ch.heading, ch.source_path, ch.content_hash,
               ch.char_count, ch.created_at, ch.updated_at,
               sa.func.coalesce(counts.c.chunk_count, 0).label("chunk_count"),
               sa.func.coalesce(counts.c.embedded_count, 0).label("embedded_count")]
    if with_text:
        columns.append(ch.text)
    return sa.select(*columns).outerjoin_from(chapters, counts, counts.c.chapter_id == ch.id)


def current_setting_select() -> sa.Select:
    """The current version of each settings entry; a version's creation is when the entry was last updated."""
    s = settings.c
    return sa.select(s.id, s.title, s.category, s.body, s.entities, s.settlement_id,
                     s.created_at.label("updated_at")).where(s.is_current == sa.true())


def task_select() -> sa.Select:
    """Tasks with the number of messages in their queue."""
    count = sa.select(sa.func.count()).where(messages.c.task_id == tasks.c.id).scalar_subquery()
    return sa.select(tasks, count.label("messages"))


# Contentless FTS5 tables: the text lives in chunks/settings, the index holds
# bigram tokens (see textindex); rowid = chunks.id / settings.id.
FTS_DDL = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS chunk_fts USING fts5("
    "body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')",
    "CREATE VIRTUAL TABLE IF NOT EXISTS settings_fts USING fts5("
    "title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')",
)


def vector_ddl(embedding_dim: int) -> tuple[str, ...]:
    """sqlite-vec tables for one embedding dimension; `chapter`/`current` are metadata columns KNN can filter on."""
    dim = int(embedding_dim)
    if dim <= 0:
        raise ValueError(f"embedding dimension must be positive, got {embedding_dim}")
    return (
        "CREATE VIRTUAL TABLE IF NOT EXISTS chunk_vec USING vec0("
        f"chunk_id integer primary key, embedding float[{dim}] distance_metric=cosine, chapter integer)",
        "CREATE VIRTUAL TABLE IF NOT EXISTS settings_vec USING vec0("
        f"setting_id integer primary key, embedding float[{dim}] distance_metric=cosine, current integer)",
    )


VECTOR_TABLES = ("chunk_vec", "settings_vec")


def dicts(result: sa.Result) -> list[dict[str, Any]]:
    """Rows as plain dicts, as every archive read returns them."""
    return [dict(row._mapping) for row in result]


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _prepare_connection(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.enable_load_extension(True)
    sqlite_vec.load(dbapi_connection)
    dbapi_connection.enable_load_extension(False)
    # The driver's own implicit transactions skip SELECTs and DDL; SQLAlchemy
    # emits BEGIN itself (see _begin) so every transaction is a real one.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=10000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _begin(connection: sa.Connection) -> None:
    connection.exec_driver_sql("BEGIN")


def create_archive_engine(path: Path) -> sa.Engine:
    engine = sa.create_engine(
        "sqlite:///" + str(path),
        module=sqlean,
        connect_args={"check_same_thread": False},
        json_serializer=_dumps,
    )
    event.listen(engine, "connect", _prepare_connection)
    event.listen(engine, "begin", _begin)
    return engine


def _probe_connection() -> Any:
    connection = sqlean.connect(":memory:")
    connection.enable_load_extension(True)
    sqlite_vec.load(connection)
    connection.enable_load_extension(False)
    return connection


def fts_available() -> bool:
    """Whether this SQLite build has FTS5 with contentless-delete tables (needs SQLite 3.43+)."""
    connection = _probe_connection()
    try:
        connection.execute(FTS_DDL[0])
        return True
    except sqlean.OperationalError:
        return False
    finally:
        connection.close()


def versions() -> dict[str, Any]:
    """What `inkstone doctor` reports about the storage engine."""
    connection = _probe_connection()
    try:
        sqlite_version, vec_version = connection.execute("SELECT sqlite_version(), vec_version()").fetchone()
    finally:
        connection.close()
    return {"sqlite": sqlite_version, "sqlite_vec": vec_version, "fts5": fts_available()}


def integrity_problems(connection) -> list[str]:
    """SQLite's quick_check on a DB-API connection: [] when pages, records and indexes hang together."""
    rows = [" ".join(str(row[0]).split()) for row in connection.execute("PRAGMA quick_check(3)").fetchall()]
    return [] if rows == ["ok"] else rows
