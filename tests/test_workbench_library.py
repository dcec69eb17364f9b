"""The settings library through the workbench, on a real book: browse, exact look-up, edit and rename, search,
and "use as scale" — which continuity then ranks realms by."""

from __future__ import annotations

import asyncio
import sqlite3

import numpy as np
import pytest

from desktop.book.errors import BookError
from desktop.engine.embed import Embedder
from desktop.workbench import Workbench
from tests.tasks.test_continuity import CANON

POWER = "本书境界从低到高依次为：凝脉境（一至九重）、聚元境、化海境、通玄境。"
BLOOD = "血脉由弱到强：凡血、灵血、圣血。"


@pytest.fixture
def workbench(tmp_path):
    wb = Workbench()
    asyncio.run(wb.create_book(tmp_path / "book", title="试笔"))
    wb.book.archive.put_setting("修炼体系", POWER, "力量体系")
    wb.book.archive.put_setting("血脉", BLOOD, "力量体系")
    wb.book.archive.put_setting("青云宗", "青云宗位于东域，宗主萧无涯。", "势力")
    changes = []
    wb.subscribe(changes.append)
    wb.changes = changes
    yield wb
    asyncio.run(wb.shutdown())


def test_entries_are_browsed_by_category_and_looked_up_by_exact_title(workbench):
    async def scenario():
        return (await workbench.setting_entries(), await workbench.setting_entries(category="势力"),
                await workbench.setting_entry("修炼体系"))

    everything, factions, entry = asyncio.run(scenario())
    assert [(e["category"], e["title"]) for e in everything] == [
        ("力量体系", "修炼体系"), ("力量体系", "血脉"), ("势力", "青云宗")]
    assert [e["title"] for e in factions] == ["青云宗"]
    assert entry["body"] == POWER and entry["scale_confirmed"] is False
    assert entry["scales"] == [["凝脉境", "聚元境", "化海境", "通玄境"]]
    assert entry["guessed_scales"][0]["sublevels"] == {"凝脉境": "一至九重"}
    with pytest.raises(BookError, match="no settings entry titled '修炼'"):
        asyncio.run(workbench.setting_entry("修炼"))


def test_an_edit_is_a_new_version_and_a_rename_keeps_the_confirmed_scale(workbench):
    async def scenario():
        await workbench.use_as_scale("血脉", [["凡血", "玄血", "灵血", "圣血"]])
        edited = await workbench.save_setting("血脉传承", BLOOD + "圣血者万中无一。", "力量体系", old_title="血脉")
        return edited, await workbench.setting_entries()

    edited, entries = asyncio.run(scenario())
    assert edited["title"] == "血脉传承" and edited["body"].endswith("万中无一。")
    assert edited["scale_confirmed"] and edited["scales"] == [["凡血", "玄血", "灵血", "圣血"]]
    assert "血脉" not in [e["title"] for e in entries]
    assert workbench.changes[-1].archive
    with pytest.raises(BookError, match="already an entry titled '修炼体系'"):
        asyncio.run(workbench.save_setting("修炼体系", "x", old_title="血脉传承"))
    with pytest.raises(BookError, match="needs some text"):
        asyncio.run(workbench.save_setting("血脉传承", "  "))
    assert asyncio.run(workbench.setting_entry("血脉传承"))["body"].endswith("万中无一。")  # nothing lost


def test_search_is_keyword_without_the_embedder_and_finds_by_words(workbench):
    result = asyncio.run(workbench.search_settings("宗主"))
    assert result["method"] == "keyword"
    assert [hit["title"] for hit in result["hits"]] == ["青云宗"]


def test_the_scale_continuity_ranks_realms_by_is_the_confirmed_one_else_the_guess(workbench):
    async def scenario():
        for doc in CANON:
            await workbench.apply(doc, source=f"file:ch{doc['chapter']}.json")
        await workbench.apply({"chapter": 6, "entities": [{"kind": "Character", "name": "林夜",
                                                           "attributes": {"境界": "化海境"}}]}, source="file:ch6.json")
        said = []
        for text, scales in (("林夜不过凝脉三重。", None), ("林夜不过玄境。", [["凝脉境", "聚元境", "玄境", "化海境"]]),
                             ("林夜不过凝脉三重。", [])):
            if scales is not None:
                await workbench.use_as_scale("修炼体系", scales)
            said.append([i["said"] for i in (await workbench.check(text, chapter=8))["issues"]])
        cleared = await workbench.clear_scale("修炼体系")
        return said, cleared

    said, cleared = asyncio.run(scenario())
    assert said == [["凝脉三重"], ["玄境"], []]  # guessed from prose; confirmed with a new level; confirmed as none
    assert cleared["scale_confirmed"] is False and cleared["scales"] == [["凝脉境", "聚元境", "化海境", "通玄境"]]


def test_use_as_scale_refuses_an_entry_that_states_none_unless_given_levels(workbench):
    with pytest.raises(BookError, match="no scale could be read"):
        asyncio.run(workbench.use_as_scale("青云宗"))
    entry = asyncio.run(workbench.use_as_scale("青云宗", [["外门", "内门", "真传"]]))
    assert entry["scale_confirmed"] and entry["scales"] == [["外门", "内门", "真传"]]


class ConceptEmbedder(Embedder):
    """A stand-in that embeds by concept, so meaning can be told from shared words: weapons, factions, the rest."""

    name = "concepts"
    CONCEPTS = (("剑", "兵器", "刀"), ("宗", "势力", "门派"))

    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def _load(self) -> None:
        pass

    def _encode(self, texts):
        vectors = np.full((len(texts), self.dim), 0.01, dtype=np.float32)
        for row, text in enumerate(texts):
            axis = next((i for i, words in enumerate(self.CONCEPTS) if any(w in text for w in words)), 2)
            vectors[row, axis] = 1.0
        return vectors


def test_search_is_semantic_once_the_embedder_is_loaded_and_keyword_still_counts(workbench):
    async def scenario():
        await workbench.save_setting("寒霜剑", "苏晚的佩剑，剑身如霜。", "物品")
        workbench._embedder = ConceptEmbedder(workbench.book.archive.embedding_dim)
        await workbench.embed_pending()
        return await workbench.search_settings("兵器"), await workbench.search_settings("宗主", vectors=False)

    by_meaning, by_words = asyncio.run(scenario())
    assert by_meaning["method"] == "semantic" and by_meaning["hits"][0]["title"] == "寒霜剑"  # no shared word
    assert by_words["method"] == "keyword" and [h["title"] for h in by_words["hits"]] == ["青云宗"]


def test_a_book_made_before_confirmed_scales_gains_them_on_open(tmp_path):
    path = tmp_path / "old"

    async def make():
        wb = Workbench()
        await wb.create_book(path, title="旧书")
        wb.book.archive.put_setting("血脉", BLOOD, "设定")
        await wb.shutdown()

    asyncio.run(make())
    with sqlite3.connect(path / "archive.sqlite") as conn:  # as a book written before the table existed
        conn.execute("DROP TABLE setting_scales")

    async def reopen():
        wb = Workbench()
        await wb.open_book(path)
        try:
            return await wb.use_as_scale("血脉")
        finally:
            await wb.shutdown()

    entry = asyncio.run(reopen())
    assert entry["scale_confirmed"] and entry["scales"] == [["凡血", "灵血", "圣血"]] and entry["body"] == BLOOD
