"""Imported chapters become settlement proposals in the review queue, never facts on their own."""

from __future__ import annotations

import asyncio

import pytest

from desktop.importing.pipeline import import_paths
from desktop.tasks.extraction import ChapterExtractor, parts_of
from tests.tasks.conftest import ScriptedLLM, apply_doc

CHAPTER = ("第七章 夺剑\n\n　　林动在后山遇见了张三。张三手里握着青锋剑，冷笑着不肯让路。\n\n"
           "　　两人交手三十回合，林动夺下了青锋剑。\n")


def import_chapter(book, tmp_path):
    path = tmp_path / "ch7.txt"
    path.write_text(CHAPTER, encoding="utf-8")
    import_paths(book.archive, book.facts, [path])
    book.archive.enqueue_job("extract", {"chapter": 7}, unique_key="extract:7")


def test_a_queued_chapter_becomes_a_proposal_with_its_conflicts_classified(book, tmp_path):
    apply_doc(book, {"chapter": 1, "entities": [{"kind": "Character", "name": "张三"},
                                                {"kind": "Item", "name": "青锋剑"}],
                     "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]})
    import_chapter(book, tmp_path)
    before = book.facts.snapshot(None)
    proposed = {"chapter": 99, "entities": [{"kind": "Character", "name": "林动"},
                                            {"kind": "Character", "name": "王铁匠"}],
                "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}]}
    reviews = asyncio.run(ChapterExtractor(book, ScriptedLLM(documents=[proposed])).run())

    [review] = reviews
    assert review["document"]["chapter"] == 7  # the chapter's story time, not what the model wrote
    assert [e["name"] for e in review["document"]["entities"]] == ["林动"]  # 王铁匠 is not in the text
    assert "conflict" in {item["class"] for item in review["items"]}  # 青锋剑 is still 张三's in canon
    assert book.journal.entries(("proposed",))[0]["source"] == "import:chapter 7"
    assert book.facts.snapshot(None) == before
    assert book.archive.pending_job_count("extract") == 0


def test_long_chapters_are_cut_at_paragraphs_within_the_budget():
    text = "\n".join("段落" * 50 for _ in range(10))
    parts = parts_of(text, len, 250)
    assert len(parts) == 5 and "\n".join(parts) == text


@pytest.mark.slow
@pytest.mark.model
def test_the_real_model_proposes_facts_from_a_chapter(book, tmp_path, chat_llm):
    import_chapter(book, tmp_path)
    reviews = asyncio.run(ChapterExtractor(book, chat_llm).run())
    assert len(reviews) <= 1 and book.archive.pending_job_count("extract") == 0
    for review in reviews:
        assert review["document"]["chapter"] == 7
        names = {e["name"] for e in review["document"]["entities"]}
        assert names <= {"林动", "张三", "青锋剑", "后山"}


def test_chapters_beyond_the_limit_stay_queued_for_the_next_run(book, tmp_path):
    import_chapter(book, tmp_path)
    book.archive.enqueue_job("extract", {"chapter": 8}, unique_key="extract:8")  # deleted since: skipped
    book.archive.enqueue_job("extract", {"chapter": 9}, unique_key="extract:9")
    asyncio.run(ChapterExtractor(book, ScriptedLLM(documents=[{"entities": []}])).run(limit=1))
    assert book.archive.pending_job_count("extract") == 2
