"""Settlement end to end with the real default model on a real Chinese discussion."""

from __future__ import annotations

import asyncio

import jsonschema
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


@pytest.mark.slow
@pytest.mark.model
def test_a_real_discussion_settles_into_a_valid_reviewed_document_and_undo_restores_the_graphs(
        book, queues, chat_llm):
    canon = apply_doc(book, CANON, source="file:canon.json")
    task = queues.new("人物：张三", "character")["id"]
    for role, text in DISCUSSION:
        book.archive.add_message(task, role, text)
    raw: list[dict] = []
    extract = chat_llm.complete_json

    async def recording(*args, **options):
        raw.append(await extract(*args, **options))
        return raw[-1]

    chat_llm.complete_json = recording
    try:
        builder = ContextBuilder(book, chat_llm.count_tokens, chat_llm.n_ctx)
        review = asyncio.run(Settler(book, chat_llm, builder, max_tokens=400).propose(task))
    finally:
        del chat_llm.complete_json

    # Grammar-constrained: what the model wrote parses and validates as a settlement document.
    assert raw
    for document in raw:
        jsonschema.validate(document, documents.settlement_schema())
    documents.validate(review["document"])
    conflicts = [item for item in review["items"] if item["class"] == "conflict"]
    assert any(item["source"] and item["source"]["settlement_id"] == canon
               and item["source"]["from"] == "file:canon.json" for item in conflicts), review["items"]

    # The author rejects the conflicts and accepts the rest; undo then restores the graphs exactly.
    before = graph_state(book)
    for item in conflicts:
        item["decision"] = "reject"
    applied = confirm_review(book, queues, review)
    assert queues.get(task)["status"] == "closed"
    undo_settlement(book, queues, applied["settlement_id"])
    assert graph_state(book) == before
    assert queues.get(task)["status"] == "open"
