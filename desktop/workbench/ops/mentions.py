"""Mentions follow the canon: after a settlement names entities (or its undo takes names away), the chapters that
hold those names are linked again, in the background, one chapter per store call so the window never waits.

The work is a job in the archive (queued before the settlement reaches the graphs), so a kill leaves it pending:
the next apply, undo, import or refresh_mentions() finishes it.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from desktop.contracts import NO_CHANGES, Changes
from desktop.importing.mentions import (chapters_naming, claim_canon_jobs, entity_matcher,
                                        queue_canon_mentions, relink_chapter)
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session

log = logging.getLogger(__name__)
_RUNNING: "weakref.WeakKeyDictionary[Session, asyncio.Task]" = weakref.WeakKeyDictionary()

__all__ = ["follow_canon", "queue_canon_mentions", "refresh_mentions"]


def follow_canon(session: Session) -> None:
    """Start relinking in the background, unless a run is already going (it picks up new jobs before it ends)."""
    running = _RUNNING.get(session)
    if running is not None and not running.done():
        return
    _RUNNING[session] = asyncio.ensure_future(_in_background(session))


async def refresh_mentions(session: Session) -> Outcome[dict]:
    """Wait for the background relinking, then run whatever is still pending: {"chapters": numbers relinked}."""
    running = _RUNNING.get(session)
    if running is not None:
        await asyncio.gather(running, return_exceptions=True)
    relinked, changes = await _run(session)
    return {"chapters": relinked}, changes


async def _in_background(session: Session) -> None:
    try:
        relinked, changes = await _run(session)
    except Exception as exc:  # noqa: BLE001 - the job stays pending and is run again; never an unheard task error
        log.warning("mentions not relinked yet (they will be at the next import or apply): %s", exc)
        return
    session.notify(changes)
    if relinked:
        log.info("mentions relinked in chapters %s", relinked)


async def _run(session: Session) -> tuple[list[int], Changes]:
    """Claim the pending jobs, relink each chapter naming their names in its own store call, finish the jobs;
    again while new jobs came meanwhile. Stops quietly (jobs left claimed: pending at the next open) if the book
    closes under it."""
    book = session.book
    relinked: list[int] = []
    changes = NO_CHANGES
    while True:
        (job_ids, names), taken = await session.write(claim_canon_jobs, book.archive)
        changes |= taken
        if not job_ids:
            return relinked, changes
        numbers, _ = await session.write(chapters_naming, book.archive, names)
        (matcher, keys), _ = await session.write(entity_matcher, book.facts)
        for number in numbers:
            if not session.has_book or session.book is not book:
                return relinked, changes
            done, taken = await session.write(relink_chapter, book.archive, book.facts, number, matcher, keys)
            changes |= taken
            if done:
                relinked.append(number)
        for job_id in job_ids:
            _, taken = await session.write(book.archive.finish_job, job_id)
            changes |= taken
