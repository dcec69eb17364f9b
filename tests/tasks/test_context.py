"""The context builder: each task sees only its own queue; budgets, rolling summaries, retrieval and settle parts."""

from __future__ import annotations

import re

import pytest

from desktop.engine.llm import estimate_tokens
from desktop.tasks.context import ContextBuilder
from tests.tasks.conftest import apply_doc

CANON = {
    "chapter": 1,
    "entities": [
        {"kind": "Character", "name": "张三", "summary": "青云门外门弟子", "attributes": {"境界": "练气"}},
        {"kind": "Character", "name": "李四"},
        {"kind": "Item", "name": "青锋剑", "summary": "一柄青色长剑"},
    ],
    "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
    "settings": [{"title": "青云门", "category": "势力", "body": "正道大派，外门弟子三千。"}],
    "plan": [
        {"level": "GeneralOutline", "title": "总纲", "summary": "张三由外门弟子修成剑仙"},
        {"level": "LongOutline", "title": "第一卷", "parent": "总纲", "summary": "外门岁月"},
        {"level": "ShortOutline", "title": "外门试炼", "parent": "第一卷", "status": "InProgress", "chapters": [4, 6],
         "steps": [{"kind": "Start", "summary": "张三报名试炼", "status": "InProgress", "chapter": 5}]},
    ],
}


def interleave(book, tasks: dict[str, int], rounds: int = 4) -> dict[str, list[str]]:
    """Messages A, B, A, C, B, A … each tagged with its task's letter; returns each task's texts in order."""
    order = "ABACBA"
    said: dict[str, list[str]] = {letter: [] for letter in tasks}
    for round_no in range(rounds):
        for letter in order:
            n = len(said[letter]) + 1
            role = "user" if n % 2 else "assistant"
            text = f"【{letter}-{n}】" + {"A": "张三的剑法要再凌厉些。", "B": "第二卷的主线是宗门大比。",
                                         "C": "灵气复苏的规则需要写清楚。"}[letter] * (1 + round_no % 2)
            book.archive.add_message(tasks[letter], role, text)
            said[letter].append(text)
    return said


def all_text(context) -> str:
    return "\n".join([s.text for s in context.sections] + [m["content"] for m in context.messages])


def tags(text: str) -> set[str]:
    return set(re.findall(r"【([ABC])-\d+】", text))


@pytest.fixture
def three(book, queues):
    tasks = {"A": queues.new("人物：张三", "character")["id"], "B": queues.new("大纲：第二卷", "outline")["id"],
             "C": queues.new("世界观：灵气", "setting")["id"]}
    return tasks, interleave(book, tasks)


def test_the_settle_context_holds_every_message_of_its_task_in_order_and_nothing_else(builder, three):
    tasks, said = three
    context = builder.build(tasks["A"], "settle")
    assert [m["content"] for m in context.messages] == said["A"]
    assert [m["content"] for part in context.parts for m in part] == said["A"]
    assert tags(all_text(context)) == {"A"}


def test_the_continue_context_of_a_task_holds_none_of_the_others(builder, three):
    tasks, said = three
    context = builder.build(tasks["B"], "continue")
    assert tags(all_text(context)) == {"B"}
    assert [m["content"] for m in context.messages] == said["B"]
    assert context.to_messages()[0]["role"] == "system"
    assert [m["content"] for m in context.to_messages()[1:]] == said["B"]


def test_restart_sees_a_fact_another_task_settled_after_it_closed(book, builder, queues, three):
    apply_doc(book, CANON)
    tasks, _ = three
    before = builder.build(tasks["A"], "new")
    assert "境界=练气" in all_text(before)
    queues.close_settled(tasks["A"], 1)
    # Task C's settlement changes 张三's realm as of the narrative pointer's chapter.
    book.journal.apply({"chapter": 5, "states": [{"entity": "张三", "key": "境界", "value": "筑基"}]},
                       source=f"task:{tasks['C']}", task_id=tasks["C"])
    queues.restart(str(tasks["A"]))
    context = builder.build(tasks["A"], "restart")
    text = all_text(context)
    assert "境界=筑基" in text and "境界=练气" not in text
    assert tags(text) == {"A"}


