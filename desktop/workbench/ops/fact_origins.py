"""Where each relation of an entity's snapshot came from, for the inspector's edge details: the settlement's
source (a task by its title, an imported chapter by its heading, a file), when it was settled, and the words
quoted as evidence. Store thread; a few journal reads per entity, cached per call."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.tasks.fact_sources import FactSources, relation_match

if TYPE_CHECKING:
    from desktop.book.book import Book

QUOTE_CHARS = 160


def with_relation_origins(book: "Book", snapshot: dict) -> dict:
    """`snapshot` with each relation holding "origin": {"origin", "settlement_id", "settled_at", "task_id",
    "task_title", "from_chapter", "chapter_heading", "file", "quote"} (keys present when known)."""
    sources = FactSources(book)
    entries: dict[int, dict | None] = {}
    headings: dict[int, str] | None = None
    for rel in snapshot.get("relations") or []:
        sid = rel.get("settlement")
        if sid is None:
            continue
        found = sources.of(rel, relation_match(rel["type"], rel["from"], rel["to"]))
        origin = {key: found[key] for key in ("origin", "task_id", "from_chapter", "file") if key in found}
        origin["settlement_id"] = sid
        if found.get("quote"):
            quote = " ".join(str(found["quote"]).split())
            origin["quote"] = quote if len(quote) <= QUOTE_CHARS else quote[: QUOTE_CHARS - 1] + "…"
        if sid not in entries:
            entries[sid] = book.archive.journal_get(sid)
        entry = entries[sid] or {}
        if entry.get("updated_at") or entry.get("created_at"):
            origin["settled_at"] = entry.get("updated_at") or entry.get("created_at")
        task_id = origin.get("task_id", entry.get("task_id"))
        if task_id is not None:
            task = book.archive.task(task_id)
            origin["task_id"] = task_id
            if task:
                origin["task_title"] = task["title"]
        if origin.get("from_chapter") is not None:
            if headings is None:
                headings = {row["number"]: row.get("heading") or row.get("title") or ""
                            for row in book.archive.chapter_headings()}
            if headings.get(origin["from_chapter"]):
                origin["chapter_heading"] = headings[origin["from_chapter"]]
        rel["origin"] = origin
    return snapshot
