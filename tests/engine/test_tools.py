"""Memory tools as data: the call schema (and its grammar), and each tool run against a real small book."""

from __future__ import annotations

import pytest

from desktop.book.book import Book
from desktop.book.retrieval import Retriever
from desktop.engine import jsonout
from desktop.engine.tools import describe_call, parse_call, run_tool, tool_call_schema, tool_instructions

CANON = {
    "chapter": 2,
    "entities": [{"kind": "Character", "name": "林动", "aliases": ["小动"], "summary": "林家少年",
                  "attributes": {"境界": "淬体三重"}},
                 {"kind": "Character", "name": "林琅天"},
                 {"kind": "Item", "name": "祖石", "summary": "神秘的石符"}],
    "relations": [{"type": "OWNS", "from": "林动", "to": "祖石"}],
    "settings": [{"title": "林家", "category": "势力", "body": "青阳镇的家族，族长林震天。"},
                 {"title": "淬体境", "category": "境界", "body": "修炼的第一境，分九重。"}],
    "plan": [{"level": "GeneralOutline", "title": "总纲"},
             {"level": "LongOutline", "title": "第一卷", "parent": "总纲"},
             {"level": "ShortOutline", "title": "族比", "parent": "第一卷", "status": "InProgress", "chapters": [3, 5],
              "steps": [{"kind": "开端", "summary": "林动报名族比", "status": "InProgress", "chapter": 3}]}],
}


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "b.inkstone", title="武动", language="zh")
    opened.journal.apply(CANON, source="file:canon.json")
    for number, text in ((1, "林动在后山修炼，祖石发出微光。"), (2, "林琅天在族比前挑衅林动。"), (3, "族比开始。")):
        opened.archive.replace_chapter(number, f"第{number}章", text, volume=None, heading=f"第{number}章",
                                       source_path="x.txt", content_hash=f"h{number}",
                                       chunks=[{"seq": 0, "text": text, "start": 0, "end": len(text),
                                                "entity_list": [n for n in ("林动", "林琅天", "祖石") if n in text]}])
    yield opened
    opened.close()


@pytest.fixture
def retriever(book):
    return Retriever(book.archive, book.facts, None)


VALID = [
    {"tool": "query_memory", "query": "祖石", "mode": "hybrid"},
    {"tool": "facts_as_of", "entity": "林动", "chapter": 2},
    {"tool": "setting", "title": "林家"},
    {"tool": "setting", "category": "境界"},
    {"tool": "excerpts", "chapters": [1, 2]},
    {"tool": "excerpts", "entities": ["林动", "林琅天"]},
    {"tool": "plan_pointer"},
    {"tool": "answer"},
]


@pytest.mark.parametrize("call", VALID, ids=lambda c: c["tool"])
def test_every_tool_call_shape_validates_and_parses(call):
    assert parse_call(call) == call


@pytest.mark.parametrize("bad", [
    {"tool": "query_memory", "query": "祖石"},                      # no mode
    {"tool": "query_memory", "query": "祖石", "mode": "magic"},
    {"tool": "setting"},                                           # neither title nor category
    {"tool": "excerpts", "chapters": [1]},
    {"tool": "delete_everything"},
    {"tool": "answer", "extra": 1},
    {"tool": "facts_as_of", "entity": "  ", "chapter": 2},          # blank after trimming
    "answer",
])
def test_malformed_calls_do_not_parse(bad):
    assert parse_call(bad) is None


def test_the_schema_compiles_to_a_grammar_with_one_alternative_per_call_shape():
    grammar = jsonout.grammar_for(tool_call_schema())
    assert grammar.count('"\\"query_memory\\""') == 1 and '"\\"plan_pointer\\""' in grammar
    root = next(line for line in grammar.splitlines() if line.startswith("root ::="))
    assert root.count("|") == len(VALID) - 1


def test_calls_read_as_a_person_would_write_them():
    assert describe_call({"tool": "query_memory", "query": "祖石", "mode": "graph"}) == "query_memory(祖石, graph)"
    assert describe_call({"tool": "excerpts", "chapters": [1, 2]}) == "excerpts([1, 2])"


def test_query_memory_finds_facts_settings_and_chunks(book, retriever):
    result = run_tool(book, retriever, {"tool": "query_memory", "query": "林动 祖石", "mode": "hybrid"})
    assert "OWNS" in result and "祖石发出微光" in result


def test_query_memory_in_graph_mode_says_when_no_entity_is_named(book, retriever):
    result = run_tool(book, retriever, {"tool": "query_memory", "query": "天气", "mode": "graph"})
    assert "没有这本书已知的" in result


def test_semantic_mode_without_an_embedder_falls_back_to_keywords(book, retriever):
    result = run_tool(book, retriever, {"tool": "query_memory", "query": "族比", "mode": "semantic"})
    assert "族比开始" in result


def test_facts_as_of_a_chapter_before_the_entity_appears(book, retriever):
    now = run_tool(book, retriever, {"tool": "facts_as_of", "entity": "小动", "chapter": 2})
    assert now.startswith("林动") and "境界: 淬体三重" in now and "林动 OWNS 祖石" in now
    assert "还没有出场" in run_tool(book, retriever, {"tool": "facts_as_of", "entity": "林动", "chapter": 1})
    assert "没有叫「萧炎」" in run_tool(book, retriever, {"tool": "facts_as_of", "entity": "萧炎", "chapter": 2})


def test_setting_by_title_by_keyword_and_by_category(book, retriever):
    assert "族长林震天" in run_tool(book, retriever, {"tool": "setting", "title": "林家"})
    assert "族长林震天" in run_tool(book, retriever, {"tool": "setting", "title": "族长"})
    assert "分九重" in run_tool(book, retriever, {"tool": "setting", "category": "境界"})


def test_excerpts_by_chapters_and_by_entities_meeting(book, retriever):
    by_chapter = run_tool(book, retriever, {"tool": "excerpts", "chapters": [2, 1]})
    assert "第1章" in by_chapter and "第2章" in by_chapter and "第3章" not in by_chapter
    meeting = run_tool(book, retriever, {"tool": "excerpts", "entities": ["小动", "林琅天"]})
    assert "挑衅林动" in meeting and "后山" not in meeting


def test_plan_pointer_names_the_outline_chain_and_step(book, retriever):
    result = run_tool(book, retriever, {"tool": "plan_pointer"})
    assert "族比 < 第一卷 < 总纲" in result and "当前步骤 开端: 林动报名族比" in result and "第3章" in result


def test_a_result_is_kept_short(book, retriever):
    for i in range(12):
        book.archive.put_setting(f"林家旁支{i}", "林家的旁支，" * 30, "势力")
    result = run_tool(book, retriever, {"tool": "setting", "category": "势力"}, max_chars=200)
    assert len(result) <= 202 and result.endswith("…")


def test_the_instructions_use_this_books_names():
    text = tool_instructions(True, 2, entity="林动", chapter=7)
    assert '"entity":"林动","chapter":7' in text and "最多 2 次" in text
