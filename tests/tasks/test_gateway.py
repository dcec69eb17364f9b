"""The gateway: the author's words are stored before any model call; a cut reply is kept and marked."""

from __future__ import annotations

import asyncio

import pytest

from desktop.engine.errors import ModelError
from desktop.progress import CancelToken
from desktop.tasks.commands import CommandError
from desktop.tasks.gateway import Gateway
from desktop.tasks.queues import TaskError
from tests.tasks.conftest import ScriptedLLM


def gateway(book, queues, builder, llm) -> Gateway:
    async def run_store(fn, *args):
        return await asyncio.to_thread(fn, *args)

    return Gateway(book, llm, queues, builder, run_store=run_store)


def say(gw: Gateway, text: str, **options):
    return asyncio.run(gw.say(text, **options))


def stored(book, task_id: int) -> list[tuple[str, str, str]]:
    return [(m["role"], m["content"], m["state"]) for m in book.archive.messages(task_id)]


def test_a_turn_stores_the_question_then_the_reply(book, queues, builder):
    llm = ScriptedLLM("青锋剑。")
    task = queues.new("人物：张三", "character")
    seen = []
    llm.before_call = lambda: seen.extend(stored(book, task["id"]))
    pieces: list[str] = []
    turn = say(gateway(book, queues, builder, llm), "张三用什么兵器？", on_token=pieces.append)
    assert seen == [("user", "张三用什么兵器？", "complete")]  # stored before the model started
    assert turn.reply == "青锋剑。" == "".join(pieces)
    assert stored(book, task["id"]) == [("user", "张三用什么兵器？", "complete"), ("assistant", "青锋剑。", "complete")]
    assert turn.mode == "new" and not turn.cut and turn.error is None


def test_an_engine_error_keeps_the_question_and_marks_the_reply(book, queues, builder):
    llm = ScriptedLLM()
    llm.fail = ModelError("model file /models/x.gguf is truncated")
    task = queues.new("人物：张三", "character")
    turn = say(gateway(book, queues, builder, llm), "张三几岁？")
    assert turn.error == "model file /models/x.gguf is truncated"
    messages = book.archive.messages(task["id"])
    assert [(m["role"], m["content"], m["state"]) for m in messages] == [
        ("user", "张三几岁？", "complete"), ("assistant", "", "error")]
    assert messages[1]["meta"]["error"] == "model file /models/x.gguf is truncated"


def test_an_unexpected_failure_still_keeps_the_question(book, queues, builder):
    llm = ScriptedLLM()
    llm.fail = RuntimeError("boom")
    task = queues.new("人物：张三", "character")
    with pytest.raises(RuntimeError):
        say(gateway(book, queues, builder, llm), "张三几岁？")
    assert stored(book, task["id"])[0] == ("user", "张三几岁？", "complete")


def test_a_cancelled_reply_is_kept_and_marked_cut(book, queues, builder):
    llm = ScriptedLLM("张三十六岁，出身寒门，自幼习剑。")
    llm.cancel_after = 4
    task = queues.new("人物：张三", "character")
    turn = say(gateway(book, queues, builder, llm), "张三几岁？", cancel=CancelToken())
    assert turn.cut
    assert turn.reply == "张三十六"
    assert stored(book, task["id"])[-1] == ("assistant", "张三十六", "cut")


def test_the_first_words_without_a_task_start_one(book, queues, builder):
    turn = say(gateway(book, queues, builder, ScriptedLLM()), "写一个反派")
    assert turn.event == "created"
    assert queues.active()["title"] == "写一个反派"
    assert stored(book, turn.task_id)[0] == ("user", "写一个反派", "complete")


def test_new_then_text_on_the_next_line_continues_in_the_new_task(book, queues, builder):
    llm = ScriptedLLM()
    turn = say(gateway(book, queues, builder, llm), "/new 设定人物：张三\n他是剑修。")
    assert (turn.event, turn.mode, turn.task["kind"]) == ("created", "new", "character")
    assert stored(book, turn.task_id)[0] == ("user", "他是剑修。", "complete")
    assert "设定人物：张三" in llm.prompts[0][0]["content"]


