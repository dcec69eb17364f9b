"""A turn that looks things up shows each look-up as it happens, never hands the author the raw look-ups as its
answer, and does not say the previous reply again word for word."""

from __future__ import annotations

import asyncio

from desktop.book.book import Book
from desktop.engine.llm import estimate_tokens
from desktop.engine.reply_checks import is_lookup_dump, is_repeat
from desktop.tasks.context import ContextBuilder
from desktop.tasks.queues import TaskQueues
from tests.tasks.conftest import N_CTX, apply_doc
from tests.tasks.test_agentic_turns import Model, canon, gateway  # noqa: F401 — canon is a fixture

LOOKUP = {"tool": "facts_as_of", "entity": "李四", "chapter": 5}
DUMP_ZH = "## 记忆查询结果 Memory lookups\nfacts_as_of(李四, 5) →\n李四（Character）\n- 李四 OWNS 青锋剑"


def turn_with_steps(gw, text):
    steps: list[dict] = []
    tokens: list[str] = []
    turn = asyncio.run(gw.say(text, on_token=tokens.append, on_step=steps.append))
    return turn, steps, "".join(tokens)


def test_each_lookup_is_told_when_it_starts_and_again_with_its_result_before_the_reply_streams(canon, queues, builder):
    order: list[str] = []
    model = Model(replies=("青锋剑在李四手里。",), tool_calls=[LOOKUP])
    queues.new("闲聊", "free")
    gw = gateway(canon, queues, builder, model)
    asyncio.run(gw.say("李四现在有什么兵器？", on_token=lambda piece: order.append("token"),
                       on_step=lambda step: order.append(step["kind"] + ("" if step.get("result") is None else ":done"))))
    assert order[:3] == ["thinking", "lookup", "lookup:done"] and set(order[3:]) == {"token"}


def test_the_lookup_steps_carry_the_call_its_label_and_its_result(canon, queues, builder):
    model = Model(replies=("青锋剑在李四手里。",), tool_calls=[LOOKUP])
    queues.new("闲聊", "free")
    turn, steps, streamed = turn_with_steps(gateway(canon, queues, builder, model), "李四现在有什么兵器？")
    started, done = [s for s in steps if s["kind"] == "lookup"]
    assert started == {"kind": "lookup", "call": LOOKUP, "label": "facts_as_of(李四, 5)", "result": None}
    assert "李四 OWNS 青锋剑" in done["result"] and done["result"] == turn.tools[0]["result"]
    assert streamed == turn.reply == "青锋剑在李四手里。" and "flags" not in turn.to_dict()


def test_a_reply_that_only_dumps_the_lookups_is_asked_again_without_them_and_the_answer_replaces_it(
        canon, queues, builder):
    model = Model(replies=(DUMP_ZH, "李四手里有青锋剑。"), tool_calls=[LOOKUP])
    queues.new("闲聊", "free")
    turn, steps, _ = turn_with_steps(gateway(canon, queues, builder, model), "李四现在有什么兵器？")
    assert turn.reply == "李四手里有青锋剑。" and turn.flags == []
    assert {"kind": "retry", "reason": "dump"} in steps
    second = model.prompts[-1][-1]["content"]
    assert "记忆查询结果" not in second and "不要照抄" in second and "青锋剑" in second
    assert canon.archive.messages(turn.task_id)[-1]["content"] == "李四手里有青锋剑。"


def test_a_dump_twice_becomes_a_short_notice_never_the_raw_lookups(canon, queues, builder):
    model = Model(replies=(DUMP_ZH,), tool_calls=[LOOKUP])
    queues.new("闲聊", "free")
    turn, _, _ = turn_with_steps(gateway(canon, queues, builder, model), "李四现在有什么兵器？")
    assert "OWNS" not in turn.reply and "没有给出回答" in turn.reply
    assert turn.to_dict()["flags"] == ["dump"]


def test_an_english_dump_is_caught_too(tmp_path):
    book = Book.create(tmp_path / "en.inkstone", title="Pride", language="en")
    try:
        apply_doc(book, {"chapter": 1, "entities": [{"kind": "Character", "name": "Elizabeth"},
                                                     {"kind": "Location", "name": "Longbourn"}],
                         "relations": [{"type": "LIVES_IN", "from": "Elizabeth", "to": "Longbourn"}]})
        queues = TaskQueues(book.archive, retention_hours=24)
        queues.new("chat", "free")
        call = {"tool": "facts_as_of", "entity": "Elizabeth", "chapter": 1}
        dump = "## Memory lookups\nfacts_as_of(Elizabeth, 1) →\nElizabeth (Character)\n- Elizabeth LIVES_IN Longbourn"
        model = Model(replies=(dump, "Elizabeth lives at Longbourn with her family."), tool_calls=[call])
        builder = ContextBuilder(book, estimate_tokens, N_CTX)
        turn, steps, _ = turn_with_steps(gateway(book, queues, builder, model), "Where does Elizabeth live?")
        assert turn.reply == "Elizabeth lives at Longbourn with her family."
        assert {"kind": "retry", "reason": "dump"} in steps
        assert "do not copy" in model.prompts[-1][-1]["content"]
    finally:
        book.close()


def test_a_reply_that_repeats_the_previous_one_is_generated_again_with_a_nudge(canon, queues, builder):
    same = "张三可以先去外门报名，再在试炼里遇到李四。"
    model = Model(replies=(same, same, "换个思路：让李四先找上张三，逼他报名。"))
    queues.new("闲聊", "free")
    gw = gateway(canon, queues, builder, model)
    asyncio.run(gw.say("接下来怎么写？"))
    turn, steps, streamed = turn_with_steps(gw, "再说说。")
    assert turn.reply == "换个思路：让李四先找上张三，逼他报名。" and turn.flags == []
    assert {"kind": "retry", "reason": "repeat"} in steps
    assert "不要重复" in model.prompts[-1][-1]["content"]


def test_a_repeat_that_persists_is_kept_and_said_to_be_a_repeat(canon, queues, builder):
    same = "张三可以先去外门报名，再在试炼里遇到李四。"
    model = Model(replies=(same,))
    queues.new("闲聊", "free")
    gw = gateway(canon, queues, builder, model)
    asyncio.run(gw.say("接下来怎么写？"))
    turn, _, _ = turn_with_steps(gw, "再说说。")
    assert turn.reply == same and turn.flags == ["repeat"] and "几乎相同" in turn.notice


def test_what_counts_as_a_dump_and_as_a_repeat():
    trace = [{"call": LOOKUP, "result": "李四（Character）\n- 李四 OWNS 青锋剑"}]
    assert is_lookup_dump(DUMP_ZH, trace)
    assert is_lookup_dump("李四（Character）\n- 李四 OWNS 青锋剑", trace)
    assert not is_lookup_dump("李四有一把青锋剑。他一直带在身边，试炼时也许会用上。", trace)
    assert not is_lookup_dump("", trace)
    assert not is_lookup_dump("- 李四 OWNS 青锋剑", trace)  # one fact given back is still an answer
    assert is_lookup_dump("facts_as_of(李四, 5) →\n- 李四 OWNS 青锋剑", trace)
    assert is_repeat("张三可以先去外门报名，再在试炼里遇到李四。", "张三可以先去外门报名, 再在试炼里遇到李四!")
    assert is_repeat("Elizabeth walks to Netherfield in the rain.", "Elizabeth walks to Netherfield in the rain")
    assert not is_repeat("好的。", "好的。")  # too short to matter
    assert not is_repeat("张三报名参加外门试炼。", "李四冷眼看着张三走进试炼场，握紧了青锋剑。")
