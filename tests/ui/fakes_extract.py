"""The fake workbench's whole-book extraction, bulk accept, import preview and mentions: minimal stand-ins that
answer with the real shapes (the window's own tests may script them further)."""

from __future__ import annotations

TOTALS = ("chapters", "chars", "new", "unchanged", "updated", "conflict")


class ExtractFake:
    """Mixed into FakeWorkbench, which gives it _record, tell and extract_pending."""

    async def preview_import(self, paths, heading_pattern=None, heading_lines=()):
        self._record("preview_import", list(paths), heading_pattern=heading_pattern, heading_lines=heading_lines)
        return {"files": [], "conflicts": [], "totals": dict.fromkeys(TOTALS, 0)}

    async def extract_chapters(self, chapters=None, *, limit=None, progress=None, cancel=None):
        self._record("extract_chapters", chapters, limit=limit)
        return await self.extract_pending(limit=limit, progress=progress, cancel=cancel)

    async def accept_clean(self, settlement_id):
        self._record("accept_clean", settlement_id)
        self.tell(journal=True, facts=True)
        return {"applied": settlement_id, "kept": None, "items_applied": 0, "items_kept": 0}

    async def refresh_mentions(self):
        self._record("refresh_mentions")
        return {"chapters": []}
