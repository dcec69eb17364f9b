"""The fake workbench's import preview, whole-book extraction, bulk accept and mentions, answering with the real
shapes: a canned preview of a messy download, extraction that reports as the real one does, and a review queue
(`waiting`) that accept_clean really shrinks."""

from __future__ import annotations

import asyncio
import copy

from desktop.progress import Progress

TOTALS = ("chapters", "chars", "new", "unchanged", "updated", "conflict")

PREVIEW = {
    "files": [{
        "path": "/downloads/红楼梦.txt", "encoding": "gb18030",
        "chapters": [
            {"number": 1, "title": "甄士隐梦幻识通灵 贾雨村风尘怀闺秀", "heading": "第一回 甄士隐梦幻识通灵 贾雨村风尘怀闺秀",
             "volume": None, "chars": 13716, "status": "new"},
            {"number": 2, "title": "贾夫人仙逝扬州城 冷子兴演说荣国府", "heading": "第二回 贾夫人仙逝扬州城 冷子兴演说荣国府",
             "volume": None, "chars": 10398, "status": "unchanged"},
        ],
        "dropped": [{"kind": "advert", "where": "before the first heading", "line": 1, "chars": 26,
                     "sample": "本书来自某某小说网 www.example.com"}],
        "suspects": [{"line": 138, "text": "目录 第三回 金陵城起复贾雨村 荣国府收养林黛玉"}],
        "unwrapped": True,
        "warnings": ["line 138: chapter 3 missing"],
        "error": None,
    }],
    "conflicts": [],
    "totals": {"chapters": 2, "chars": 24114, "new": 1, "unchanged": 1, "updated": 0, "conflict": 0},
}
# What preview_result["conflicts"] holds when the file's chapter 2 would replace another novel's chapter 2.
CONFLICTS = [{"number": 2, "status": "conflict", "existing_title": "林动出世", "existing_source": "/books/武动乾坤.txt",
              "new_title": "贾夫人仙逝扬州城 冷子兴演说荣国府", "new_source": "/downloads/红楼梦.txt"}]


def task_proposal(review: dict) -> dict:
    """The journal entry of a task's waiting settlement (no chapter: the queue shows it apart)."""
    return {"id": review["settlement_id"], "state": "proposed", "source": f"task:{review['task_id']}",
            "task_id": review["task_id"], "chapter": None, "document": review["document"],
            "review": copy.deepcopy(review)}


def chapter_proposal(settlement_id: int, chapter: int, classes: list[str], title: str | None = None,
                     heading: str | None = None) -> dict:
    """A waiting proposal read from imported chapter `chapter`, one item of each class given, in order."""
    items = [{"path": f"entities/{i}", "class": kind, "existing": None, "source": None}
             for i, kind in enumerate(classes)]
    document = {"chapter": chapter, "entities": [{"kind": "Character", "name": f"人物{chapter}-{i}"}
                                                 for i in range(len(classes))]}
    entry = {"id": settlement_id, "state": "proposed", "source": f"import:chapter {chapter}", "task_id": None,
             "chapter": chapter, "document": document,
             "review": {"task_id": None, "settlement_id": settlement_id, "document": document, "items": items,
                        "chapter": chapter}}
    if title:
        entry["chapter_title"] = title
    if heading:
        entry["chapter_heading"] = heading
    return entry


class ExtractFake:
    """Mixed into FakeWorkbench, which gives it _record, tell, _step, preview_result, waiting, extract_waiting."""

    async def preview_import(self, paths, heading_pattern=None, heading_lines=()):
        self._record("preview_import", list(paths), heading_pattern=heading_pattern,
                     heading_lines=tuple(heading_lines))
        await asyncio.sleep(0)
        return copy.deepcopy(self.preview_result)

    async def extract_chapters(self, chapters=None, *, limit=None, progress=None, cancel=None):
        """One proposal a chapter of the range (1–6 without one), reporting chapters done, the fraction moving
        within a chapter, and an ETA; each chapter waits on step_gate when one is set."""
        self._record("extract_chapters", chapters, limit=limit)
        first, last = chapters or (1, 6)
        numbers = list(range(first, last + 1))[:limit]
        reviews = []
        for done, number in enumerate(numbers):
            if progress:
                progress(Progress("extract", done, len(numbers), fraction=(done + 0.5) / len(numbers),
                                  eta_seconds=30.0 * (len(numbers) - done), detail=f"chapter {number}: facts"))
            await self._step(cancel)
            self.extract_waiting = max(0, self.extract_waiting - 1)
            reviews.append(chapter_proposal(100 + number, number, ["new", "conflict"])["review"])
        if progress:
            progress(Progress("extract", len(numbers), len(numbers), fraction=1.0, eta_seconds=0.0))
        self.tell(journal=True)
        return reviews

    async def accept_clean(self, settlement_id):
        """Applies the new and unchanged items; the rest waits as a new proposal of the same chapter."""
        self._record("accept_clean", settlement_id)
        entry = next(e for e in self.waiting if e["id"] == settlement_id)
        items = entry["review"]["items"]
        clean = [i for i in items if i["class"] in ("new", "unchanged")]
        kept = [i for i in items if i not in clean]
        self.waiting.remove(entry)
        kept_id = None
        if kept:
            kept_id = max([e["id"] for e in self.waiting] + [settlement_id]) + 1
            self.waiting.append({**entry, "id": kept_id,
                                 "review": {**entry["review"], "items": kept, "settlement_id": kept_id}})
        self.tell(journal=True, facts=True)
        return {"applied": settlement_id if clean else None, "kept": kept_id, "items_applied": len(clean),
                "items_kept": len(kept)}

    async def refresh_mentions(self):
        self._record("refresh_mentions")
        return {"chapters": []}
