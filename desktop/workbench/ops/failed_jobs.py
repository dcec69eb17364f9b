"""Background jobs that failed (extraction, embedding, relinking mentions): listed with their error, queued
again or given up. The archive keeps a failed job with its error; until now nothing showed it."""

from __future__ import annotations

import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.errors import BookError
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session

FAILED = "failed"
# When a job queued again runs, by kind: told with the retry so nobody waits for what needs another step.
RUNS = {"extract": "with the next extraction (inkstone extract, or the window's To extract)",
        "canon-mentions": "at the next relink (inkstone apply, or the window after any settlement)",
        "import-mentions": "when the book is next opened"}


async def failed_jobs(session: Session) -> list[dict]:
    """Failed jobs, oldest first: {"id", "kind", "payload", "attempts", "error", "updated_at"}."""
    def read() -> list[dict]:
        j = tables.jobs.c
        with session.book.archive.engine.connect() as conn:
            rows = conn.execute(sa.select(j.id, j.kind, j.payload, j.attempts, j.error, j.updated_at)
                                .where(j.status == FAILED).order_by(j.id))
            return [dict(row._mapping) for row in rows]

    return await session.run(read)


def failed_job_count(book) -> int:
    """For the health strip (store thread)."""
    with book.archive.engine.connect() as conn:
        return conn.scalar(sa.select(sa.func.count()).select_from(tables.jobs).where(tables.jobs.c.status == FAILED))


async def retry_job(session: Session, job_id: int) -> Outcome[dict]:
    """Queue a failed job again; the worker of its kind runs it next (the window's background work, or
    `inkstone extract` / the next relink on the command line). A job whose twin already waits is folded into it.
    {"id": the job that will run, "kind", "status": "pending", "merged": whether it was folded, "runs": when}."""
    def work() -> dict:
        j = tables.jobs.c
        with session.book.archive._writing() as conn:  # the archive's one write path (lock, generation)
            job = _failed(conn, job_id)
            twin = conn.scalar(sa.select(j.id).where(j.kind == job["kind"], j.unique_key == job["unique_key"],
                                                     j.status == "pending")) if job["unique_key"] else None
            if twin is not None:
                conn.execute(tables.jobs.delete().where(j.id == job_id))
                return {"id": twin, "kind": job["kind"], "status": "pending", "merged": True,
                        "runs": RUNS.get(job["kind"], "")}
            conn.execute(tables.jobs.update().where(j.id == job_id).values(status="pending", updated_at=tables.utc_now()))
            return {"id": job_id, "kind": job["kind"], "status": "pending", "merged": False,
                    "runs": RUNS.get(job["kind"], "")}

    return await session.write(work)


async def discard_job(session: Session, job_id: int) -> Outcome[dict]:
    """Give up a failed job: it is removed from the queue; what it was about is unchanged (a chapter stays
    unextracted, a mention unlinked) and can be queued again by `extract` or an import."""
    def work() -> dict:
        with session.book.archive._writing() as conn:
            job = _failed(conn, job_id)
            conn.execute(tables.jobs.delete().where(tables.jobs.c.id == job_id))
            return {"id": job_id, "kind": job["kind"], "discarded": True}

    return await session.write(work)


def _failed(conn: sa.Connection, job_id: int) -> dict:
    row = conn.execute(sa.select(tables.jobs).where(tables.jobs.c.id == job_id)).first()
    if row is None:
        raise BookError(f"no job {job_id} in this book")
    job = dict(row._mapping)
    if job["status"] != FAILED:
        raise BookError(f"job {job_id} is {job['status']}, not failed")
    return job

