"""The archive's settlement journal and its durable job queue: what the book replays and resumes after a crash."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.archive_tables import dicts, utc_now
from desktop.book.errors import BookError

_JOURNAL_FIELDS = {"document", "review", "state", "proposal", "error", "task_id"}


class JournalAndJobs:
    """The settlement journal and the job queue; a part of Archive, which gives it _writing, _read and _first."""

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

    def journal_ids(self, states: tuple[str, ...]) -> set[int]:
        j = tables.journal.c
        with self.engine.connect() as conn:
            return set(conn.scalars(sa.select(j.id).where(j.state.in_(states))))

    def journal_ids_above(self, floor: int) -> None:
        """New settlements get ids above `floor`. AUTOINCREMENT keeps its counter in the database, so an archive
        whose WAL was lost or that came back from an old copy would hand out ids the graphs already hold."""
        with self._writing() as conn:
            seq = conn.scalar(sa.text("SELECT seq FROM sqlite_sequence WHERE name = 'journal'"))
            if seq is None:
                conn.execute(sa.text("INSERT INTO sqlite_sequence(name, seq) VALUES ('journal', :n)"), {"n": floor})
            elif seq < floor:
                conn.execute(sa.text("UPDATE sqlite_sequence SET seq = :n WHERE name = 'journal'"), {"n": floor})

    # -- job queue ---------------------------------------------------------------

    def enqueue_job(self, kind: str, payload: dict, *, unique_key: str | None = None) -> int:
        """Queue a job; with `unique_key`, a pending job of that kind and key is reused (its id returned)."""
        with self._writing() as conn:
            return self._enqueue(conn, kind, payload, unique_key)

    @staticmethod
    def _enqueue(conn: sa.Connection, kind: str, payload: dict, unique_key: str | None) -> int:
        """Queue a job inside the caller's transaction, so it exists exactly when what it is about does."""
        j = tables.jobs.c
        if unique_key is not None:
            pending = conn.scalar(sa.select(j.id).where(
                j.kind == kind, j.unique_key == unique_key, j.status == "pending"))
            if pending is not None:
                return pending
        now = utc_now()
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
            return dicts(conn.execute(sa.select(tables.jobs).where(j.id.in_(ids)).order_by(j.id)))

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

    def jobs_of(self, kind: str, statuses: tuple[str, ...] | None = None) -> list[dict]:
        """Jobs of `kind` (in these statuses), oldest first; a read: nothing is claimed."""
        j = tables.jobs.c
        select = sa.select(tables.jobs).where(j.kind == kind).order_by(j.id)
        if statuses is not None:
            select = select.where(j.status.in_(statuses))
        return self._read(select)

    def pending_job_count(self, kind: str | None = None) -> int:
        """Jobs waiting to be claimed (not those running now)."""
        select = sa.select(sa.func.count()).select_from(tables.jobs).where(tables.jobs.c.status == "pending")
        if kind is not None:
            select = select.where(tables.jobs.c.kind == kind)
        with self.engine.connect() as conn:
            return conn.scalar(select)

    def failed_jobs(self) -> list[dict]:
        """Jobs that failed, oldest first, with their error."""
        j = tables.jobs.c
        return self._read(sa.select(j.id, j.kind, j.payload, j.attempts, j.error, j.updated_at)
                          .where(j.status == "failed").order_by(j.id))

    def failed_job_count(self) -> int:
        with self.engine.connect() as conn:
            return conn.scalar(sa.select(sa.func.count()).select_from(tables.jobs)
                               .where(tables.jobs.c.status == "failed"))

    def requeue_failed_job(self, job_id: int) -> tuple[int, str, bool]:
        """Queue a failed job again: (the job that will run, its kind, whether it was folded into a waiting twin)."""
        j = tables.jobs.c
        with self._writing() as conn:
            job = self._failed_job(conn, job_id)
            twin = conn.scalar(sa.select(j.id).where(j.kind == job["kind"], j.unique_key == job["unique_key"],
                                                     j.status == "pending")) if job["unique_key"] else None
            if twin is not None:
                conn.execute(tables.jobs.delete().where(j.id == job_id))
                return twin, job["kind"], True
            conn.execute(tables.jobs.update().where(j.id == job_id).values(status="pending", updated_at=utc_now()))
            return job_id, job["kind"], False

    def discard_failed_job(self, job_id: int) -> str:
        """Remove a failed job from the queue; returns its kind."""
        with self._writing() as conn:
            job = self._failed_job(conn, job_id)
            conn.execute(tables.jobs.delete().where(tables.jobs.c.id == job_id))
            return job["kind"]

    @staticmethod
    def _failed_job(conn: sa.Connection, job_id: int) -> dict:
        row = conn.execute(sa.select(tables.jobs).where(tables.jobs.c.id == job_id)).first()
        if row is None:
            raise BookError(f"no job {job_id} in this book")
        job = dict(row._mapping)
        if job["status"] != "failed":
            raise BookError(f"job {job_id} is {job['status']}, not failed")
        return job

    @staticmethod
    def _requeue_interrupted_jobs(conn: sa.Connection) -> None:
        # Jobs still 'running' at open were cut off by a crash or a quit. One
        # whose unique twin was queued meanwhile is dropped, not run twice.
        conn.execute(sa.text(
            "DELETE FROM jobs WHERE status = 'running' AND unique_key IS NOT NULL AND EXISTS ("
            "SELECT 1 FROM jobs AS twin WHERE twin.status = 'pending' AND twin.kind = jobs.kind "
            "AND twin.unique_key = jobs.unique_key)"))
        conn.execute(tables.jobs.update().where(tables.jobs.c.status == "running").values(status="pending"))
