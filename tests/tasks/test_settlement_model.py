"""Settlement end to end with the real default model on a real Chinese discussion."""

from __future__ import annotations

import asyncio

import pytest

from desktop.book import documents
from desktop.tasks.context import ContextBuilder
from desktop.tasks.settlement import Settler, confirm_review, undo_settlement
from tests.tasks.conftest import apply_doc, graph_state

CANON = {
    "chapter": 1,
    "entities": [
        {"kind": "Character", "name": "张三", "summary": "青云门外门弟子", "attributes": {"境界": "练气"}},
        {"kind": "Character", "name": "李四", "summary": "青云门内门弟子"},
        {"kind": "Item", "name": "青锋剑", "summary": "一柄青色长剑"},
    ],
    "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
}
# The author deliberately contradicts canon: 李四 owns 青锋剑 and 张三 is at 练气.
DISCUSSION = [
    ("user", "我们改一下：张三的境界是筑基。青锋剑的主人是张三，张三拥有青锋剑。"),
    ("assistant", "好的，记下：张三筑基，青锋剑归张三。"),
]


CHARACTER_TALK = [
    ("user", "新角色：女主叫苏晴，出身寒门，擅长炼丹，左脸有一道疤。"),
    ("assistant", "好的。她用什么兵器？要不要给她一把长剑？"),
    ("user", "长剑太普通了，算了，给她一对双刀。她是青云宗弟子，张三的师妹。"),
    ("user", "境界定在筑基中期。"),
]


@pytest.mark.slow
@pytest.mark.model
def test_a_character_discussion_settles_into_the_facts_an_editor_would_take(book, queues, chat_llm):
    apply_doc(book, CANON, source="file:canon.json")
    task = queues.new("人物：苏晴", "character")["id"]
    for role, text in CHARACTER_TALK:
        book.archive.add_message(task, role, text)
    builder = ContextBuilder(book, chat_llm.count_tokens, chat_llm.n_ctx)
    review = asyncio.run(Settler(book, chat_llm, builder).propose(task))
    doc = review["document"]

    assert {e["name"]: e.get("kind") for e in doc["entities"]} == {"苏晴": "Character", "青云宗": "Faction",
                                                                  "双刀": "Item"}
    assert {(r["type"], r["from"], r["to"]) for r in doc["relations"]} == {
        ("OWNS", "苏晴", "双刀"), ("MEMBER_OF", "苏晴", "青云宗"), ("SENIOR_OF", "张三", "苏晴")}
    assert {(s["entity"], s["key"], s["value"]) for s in doc["states"]} == {
        ("苏晴", "appearance", "左脸有一道疤"), ("苏晴", "realm", "筑基中期")}
    assert all(item["evidence"] for item in review["items"])  # every item quotes the words it came from


@pytest.mark.slow
@pytest.mark.model
def test_a_real_discussion_settles_into_a_valid_reviewed_document_and_undo_restores_the_graphs(
        book, queues, chat_llm):
    canon = apply_doc(book, CANON, source="file:canon.json")
    task = queues.new("人物：张三", "character")["id"]
    for role, text in DISCUSSION:
        book.archive.add_message(task, role, text)
    builder = ContextBuilder(book, chat_llm.count_tokens, chat_llm.n_ctx)
    review = asyncio.run(Settler(book, chat_llm, builder).propose(task))

    documents.validate(review["document"])
    by_label = {item["label"]: item for item in review["items"]}
    realm = next(item for label, item in by_label.items() if label.startswith("张三") and "筑基" in label)
    assert realm["class"] in ("changes", "conflict") and realm["source"]["settlement_id"] == canon
    closes = [item for item in review["items"] if item["class"] == "closes"]
    assert closes and closes[0]["source"]["from"] == "file:canon.json"  # 李四's 青锋剑, from the canon file

    # The author accepts it all; undo then restores the graphs exactly.
    before = graph_state(book)
    applied = confirm_review(book, queues, review)
    assert queues.get(task)["status"] == "closed"
    assert [r["from"] for r in book.facts.relations(None) if r["to"] == "青锋剑"] == ["张三"]
    undo_settlement(book, queues, applied["settlement_id"])
    assert graph_state(book) == before
    assert queues.get(task)["status"] == "open"
