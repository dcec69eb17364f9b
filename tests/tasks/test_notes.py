"""Notes: /note and /笔记 keep the author's words in the active task and never call the model."""

from __future__ import annotations

import asyncio

import pytest

from desktop.tasks.commands import Command, CommandError, parse
from desktop.tasks.gateway import Gateway
from desktop.tasks.notes import NoteError, read_note_file, store_note

SETTING = "苏晚，出身江南苏家，左颊有一道旧疤。\n她后来改用寒霜剑。"


class NoModel:
    """A model double that fails the test if anything asks it for a word."""

    n_ctx = 4096
    name = "no-model"

    def count_tokens(self, text: str) -> int:
        return len(text)

    def __getattr__(self, name):
        if name in ("stream", "complete", "complete_json", "load"):
            pytest.fail(f"a note called the model ({name})")
        raise AttributeError(name)


@pytest.mark.parametrize("text", ["/note 苏晚的来历", "/笔记 苏晚的来历", "／笔记 苏晚的来历", "/笔记苏晚的来历",
                                  "/NOTE 苏晚的来历"])
def test_note_parses_in_chinese_and_english_with_either_slash(text):
    assert parse(text) == Command("note", text="苏晚的来历")


def test_a_note_keeps_every_line_after_the_command():
    assert parse("/note 第一行\n" + SETTING).text == "第一行\n" + SETTING


def test_a_note_without_words_is_an_error():
    with pytest.raises(CommandError, match="needs the text"):
        parse("/笔记  ")


def test_through_the_gateway_a_note_is_stored_in_the_active_task_and_no_model_is_called(book, queues, builder):
    task = queues.new("人物：苏晚", "character")
    turn = asyncio.run(Gateway(book, NoModel(), queues, builder).say("/笔记\n" + SETTING))
    messages = book.archive.messages(task["id"])
    assert [(m["role"], m["content"], m["meta"]) for m in messages] == [("user", SETTING, {"note": True})]
    assert (turn.task_id, turn.user_message_id, turn.reply, turn.message_id) == (task["id"], messages[0]["id"], "",
                                                                               None)
    assert "笔记" in turn.notice


def test_a_note_with_no_active_task_starts_one_titled_by_its_words(book, queues, builder):
    turn = asyncio.run(Gateway(book, NoModel(), queues, builder).say("/note " + SETTING))
    assert turn.event == "created" and queues.active()["title"] == "苏晚，出身江南苏家，左颊有一道旧疤。 她后来改用"
    assert [m["content"] for m in book.archive.messages(turn.task_id)] == [SETTING]


def test_a_stored_note_is_part_of_what_settlement_reads(book, queues, builder):
    task = queues.new("人物：苏晚", "character")
    store_note(book, queues, SETTING)
    assert [m["content"] for m in builder.build(task["id"], "settle").messages] == [SETTING]


def test_a_note_file_is_decoded_like_an_import_gb18030_included(tmp_path):
    path = tmp_path / "苏晚设定.txt"
    path.write_bytes(SETTING.encode("gb18030"))
    assert read_note_file(path) == SETTING
    markdown = tmp_path / "notes.md"
    markdown.write_text("# 苏晚\n" + SETTING, encoding="utf-8")
    assert read_note_file(markdown).startswith("# 苏晚\n")


@pytest.mark.parametrize("name, data, message", [
    ("cover.jpg", b"\xff\xd8\xff\xe0", "a .txt or .md file"),
    ("empty.txt", b"", "empty"),
    ("book.txt", b"PK\x03\x04" + b"\x00" * 40, "ZIP"),
])
def test_a_file_that_is_not_a_text_note_is_refused_with_the_reason(tmp_path, name, data, message):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(NoteError, match=message):
        read_note_file(path)
