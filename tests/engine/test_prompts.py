"""The prompts package: every table is keyed by the same languages, each language saying the same things."""

from __future__ import annotations

import json

import pytest

from desktop.engine.prompts import context, gateway, personas, settle

TABLES = [context.FOCUS, context.CHAT_INSTRUCTIONS, context.SPEAKERS, context.HEADINGS, gateway.SUMMARISE,
          personas.PERSONA_NOTE]


@pytest.mark.parametrize("table", TABLES)
def test_each_prompt_table_speaks_every_language_with_the_same_keys(table):
    assert set(table) == set(context.LANGUAGES)
    shapes = {language: sorted(value) if isinstance(value, dict) else "text" for language, value in table.items()}
    assert len({json.dumps(shape) for shape in shapes.values()}) == 1


def test_the_chat_instructions_name_the_task_and_its_focus_in_the_books_language():
    task = {"id": 3, "title": "设定人物：张三", "kind": "character"}
    assert "#3「设定人物：张三」" in context.chat_instructions(task, True)
    assert context.FOCUS["en"]["character"] in context.chat_instructions(task, False)


def test_the_settle_example_is_a_discussion_and_a_document_that_parses():
    discussion, document = settle.SETTLE_EXAMPLE
    assert "作者" in discussion and json.loads(document)["chapter"] == 2
