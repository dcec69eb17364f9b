"""The turn path's fact reads from memory (fact_reads) and the graph's reused prepared statements: fast, and never
stale — a settlement applied or undone after the cache was built is seen by the next read."""

from __future__ import annotations

import dataclasses

import pytest

from desktop.book.book import Book
from desktop.book.fact_reads import reads
from desktop.book.retrieval import PRESETS, Retriever
from desktop.tasks.retrieval import broad_retrieval, entities_named


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "novel.inkstone", title="测试", embedding_dim=16)
    yield opened
    opened.close()


def cast(book: Book) -> None:
    book.journal.apply({
        "chapter": 1,
        "entities": [
            {"kind": "Character", "name": "林动", "aliases": ["小动"], "attributes": {"realm": "淬体三重"}},
            {"kind": "Character", "name": "张三"},
            {"kind": "Item", "name": "青锋剑"},
            {"kind": "Location", "name": "青阳镇"},
        ],
        "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"},
                      {"type": "LIVES_IN", "from": "林动", "to": "青阳镇"}],
    }, source="test")


def graph_facts(book: Book, query: str, as_of: int | None = None) -> list[str]:
    config = dataclasses.replace(PRESETS["graph"], as_of=as_of)
    return [hit["text"] for hit in Retriever(book.archive, book.facts, None).search(query, config)]


# -- prepared statements ---------------------------------------------------------------------------------------


def test_a_prepared_statement_reused_with_other_parameters_returns_the_rows_of_those_parameters(book):
    cast(book)
    query = "MATCH (e:Character) WHERE e.name = $n RETURN e.name AS name, e.aliases AS aliases"
    for _ in range(3):  # the same text each time: prepared once, executed with each parameter set
        assert book.facts.execute(query, {"n": "林动"}) == [{"name": "林动", "aliases": ["小动"]}]
        assert book.facts.execute(query, {"n": "张三"}) == [{"name": "张三", "aliases": []}]
        assert book.facts.execute(query, {"n": "无名"}) == []
    assert query in book.facts._prepared
    assert book.facts.resolve("小动") == book.facts.resolve("林动") != book.facts.resolve("张三")


def test_every_write_and_every_transaction_moves_the_generation_and_reads_do_not(book):
    before = book.facts.generation
    book.facts.execute("MATCH (e:Character) RETURN count(e)")
    assert book.facts.generation == before
    cast(book)
    assert book.facts.generation > before


# -- names -----------------------------------------------------------------------------------------------------


def test_a_name_settled_after_the_index_was_built_is_found(book):
    cast(book)
    retriever = Retriever(book.archive, book.facts, None)
    assert [e.name for e in retriever.named_entities("萧炎来到青阳镇")] == ["青阳镇"]
    book.journal.apply({"chapter": 2, "entities": [{"kind": "Character", "name": "萧炎", "aliases": ["炎子"]}]},
                       source="test")
    assert [e.name for e in retriever.named_entities("萧炎来到青阳镇")] == ["萧炎", "青阳镇"]
    assert [e.name for e in retriever.named_entities("炎子 came")] == ["萧炎"]
    assert [e["name"] for e in entities_named(book, "炎子来了")] == ["萧炎"]
    assert reads(book.facts).resolve("炎子") == book.facts.resolve("炎子")


def test_an_undone_alias_is_gone(book):
    cast(book)
    retriever = Retriever(book.archive, book.facts, None)
    renamed = book.journal.apply({"chapter": 3, "entities": [{"name": "林动", "aliases": ["小动", "林哥"]}]},
                                 source="test").settlement_id
    assert [e.name for e in retriever.named_entities("林哥笑了")] == ["林动"]
    assert [e["name"] for e in entities_named(book, "林哥笑了")] == ["林动"]
    book.journal.undo(renamed)
    assert retriever.named_entities("林哥笑了") == []
    assert entities_named(book, "林哥笑了") == []
    assert reads(book.facts).resolve("林哥") is None is book.facts.resolve("林哥")
    assert [e.name for e in retriever.named_entities("小动笑了")] == ["林动"]


def test_an_undone_entity_is_no_longer_named_or_resolved(book):
    cast(book)
    added = book.journal.apply({"chapter": 2, "entities": [{"kind": "Character", "name": "萧炎"}]},
                               source="test").settlement_id
    assert graph_facts(book, "萧炎") == []  # named, but nothing known about him yet
    assert reads(book.facts).resolve("萧炎") is not None
    book.journal.undo(added)
    assert reads(book.facts).resolve("萧炎") is None
    assert Retriever(book.archive, book.facts, None).named_entities("萧炎") == []


