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
    """Relink in the background, after any run already going (a job queued as that run ends is not missed)."""
    _RUNNING[session] = asyncio.ensure_future(_in_background(session, _going(session)))


async def refresh_mentions(session: Session) -> Outcome[dict]:
    """Wait for the background relinking, then run whatever is still pending: {"chapters": numbers relinked}."""
    running = _going(session)
    if running is not None:
        await asyncio.gather(running, return_exceptions=True)
    relinked, changes = await _run(session)
    return {"chapters": relinked}, changes


def _going(session: Session) -> asyncio.Future | None:
    """The run under way on this event loop (one a finished loop left behind is over)."""
    running = _RUNNING.get(session)
    if running is None or running.done() or running.get_loop() is not asyncio.get_running_loop():
        return None
    return running


async def _in_background(session: Session, previous: asyncio.Future | None) -> None:
    if previous is not None:
        await asyncio.gather(previous, return_exceptions=True)
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
    again while new jobs came meanwhile. Stops quietly if the book closes under it: the jobs it claimed are
    pending again at the next open."""
    book = session.book
    relinked: list[int] = []
    changes = NO_CHANGES

    async def step(fn, *args):
        nonlocal changes
        if not session.has_book or session.book is not book:
            raise _Closed()
        result, taken = await session.write(fn, *args)
        changes |= taken
        return result

    try:
        while True:
            job_ids, names = await step(claim_canon_jobs, book.archive)
            if not job_ids:
                return relinked, changes
            numbers = await step(chapters_naming, book.archive, names)
            matcher, keys = await step(entity_matcher, book.facts)
            for number in numbers:
                if await step(relink_chapter, book.archive, book.facts, number, matcher, keys):
                    relinked.append(number)
            for job_id in job_ids:
                await step(book.archive.finish_job, job_id)
    except _Closed:
        return relinked, changes


class _Closed(Exception):
    """The book this run began with is no longer the open one."""
