"""The archive's record of manuscript audits: each chapter's issues as last found (with the text and canon they
were found against, so a rerun skips what has not changed) and the issues the author called intended.

Both tables are created by the archive's create_all at open, so a book made before them gains them, empty, the
first time it is opened: nothing else in the book changes."""

from __future__ import annotations

import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.archive_tables import utc_now

audit_results = sa.Table(
    "audit_results",
    tables.metadata,
    sa.Column("chapter", sa.Integer, primary_key=True),
    sa.Column("content_hash", sa.String, nullable=False),
    sa.Column("canon_key", sa.String, nullable=False),  # which canon it was checked against (see audit.canon_key)
    sa.Column("issues", sa.JSON(), nullable=False),
    sa.Column("audited_at", sa.String, nullable=False),
)

# "This is intended": an issue the author has seen and keeps; found again, it is shown as dismissed.
audit_dismissals = sa.Table(
    "audit_dismissals",
    tables.metadata,
    sa.Column("fingerprint", sa.String, primary_key=True),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("chapter", sa.Integer),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("created_at", sa.String, nullable=False),
)


class AuditRecords:
    """Audit results and dismissals; a part of Archive, which gives it _writing, _read and _first."""

    def audit_result(self, chapter: int) -> dict | None:
        return self._first(sa.select(audit_results).where(audit_results.c.chapter == chapter))

    def audit_results(self, chapter_range: tuple[int, int] | None = None) -> list[dict]:
        select = sa.select(audit_results).order_by(audit_results.c.chapter)
        if chapter_range is not None:
            select = select.where(audit_results.c.chapter.between(*chapter_range))
        return self._read(select)

    def put_audit_result(self, chapter: int, content_hash: str, canon_key: str, issues: list[dict]) -> None:
        with self._writing() as conn:
            conn.execute(audit_results.delete().where(audit_results.c.chapter == chapter))
            conn.execute(audit_results.insert().values(chapter=chapter, content_hash=content_hash,
                                                       canon_key=canon_key, issues=issues, audited_at=utc_now()))

    def forget_audit_results(self) -> None:
        with self._writing() as conn:
            conn.execute(audit_results.delete())

    def audit_dismissals(self) -> dict[str, dict]:
        """fingerprint → the dismissal."""
        return {row["fingerprint"]: row for row in self._read(sa.select(audit_dismissals))}

    def dismiss_audit_issue(self, fingerprint: str, kind: str, chapter: int | None, text: str) -> None:
        with self._writing() as conn:
            conn.execute(audit_dismissals.delete().where(audit_dismissals.c.fingerprint == fingerprint))
            conn.execute(audit_dismissals.insert().values(fingerprint=fingerprint, kind=kind, chapter=chapter,
                                                          text=text, created_at=utc_now()))

    def undismiss_audit_issue(self, fingerprint: str) -> bool:
        """Take a dismissal back; False when there was none."""
        with self._writing() as conn:
            return conn.execute(audit_dismissals.delete().where(
                audit_dismissals.c.fingerprint == fingerprint)).rowcount > 0
