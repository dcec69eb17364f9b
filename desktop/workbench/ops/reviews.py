"""Proposals waiting for review, read and applied by id: what `inkstone reviews`, `apply --review` and `hooks` use."""

from __future__ import annotations

from desktop.book.backup import snapshot_before_apply
from desktop.book.errors import BookError
from desktop.contracts import JournalState
from desktop.tasks.accept import CLEAN, accept_clean
from desktop.tasks.extraction import chapter_of_source
from desktop.tasks.review import CLASSES
from desktop.workbench.ops import Outcome
from desktop.workbench.ops.books import latest_chapter
from desktop.workbench.ops.mentions import follow_canon, queue_canon_mentions
from desktop.workbench.session import Session

# What `--accept` may name besides the classes themselves.
ACCEPT_WORDS = {"all": CLASSES, "clean": CLEAN}


def accepted_classes(text: str) -> tuple[str, ...]:
    """`all`, `clean`, or classes joined by commas (`new,unchanged`), checked: a typo must not apply too little."""
    chosen: list[str] = []
    for word in (part.strip().lower() for part in text.split(",")):
        if word in ACCEPT_WORDS:
            chosen += ACCEPT_WORDS[word]
        elif word in CLASSES:
            chosen.append(word)
        else:
            raise BookError(f"--accept takes all, clean or classes among {', '.join(CLASSES)} joined by commas, "
                            f"not {word!r}")
    return tuple(dict.fromkeys(chosen))


async def reviews(session: Session) -> list[dict]:
    """Each proposal waiting for review, oldest first: where it came from and its items (class, kind, name,
    evidence quotes, the author's decision when one was made)."""
    def read() -> list[dict]:
        out = []
        for entry in session.book.journal.entries((JournalState.PROPOSED,)):
            review = entry.get("review") or {}
            items = [{"path": item["path"], "class": item["class"], "kind": item["path"].partition("/")[0],
                      "name": item.get("label", ""), "reason": item.get("reason"),
                      "evidence": [e.get("quote") for e in item.get("evidence") or () if e.get("quote")],
                      **({"decision": item["decision"]} if item.get("decision") else {})}
                     for item in review.get("items") or ()]
            out.append({"id": entry["id"], "source": entry["source"], "kind": review.get("kind") or _kind(entry),
                        "chapter": chapter_of_source(entry["source"]), "task_id": entry.get("task_id"),
                        "created_at": entry.get("created_at"), "notes": review.get("notes") or [],
                        "problems": review.get("problems") or [], "items": items})
        return out

    return await session.run(read)


def _kind(entry: dict) -> str:
    source = entry.get("source") or ""
    return "extract" if source.startswith("import:") else "plan_progress" if source.startswith("plan:") else "settle"


async def apply_review(session: Session, settlement_id: int, accept: str | tuple[str, ...] = "all") -> Outcome[dict]:
    """Apply a waiting proposal's items of the accepted classes. The others stay waiting as a smaller proposal
    (never rejected unasked: choosing what to take is not deciding against the rest).
    {"applied": id or None, "kept": id or None, "items_applied", "items_kept"}."""
    classes = accepted_classes(accept) if isinstance(accept, str) else tuple(accept)
    book = session.book

    def before_apply(doc: dict) -> None:
        snapshot_before_apply(book)
        queue_canon_mentions(book.archive, doc)

    outcome = await session.write(lambda: accept_clean(book, session.queues, settlement_id, before_apply,
                                                       classes=classes))
    follow_canon(session)  # the chapters naming what changed are relinked in the background
    return outcome


async def hooks(session: Session, *, overdue: bool = False) -> list[dict]:
    """Unresolved hooks as of the narrative pointer (or the last chapter), each with due_by and whether it is
    overdue; with `overdue`, only those past their chapter."""
    def read() -> list[dict]:
        book = session.book
        now = book.plan.current_chapter() or latest_chapter(book) or None
        out = []
        for hook in book.facts.unresolved_hooks(now):
            late = hook.get("due_by") is not None and now is not None and hook["due_by"] < now
            if late or not overdue:
                out.append({"name": hook["name"], "status": hook.get("status"), "planted_in": hook.get("planted_in"),
                            "due_by": hook.get("due_by"), "involves": hook.get("involves") or [], "overdue": late,
                            "as_of": now})
        return out

    return await session.run(read)
