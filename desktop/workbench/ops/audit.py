"""The manuscript audit as a background job: chapter after chapter on the store thread, with progress, a cancel
that keeps what was done, and results a rerun reuses."""

from __future__ import annotations

import time

from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress
from desktop.tasks.audit import audit_chapter, audit_report, canon_key, chapters_to_audit, set_intended
from desktop.workbench.session import Session


async def audit(session: Session, chapters: tuple[int, int] | None = None, *,
                progress: ProgressCallback | None = None, cancel: CancelToken | None = None) -> dict:
    """Audit the imported chapters (in `chapters`, A–B; None: all) against canon as of each; see
    tasks.audit.audit_report for the shape. A cancel stops between chapters with "complete": false; what was
    audited is kept and the next run takes it as it is."""
    book = session.book
    report = progress or no_progress
    plan = await session.run(chapters_to_audit, book, chapters)
    key = await session.run(canon_key, book)
    total_chars = sum(max(c["char_count"], 1) for c in plan) or 1
    started, done_chars, results = time.monotonic(), 0, []
    for index, chapter in enumerate(plan):
        fraction = done_chars / total_chars
        elapsed = time.monotonic() - started
        eta = elapsed * (1 - fraction) / fraction if fraction > 0 and elapsed > 0 else None
        report(Progress("audit", index, len(plan), fraction=fraction, eta_seconds=eta,
                        detail=f"chapter {chapter['number']}"))
        if cancel is not None and cancel.cancelled:
            break
        result = await session.run(audit_chapter, book, chapter["number"], key)
        if result is not None:
            results.append(result)
        done_chars += max(chapter["char_count"], 1)
    report(Progress("audit", len(results), len(plan), fraction=done_chars / total_chars, eta_seconds=0.0))
    dismissals = await session.run(book.archive.audit_dismissals)
    return audit_report(results, dismissals, key=key, total=len(plan))


async def dismiss_issue(session: Session, fingerprint: str, *, intended: bool = True) -> dict:
    """"This is intended": the audit issue `fingerprint` is shown as dismissed from now on (intended=False takes
    that back). {"fingerprint", "dismissed"}."""
    return await session.run(set_intended, session.book, fingerprint, intended)


async def chapter_text(session: Session, number: int) -> dict | None:
    """{"number", "title", "text"} of an imported chapter, for showing an issue in its place; None when absent."""
    row = await session.run(session.book.archive.chapter_by_number, number)
    return None if row is None else {"number": row["number"], "title": row["title"], "text": row["text"]}
