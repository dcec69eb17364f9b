"""Turns that use the book's memory: prefetch, tool lookups kept in the history, drafts with critiques, plan
progress proposed for review, back to the main plot, personas and the planning hint."""

from __future__ import annotations

import asyncio

import pytest

from desktop.book import personas
from desktop.book.errors import BookError
from desktop.engine.llm import estimate_tokens
from desktop.engine.streaming import Completion
from desktop.tasks.gateway import Gateway
from desktop.tasks.settlement import confirm_review
from desktop.tasks.turns import pick_candidate
from tests.tasks.conftest import N_CTX, apply_doc

CANON = {
    "chapter": 1,
    "entities": [
        {"kind": "Character", "name": "张三", "summary": "青云门外门弟子", "attributes": {"境界": "练气"}},
        {"kind": "Character", "name": "李四"},
        {"kind": "Item", "name": "青锋剑", "summary": "一柄青色长剑"},
    ],
    "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
    "plan": [
        {"level": "GeneralOutline", "title": "总纲", "summary": "张三由外门弟子修成剑仙"},
        {"level": "LongOutline", "title": "第一卷", "parent": "总纲"},
        {"level": "ShortOutline", "title": "外门试炼", "parent": "第一卷", "status": "InProgress", "chapters": [4, 6],
         "entities": ["张三"],
         "steps": [{"kind": "开端", "summary": "张三报名试炼", "status": "InProgress", "chapter": 5},
                   {"kind": "发展", "summary": "试炼中遇到李四", "chapter": 6}]},
    ],
}


class Model:
    """A transport double: tool calls and critiques from lists (by schema), numbered replies, every prompt kept."""

    n_ctx = N_CTX
    name = "double"

    def __init__(self, replies=("好的。",), tool_calls=(), critiques=()):
        self.replies = list(replies)
        self.tool_calls = list(tool_calls)
        self.critiques = list(critiques)
        self.prompts: list[list[dict]] = []
        self.json_prompts: list[list[dict]] = []

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def stream(self, messages, *, max_tokens=512, temperature=0.7, seed=None, stop=None, cancel=None):
        self.prompts.append(messages)
        text = self.replies[(len(self.prompts) - 1) % len(self.replies)]

        async def pieces():
            for ch in text:
                yield ch

        return pieces()

    async def complete(self, messages, **options):
        return Completion("".join([p async for p in self.stream(messages, **options)]), 1, "stop")

    async def complete_json(self, messages, schema, **options):
        self.json_prompts.append(messages)
        source = self.tool_calls if "anyOf" in schema else self.critiques
        return source.pop(0) if source else ({"tool": "answer"} if "anyOf" in schema else {"critique": "可", "score": 5})


@pytest.fixture
def canon(book):
    apply_doc(book, CANON)
    return book


def gateway(book, queues, builder, model, **options) -> Gateway:
    async def run_store(fn, *args):
        return await asyncio.to_thread(fn, *args)

    return Gateway(book, model, queues, builder, run_store=run_store, **options)


def say(gw: Gateway, text: str):
    return asyncio.run(gw.say(text))


def roles(book, task_id: int) -> list[str]:
    return [m["role"] for m in book.archive.messages(task_id)]


def test_a_question_about_the_book_looks_things_up_and_keeps_the_lookups_in_the_history(canon, queues, builder):
    model = Model(replies=("青锋剑在李四手里。",), tool_calls=[{"tool": "facts_as_of", "entity": "李四", "chapter": 5}])
    queues.new("闲聊", "free")
    turn = say(gateway(canon, queues, builder, model), "李四现在有什么兵器？")
    assert [t["call"]["tool"] for t in turn.tools] == ["facts_as_of"]
    assert roles(canon, turn.task_id) == ["user", "tool", "assistant"]
    tool_message = canon.archive.messages(turn.task_id)[1]
    assert tool_message["content"].startswith("facts_as_of(李四, 5)") and "李四 OWNS 青锋剑" in tool_message["content"]
    assert tool_message["meta"]["call"] == {"tool": "facts_as_of", "entity": "李四", "chapter": 5}
    sent = model.prompts[-1][-1]["content"]
    assert sent.startswith("李四现在有什么兵器？")
    assert "记忆查询结果" in sent and "李四 OWNS 青锋剑" in sent
    assert "最多 2 次" in model.json_prompts[0][-1]["content"]  # the default loop is short
    # Later turns do not resend the lookups: they are canon, and looked up afresh when needed.
    later = asyncio.run(gateway(canon, queues, builder, model).context(turn.task_id))
    assert all(m["role"] != "tool" for m in later.messages)


def test_small_talk_calls_no_tool_and_adds_no_note(canon, queues, builder):
    model = Model()
    queues.new("闲聊", "free")
    say(gateway(canon, queues, builder, model), "今天写得挺顺。")
    assert model.json_prompts == []
    assert model.prompts[-1][-1] == {"role": "user", "content": "今天写得挺顺。"}


