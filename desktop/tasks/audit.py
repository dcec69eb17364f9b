"""The manuscript audit: every imported chapter checked against canon as it stood before that chapter.

Results are kept per chapter with the text hash and the canon they were found against, so a rerun (after a
cancel, or the next day) redoes only chapters whose text or canon changed. Issues the author calls intended are
remembered by fingerprint (kind, sentence, fact) and come back marked dismissed, never as new alarms."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import TYPE_CHECKING

from desktop.book.errors import BookError
from desktop.tasks.continuity import check_text

if TYPE_CHECKING:
    from desktop.book.book import Book


# Raised when the rules change what they find, so results stored by older rules are not reused.
RULES_VERSION = 3


def canon_key(book: "Book") -> str:
    """Which canon the book holds now, and which rules judge it: "r3:12:57" (rules 3, 12 settlements applied,
    the newest 57). An apply or undo changes it, so a chapter audited before either is audited again."""
    applied = book.archive.journal_ids(("applied",))
    return f"r{RULES_VERSION}:{len(applied)}:{max(applied, default=0)}"


def fingerprint(issue: dict) -> str:
    """The issue's identity across runs: kind, sentence and fact, not its position (editing above it keeps it)."""
    text = "\x1f".join((issue["kind"], " ".join(issue["text"].split()), issue.get("fact", "")))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def chapters_to_audit(book: "Book", chapters: tuple[int, int] | None) -> list[dict]:
    """{"number", "title", "char_count"} of the imported chapters in `chapters` (A–B; None: all), in order."""
    rows = book.archive.chapters()
    if chapters is not None:
        if chapters[0] > chapters[1]:
            raise BookError(f"--chapters {chapters[0]}-{chapters[1]}: the first chapter comes after the last")
        rows = [row for row in rows if chapters[0] <= row["number"] <= chapters[1]]
    return [{"number": row["number"], "title": row["title"], "char_count": row["char_count"] or 0} for row in rows]


def audit_chapter(book: "Book", number: int, key: str) -> dict | None:
    """{"chapter", "title", "issues", "reused"} for one imported chapter: the stored result when its text and the
    canon are those it was found with, else a fresh check (stored). None when the chapter is gone."""
    row = book.archive.chapter_by_number(number)
    if row is None:
        return None
    digest = row.get("content_hash") or hashlib.sha1(row["text"].encode("utf-8")).hexdigest()
    stored = book.archive.audit_result(number)
    if stored is not None and stored["content_hash"] == digest and stored["canon_key"] == key:
        return {"chapter": number, "title": row["title"], "issues": stored["issues"], "reused": True}
    issues = [{**issue, "chapter": number, "fingerprint": fingerprint(issue)}
              for issue in check_text(book, row["text"], number)["issues"]]
    book.archive.put_audit_result(number, digest, key, issues)
    return {"chapter": number, "title": row["title"], "issues": issues, "reused": False}


def audit_report(results: list[dict], dismissals: dict[str, dict], *, key: str, total: int) -> dict:
    """The whole audit: {"canon", "chapters_audited", "chapters_total", "complete", "reused", "issues": [… with
    "dismissed"], "counts": {kind: open issues}, "dismissed"}; issues in chapter, then text order."""
    issues = [{**issue, "title": result["title"], "dismissed": issue["fingerprint"] in dismissals}
              for result in results for issue in result["issues"]]
    open_issues = [issue for issue in issues if not issue["dismissed"]]
    return {"canon": key, "chapters_audited": len(results), "chapters_total": total,
            "complete": len(results) == total, "reused": sum(1 for r in results if r["reused"]),
            "issues": issues, "counts": dict(Counter(issue["kind"] for issue in open_issues)),
            "dismissed": len(issues) - len(open_issues)}


def find_issue(book: "Book", print_: str) -> dict | None:
    """The stored issue with this fingerprint, from the latest audit of any chapter."""
    for result in book.archive.audit_results():
        for issue in result["issues"]:
            if issue.get("fingerprint") == print_:
                return issue
    return None


def set_intended(book: "Book", print_: str, intended: bool = True) -> dict:
    """Remember (or forget) that the author meant the issue `print_`; {"fingerprint", "dismissed"}."""
    if not intended:
        book.archive.undismiss_audit_issue(print_)
        return {"fingerprint": print_, "dismissed": False}
    issue = find_issue(book, print_)
    if issue is None:
        raise BookError(f"no audit issue {print_!r}: run the audit first, then dismiss what it found")
    book.archive.dismiss_audit_issue(print_, issue["kind"], issue.get("chapter"), issue["text"])
    return {"fingerprint": print_, "dismissed": True}
