"""Accepting the clean part of a proposal: its new and unchanged items go to the graphs, the rest waits for the author.

A chapter's proposal from whole-book extraction is mostly new names and facts nobody disputes; the few that
change or contradict canon deserve the author's eyes. This applies the first and keeps the second as a
smaller proposal, classified again against the canon the first just changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from desktop.book.errors import BookError, DocumentError
from desktop.tasks.review import NEW, UNCHANGED
from desktop.tasks.settlement import confirm_review, propose_reviewed

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.tasks.queues import TaskQueues

CLEAN = (NEW, UNCHANGED)
# Where each section names entities: a clean item naming one only a kept item declares must wait with it.
_NAMES = {"relations": ("from", "to"), "ends": ("from", "to"), "states": ("entity",)}
_NAME_LISTS = {"hooks": "involves", "settings": "entities"}


def accept_clean(book: "Book", queues: "TaskQueues", settlement_id: int,
                 before_apply: Callable[[dict], None] = lambda doc: None, *,
                 classes: tuple[str, ...] = CLEAN) -> dict:
    """Apply the new and unchanged items of a waiting proposal; keep the others waiting as a new proposal.

    Returns {"applied": settlement id or None, "kept": settlement id or None, "items_applied", "items_kept"}.
    `before_apply(document)` runs just before the graphs change (the snapshot, the mentions job).
    Items the author marked `"decision": "reject"` are neither applied nor kept. `classes` widens or narrows what
    is taken (`inkstone apply --review ID --accept …`). Runs on the store thread.
    """
    entry = book.archive.journal_get(settlement_id)
    if entry is None:
        raise BookError(f"no settlement {settlement_id} in this book")
    if entry["state"] != "proposed":
        raise BookError(f"settlement {settlement_id} is {entry['state']}, not waiting for review")
    review = dict(entry.get("review") or {})
    doc = review.get("document") or entry["document"]
    items = [item for item in review.get("items") or () if item.get("decision") != "reject"]
    clean = {item["path"] for item in items if item["class"] in classes}
    kept = {item["path"] for item in items} - clean
    clean -= _waiting_on_kept(book, doc, clean, kept)
    kept = {item["path"] for item in items} - clean
    if not clean:
        return {"applied": None, "kept": settlement_id, "items_applied": 0, "items_kept": len(kept)}
    if not kept:
        before_apply(doc)
        result = confirm_review(book, queues, {**review, "settlement_id": settlement_id,
                                               "task_id": entry.get("task_id"), "document": doc})
        return {"applied": result["settlement_id"], "kept": None, "items_applied": len(clean), "items_kept": 0}
    clean_doc, _ = _part(doc, clean)
    kept_doc, moved = _part(doc, kept)
    try:
        book.journal.check(clean_doc)
    except DocumentError as exc:
        raise BookError(f"the clean items of settlement {settlement_id} cannot be applied apart from the rest "
                        f"({exc}); review it whole") from None
    before_apply(clean_doc)
    book.journal.apply(clean_doc, source=entry["source"], task_id=entry.get("task_id"), settlement_id=settlement_id)
    evidence = {moved[item["path"]]: item.get("evidence") or [] for item in items if item["path"] in moved}
    extra = {k: review[k] for k in ("chapter", "content_hash", "messages") if k in review}
    notes = [*review.get("notes", []), f"kept for review when settlement {settlement_id} took its clean items"]
    waiting = propose_reviewed(book, kept_doc, notes, source=entry["source"], task_id=entry.get("task_id"),
                               evidence=evidence, split_from=settlement_id, **extra)
    applied_items = [item for item in items if item["path"] in clean]
    book.archive.journal_update(settlement_id, review={**review, "document": clean_doc, "items": _renumbered(
        applied_items, _part(doc, clean)[1]), "kept_in": waiting["settlement_id"]})
    return {"applied": settlement_id, "kept": waiting["settlement_id"], "items_applied": len(clean),
            "items_kept": len(kept)}


def _waiting_on_kept(book: "Book", doc: dict, clean: set[str], kept: set[str]) -> set[str]:
    """Clean items that name an entity only a kept item brings into the book."""
    declared_clean = {name for path in clean if path.startswith("entities/") for name in _entity_names(doc, path)}
    only_kept = {name for path in kept if path.startswith("entities/") for name in _entity_names(doc, path)
                 if name not in declared_clean and book.facts.resolve(name) is None}
    if not only_kept:
        return set()
    waiting = set()
    for path in clean:
        section, _, index = path.partition("/")
        item = doc[section][int(index)]
        named = [item.get(field) for field in _NAMES.get(section, ())]
        named += list(item.get(_NAME_LISTS[section]) or ()) if section in _NAME_LISTS else []
        if only_kept & {name for name in named if name}:
            waiting.add(path)
    return waiting


def _entity_names(doc: dict, path: str) -> list[str]:
    entity = doc["entities"][int(path.partition("/")[2])]
    return [entity["name"], *(entity.get("aliases") or ())]


def _part(doc: dict, paths: set[str]) -> tuple[dict, dict[str, str]]:
    """The document with only the items at `paths`, and each old path's new path."""
    part = {key: value for key, value in doc.items() if not isinstance(value, list)}
    moved: dict[str, str] = {}
    for section, items in doc.items():
        if not isinstance(items, list):
            continue
        part[section] = []
        for index, item in enumerate(items):
            if f"{section}/{index}" in paths:
                moved[f"{section}/{index}"] = f"{section}/{len(part[section])}"
                part[section].append(item)
    return part, moved


def _renumbered(items: list[dict], moved: dict[str, str]) -> list[dict]:
    return [{**item, "path": moved[item["path"]]} for item in items]