def test_a_bare_command_calls_no_model_and_stores_nothing(book, queues, builder):
    llm = ScriptedLLM()
    gw = gateway(book, queues, builder, llm)
    first = say(gw, "/new 长线大纲")
    say(gw, "/新建 人物：张三")
    turn = say(gw, f"/切换 {first.task_id}")
    assert (turn.event, turn.reply, turn.task_id) == ("switched", "", first.task_id)
    assert llm.prompts == []
    assert book.archive.all_messages() == []
    assert "长线大纲" in turn.notice


def test_plain_text_goes_to_the_active_task_only(book, queues, builder):
    llm = ScriptedLLM("嗯。")
    gw = gateway(book, queues, builder, llm)
    outline = say(gw, "/new 长线大纲").task_id
    person = say(gw, "/new 人物：张三").task_id
    say(gw, "张三的师父是谁？")
    say(gw, f"/switch {outline}")
    say(gw, "第二卷写宗门大比。")
    assert [m["content"] for m in book.archive.messages(person)] == ["张三的师父是谁？", "嗯。"]
    assert [m["content"] for m in book.archive.messages(outline)] == ["第二卷写宗门大比。", "嗯。"]
    assert "张三的师父" not in str(llm.prompts[-1])


def test_restart_past_retention_is_refused_with_the_reason(book, queues, builder, clock):
    gw = gateway(book, queues, builder, ScriptedLLM())
    task = say(gw, "/new 人物：张三").task_id
    queues.close_settled(task, 1)
    clock.advance(48)
    with pytest.raises(TaskError, match="past the 24 h retention"):
        say(gw, "/restart 人物")


def test_an_unknown_command_is_an_error_and_nothing_is_stored(book, queues, builder):
    with pytest.raises(CommandError, match="/foo"):
        say(gateway(book, queues, builder, ScriptedLLM()), "/foo bar")
    assert book.archive.all_messages() == []


def test_the_context_preview_is_what_the_next_turn_sends(book, queues, builder):
    llm = ScriptedLLM()
    gw = gateway(book, queues, builder, llm)
    say(gw, "/new 人物：张三\n张三几岁？")
    preview = asyncio.run(gw.context(mode="continue", user_text="他师父是谁？"))
    say(gw, "他师父是谁？")
    assert preview.to_messages() == llm.prompts[-1]


def test_a_turn_cancelled_as_an_asyncio_task_still_keeps_what_was_said(book, queues, builder):
    llm = ScriptedLLM("张三十六岁，出身寒门，自幼习剑。" * 20)
    task = queues.new("人物：张三", "character")
    gw = gateway(book, queues, builder, llm)

    async def run() -> None:
        pieces: list[str] = []
        turn = asyncio.create_task(gw.say("讲讲张三。", on_token=pieces.append))
        while len(pieces) < 5:
            await asyncio.sleep(0)
        turn.cancel()
        with pytest.raises(asyncio.CancelledError):
            await turn

    asyncio.run(run())
    (question, reply) = book.archive.messages(task["id"])
    assert (question["content"], question["state"]) == ("讲讲张三。", "complete")
    assert reply["state"] == "cut" and reply["content"].startswith("张三十六")


def test_a_long_task_gets_its_summary_from_the_model_before_the_turn(book, queues):
    from desktop.engine.llm import estimate_tokens
    from desktop.tasks.context import ContextBuilder

    builder = ContextBuilder(book, estimate_tokens, 2048)
    llm = ScriptedLLM("张三的来历已经讨论清楚。")
    task = queues.new("人物：张三", "character")
    queues.set_pending_mode(task["id"], None)
    for i in range(30):
        book.archive.add_message(task["id"], "user" if i % 2 == 0 else "assistant", f"第{i}轮：" + "讨论张三的来历。" * 5)
    say(gateway(book, queues, builder, llm), "那么他的结局呢？")
    summary_call, reply_call = llm.prompts
    assert "第0轮" in summary_call[-1]["content"]
    assert book.archive.latest_summary(task["id"])["text"] == "张三的来历已经讨论清楚。"
    assert "张三的来历已经讨论清楚。" in reply_call[0]["content"]
    assert "第0轮" not in str(reply_call)
    assert reply_call[-1] == {"role": "user", "content": "那么他的结局呢？"}