def test_settle_splits_a_long_queue_into_parts_that_fit_in_order(book, queues):
    builder = ContextBuilder(book, estimate_tokens, 1024, reply_reserve=256)
    task = queues.new("长线大纲", "outline")["id"]
    texts = [f"第{i}段：" + "宗门大比之后张三下山历练。" * 12 for i in range(40)]
    texts.append("超长的一段：" + "天地灵气复苏，" * 600)  # one message larger than a whole part
    for i, text in enumerate(texts):
        book.archive.add_message(task, "user" if i % 2 == 0 else "assistant", text)
    context = builder.build(task, "settle")
    assert len(context.parts) > 2
    room = context.budget_tokens - context.sections[0].tokens
    assert all(sum(m["tokens"] for m in part) <= room for part in context.parts)
    rebuilt: list[str] = []
    for part in context.parts:
        for m in part:
            if m.get("piece", 0) > 0:
                rebuilt[-1] += m["content"]
            else:
                rebuilt.append(m["content"])
    assert rebuilt == texts  # complete, untruncated, in order
    assert not any(s.name == "summary" for s in context.sections)


def test_new_retrieves_settings_facts_as_of_the_pointer_plan_and_excerpts(book, builder, queues):
    apply_doc(book, CANON)
    book.journal.apply({"chapter": 8, "states": [{"entity": "张三", "key": "境界", "value": "筑基"}]}, source="later")
    book.archive.replace_chapter(3, "初入青云", "张三拜入青云门。", volume=None, heading="第三章 初入青云",
                                 source_path="x.txt", content_hash="h3",
                                 chunks=[{"seq": 0, "text": "张三拜入青云门，在外门劈柴三年。", "start": 0, "end": 16,
                                          "entity_list": ["张三"]}])
    task = queues.new("人物：张三", "character")["id"]
    context = builder.build(task, "new", "张三该拿什么兵器？")
    by_name = {s.name: s.text for s in context.sections}
    assert list(by_name) == ["instructions", "settings", "facts", "plan", "excerpts"]
    assert "青云门" in by_name["settings"]
    assert "截至第5章" in by_name["facts"] and "境界=练气" in by_name["facts"]  # as of the pointer, not chapter 8
    assert "外门试炼" in by_name["plan"] and "第一卷" in by_name["plan"] and "总纲" in by_name["plan"]
    assert "劈柴三年" in by_name["excerpts"]
    assert context.messages == [{"id": None, "role": "user", "content": "张三该拿什么兵器？",
                                 "tokens": context.messages[0]["tokens"]}]


def test_later_turns_reuse_the_retrieval_so_the_prompt_prefix_stays_the_same(book, builder, queues):
    apply_doc(book, CANON)
    task = queues.new("人物：张三", "character")["id"]
    book.archive.add_message(task, "user", "张三该拿什么兵器？")
    first = builder.build(task, "new")
    book.archive.add_message(task, "assistant", "青锋剑如何？")
    book.archive.add_message(task, "user", "好。")
    second = builder.build(task, "continue")
    assert second.system_prompt == first.system_prompt
    assert second.to_messages()[: len(first.to_messages())] == first.to_messages()


class Summariser:
    def __init__(self):
        self.calls: list[list[str]] = []

    def __call__(self, texts: list[str]) -> str:
        self.calls.append(texts)
        return f"摘要{len(self.calls)}"


def long_chat(book, task: int, start: int, count: int) -> None:
    for i in range(start, start + count):
        book.archive.add_message(task, "user" if i % 2 == 0 else "assistant", f"第{i}轮：" + "讨论张三的来历。" * 5)


