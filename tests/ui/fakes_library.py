"""The fake workbench's settings library: three canned entries over the fake book (境界, 祖石, 林家), edits,
confirmed scales and a keyword search, answered with the shapes the real operations give."""

from __future__ import annotations

import copy

from desktop.book.errors import BookError

LIBRARY = [
    {"id": 1, "title": "武道境界", "category": "力量体系", "entities": [], "settlement_id": None,
     "updated_at": "2024-05-01T10:00:00+00:00",
     "body": "武道境界从低到高依次为：淬体境（一至九重）、地元境、天元境、造化境。天元境分初期、中期、后期。"},
    {"id": 2, "title": "祖石", "category": "物品", "entities": ["祖石"], "settlement_id": 3,
     "updated_at": "2024-05-02T10:00:00+00:00", "body": "林动拾得的神秘石符，能吸收天地元力。"},
    {"id": 3, "title": "林家", "category": "势力", "entities": ["林动"], "settlement_id": 3,
     "updated_at": "2024-05-02T10:00:00+00:00", "body": "青阳镇林家，家主林震天。"},
]
GUESSED = {"武道境界": [{"levels": ["淬体境", "地元境", "天元境", "造化境"],
                      "sublevels": {"淬体境": "一至九重", "天元境": "初期、中期、后期"}}]}


class LibraryFake:
    """Mixed into FakeWorkbench: the settings library operations as the window calls them."""

    library: list[dict]
    confirmed_scales: dict[str, list[list[str]]]

    def _library(self) -> list[dict]:
        if not hasattr(self, "library"):
            self.library, self.confirmed_scales = copy.deepcopy(LIBRARY), {}
        return self.library

    def _entry(self, title: str) -> dict:
        row = next((r for r in self._library() if r["title"] == title), None)
        if row is None:
            raise BookError(f"no settings entry titled {title!r} (titles are matched exactly; try search)")
        guessed = copy.deepcopy(GUESSED.get(title, []))
        confirmed = title in self.confirmed_scales
        return {**row, "guessed_scales": guessed, "scale_confirmed": confirmed,
                "scales": self.confirmed_scales[title] if confirmed else [g["levels"] for g in guessed]}

    async def setting_entries(self, *, category=None):
        self._record("setting_entries", category=category)
        rows = sorted(self._library(), key=lambda r: (r["category"], r["title"]))
        return [{k: r[k] for k in ("id", "title", "category", "updated_at", "settlement_id")}
                | {"preview": r["body"][:80]} for r in rows if category is None or r["category"] == category]

    async def setting_entry(self, title):
        self._record("setting_entry", title)
        return self._entry(title)

    async def search_settings(self, query, *, k=10, vectors=None):
        self._record("search_settings", query, k=k, vectors=vectors)
        hits = [{k2: r[k2] for k2 in ("id", "title", "category", "body")} | {"score": 0.5}
                for r in self._library() if any(ch in r["body"] + r["title"] for ch in query)]
        return {"method": "keyword", "hits": hits[:k]}

    async def save_setting(self, title, body, category="", *, old_title=None):
        self._record("save_setting", title, body, category, old_title=old_title)
        if not title.strip():
            raise BookError("a settings entry needs a title")
        if not body.strip():
            raise BookError(f"the entry {title!r} needs some text")
        row = next((r for r in self._library() if r["title"] == (old_title or title)), None)
        if row is None:
            row = {"id": len(self.library) + 1, "entities": [], "settlement_id": None, "updated_at": "now"}
            self.library.append(row)
        row.update(title=title, body=body, category=category)
        self.tell(archive=True)
        return self._entry(title)

    async def use_as_scale(self, title, scales=None):
        self._record("use_as_scale", title, scales)
        entry = self._entry(title)
        self.confirmed_scales[title] = [list(s) for s in scales] if scales is not None else entry["scales"]
        self.tell(archive=True)
        return self._entry(title)

    async def clear_scale(self, title):
        self._record("clear_scale", title)
        self._entry(title)
        self.confirmed_scales.pop(title, None)
        self.tell(archive=True)
        return self._entry(title)
