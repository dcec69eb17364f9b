"""A Kuzu database on disk: schema applied at open, parameterised queries, transactions, settlement markers."""

from __future__ import annotations

import json
import re
import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

import kuzu

from desktop.book.errors import BookLockedError, BookCorruptError

# Every graph records which settlements it holds, inside the same transaction
# as the settlement's own writes: the marker is how a reopened book knows
# whether a confirmed settlement reached this database (exactly once).
MARKER_DDL = (
    "CREATE NODE TABLE IF NOT EXISTS Settlement("
    "id INT64, recorded_at TIMESTAMP, undo STRING, PRIMARY KEY(id))"
)


_PARAM = re.compile(r"\$(\w+)")
# A statement that can change data or schema. Values are always parameters, so these words in the query
# text are Cypher, never an author's words.
_WRITES = re.compile(r"\b(CREATE|SET|DELETE|MERGE|DROP|ALTER|COPY|REMOVE|INSTALL|LOAD|IMPORT)\b", re.IGNORECASE)
PREPARED_LIMIT = 512  # distinct statement texts kept prepared; the queries are constants, so this is never reached


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


class GraphStore:
    """One Kuzu database file with one connection, serialised by a lock."""

    def __init__(self, path: Path, ddl: list[str]):
        self.path = path
        try:
            self._db = kuzu.Database(str(path))
        except RuntimeError as exc:
            text = str(exc)
            if "lock" in text.lower():
                raise BookLockedError(f"{path} is open in another Inkstone process") from exc
            raise BookCorruptError(f"cannot open graph database {path}: {text}") from exc
        self._conn = kuzu.Connection(self._db)
        self._lock = threading.RLock()
        self._in_tx = False
        # Bumped by every statement that may write and at the end of every transaction (commit or rollback):
        # read caches (fact_reads) keyed by it are never stale, and are rebuilt only after a real change.
        self.generation = 0
        self._shapes: dict[str, tuple[frozenset[str], bool]] = {}
        self._prepared: dict[str, kuzu.PreparedStatement] = {}
        self.on_statement: Callable[[str], None] | None = None  # the book's change log listens here
        for statement in [*ddl, MARKER_DDL]:
            self.execute(statement)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._prepared.clear()
                self._conn.close()
                self._db.close()
                self._conn = None

    def execute(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run one statement; rows come back as dicts keyed by the RETURN names.

        A statement with parameters is prepared once per connection and reused: Kuzu would otherwise parse,
        bind and plan it again on every call (~0.7 ms, most of a small read)."""
        used, writes = self._shape(query)
        # Kuzu refuses parameters a statement does not use; callers may pass a shared dict.
        params = {k: v for k, v in (params or {}).items() if k in used}
        if self.on_statement is not None:
            self.on_statement(query)
        with self._lock:
            try:
                result = self._conn.execute(self._statement(query) if used else query, params)
            finally:
                if writes:
                    self.generation += 1
            if isinstance(result, list):  # several statements in one string
                result = result[-1]
            names = result.get_column_names()
            rows = [dict(zip(names, row)) for row in result.get_all()]
            result.close()
            return rows

    def _shape(self, query: str) -> tuple[frozenset[str], bool]:
        """(the parameters the statement uses, whether it may write), worked out once per statement text."""
        shape = self._shapes.get(query)
        if shape is None:
            shape = (frozenset(_PARAM.findall(query)), bool(_WRITES.search(query)))
            if len(self._shapes) < PREPARED_LIMIT:
                self._shapes[query] = shape
        return shape

    def _statement(self, query: str) -> "kuzu.PreparedStatement | str":
        prepared = self._prepared.get(query)
        if prepared is None:
            if len(self._prepared) >= PREPARED_LIMIT:
                return query  # an unbounded family of texts would be a bug upstream; stay correct, just slower
            # What Connection.execute builds for itself each call (Connection.prepare adds a deprecation warning).
            prepared = kuzu.PreparedStatement(self._conn, query)
            if not prepared.is_success():
                return query  # let execute raise Kuzu's own message
            self._prepared[query] = prepared
        return prepared

    def scalar(self, query: str, params: dict[str, Any] | None = None) -> Any:
        rows = self.execute(query, params)
        return next(iter(rows[0].values())) if rows else None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All-or-nothing: a crash or an exception inside leaves the database as before."""
        with self._lock:
            if self._in_tx:  # nested: the outer transaction decides
                yield
                return
            self._conn.execute("BEGIN TRANSACTION")
            self._in_tx = True
            try:
                yield
            except BaseException:
                try:
                    self._conn.execute("ROLLBACK")
                except RuntimeError:  # Kuzu already rolled back after a failed statement
                    pass
                raise
            else:
                self._conn.execute("COMMIT")
            finally:
                self._in_tx = False
                self.generation += 1

    # -- settlement markers -------------------------------------------------

    def settlement_ids(self) -> set[int]:
        return {row["id"] for row in self.execute("MATCH (s:Settlement) RETURN s.id AS id")}

    def later_settlements(self, settlement_id: int) -> list[int]:
        """Settlements recorded here after this one (record time, then id), oldest first."""
        rows = self.execute("MATCH (s:Settlement) RETURN s.id AS id, s.recorded_at AS at ORDER BY at, id")
        this = next((row for row in rows if row["id"] == settlement_id), None)
        if this is None:
            return []
        return [row["id"] for row in rows if (row["at"], row["id"]) > (this["at"], this["id"])]

    def has_settlement(self, settlement_id: int) -> bool:
        return bool(self.scalar("MATCH (s:Settlement {id: $id}) RETURN count(s)", {"id": settlement_id}))

    def mark_settlement(self, settlement_id: int, undo: list[dict[str, Any]]) -> None:
        self.execute(
            "CREATE (:Settlement {id: $id, recorded_at: $at, undo: $undo})",
            {"id": settlement_id, "at": utcnow(), "undo": json.dumps(undo, ensure_ascii=False)},
        )

    def settlement_undo(self, settlement_id: int) -> list[dict[str, Any]]:
        raw = self.scalar("MATCH (s:Settlement {id: $id}) RETURN s.undo", {"id": settlement_id})
        return json.loads(raw) if raw else []

    def unmark_settlement(self, settlement_id: int) -> None:
        self.execute("MATCH (s:Settlement {id: $id}) DELETE s", {"id": settlement_id})
