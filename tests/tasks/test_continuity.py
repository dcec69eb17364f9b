"""The continuity check: graph rules find sentences that contradict canon settled before the chapter, with the fact and its source."""

from __future__ import annotations

import asyncio

import pytest

from desktop.tasks.continuity import (DEAD_ACTS, HOOK_REOPENED, ITEM_HOLDER, MODEL, REALM_LOWER, check_text,
                                      check_with_model, split_sentences, undecided_sentences)
from desktop.tasks.realms import RealmScales, parse_scale
from tests.tasks.conftest import apply_doc

CANON = [
    {"chapter": 1,
     "entities": [{"kind": "Character", "name": "张三"}, {"kind": "Character", "name": "李四"},
                  {"kind": "Character", "name": "王五", "aliases": ["小五"], "attributes": {"境界": "炼气九层"}},
                  {"kind": "Item", "name": "青锋剑"}],
     "hooks": [{"name": "玉佩之谜", "description": "张三身上的玉佩从何而来", "involves": ["张三"]}]},
    {"chapter": 2, "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}]},
    {"chapter": 3, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]},
    {"chapter": 4, "states": [{"entity": "王五", "key": "境界", "value": "筑基初期"}]},
    {"chapter": 5, "hooks": [{"name": "玉佩之谜", "status": "Resolved", "resolved_in": 5}]},
]

PLANTED = ("夜色深沉。张三提剑走进大殿，众人大惊。王五握紧青锋剑，冷笑一声。"
           "小五不过炼气三层的修为，却毫无惧色。玉佩之谜至今无人知晓。")
CONSISTENT = ("夜色深沉。众人在张三的墓前祭拜，李四握紧青锋剑。王五以筑基初期的修为压制全场。"
              "玉佩的来历早已揭晓。王五想起当年张三教他练剑。")


@pytest.fixture
def canon(book):
    for doc in CANON:
        apply_doc(book, doc, source=f"file:ch{doc['chapter']}.json")
    return book


def test_a_chapter_with_planted_contradictions_gets_each_one_with_fact_and_source(canon):
    report = check_text(canon, PLANTED, 8)
    assert report["chapter"] == 8
    by_kind = {issue["kind"]: issue for issue in report["issues"]}
    assert set(by_kind) == {DEAD_ACTS, ITEM_HOLDER, REALM_LOWER, HOOK_REOPENED}
    dead = by_kind[DEAD_ACTS]
    assert dead["text"] == "张三提剑走进大殿，众人大惊。"
    assert PLANTED[dead["span"][0]:dead["span"][1]] == dead["text"]
    assert "张三" in dead["fact"] and "3" in dead["fact"]
    assert dead["source"]["chapter"] == 3 and dead["source"]["from"] == "file:ch3.json"
    assert dead["source"]["settlement_id"] is not None
    assert by_kind[ITEM_HOLDER]["holder"] == "王五" and "李四" in by_kind[ITEM_HOLDER]["fact"]
    assert by_kind[ITEM_HOLDER]["source"]["chapter"] == 2
    assert by_kind[REALM_LOWER]["said"] == "炼气三层" and "筑基初期" in by_kind[REALM_LOWER]["fact"]
    assert by_kind[HOOK_REOPENED]["source"]["chapter"] == 5
    assert by_kind[HOOK_REOPENED]["source"]["from"] == "file:ch5.json"  # the settlement that resolved it
    assert [i["span"][0] for i in report["issues"]] == sorted(i["span"][0] for i in report["issues"])


def test_a_consistent_chapter_reports_nothing(canon):
    assert check_text(canon, CONSISTENT, 8)["issues"] == []


def test_canon_is_what_was_settled_before_the_chapter(canon):
    # In chapter 3 张三 dies: the chapter that tells it shows him acting before he dies.
    assert check_text(canon, "张三提剑走进大殿。", 3)["issues"] == []
    assert [i["kind"] for i in check_text(canon, "张三提剑走进大殿。", 4)["issues"]] == [DEAD_ACTS]
    # Before chapter 4 王五 was 炼气九层: 炼气三层 is lower only once 筑基 is reached.
    assert [i["kind"] for i in check_text(canon, "王五不过炼气三层。", 4)["issues"]] == [REALM_LOWER]
    assert check_text(canon, "王五正是炼气九层。", 4)["issues"] == []


def test_a_hand_over_in_the_sentence_is_not_a_contradiction(canon):
    assert check_text(canon, "王五从李四手中夺过青锋剑。", 8)["issues"] == []
    assert check_text(canon, "李四把青锋剑送给了王五，王五握紧了它。", 8)["issues"] == []


def test_a_dead_name_in_dialogue_or_as_an_object_is_not_the_dead_acting(canon):
    assert check_text(canon, "李四喊道：「张三快走！」", 8)["issues"] == []
    assert check_text(canon, "李四一直惦记着张三。", 8)["issues"] == []


def test_sentences_split_on_chinese_and_english_stops_keeping_closing_quotes():
    text = "他说：「走吧。」她没动。\nShe left. Then he came!"
    assert [text[s:e] for s, e in split_sentences(text)] == ["他说：「走吧。」", "她没动。", "She left.", "Then he came!"]


def test_a_scale_from_the_settings_library_is_used_before_the_built_in_ones(book):
    book.archive.put_setting("境界体系", "凡境 < 灵境 < 玄境 < 圣境\n每境分九重。", "境界")
    scales = RealmScales.for_book(book.archive)
    assert scales.rank("灵境三重").below(scales.rank("玄境"))
    assert scales.rank("金丹后期").below(scales.rank("元婴初期"))
    assert scales.rank("淬体九重").below(scales.rank("地元"))
    assert not scales.rank("炼气").below(scales.rank("炼气三层"))  # a bare level is not below its sub-levels
    assert parse_scale("修炼分为炼气、筑基、金丹三个大境界") == ("炼气", "筑基", "金丹")  # a scale said in prose
    assert parse_scale("炼气、筑基、金丹") == ("炼气", "筑基", "金丹")


class Judge:
    """A model stand-in that calls every sentence naming 李四 a contradiction."""

    def __init__(self):
        self.questions: list[str] = []

    async def complete_json(self, messages, schema, **options):
        question = messages[-1]["content"]
        self.questions.append(question)
        return {"contradicts": "李四" in question.split("句子：")[-1], "fact": "李四 OWNS 青锋剑"}


def test_the_model_only_sees_sentences_the_rules_did_not_decide(canon):
    text = "张三提剑走进大殿。李四叹了口气。路边有棵树。"
    report = check_text(canon, text, 8)
    undecided = undecided_sentences(canon, text, 8, report)
    assert [u["text"] for u in undecided] == ["李四叹了口气。"]
    judge = Judge()
    issues = asyncio.run(check_with_model(judge, undecided, True))
    assert len(judge.questions) == 1
    assert [(i["kind"], i["text"]) for i in issues] == [(MODEL, "李四叹了口气。")]