# -- facts as of a chapter ---------------------------------------------------------------------------------------


def test_facts_as_of_a_chapter_change_after_a_settlement_touching_that_chapter(book):
    cast(book)
    assert "张三 —OWNS→ 青锋剑 (from ch 1)" in graph_facts(book, "青锋剑", as_of=5)
    assert not any("林动 —OWNS→" in line for line in graph_facts(book, "青锋剑", as_of=5))
    handed = book.journal.apply({
        "chapter": 5,
        "ends": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
        "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}],
        "states": [{"entity": "林动", "key": "realm", "value": "地元境"}],
    }, source="test").settlement_id
    as_of_5 = graph_facts(book, "青锋剑", as_of=5)
    assert "林动 —OWNS→ 青锋剑 (from ch 5)" in as_of_5
    assert "张三 —OWNS→ 青锋剑 (from ch 1)" not in as_of_5
    assert "张三 —OWNS→ 青锋剑 (from ch 1)" in graph_facts(book, "青锋剑", as_of=4)  # before it: unchanged
    assert "林动 · realm: 地元境 (since ch 5)" in graph_facts(book, "林动", as_of=5)
    # Two hops: 青阳镇 reaches the sword through 林动 only once he owns it.
    assert "林动 —OWNS→ 青锋剑 (from ch 5)" in graph_facts(book, "青阳镇", as_of=5)
    book.journal.undo(handed)
    assert "张三 —OWNS→ 青锋剑 (from ch 1)" in graph_facts(book, "青锋剑", as_of=5)
    assert "林动 · realm: 淬体三重 (since ch 1)" in graph_facts(book, "林动", as_of=5)
    assert not any("林动 —OWNS→" in line for line in graph_facts(book, "青阳镇", as_of=5))


def test_the_cached_walk_finds_what_the_graph_walk_finds(book):
    cast(book)
    book.journal.apply({"chapter": 4, "relations": [{"type": "KNOWS", "from": "林动", "to": "张三"}]},
                       source="test")
    for name in ("林动", "张三", "青锋剑", "青阳镇"):
        for as_of in (1, 3, 4, None):
            for hops in (1, 2):
                kind, entity_id = book.facts.resolve(name)
                walked = book.facts.neighbourhood(name, hops, as_of)["edges"]
                cached = reads(book.facts).neighbourhood_edges(entity_id, hops, as_of)
                key = lambda e: (e["a"], e["b"], e["type"], e["valid_from"])  # noqa: E731
                assert sorted(map(key, cached)) == sorted(map(key, walked)), (name, as_of, hops)


def test_the_context_build_sees_a_new_settlement_and_an_undo(book):
    cast(book)
    first = "\n".join(broad_retrieval(book, "林动", 5)[0].lines)
    assert "淬体三重" in first
    raised = book.journal.apply({"chapter": 5, "states": [{"entity": "林动", "key": "realm", "value": "地元境"}]},
                                source="test").settlement_id
    facts = next(s for s in broad_retrieval(book, "林动", 5) if s.name == "facts")
    assert "realm=地元境" in "\n".join(facts.lines)
    book.journal.undo(raised)
    facts = next(s for s in broad_retrieval(book, "林动", 5) if s.name == "facts")
    assert "realm=淬体三重" in "\n".join(facts.lines)


def test_a_cached_snapshot_handed_out_cannot_be_spoiled_by_its_caller(book):
    cast(book)
    snap = reads(book.facts).snapshot(1, "林动")
    snap["entities"].clear()
    assert reads(book.facts).snapshot(1, "林动")["entities"]


# -- chapter headings kept across searches -------------------------------------------------------------------------


def test_a_chapter_imported_after_a_search_is_found_by_its_title(book):
    from tests.book.test_retrieval import put_chapter

    put_chapter(book, 1, ["林动在青阳镇练拳。"], embed=None)
    retriever = Retriever(book.archive, book.facts, None)
    assert retriever.search("抄检大观园", PRESETS["keyword"]) == []
    put_chapter(book, 2, ["凤姐带人连夜搜检。"], embed=None)
    book.archive.replace_chapter(2, "抄检大观园", "凤姐带人连夜搜检。", volume=None, heading="第二回 抄检大观园",
                                 source_path="book.txt", content_hash="renamed",
                                 chunks=[{"seq": 0, "text": "凤姐带人连夜搜检。", "start": 0, "end": 9,
                                          "entity_list": []}])
    hits = retriever.search("抄检大观园", PRESETS["keyword"])
    assert [hit["chapter_number"] for hit in hits] == [2]
