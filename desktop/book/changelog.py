"""What the stores wrote, per thread, so an operation reports the Changes its own writes made."""

from __future__ import annotations

import re
import threading

import sqlalchemy as sa

from desktop.contracts import Changes

_SQL_WRITE = re.compile(r"^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+[\"`]?(\w+)",
                        re.IGNORECASE)
_CYPHER_WRITE = re.compile(r"\b(?:CREATE|MERGE|SET|DELETE|REMOVE|COPY)\b")
# Archive tables a pane shows on its own; every other table is "archive". After opening, meta is written only
# for the active-task pointer (the embedder's dimension changes with its vectors, which are "archive" anyway).
_TABLE_CHANGES = {"tasks": "tasks", "meta": "tasks", "messages": "messages", "summaries": "messages",
                  "journal": "journal"}


class ChangeLog:
    """Written stores, collected per thread: the store thread's operations never see the embedder thread's writes."""

    def __init__(self) -> None:
        self._local = threading.local()

    def record(self, name: str) -> None:
        self._local.__dict__.setdefault("names", set()).add(name)

    def take(self) -> Changes:
        """What this thread wrote since the last take."""
        return Changes(**dict.fromkeys(self._local.__dict__.pop("names", ()), True))

    def watch_archive(self, engine: sa.Engine) -> None:
        def seen(conn, cursor, statement, parameters, context, executemany) -> None:
            match = _SQL_WRITE.match(statement)
            if match:
                self.record(_TABLE_CHANGES.get(match.group(1).lower(), "archive"))

        sa.event.listen(engine, "before_cursor_execute", seen)

    def watch_graph(self, name: str):
        """A listener for a graph store's statements: its writes are `name` ("facts" or "plan")."""
        def seen(query: str) -> None:
            if _CYPHER_WRITE.search(query):
                self.record(name)

        return seen
