"""Imported chapters become settlement proposals in the review queue, never facts on their own."""

from __future__ import annotations

import asyncio

import pytest

from desktop.importing.pipeline import import_paths
from desktop.tasks.extraction import ChapterExtractor
from tests.tasks.conftest import ScriptedLLM, apply_doc

CHAPTER = ("第七章 夺剑\n\n　　林动在后山遇见了张三。张三手里握着青锋剑，冷笑着不肯让路。\n\n"
           "　　两人交手三十回合，林动夺下了青锋剑。\n")


def import_chapter(book, tmp_path):
    path = tmp_path / "ch7.txt"
    path.write_text(CHAPTER, encoding="utf-8")
    import_paths(book.archive, book.facts, [path])
    book.archive.enqueue_job("extract", {"chapter": 7}, unique_key="extract:7")


def test_a_queued_chapter_becomes_a_proposal_quoting_its_chunks(book, tmp_path):
    apply_doc(book, {"chapter": 1, "entities": [{"kind": "Character", "name": "张三"},
                                                {"kind": "Item", "name": "青锋剑"}],
                     "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]})
    import_chapter(book, tmp_path)
    before = book.facts.snapshot(None)
    reviews = asyncio.run(ChapterExtractor(book, ScriptedLLM()).run())

    [review] = reviews
    doc = review["document"]
    assert doc["chapter"] == 7  # the chapter's story time
    assert [e["name"] for e in doc["entities"]] == ["林动"]
    [(index, owns)] = [(i, r) for i, r in enumerate(doc["relations"]) if (r["type"], r["from"], r["to"]) == ("OWNS", "林动", "青锋剑")]
    assert owns["valid_from"] == 7 and owns["chunks"]  # provenance: the chunk it was read from
    assert {"type": "OWNS", "from": "张三", "to": "青锋剑", "valid_to": 7} in doc["ends"]
    [evidence] = next(i for i in review["items"] if i["path"] == f"relations/{index}")["evidence"]
    assert evidence["quote"] == "两人交手三十回合，林动夺下了青锋剑。" and evidence["chunk_id"] is not None
    assert book.journal.entries(("proposed",))[0]["source"] == "import:chapter 7"
    assert book.facts.snapshot(None) == before
    assert book.archive.pending_job_count("extract") == 0


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
