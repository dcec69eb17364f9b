"""The workbench's memory features: picking a candidate, the continuity check, personas — with change sets."""

from __future__ import annotations

import asyncio

import pytest

from desktop.workbench import Workbench
from tests.tasks.test_continuity import CANON, PLANTED


@pytest.fixture
def workbench(tmp_path):
    wb = Workbench()
    asyncio.run(wb.create_book(tmp_path / "book", title="试笔"))
    changes = []
    wb.subscribe(changes.append)
    wb.changes = changes
    yield wb
    asyncio.run(wb.shutdown())


def test_the_author_picks_another_candidate_and_the_chat_pane_hears_of_it(workbench):
    async def scenario():
        task = await workbench.new_task("章节：第五章", "chapter")
        archive = workbench.book.archive
        message = archive.add_message(task.id, "assistant", "甲稿", meta={
            "candidates": [{"text": "甲稿", "critique": "好", "score": 8},
                           {"text": "乙稿", "critique": "可", "score": 6}], "picked": 0})
        picked = await workbench.pick_candidate(message["id"], 1, "乙稿，改过")
        return picked, await workbench.messages(task.id)

    picked, messages = asyncio.run(scenario())
    assert picked.content == messages[-1].content == "乙稿，改过"
    assert messages[-1].meta["picked"] == 1
    assert workbench.changes[-1].messages


def test_check_a_draft_against_canon(workbench):
    async def scenario():
        for doc in CANON:
            await workbench.apply(doc, source=f"file:ch{doc['chapter']}.json")
        return await workbench.check(PLANTED, chapter=8)

    report = asyncio.run(scenario())
    assert len(report["issues"]) == 4


def test_personas_through_the_workbench(workbench):
    async def scenario():
        await workbench.apply(CANON[0])
        await workbench.set_base_persona("张三", "沉默寡言。")
        return await workbench.persona("张三")

    assert asyncio.run(scenario())["base"] == "沉默寡言。"
    assert workbench.changes[-1].archive
