"""Background jobs that failed (extraction, embedding, relinking mentions): listed with their error, queued
again or given up. The archive keeps a failed job with its error; until now nothing showed it."""

from __future__ import annotations

from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session

# When a job queued again runs, by kind: told with the retry so nobody waits for what needs another step.
RUNS = {"extract": "with the next extraction (inkstone extract, or the window's To extract)",
        "canon-mentions": "at the next relink (inkstone apply, or the window after any settlement)",
        "import-mentions": "when the book is next opened"}


async def failed_jobs(session: Session) -> list[dict]:
    """Failed jobs, oldest first: {"id", "kind", "payload", "attempts", "error", "updated_at"}."""
    return await session.run(session.book.archive.failed_jobs)


async def retry_job(session: Session, job_id: int) -> Outcome[dict]:
    """Queue a failed job again; the worker of its kind runs it next (the window's background work, or
    `inkstone extract` / the next relink on the command line). A job whose twin already waits is folded into it.
    {"id": the job that will run, "kind", "status": "pending", "merged": whether it was folded, "runs": when}."""
    def work() -> dict:
        runs, kind, merged = session.book.archive.requeue_failed_job(job_id)
        return {"id": runs, "kind": kind, "status": "pending", "merged": merged, "runs": RUNS.get(kind, "")}

    return await session.write(work)


async def discard_job(session: Session, job_id: int) -> Outcome[dict]:
    """Give up a failed job: it is removed from the queue; what it was about is unchanged (a chapter stays
    unextracted, a mention unlinked) and can be queued again by `extract` or an import."""
    def work() -> dict:
        return {"id": job_id, "kind": session.book.archive.discard_failed_job(job_id), "discarded": True}

    return await session.write(work)
