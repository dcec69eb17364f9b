"""The archive's tasks, their messages (each task's queue) and the rolling summaries of older turns."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.archive_tables import utc_now
from desktop.book.errors import BookError

TASK_STATUSES = ("open", "closed", "archived")
_TASK_FIELDS = {"title", "status", "closed_at", "retained_until", "settlement_id"}


def _iso(value: Any) -> Any:
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return aware.astimezone(timezone.utc).isoformat(timespec="milliseconds")
    return value


class Conversations:
    """Tasks, messages and summaries; a part of Archive, which gives it _writing, _read, _first and the path."""

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
