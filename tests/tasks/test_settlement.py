"""Settlement: classification against canon (pure, no model), merging parts, cleaning, the journal round trip."""

from __future__ import annotations

import asyncio

import pytest

from desktop.book import documents
from desktop.tasks.gateway import Gateway
from desktop.tasks.review import classify
from desktop.tasks.settlement import Settler, confirm_review, undo_settlement
from tests.tasks.conftest import ScriptedLLM, apply_doc, graph_state

CANON = {
    "chapter": 1,
    "entities": [
        {"kind": "Character", "name": "张三", "aliases": ["小三"], "summary": "青云门外门弟子",
         "attributes": {"境界": "练气"}},
        {"kind": "Character", "name": "李四"},
        {"kind": "Item", "name": "青锋剑"},
    ],
    "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
    "hooks": [{"name": "玉佩之谜", "description": "张三的玉佩来历不明", "planted_in": 1}],
    "settings": [{"title": "青云门", "body": "正道大派。"}],
}


@pytest.fixture
def canon(book) -> int:
    return apply_doc(book, CANON, source="file:canon.json")


def judged(book, doc: dict) -> dict[str, dict]:
    return {item["path"]: item for item in classify(book, documents.validate(doc))}


def test_a_second_owner_of_an_owned_item_conflicts_with_canon_and_names_its_source(book, canon):
    items = judged(book, {"chapter": 4, "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]})
    item = items["relations/0"]
    assert item["class"] == "conflict"
    assert (item["existing"]["from"], item["existing"]["type"], item["existing"]["to"]) == ("李四", "OWNS", "青锋剑")
    assert item["source"] == {"settlement_id": canon, "from": "file:canon.json", "task_id": None, "chapter": 1}


def test_ending_the_old_owner_first_makes_the_hand_over_a_close_and_a_new_fact(book, canon):
    items = judged(book, {"chapter": 4, "ends": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
                          "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]})
    assert items["ends/0"]["class"] == "closes"
    assert items["ends/0"]["existing"]["from"] == "李四"
    assert items["relations/0"]["class"] == "new"


def test_ending_a_relation_that_is_not_open_conflicts(book, canon):
    items = judged(book, {"ends": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]})
    assert items["ends/0"]["class"] == "conflict"


def test_states_change_later_in_the_story_but_conflict_at_the_same_chapter(book, canon):
    later = judged(book, {"chapter": 5, "states": [{"entity": "小三", "key": "境界", "value": "筑基"}]})["states/0"]
    assert later["class"] == "changes"
    assert later["existing"]["value"] == "练气"
    same_time = judged(book, {"chapter": 1, "states": [{"entity": "张三", "key": "境界", "value": "筑基"}]})["states/0"]
    assert same_time["class"] == "conflict"
    assert same_time["source"]["settlement_id"] == canon
    unchanged = judged(book, {"chapter": 5, "states": [{"entity": "张三", "key": "境界", "value": "练气"}]})["states/0"]
    assert unchanged["class"] == "unchanged"


def test_an_entity_declared_with_another_kind_conflicts(book, canon):
    item = judged(book, {"entities": [{"kind": "Character", "name": "青锋剑"}]})["entities/0"]
    assert item["class"] == "conflict"
    assert item["existing"]["kind"] == "Item"


def test_entities_are_new_changed_or_unchanged(book, canon):
    items = judged(book, {"entities": [{"kind": "Character", "name": "王五"},
                                       {"kind": "Character", "name": "张三", "summary": "内门弟子"},
                                       {"kind": "Character", "name": "李四"}]})
    assert [items[f"entities/{i}"]["class"] for i in range(3)] == ["new", "changes", "unchanged"]


def test_a_dead_character_acting_later_conflicts(book, canon):
    apply_doc(book, {"chapter": 3, "states": [{"entity": "李四", "key": "生死", "value": "死亡"}]})
    items = judged(book, {"chapter": 6, "relations": [{"type": "KNOWS", "from": "李四", "to": "张三"}],
                          "states": [{"entity": "李四", "key": "位置", "value": "青云山"}]})
    assert items["relations/0"]["class"] == "conflict"
    assert items["relations/0"]["existing"]["value"] == "死亡"
    assert items["states/0"]["class"] == "conflict"


def test_hooks_resolve_once(book, canon):
    first = judged(book, {"chapter": 9, "hooks": [{"name": "玉佩之谜", "status": "Resolved"}]})["hooks/0"]
    assert first["class"] == "closes"
    apply_doc(book, {"chapter": 9, "hooks": [{"name": "玉佩之谜", "status": "Resolved"}]})
    again = judged(book, {"chapter": 12, "hooks": [{"name": "玉佩之谜", "status": "Resolved"}]})["hooks/0"]
    assert again["class"] == "conflict"
    assert again["existing"]["resolved_in"] == 9


def test_settings_entries_are_new_or_changes(book, canon):
    items = judged(book, {"settings": [{"title": "青云门", "body": "正道第一大派。"}, {"title": "灵石", "body": "货币。"}]})
    assert (items["settings/0"]["class"], items["settings/1"]["class"]) == ("changes", "new")


def test_classification_is_deterministic_and_writes_nothing(book, canon):
    doc = {"chapter": 4, "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
           "entities": [{"kind": "Character", "name": "王五"}]}
    before = graph_state(book)
    assert judged(book, doc) == judged(book, doc)
    assert graph_state(book) == before


def discuss(book, queues) -> int:
    task = queues.new("人物：张三", "character")["id"]
    for role, text in [("user", "第四章里张三从李四手里夺走了青锋剑。"), ("assistant", "好的，青锋剑归张三。"),
                       ("user", "张三在第四章突破到筑基。")]:
        book.archive.add_message(task, role, text)
    return task


def labels(review: dict) -> dict[str, dict]:
    return {item["label"]: item for item in review["items"]}


def test_propose_journals_a_review_with_evidence_and_apply_then_undo_leaves_the_graphs_as_before(
        book, queues, builder, canon):
    task = discuss(book, queues)
    llm = ScriptedLLM()
    review = asyncio.run(Settler(book, llm, builder).propose(task))
    doc = review["document"]
    assert {"type": "OWNS", "from": "张三", "to": "青锋剑", "valid_from": 4} in doc["relations"]
    assert {"type": "OWNS", "from": "李四", "to": "青锋剑", "valid_to": 4} in doc["ends"]
    assert {"entity": "张三", "key": "realm", "value": "筑基", "valid_from": 4} in doc["states"]
    assert doc["entities"] == []  # every name is canon already
    classes = {item["path"].split("/")[0]: item["class"] for item in review["items"]}
    assert classes == {"relations": "new", "ends": "closes", "states": "changes"}
    quotes = {item["path"]: [e["quote"] for e in item["evidence"]] for item in review["items"]}
    assert quotes["ends/0"][0] == "第四章里张三从李四手里夺走了青锋剑。"  # the author's words first, then any summary
    assert quotes["states/0"] == ["张三在第四章突破到筑基。"]
    assert all(e["message_id"] is not None for item in review["items"] for e in item["evidence"])
    entry = book.journal.entries(("proposed",))[-1]
    assert (entry["id"], entry["task_id"], entry["source"]) == (review["settlement_id"], task, f"task:{task}")
    assert entry["review"]["items"] == review["items"]

    before = graph_state(book)
    applied = confirm_review(book, queues, review)
    assert queues.get(task)["status"] == "closed"
    assert [r["from"] for r in book.facts.relations(None) if r["to"] == "青锋剑"] == ["张三"]
    assert graph_state(book) != before
    undone = undo_settlement(book, queues, applied["settlement_id"])
    assert undone["task"]["status"] == "open"
    assert graph_state(book) == before


def test_items_the_author_rejects_are_left_out_when_applying(book, queues, builder, canon):
    task = discuss(book, queues)
    review = asyncio.run(Settler(book, ScriptedLLM(), builder).propose(task))
    for item in review["items"]:
        if "青锋剑" in item["label"]:
            item["decision"] = "reject"
    confirm_review(book, queues, review)
    assert [r["from"] for r in book.facts.relations(None) if r["to"] == "青锋剑"] == ["李四"]
    assert book.facts.attributes(*book.facts.resolve("张三"), 4)["境界"] == "筑基"


def test_a_long_discussion_is_settled_whole_with_progress_to_the_end(book, queues, builder, canon):
    task = queues.new("长线大纲", "outline")["id"]
    for i in range(30):
        book.archive.add_message(task, "user", f"第{i + 1}段：张三与王五结为兄弟。")
    progress = []
    review = asyncio.run(Settler(book, ScriptedLLM(), builder).propose(task, progress=progress.append))
    assert [p.done for p in progress] == sorted(p.done for p in progress)
    assert progress[-1].done == progress[-1].total
    assert [e["name"] for e in review["document"]["entities"]] == ["王五"]


def test_slash_settle_through_the_gateway_returns_the_review(book, queues, builder, canon):
    task = discuss(book, queues)
    llm = ScriptedLLM()
    turn = asyncio.run(Gateway(book, llm, queues, builder).say("/结算"))
    assert (turn.event, turn.task_id) == ("review", task)
    assert any(item["label"].startswith("张三") for item in turn.review["items"])
    assert llm.prompts == []  # extraction only, no chat reply


def test_a_state_named_in_chinese_conflicts_with_the_same_state_named_in_english(book):
    apply_doc(book, {"chapter": 1, "entities": [{"kind": "Character", "name": "林动"}],
                     "states": [{"entity": "林动", "key": "realm", "value": "淬体四重", "valid_from": 5}]})
    doc = documents.validate({"chapter": 3, "states": [{"entity": "林动", "key": "境界", "value": "淬体二重"}]})
    [item] = classify(book, doc)
    assert item["class"] == "conflict"
