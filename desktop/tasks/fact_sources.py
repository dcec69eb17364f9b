"""Where a settled fact came from: its settlement, what proposed it (an imported chapter, a discussion task, a
file the author applied) and the chunks or messages it was read from, with the quoted words when they were kept.

A continuity issue is only useful when the author can see why canon says so, and undo or fix that fact."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from desktop.book.book import Book

_IMPORTED = re.compile(r"^import:chapter (-?\d+)$")
_TASK = re.compile(r"^task:(\d+)$")
_FILE = re.compile(r"^file:(.+)$")

# Picks, in a settlement document, the item a fact row came from: (section, item) -> whether it is the one.
ItemMatch = Callable[[str, dict], bool]


def origin_of(source: str) -> dict:
    """The journal's source string as what it means: {"origin": "imported_chapter", "from_chapter": 12},
    {"origin": "task", "task_id": 3}, {"origin": "file", "file": "ch3.json"}, else {"origin": "author"}."""
    if m := _IMPORTED.match(source or ""):
        return {"origin": "imported_chapter", "from_chapter": int(m[1])}
    if m := _TASK.match(source or ""):
        return {"origin": "task", "task_id": int(m[1])}
    if m := _FILE.match(source or ""):
        return {"origin": "file", "file": m[1]}
    return {"origin": "author"}


def state_match(entity: str, key: str) -> ItemMatch:
    """The state (or the entity's attribute) that set `key` of `entity`."""
    def match(section: str, item: dict) -> bool:
        if section == "states":
            return item.get("entity") == entity and item.get("key") == key
        return section == "entities" and item.get("name") == entity and key in (item.get("attributes") or {})
    return match


def relation_match(rel_type: str, source: str, target: str) -> ItemMatch:
    def match(section: str, item: dict) -> bool:
        return section == "relations" and item.get("type") == rel_type and \
            {item.get("from"), item.get("to")} == {source, target}
    return match


class FactSources:
    """Looks up and caches the journal entries behind facts; one per check or audit run."""

    def __init__(self, book: "Book"):
        self.book = book
        self._entries: dict[int, dict | None] = {}

    def of(self, row: dict, match: ItemMatch | None = None) -> dict:
        """{"settlement_id", "chapter", "from", "origin", …, "chunk_ids", "message_ids", "quote"} for a fact row
        (a state, relation or hook row holding "settlement", "valid_from" and perhaps "chunks")."""
        sid = row.get("settlement")
        source: dict[str, Any] = {"settlement_id": sid, "chapter": row.get("valid_from")}
        chunk_ids = {int(c) for c in row.get("chunks") or []}
        message_ids: set[int] = set()
        quote = ""
        entry = self._entry(sid) if sid is not None else None
        if entry is not None:
            source["from"] = entry["source"]
            source.update(origin_of(entry["source"]))
            if entry.get("task_id") is not None:
                source["task_id"] = entry["task_id"]
            for evidence in _evidence(entry, match) if match is not None else []:
                if evidence.get("chunk_id") is not None:
                    chunk_ids.add(int(evidence["chunk_id"]))
                if evidence.get("message_id") is not None:
                    message_ids.add(int(evidence["message_id"]))
                quote = quote or str(evidence.get("quote") or "")
        source["chunk_ids"] = sorted(chunk_ids)
        source["message_ids"] = sorted(message_ids)
        if quote:
            source["quote"] = quote
        return source

    def _entry(self, sid: int) -> dict | None:
        if sid not in self._entries:
            self._entries[sid] = self.book.archive.journal_get(sid)
        return self._entries[sid]


def _evidence(entry: dict, match: ItemMatch) -> list[dict]:
    """The evidence the review kept for the document item `match` picks, and the chunks the item names.
    The review's paths index the document it reviewed, which may hold more than the part applied."""
    review = entry.get("review") or {}
    by_path = {item.get("path"): item for item in review.get("items", []) if isinstance(item, dict)}
    evidence: list[dict] = []
    for document, paths in ((review.get("document") or {}, by_path), (entry.get("document") or {}, {})):
        for section, items in document.items():
            if not isinstance(items, list):
                continue
            for index, item in enumerate(items):
                if isinstance(item, dict) and match(section, item):
                    evidence += [{"chunk_id": c} for c in item.get("chunks") or []]
                    evidence += (paths.get(f"{section}/{index}") or {}).get("evidence") or []
    return evidence
