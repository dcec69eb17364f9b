"""Plan progress follows what the draft covered: chit-chat and questions propose nothing, a draft of step 1 of 3
proposes step 1 done and step 2 begun, a draft of every remaining step proposes the outline done (zh and en)."""

from __future__ import annotations

import pytest

from desktop.book.book import Book
from desktop.tasks import draft_coverage
from desktop.tasks.turns import propose_plan_progress
from tests.tasks.conftest import apply_doc

ZH_PLAN = {
    "chapter": 1,
    "entities": [{"kind": "Character", "name": "张三", "aliases": ["小三"]}, {"kind": "Character", "name": "李四"},
                 {"kind": "Character", "name": "王五"}],
    "plan": [
        {"level": "ShortOutline", "title": "外门试炼", "status": "InProgress", "chapters": [4, 6],
         "steps": [{"kind": "开端", "summary": "张三报名试炼", "status": "InProgress", "chapter": 5},
                   {"kind": "发展", "summary": "试炼中遇到李四", "chapter": 6},
                   {"kind": "高潮", "summary": "王五夺剑，山门大乱", "chapter": 6}]},
    ],
}
EN_PLAN = {
    "chapter": 1,
    "entities": [{"kind": "Character", "name": "Mara"}, {"kind": "Character", "name": "Tobias"},
                 {"kind": "Location", "name": "Harrow"}],
    "plan": [
        {"level": "ShortOutline", "title": "The trial", "status": "InProgress", "chapters": [4, 6],
         "steps": [{"kind": "Setup", "summary": "Mara registers for the winter trial", "status": "InProgress"},
                   {"kind": "Turn", "summary": "Tobias betrays Mara at the bridge"},
                   {"kind": "Climax", "summary": "Harrow burns"}]},
    ],
}

# A draft of step 1 only: 张三 signs up for the trial; 李四 and 王五 never appear.
ZH_STEP_ONE = ("清晨的山门前已经排起了长队。张三背着旧布包，挤在人群末尾，手心里全是汗。轮到他时，执事抬眼看了看他，"
               "问他叫什么名字。张三报上姓名，执事提笔在名册上写下，又递给他一块木牌，说三日后试炼开始，迟到者除名。"
               "张三握着木牌走下台阶，心里七上八下。他想起家中老母的叮嘱，想起村口那棵老槐树，想起自己为了报名走了整整七天的山路。"
               "山风吹过，松涛阵阵，他抬头望向云雾里的主峰，暗暗发誓一定要通过试炼，留在这青云门中。"
               "夜里他睡在外门的大通铺上，听着旁人的鼾声，一遍遍摩挲那块木牌，直到天色发白。")
ZH_ALL = ZH_STEP_ONE + ("三日后试炼开始，张三在林中遇到了李四，两人不打不相识。正当此时，王五突然出手夺剑，"
                        "山门大乱，钟声四起，众弟子纷纷拔剑。")
EN_STEP_ONE = ("The line outside the hall had started before dawn. Mara stood near the back, her breath smoking in the "
               "cold, counting the people ahead of her and then counting them again. When her turn came the clerk "
               "asked her name without looking up, wrote it in the ledger, and slid a wooden token across the desk. "
               "The winter trial begins in three days, he said, and anyone who is late is struck off. Mara took the "
               "token and walked out into the snow. She had come eleven days on foot to register, sleeping in barns "
               "and ditches, and now that it was done she did not know what to do with her hands. She found a bench "
               "under the eaves and sat there until the light went, turning the token over and over, reading the "
               "number burned into it as if it might change. Somewhere behind her a bell rang for supper and she did "
               "not move. Tomorrow she would find a sword; tonight she only wanted to remember the feeling of her "
               "name in someone else's ink, written down, kept, real at last in that cold and crowded hall.")


@pytest.fixture
def en_book(tmp_path):
    opened = Book.create(tmp_path / "en.inkstone", title="Trial", language="en")
    yield opened
    opened.close()


def reply(book: Book, queues, text: str) -> int:
    task = queues.new("chapter five", "chapter")
    return book.archive.add_message(task["id"], "assistant", text)["id"]


def proposed_steps(review: dict) -> list[tuple[str, str, str]]:
    return [(i["level"], i["title"], i["status"]) for i in review["document"]["plan"]]


@pytest.mark.parametrize("chat", ["你好，简单聊聊。", "好的，我们先想想张三报名试炼的动机？你觉得他为什么要去？",
                                  "Hello! Shall we talk about Mara first?"])
def test_chit_chat_or_a_question_in_a_drafting_task_proposes_nothing(book, queues, chat):
    apply_doc(book, ZH_PLAN)
    assert propose_plan_progress(book, None, reply(book, queues, chat)) is None
    assert book.journal.entries(("proposed",)) == []


def test_a_long_reply_that_is_mostly_questions_is_no_draft():
    questions = "张三为什么要报名试炼？他家里还有谁？李四会不会出现？" * 8
    assert draft_coverage.units(questions) >= draft_coverage.DRAFT_UNITS
    assert not draft_coverage.is_draft(questions)
    assert draft_coverage.is_draft(ZH_STEP_ONE) and draft_coverage.is_draft(EN_STEP_ONE)


def test_a_zh_draft_covering_step_one_of_three_proposes_step_one_done_and_step_two_begun(book, queues):
    apply_doc(book, ZH_PLAN)
    review = propose_plan_progress(book, None, reply(book, queues, ZH_STEP_ONE))
    assert proposed_steps(review) == [("Step", "开端", "Completed"), ("Step", "发展", "InProgress")]
    assert "开端" in review["notes"][0] and "发展" in review["notes"][0]


def test_a_zh_draft_of_every_remaining_step_proposes_the_outline_done(book, queues):
    apply_doc(book, ZH_PLAN)
    review = propose_plan_progress(book, None, reply(book, queues, ZH_ALL))
    assert proposed_steps(review) == [("Step", "开端", "Completed"), ("Step", "发展", "Completed"),
                                      ("Step", "高潮", "Completed"), ("ShortOutline", "外门试炼", "Completed")]


def test_a_draft_that_writes_another_part_of_the_story_proposes_nothing(book, queues):
    apply_doc(book, ZH_PLAN)
    elsewhere = ZH_STEP_ONE.replace("张三", "赵六").replace("报名", "赶路").replace("试炼", "赶集")
    assert propose_plan_progress(book, None, reply(book, queues, elsewhere)) is None


def test_an_alias_counts_as_the_entity(book, queues):
    apply_doc(book, ZH_PLAN)
    review = propose_plan_progress(book, None, reply(book, queues, ZH_STEP_ONE.replace("张三", "小三")))
    assert proposed_steps(review)[0] == ("Step", "开端", "Completed")


def test_an_en_draft_covering_step_one_of_three_proposes_step_one_only(en_book, queues_en):
    apply_doc(en_book, EN_PLAN)
    review = propose_plan_progress(en_book, None, reply(en_book, queues_en, EN_STEP_ONE))
    assert proposed_steps(review) == [("Step", "Setup", "Completed"), ("Step", "Turn", "InProgress")]
    assert "Setup" in review["notes"][0]


def test_an_en_small_talk_reply_proposes_nothing(en_book, queues_en):
    apply_doc(en_book, EN_PLAN)
    assert propose_plan_progress(en_book, None, reply(en_book, queues_en, "Sure, happy to chat about Mara.")) is None


@pytest.fixture
def queues_en(en_book, clock):
    from desktop.tasks.queues import TaskQueues

    return TaskQueues(en_book.archive, retention_hours=24, clock=clock)
