"""An entity's relations say where they came from: the task by its title or the imported chapter, when they were
settled, and the words quoted for them — what the inspector's edge details show."""

from __future__ import annotations

import asyncio

from desktop.book.book import Book
from desktop.tasks.queues import TaskQueues
from desktop.workbench import Workbench
from desktop.workbench.ops.fact_origins import with_relation_origins

DOC = {"chapter": 1,
       "entities": [{"kind": "Character", "name": "贾宝玉"}, {"kind": "Location", "name": "荣国府"},
                    {"kind": "Item", "name": "通灵宝玉"}],
       "relations": [{"type": "LIVES_IN", "from": "贾宝玉", "to": "荣国府"}]}
QUOTE = "宝玉自幼住在荣国府里，由贾母亲自抚养。"


def test_a_relation_settled_from_a_task_names_the_task_the_time_and_the_quote(tmp_path):
    book = Book.create(tmp_path / "hlm.inkstone", title="红楼梦", language="zh")
    try:
        task = TaskQueues(book.archive, retention_hours=24).new("设定：宝玉的住处", "free")
        review = {"document": DOC, "items": [{"path": "relations/0", "evidence": [{"quote": QUOTE}]}]}
        sid = book.journal.propose(DOC, source=f"task:{task['id']}", task_id=task["id"], review=review)
        book.journal.apply(DOC, source=f"task:{task['id']}", task_id=task["id"], settlement_id=sid)
        snap = with_relation_origins(book, book.facts.snapshot(as_of=3, entity="贾宝玉"))
        origin = snap["relations"][0]["origin"]
        assert origin["origin"] == "task" and origin["task_title"] == "设定：宝玉的住处"
        assert origin["settlement_id"] == sid and origin["quote"] == QUOTE
        assert origin["settled_at"][:4].isdigit() and "T" in origin["settled_at"]
    finally:
        book.close()


def test_a_relation_read_from_an_imported_chapter_names_the_chapter_through_the_workbench(tmp_path):
    wb = Workbench()

    async def scenario():
        await wb.create_book(tmp_path / "book", title="红楼梦")
        await wb.apply({**DOC, "relations": [{"type": "OWNS", "from": "贾宝玉", "to": "通灵宝玉"}]},
                       source="import:chapter 2")
        return await wb.facts(entity="贾宝玉", as_of=3), await wb.facts(as_of=3)

    try:
        one, everything = asyncio.run(scenario())
    finally:
        asyncio.run(wb.shutdown())
    origin = one["relations"][0]["origin"]
    assert origin["origin"] == "imported_chapter" and origin["from_chapter"] == 2 and "task_title" not in origin
    assert all("origin" not in rel for rel in everything["relations"])  # the whole graph stays lean


def test_an_entity_asked_for_before_its_first_chapter_is_absent_not_an_error(tmp_path):
    import pytest

    from desktop.book.errors import BookError

    wb = Workbench()

    async def scenario():
        await wb.create_book(tmp_path / "book", title="红楼梦")
        await wb.apply({**DOC, "chapter": 3})
        early = await wb.facts(entity="贾宝玉", as_of=1)
        with pytest.raises(BookError, match="no entity called '无名氏'"):
            await wb.facts(entity="无名氏", as_of=1)
        return early

    try:
        early = asyncio.run(scenario())
    finally:
        asyncio.run(wb.shutdown())
    assert early["entities"] == [] and early["absent"] == {"name": "贾宝玉", "kind": "Character", "first_chapter": 3}