def test_older_turns_are_summarised_once_and_the_summary_is_cached(book, queues):
    builder = ContextBuilder(book, estimate_tokens, 2048)
    task = queues.new("人物：张三", "character")["id"]
    long_chat(book, task, 0, 30)
    summarise = Summariser()
    context = builder.build(task, "continue", summarise=summarise)
    assert len(summarise.calls) == 1
    assert any(s.name == "summary" and "摘要1" in s.text for s in context.sections)
    assert context.tokens <= context.budget_tokens
    summarised = "".join(summarise.calls[0])
    assert "第0轮" in summarised
    assert all(m["content"] not in summarised for m in context.messages)  # each turn is in one place only
    again = builder.build(task, "continue", summarise=summarise)
    assert len(summarise.calls) == 1
    assert again.to_messages() == context.to_messages()


def test_the_summary_is_refreshed_incrementally_from_the_old_summary_and_newer_turns(book, queues):
    builder = ContextBuilder(book, estimate_tokens, 2048)
    task = queues.new("人物：张三", "character")["id"]
    long_chat(book, task, 0, 30)
    summarise = Summariser()
    builder.build(task, "continue", summarise=summarise)
    long_chat(book, task, 30, 1)
    grown = builder.build(task, "continue", summarise=summarise)
    assert len(summarise.calls) == 1  # one more turn fits: no summary call, same prefix
    long_chat(book, task, 31, 30)
    builder.build(task, "continue", summarise=summarise)
    assert len(summarise.calls) == 2
    second = summarise.calls[1]
    assert second[0] == "[earlier summary] 摘要1"
    assert not any("第0轮" in text for text in second)
    assert grown.messages[-1]["content"].startswith("第30轮")


def test_without_a_summariser_older_turns_appear_as_a_digest(book, queues):
    builder = ContextBuilder(book, estimate_tokens, 2048)
    task = queues.new("人物：张三", "character")["id"]
    long_chat(book, task, 0, 30)
    context = builder.build(task, "continue")
    assert any(s.name == "digest" for s in context.sections)
    assert context.tokens <= context.budget_tokens


def test_restart_resummarises_the_whole_retained_history(book, queues, builder):
    task = queues.new("人物：张三", "character")["id"]
    long_chat(book, task, 0, 6)
    book.archive.put_summary(task, 2, "旧摘要")
    book.archive.add_message(task, "user", "重新想想张三的结局。")
    summarise = Summariser()
    context = builder.build(task, "restart", summarise=summarise)
    assert len(summarise.calls) == 1
    assert not summarise.calls[0][0].startswith("[earlier summary]")
    assert sum("讨论张三的来历" in t for t in summarise.calls[0]) == 6
    assert [m["content"] for m in context.messages] == ["重新想想张三的结局。"]


def test_a_failed_reply_stays_out_of_every_context(book, queues, builder):
    task = queues.new("人物：张三", "character")["id"]
    book.archive.add_message(task, "user", "张三几岁？")
    book.archive.add_message(task, "assistant", "model exploded", state="error")
    book.archive.add_message(task, "assistant", "十六", state="cut")
    for mode in ("continue", "settle"):
        assert [m["content"] for m in builder.build(task, mode).messages] == ["张三几岁？", "十六"]


def test_the_cli_shape_of_a_context(book, queues, builder):
    task = queues.new("人物：张三", "character")["id"]
    book.archive.add_message(task, "user", "张三几岁？")
    shape = builder.build(task, "continue").to_dict()
    assert set(shape) == {"mode", "task_id", "budget_tokens", "sections", "messages"}
    assert set(shape["sections"][0]) == {"name", "tokens", "text"}
    assert set(shape["messages"][0]) == {"id", "role", "content"}


def test_a_backlog_too_big_for_one_summary_call_is_folded_in_batches(book, queues):
    builder = ContextBuilder(book, estimate_tokens, 2048)
    task = queues.new("人物：张三", "character")["id"]
    for i in range(40):
        book.archive.add_message(task, "user" if i % 2 == 0 else "assistant", f"第{i}轮：" + "讨论张三的来历。" * 20)
    summarise = Summariser()
    builder.build(task, "continue", summarise=summarise)
    assert len(summarise.calls) > 1
    assert all(call[0] == f"[earlier summary] 摘要{n}" for n, call in enumerate(summarise.calls[1:], start=1))
    assert all(estimate_tokens("\n".join(call)) <= 2048 - builder.summary_cap for call in summarise.calls)
