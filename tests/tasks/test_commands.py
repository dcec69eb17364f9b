"""Slash commands in the input box, in Chinese and English: explicit, and an unknown one is an error."""

from __future__ import annotations

import pytest

from desktop.tasks.commands import Command, CommandError, parse


@pytest.mark.parametrize("text, kind, arg", [
    ("/new 设定人物：张三", "new", "设定人物：张三"),
    ("/新建 设定人物：张三", "new", "设定人物：张三"),
    ("/switch 2", "switch", "2"),
    ("/切换 2", "switch", "2"),
    ("/restart 张三", "restart", "张三"),
    ("/重启 张三", "restart", "张三"),
    ("/settle", "settle", ""),
    ("/结算", "settle", ""),
    ("／切换 长线大纲", "switch", "长线大纲"),
    ("/切换张三", "switch", "张三"),
    ("/SWITCH  3 ", "switch", "3"),
])
def test_each_command_parses_in_chinese_and_english(text, kind, arg):
    command = parse(text)
    assert (command.kind, command.arg) == (kind, arg)
    assert not command.continues


def test_plain_text_continues_the_active_task():
    assert parse("  张三的师父是谁？ ") == Command("continue", text="张三的师父是谁？")


def test_a_double_slash_sends_a_message_that_starts_with_a_slash():
    assert parse("//new 不是命令") == Command("continue", text="/new 不是命令")


def test_new_takes_the_kind_from_a_leading_label():
    assert parse("/new 设定人物：张三").task_kind == "character"
    assert parse("/new character: Zhang San").task_kind == "character"
    assert parse("/新建 大纲：第二卷").task_kind == "outline"
    assert parse("/new 世界观：灵气复苏").task_kind == "setting"
    assert parse("/new 明天写什么").task_kind == "free"


def test_an_explicit_kind_flag_wins_and_leaves_the_title():
    command = parse("/new 青云门 --kind setting")
    assert (command.arg, command.task_kind) == ("青云门", "setting")


def test_an_unknown_kind_is_an_error():
    with pytest.raises(CommandError, match="unknown task kind 'poem'"):
        parse("/new 诗 --kind poem")


def test_text_after_the_command_line_is_a_message_for_the_task():
    command = parse("/new 人物：张三\n他是青云门的外门弟子。")
    assert command.arg == "人物：张三"
    assert command.text == "他是青云门的外门弟子。"
    assert command.continues


def test_an_unknown_command_is_named_and_the_known_ones_listed():
    with pytest.raises(CommandError) as error:
        parse("/delete 2")
    message = str(error.value)
    assert "/delete" in message
    for known in ("/new", "/switch", "/restart", "/settle", "/新建", "/切换", "/重启", "/结算"):
        assert known in message


@pytest.mark.parametrize("text", ["/new", "/switch", "/重启   "])
def test_a_command_without_its_argument_is_an_error(text):
    with pytest.raises(CommandError, match="needs"):
        parse(text)
