"""Personas: a fixed base, an evolved part updated from settled facts, kept with its history and revertible."""

from __future__ import annotations

import asyncio

import pytest

from desktop.book import personas
from desktop.book.errors import BookError
from desktop.engine.prompts.personas import persona_note
from desktop.engine.streaming import Completion
from desktop.tasks.personas import personas_named, recent_facts, update_persona
from tests.tasks.conftest import apply_doc


class Writer:
    """Writes the persona it is told to, and keeps the request."""

    def __init__(self, *texts: str):
        self.texts = list(texts)
        self.requests: list[list[dict]] = []

    async def complete(self, messages, **options):
        self.requests.append(messages)
        return Completion(self.texts.pop(0), 1, "stop")


@pytest.fixture
def canon(book):
    apply_doc(book, {"chapter": 1, "entities": [{"kind": "Character", "name": "张三", "aliases": ["三哥"],
                                                 "attributes": {"境界": "练气"}},
                                                {"kind": "Character", "name": "李四"}]})
    apply_doc(book, {"chapter": 9, "states": [{"entity": "张三", "key": "境界", "value": "筑基"}],
                     "relations": [{"type": "HATES", "from": "张三", "to": "李四"}]})
    personas.set_base(book.archive, "张三", "沉默寡言，重情义。")
    return book


def test_updating_writes_a_new_evolved_version_from_recent_facts_and_leaves_the_base(canon):
    writer = Writer("筑基后自信了许多，对李四怀恨在心。")
    result = asyncio.run(update_persona(canon, writer, "三哥"))
    assert result["name"] == "张三" and result["base"] == "沉默寡言，重情义。"
    assert result["evolved"] == "筑基后自信了许多，对李四怀恨在心。"
    asked = writer.requests[0][-1]["content"]
    assert "沉默寡言" in asked and "境界=筑基" in asked and "张三 HATES 李四" in asked
    assert asked.index("境界=筑基") < asked.index("境界=练气")  # latest first
    assert [v["version"] for v in result["history"]] == [1]


def test_reverting_brings_an_old_version_back_as_a_new_one(canon):
    writer = Writer("第一版。", "第二版。")
    asyncio.run(update_persona(canon, writer, "张三"))
    asyncio.run(update_persona(canon, writer, "张三"))
    reverted = personas.revert(canon.archive, "张三", 1)
    assert reverted["version"] == 3 and reverted["body"] == "第一版。" and reverted["current"]
    assert personas.persona(canon.archive, "张三")["evolved"] == "第一版。"
    assert [(v["body"], v["current"]) for v in personas.history(canon.archive, "张三")] == [
        ("第一版。", False), ("第二版。", False), ("第一版。", True)]
    personas.revert(canon.archive, "张三", 2)  # the revert itself can be undone
    assert personas.persona(canon.archive, "张三")["evolved"] == "第二版。"
    with pytest.raises(BookError, match="versions 1–4, not 9"):
        personas.revert(canon.archive, "张三", 9)


def test_the_base_is_set_once(canon):
    with pytest.raises(BookError, match="already has a base persona"):
        personas.set_base(canon.archive, "张三", "换一个核心。")
    assert personas.persona(canon.archive, "张三")["base"] == "沉默寡言，重情义。"


def test_an_empty_model_answer_changes_nothing(canon):
    with pytest.raises(BookError, match="nothing was changed"):
        asyncio.run(update_persona(canon, Writer(""), "张三"))
    assert personas.history(canon.archive, "张三") == []


def test_an_unknown_character_is_named_in_the_error(canon):
    with pytest.raises(BookError, match="王五"):
        recent_facts(canon, "王五")


def test_personas_are_found_by_name_or_alias_in_a_message(canon):
    personas.put_evolved(canon.archive, "张三", "多了几分锋芒。")
    found = personas_named(canon, "让三哥说句话")
    assert [p["name"] for p in found] == ["张三"]
    note = persona_note(found[0], zh=True)
    assert "基础人设（不变的核心）：沉默寡言，重情义。" in note and "演变人设（当前）：多了几分锋芒。" in note
    assert personas_named(canon, "李四说了句话") == []