def test_each_turn_begins_with_a_prefetch_of_facts_about_the_names_it_mentions(canon, queues, builder):
    model = Model()
    queues.new("闲聊", "free")
    say(gateway(canon, queues, builder, model), "张三今天练剑了。")
    sent = model.prompts[-1][-1]["content"]
    assert sent.startswith("张三今天练剑了。") and "记忆提示" in sent and "青云门外门弟子" in sent
    assert model.prompts[-1][0]["content"].count("记忆提示") == 0  # a note of this turn, not of the system prompt


def test_the_context_preview_shows_the_turn_notes_the_turn_sends(canon, queues, builder):
    model = Model()
    gw = gateway(canon, queues, builder, model)
    say(gw, "/new 闲聊\n随便聊聊。")
    preview = asyncio.run(gw.context(mode="continue", user_text="张三最近怎样"))
    say(gw, "张三最近怎样")
    assert preview.to_messages() == model.prompts[-1]
    assert any(s.get("per_turn") and s["name"] == "prefetch" for s in preview.to_dict()["sections"])


def test_a_chapter_turn_returns_critiqued_candidates_best_first_and_keeps_the_best(canon, queues, builder):
    model = Model(replies=("张三走进试炼场。", "张三报名了外门试炼，李四冷眼旁观。"),
                  critiques=[{"critique": "没推进目标", "score": 4}, {"critique": "紧扣报名", "score": 8}])
    task = queues.new("章节：第五章", "chapter")
    turn = say(gateway(canon, queues, builder, model), "写第五章开头")
    assert [c["score"] for c in turn.candidates] == [8, 4]
    assert turn.reply == "张三报名了外门试炼，李四冷眼旁观。" == turn.candidates[0]["text"]
    stored = canon.archive.messages(task["id"])[-1]
    assert stored["content"] == turn.reply and stored["meta"]["candidates"] == turn.candidates
    assert "外门试炼" in model.json_prompts[-1][-1]["content"]  # the critic sees the plan goal
    brief = model.prompts[0][-1]["content"]
    assert "本章写作要求" in brief and "开端" in brief and "写出正文" in brief
    assert turn.to_dict()["candidates"] == turn.candidates


def test_the_author_can_keep_another_candidate_or_an_edited_one(canon, queues, builder):
    model = Model(replies=("甲稿。", "乙稿。"), critiques=[{"critique": "好", "score": 9}, {"critique": "差", "score": 2}])
    queues.new("章节：第五章", "chapter")
    turn = say(gateway(canon, queues, builder, model), "写第五章开头")
    picked = pick_candidate(canon, turn.message_id, 1)
    assert picked["content"] == "乙稿。" and picked["meta"]["picked"] == 1 and not picked["meta"]["edited"]
    edited = pick_candidate(canon, turn.message_id, 1, "乙稿，改过。")
    assert edited["meta"]["edited"]
    assert canon.archive.messages(turn.task_id)[-1]["content"] == "乙稿，改过。"
    with pytest.raises(BookError, match="no candidate 5"):
        pick_candidate(canon, turn.message_id, 5)


def test_a_candidate_that_breaks_canon_is_marked_down(canon, queues, builder):
    model = Model(replies=("张三握紧青锋剑。", "张三报名试炼。"),
                  critiques=[{"critique": "好", "score": 8}, {"critique": "可", "score": 7}])
    queues.new("章节：第五章", "chapter")
    turn = say(gateway(canon, queues, builder, model), "写第五章开头")
    assert turn.reply == "张三报名试炼。"
    flagged = turn.candidates[1]
    assert flagged["score"] == 6 and "连续性问题" in flagged["critique"] and flagged["issues"][0]["kind"]


def test_plan_progress_after_a_draft_waits_for_review_and_never_touches_the_graph(canon, queues, builder):
    draft = "张三来到山门前报名参加外门试炼，执事在名册上写下他的名字，递给他一块木牌。" * 6  # covers 开端, not 发展
    model = Model(replies=(draft, draft + "又一版。"))
    task = queues.new("章节：第五章", "chapter")
    before = canon.plan.tree()
    turn = say(gateway(canon, queues, builder, model), "写第五章")
    assert canon.plan.tree() == before
    proposed = canon.journal.entries(("proposed",))
    assert [e["id"] for e in proposed] == [turn.proposal["settlement_id"]]
    plan_items = proposed[0]["document"]["plan"]
    assert [(i["title"], i["status"]) for i in plan_items] == [("开端", "Completed"), ("发展", "InProgress")]
    assert "开端" in turn.notice
    say(gateway(canon, queues, builder, model), "再写一版")  # the same proposal is not made twice
    assert len(canon.journal.entries(("proposed",))) == 1
    confirm_review(canon, queues, proposed[0]["review"])
    steps = {s["kind"]: s["status"] for s in canon.plan.tree()[0]["children"][0]["children"][0]["steps"]}
    assert steps == {"开端": "Completed", "发展": "InProgress"}
    assert queues.get(task["id"])["status"] == "active"  # confirming plan progress does not settle the task


