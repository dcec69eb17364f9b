"""Where each entity was drawn, remembered per book, so the inspector and every review preview of one book place an
entity in the same spot, today and after a restart. Kept in the user's data folder, one small JSON per book."""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

from desktop import paths

log = logging.getLogger(__name__)
MAX_REMEMBERED = 5000  # entities per book; beyond this the oldest are forgotten


class LayoutMemory:
    """Positions by entity name for one book (None: a memory that keeps nothing on disk)."""

    def __init__(self, book_path: str | None):
        self.book_path = book_path
        self.positions: dict[str, tuple[float, float]] = {}
        self._dirty = False
        if self.file is not None and self.file.is_file():
            try:
                doc = json.loads(self.file.read_text(encoding="utf-8"))
                self.positions = {name: (float(x), float(y)) for name, (x, y) in doc.get("positions", {}).items()}
            except (OSError, ValueError, TypeError) as exc:  # a damaged file only costs the old layout
                log.warning("graph layout of %s not read: %s", book_path, exc)

    @property
    def file(self) -> Path | None:
        if not self.book_path:
            return None
        key = hashlib.sha1(str(Path(self.book_path).expanduser().resolve()).encode("utf-8")).hexdigest()[:16]
        return paths.user_data_dir() / "graph-layouts" / f"{key}.json"

    def remember(self, positions: dict[str, tuple[float, float]]) -> None:
        changed = {name: pos for name, pos in positions.items() if self.positions.get(name) != pos}
        if not changed:
            return
        self.positions.update(changed)
        if len(self.positions) > MAX_REMEMBERED:
            self.positions = dict(list(self.positions.items())[-MAX_REMEMBERED:])
        self._dirty = True
        self.save()

    def save(self) -> None:
        if not self._dirty or self.file is None:
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            doc = {"book": self.book_path, "positions": {n: [round(x, 1), round(y, 1)]
                                                         for n, (x, y) in self.positions.items()}}
            self.file.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
            self._dirty = False
        except OSError as exc:
            log.warning("graph layout of %s not saved: %s", self.book_path, exc)


_current = LayoutMemory(None)


def use_book(book_path: str | None) -> LayoutMemory:
    """The memory every graph view draws from from now on: the open book's (None when no book is open)."""
    global _current
    if _current.book_path != book_path:
        _current = LayoutMemory(book_path)
    return _current


def current() -> LayoutMemory:
    return _current