def test_back_to_the_main_plot_steers_toward_the_pointers_step(canon, queues, builder):
    model = Model()
    task = queues.new("闲聊", "free")
    turn = say(gateway(canon, queues, builder, model), "回到主线")
    question = canon.archive.messages(task["id"])[0]["content"]
    assert question.startswith("回到主线") and "外门试炼" in question and "张三报名试炼" in question
    assert turn.reply == "好的。" and turn.command.kind == "mainplot"


def test_back_to_the_main_plot_without_a_plan_says_why_and_stores_nothing(book, queues, builder):
    queues.new("闲聊", "free")
    with pytest.raises(BookError, match="no outline in progress"):
        say(gateway(book, queues, builder, Model()), "/mainplot")
    assert book.archive.all_messages() == []


def test_draft_in_any_task_makes_candidates_for_the_current_step(canon, queues, builder):
    model = Model(replies=("甲。", "乙。", "丙。"))
    queues.new("闲聊", "free")
    turn = say(gateway(canon, queues, builder, model, candidates=3), "/draft")
    assert len(turn.candidates) == 3
    assert canon.archive.messages(turn.task_id)[0]["content"].startswith("起草正文")


def test_a_character_task_speaks_with_both_parts_of_the_persona(canon, queues, builder):
    personas.set_base(canon.archive, "张三", "沉默寡言，重情义。")
    personas.put_evolved(canon.archive, "张三", "经历试炼后多了几分锋芒。")
    model = Model()
    queues.new("人物：张三", "character")
    say(gateway(canon, queues, builder, model), "用他的口吻说一句话。")
    sent = model.prompts[-1][-1]["content"]
    assert "沉默寡言，重情义。" in sent and "多了几分锋芒" in sent


def test_a_multi_step_request_is_asked_for_a_plan_first(canon, queues, builder):
    model = Model()
    queues.new("闲聊", "free")
    say(gateway(canon, queues, builder, model), "首先理一下节奏，然后加一段对话，最后埋个伏笔。")
    assert "先用一两行列出简短计划" in model.prompts[-1][-1]["content"]


@pytest.mark.slow
@pytest.mark.model
def test_a_chapter_turn_with_the_real_small_model_ends_with_ranked_drafts_and_no_proposal_for_a_stub(canon, queues, chat_llm):
    from desktop.tasks.context import ContextBuilder

    builder = ContextBuilder(canon, chat_llm.count_tokens, chat_llm.n_ctx)
    task = queues.new("章节：第五章", "chapter")
    turn = say(gateway(canon, queues, builder, chat_llm, max_tokens=48), "写第五章开头：张三报名外门试炼。")
    assert turn.error is None and len(turn.tools) <= 2
    assert len(turn.candidates) == 2 and turn.reply == turn.candidates[0]["text"]
    scores = [c["score"] for c in turn.candidates if c["score"] is not None]
    assert scores == sorted(scores, reverse=True)
    assert roles(canon, task["id"]).count("tool") == len(turn.tools)
    # 48 tokens are too few to be a chapter draft: plan progress proposes a step done only after real prose.
    assert turn.proposal is None and not canon.journal.entries(("proposed",))


def test_check_in_the_chat_reports_on_the_last_draft_and_keeps_the_report_in_the_history(canon, queues, builder):
    model = Model(replies=("李四握紧青锋剑。", "王五握紧青锋剑。"), critiques=[{"critique": "好", "score": 8}] * 2)
    queues.new("章节：第五章", "chapter")
    gw = gateway(canon, queues, builder, model)
    apply_doc(canon, {"chapter": 1, "entities": [{"kind": "Character", "name": "王五"}]})
    drafted = say(gw, "写第五章开头")
    calls = len(model.prompts) + len(model.json_prompts)
    turn = say(gw, "/check")
    assert len(model.prompts) + len(model.json_prompts) == calls  # no model call
    assert drafted.reply == "李四握紧青锋剑。"  # the other candidate lost two points for its continuity issue
    assert turn.check["issues"] == [] and "0 处问题" in turn.notice
    said = say(gw, "/检查 王五挥动青锋剑。")
    assert said.check["issues"][0]["fact"].startswith("李四 OWNS 青锋剑")
    last = canon.archive.messages(said.task_id)[-1]
    assert last["role"] == "tool" and last["meta"]["check"] == said.check and "1 处问题" in said.notice


def test_check_in_the_chat_reads_the_chapter_from_the_drafts_own_heading(canon, queues, builder):
    apply_doc(canon, {"chapter": 10, "entities": [{"kind": "Character", "name": "王五"}],
                      "relations": [{"type": "OWNS", "from": "王五", "to": "青锋剑"}],
                      "ends": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}]})
    queues.new("章节：第十二章", "chapter")
    gw = gateway(canon, queues, builder, Model())
    assert say(gw, "/检查 第十二章 夜雨\n王五挥动青锋剑。").check["issues"] == []  # his since chapter 10
    assert say(gw, "/检查 王五挥动青锋剑。").check["issues"]  # no heading: the pointer's chapter 5, still 李四's
