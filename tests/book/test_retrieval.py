"""Hybrid retrieval over a real book (SQLite + sqlite-vec + FTS5, Kuzu): fusion, filters, scopes and the facts walk."""

from __future__ import annotations

import dataclasses
import hashlib

import numpy as np
import pytest

from desktop.book.book import Book
from desktop.book.retrieval import PRESETS, Retriever, SearchConfig, rrf
from tests.bench.retrieval import bench_retrieval

DIM = 64


def fake_embed(text: str) -> np.ndarray:
    """Character bigrams hashed into DIM buckets: texts sharing words point the same way. Deterministic."""
    vector = np.zeros(DIM, dtype=np.float32)
    for i in range(max(1, len(text) - 1)):
        bucket = int.from_bytes(hashlib.blake2b(text[i:i + 2].encode(), digest_size=4).digest(), "little")
        vector[bucket % DIM] += 1.0
    return vector / (np.linalg.norm(vector) or 1.0)


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "novel.inkstone", title="测试", embedding_dim=DIM)
    yield opened
    opened.close()


def put_chapter(book: Book, number: int, paragraphs: list[str], names: list[list[str]] | None = None,
                embed=fake_embed) -> list[int]:
    """A chapter whose chunks are the given paragraphs (embedded with `embed` unless None); the chunk ids."""
    text = "\n".join(paragraphs)
    chunks, start = [], 0
    for seq, paragraph in enumerate(paragraphs):
        chunks.append({"seq": seq, "text": paragraph, "start": start, "end": start + len(paragraph),
                       "entity_list": names[seq] if names else []})
        start += len(paragraph) + 1
    chapter_id, _ = book.archive.replace_chapter(
        number, f"第{number}章", text, volume=None, heading=f"第{number}章", source_path="book.txt",
        content_hash=hashlib.sha256(text.encode()).hexdigest(), chunks=chunks)
    ids = [c["id"] for c in book.archive.chunks_of(chapter_id)]
    if embed is not None:
        book.archive.store_embeddings([(i, embed(p)) for i, p in zip(ids, paragraphs)])
    return ids


def sword_story(book: Book) -> None:
    """张三 owns 青锋剑 from ch 1 and loses it to 林动 (alias 小动) in ch 12; 林动's realm rises in ch 15."""
    book.journal.apply({
        "chapter": 1,
        "entities": [
            {"kind": "Character", "name": "张三"},
            {"kind": "Character", "name": "林动", "aliases": ["小动"], "attributes": {"realm": "淬体三重"}},
            {"kind": "Item", "name": "青锋剑"},
            {"kind": "Faction", "name": "青阳宗"},
        ],
        "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"},
                      {"type": "MEMBER_OF", "from": "张三", "to": "青阳宗"}],
        "hooks": [{"name": "剑中之秘", "description": "青锋剑里封着一缕残魂", "involves": ["青锋剑"]}],
    }, source="test")
    book.journal.apply({
        "chapter": 12,
        "ends": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
        "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}],
    }, source="test")
    book.journal.apply({"chapter": 15, "states": [{"entity": "林动", "key": "realm", "value": "地元境"}]},
                       source="test")


def texts(hits: list[dict]) -> list[str]:
    return [hit["text"] for hit in hits]


# -- fusion -------------------------------------------------------------------------------------------------


def test_rrf_orders_items_by_summed_reciprocal_ranks():
    fused = rrf([["a", "b", "c"], ["c", "a", "d"]], k=60)
    assert [item for item, _ in fused] == ["a", "c", "b", "d"]
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)
    assert fused[1][1] == pytest.approx(1 / 63 + 1 / 61)


def test_rrf_keeps_ties_in_the_order_first_met_and_counts_a_repeat_once():
    assert [item for item, _ in rrf([["x"], ["y"]])] == ["x", "y"]
    assert [item for item, _ in rrf([["y"], ["x"]])] == ["y", "x"]
    assert rrf([["x", "x"]], k=0) == [("x", 1.0)]


def test_an_item_found_by_both_methods_outranks_items_found_by_one(book):
    put_chapter(book, 1, ["少年御剑飞行，掠过云海。", "少年在山间御剑飞行了一整夜。", "城里的酒楼今天很热闹。"])
    hits = Retriever(book.archive, book.facts, fake_embed).search("御剑飞行，掠过云海")
    assert hits[0]["text"] == "少年御剑飞行，掠过云海。"
    assert set(hits[0]["sources"]) == {"keyword", "vector"}
    assert hits[0]["score"] > hits[1]["score"]


def test_a_search_config_refuses_unknown_methods_and_empty_ranges():
    with pytest.raises(ValueError, match="bm25"):
        SearchConfig(methods=("bm25",))
    with pytest.raises(ValueError, match="empty"):
        SearchConfig(chapters=(5, 2))
    assert SearchConfig(scopes=["chunks"], chapters=[1, 2]).scopes == ("chunks",)


# -- chunks ---------------------------------------------------------------------------------------------------


def test_keyword_only_search_finds_a_two_character_chinese_name(book):
    put_chapter(book, 1, ["风和日丽，万里无云。", "林动御剑而行，脚下飞剑化作一道青虹。", "山下的集市人来人往。"])
    hits = Retriever(book.archive, book.facts, fake_embed).search("林动", PRESETS["keyword"])
    assert texts(hits) == ["林动御剑而行，脚下飞剑化作一道青虹。"]
    assert hits[0]["sources"] == {"keyword": 1}
    assert hits[0]["chapter_number"] == 1 and hits[0]["chapter_title"] == "第1章"


def test_without_a_query_embedder_the_vector_method_is_skipped(book):
    put_chapter(book, 1, ["林动拔出了青锋剑。", "天色渐渐暗了下来。"])
    hits = Retriever(book.archive, book.facts, None).search("青锋剑")
    assert texts(hits) == ["林动拔出了青锋剑。"]
    assert set(hits[0]["sources"]) == {"keyword"}


def test_a_question_in_running_chinese_still_finds_chunks_by_the_names_in_it(book):
    sword_story(book)
    put_chapter(book, 1, ["林动在后山练剑。", "天色渐渐暗了下来。"], embed=None)
    hits = Retriever(book.archive, book.facts, None).search("林动后来去了哪里？", PRESETS["keyword"])
    assert texts(hits) == ["林动在后山练剑。"]


def test_punctuation_in_a_query_separates_words_that_must_all_appear(book):
    put_chapter(book, 1, ["林动拔出了青锋剑。", "林动独自下山。", "青锋剑挂在墙上。"], embed=None)
    hits = Retriever(book.archive, book.facts, None).search("林动，青锋剑", PRESETS["keyword"])
    assert texts(hits) == ["林动拔出了青锋剑。"]


def test_the_chapter_range_limits_every_method(book):
    for number in (1, 2, 3):
        put_chapter(book, number, [f"第{number}次，林动拔出了青锋剑。"])
    retriever = Retriever(book.archive, book.facts, fake_embed)
    for preset in ("keyword", "semantic", "hybrid"):
        config = dataclasses.replace(PRESETS[preset], chapters=(2, 3))
        assert sorted(hit["chapter_number"] for hit in retriever.search("林动拔出了青锋剑", config)) == [2, 3]


def test_co_occurrence_filter_keeps_chunks_naming_all_entities_and_resolves_aliases(book):
    sword_story(book)
    put_chapter(book, 1, ["林动握着青锋剑，剑光如水。", "林动独自下山，剑光闪过。", "青锋剑挂在墙上，剑光暗淡。"],
                names=[["林动", "青锋剑"], ["林动"], ["青锋剑"]])
    retriever = Retriever(book.archive, book.facts, fake_embed)
    config = dataclasses.replace(PRESETS["hybrid"], with_entities=("小动", "青锋剑"))
    assert texts(retriever.search("剑光", config)) == ["林动握着青锋剑，剑光如水。"]
    assert texts(retriever.search("", config)) == ["林动握着青锋剑，剑光如水。"]  # no words: just "where both appear"
    assert retriever.search("剑光", dataclasses.replace(config, with_entities=("无名氏",))) == []


def test_a_chunk_hit_comes_with_its_neighbours_in_reading_order(book):
    ids = put_chapter(book, 1, ["第一段。", "第二段，林动出场。", "第三段。", "第四段。"])
    put_chapter(book, 2, ["下一章的开头。"])
    config = dataclasses.replace(PRESETS["keyword"], neighbours=1)
    [hit] = Retriever(book.archive, book.facts, None).search("林动", config)
    assert hit["id"] == ids[1]
    assert [c["id"] for c in hit["neighbours"]] == [ids[0], ids[2]]
    assert "neighbours" not in Retriever(book.archive, book.facts, None).search("林动", PRESETS["keyword"])[0]


def test_the_archive_fetches_the_windows_of_several_chunks_in_one_call(book):
    first = put_chapter(book, 1, ["甲。", "乙。", "丙。"], embed=None)
    second = put_chapter(book, 2, ["丁。", "戊。"], embed=None)
    windows = book.archive.chunk_windows([first[0], second[1], 999_999], radius=1)
    assert {centre: [c["text"] for c in window] for centre, window in windows.items()} == {
        first[0]: ["甲。", "乙。"], second[1]: ["丁。", "戊。"]}
    assert [c["chapter_number"] for c in windows[second[1]]] == [2, 2]
    assert book.archive.chunk_windows([first[1]]) == {first[1]: [book.archive.chunk(first[1])]}
    assert book.archive.chunk_windows([]) == {}


def test_the_graph_method_finds_chunks_that_mention_the_named_entities(book):
    sword_story(book)
    put_chapter(book, 1, ["他握紧了剑。", "风吹过山岗。"], names=[["林动", "青锋剑"], []], embed=None)
    config = SearchConfig(methods=("graph",))
    hits = Retriever(book.archive, book.facts, None).search("小动和青锋剑", config)
    assert texts(hits) == ["他握紧了剑。"]
    assert hits[0]["sources"] == {"graph": 1}


def test_the_retriever_gives_the_chapters_before_the_one_being_written(book):
    for number in range(1, 8):
        put_chapter(book, number, [f"第{number}章的正文。"], embed=None)
    retriever = Retriever(book.archive, book.facts, None)
    assert [c["number"] for c in retriever.chapters_before(7)] == [2, 3, 4, 5, 6]
    assert [c["number"] for c in retriever.chapters_before(3, n=5)] == [1, 2]


# -- settings ----------------------------------------------------------------------------------------------------


def test_settings_scope_searches_current_entries_and_filters_by_category(book):
    sword_story(book)
    book.journal.apply({"settings": [
        {"title": "青锋剑", "category": "法宝", "body": "三尺青锋，削铁如泥。", "entities": ["青锋剑"]},
        {"title": "青阳镇", "category": "地理", "body": "青阳镇在山脚，镇上有铁匠铺。"},
        {"title": "境界", "category": "修炼", "body": "淬体、地元、天元，逐级而上。"},
    ]}, source="test")
    retriever = Retriever(book.archive, book.facts, None)
    assert [hit["title"] for hit in retriever.search("青", PRESETS["settings"])] == ["青锋剑", "青阳镇"]
    config = dataclasses.replace(PRESETS["settings"], category="地理")
    [hit] = retriever.search("青", config)
    assert (hit["kind"], hit["title"], hit["category"]) == ("setting", "青阳镇", "地理")
    assert hit["text"] == "青阳镇\n青阳镇在山脚，镇上有铁匠铺。"
    tagged = SearchConfig(methods=("graph",), scopes=("settings",))
    assert [hit["title"] for hit in retriever.search("那把青锋剑", tagged)] == ["青锋剑"]


# -- facts --------------------------------------------------------------------------------------------------------


def test_the_facts_scope_gives_fact_lines_as_of_a_chapter_without_ended_relations(book):
    sword_story(book)
    retriever = Retriever(book.archive, book.facts, None)
    at_20 = texts(retriever.search("青锋剑在谁手里", dataclasses.replace(PRESETS["graph"], as_of=20)))
    assert "林动 —OWNS→ 青锋剑 (from ch 12)" in at_20
    assert not any(line.startswith("张三 —OWNS→") for line in at_20)
    assert "hook 剑中之秘: 青锋剑里封着一缕残魂 (planted ch 1, unresolved)" in at_20
    at_5 = texts(retriever.search("青锋剑在谁手里", dataclasses.replace(PRESETS["graph"], as_of=5)))
    assert "张三 —OWNS→ 青锋剑 (from ch 1)" in at_5
    assert not any(line.startswith("林动 —OWNS→") for line in at_5)


def test_the_facts_walk_reaches_two_hops_and_puts_the_named_entity_first(book):
    sword_story(book)
    retriever = Retriever(book.archive, book.facts, None)
    config = dataclasses.replace(PRESETS["graph"], as_of=5)
    lines = texts(retriever.search("小动", config))
    assert lines[0] == "林动 · realm: 淬体三重 (since ch 1)"
    assert "张三 —OWNS→ 青锋剑 (from ch 1)" not in lines  # 林动 has no relation yet in ch 5
    lines = texts(retriever.search("小动", dataclasses.replace(config, as_of=None)))
    assert lines[:2] == ["林动 · realm: 地元境 (since ch 15)", "林动 —OWNS→ 青锋剑 (from ch 12)"]
    # In ch 5 the sword is 张三's, and 张三 belongs to 青阳宗: two hops from the sword.
    one_hop = texts(retriever.search("青锋剑", dataclasses.replace(config, hops=1)))
    assert one_hop == ["张三 —OWNS→ 青锋剑 (from ch 1)", "hook 剑中之秘: 青锋剑里封着一缕残魂 (planted ch 1, unresolved)"]
    two_hops = texts(retriever.search("青锋剑", config))
    assert two_hops == one_hop + ["张三 —MEMBER_OF→ 青阳宗 (from ch 1)"]


def test_names_in_a_query_are_matched_longest_first_and_new_names_are_seen_after_a_settlement(book):
    sword_story(book)
    retriever = Retriever(book.archive, book.facts, None)
    assert [e.name for e in retriever.named_entities("青锋剑与小动")] == ["青锋剑", "林动"]
    assert retriever.named_entities("林动天来了") == [retriever.named_entities("林动")[0]]
    assert retriever.named_entities("林动天") and not retriever.named_entities("王五")
    book.journal.apply({"chapter": 20, "entities": [{"kind": "Character", "name": "林动天"}]}, source="test")
    assert [e.name for e in retriever.named_entities("林动天来了")] == ["林动天"]


def test_everything_returns_chunks_settings_and_facts_scope_by_scope(book):
    sword_story(book)
    book.journal.apply({"settings": [{"title": "青锋剑", "category": "法宝", "body": "三尺青锋。"}]}, source="t")
    put_chapter(book, 12, ["林动赢下比武，得了青锋剑。", "众人哗然。"], names=[["林动", "青锋剑"], []])
    hits = Retriever(book.archive, book.facts, fake_embed).search("青锋剑", PRESETS["everything"])
    kinds = [hit["kind"] for hit in hits]
    assert kinds == sorted(kinds, key=["chunk", "setting", "fact"].index)
    assert {"chunk", "setting", "fact"} <= set(kinds)
    assert hits[0]["text"] == "林动赢下比武，得了青锋剑。"
    assert set(hits[0]["sources"]) == {"keyword", "vector", "graph"}


# -- the real embedder ---------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_default_embedder_finds_a_paraphrased_sentence(tmp_path):
    embed = pytest.importorskip("desktop.engine.embed")
    if not hasattr(embed, "open_embedder"):
        pytest.skip("desktop.engine.embed has no open_embedder yet")
    from desktop.config import Settings
    from desktop.engine.errors import ModelError

    embedder = embed.open_embedder(Settings())
    try:
        embedder.load()
    except ModelError as exc:
        pytest.skip(f"no default embedder here: {exc}")
    with Book.create(tmp_path / "real.inkstone", title="真", embedding_dim=embedder.dim) as real:
        paragraphs = ["林动在后山的瀑布下苦练剑法，直到深夜才回到住处。",
                      "城中的药铺今日进了一批上好的灵草，掌柜笑得合不拢嘴。",
                      "宗门大比将在三日后举行，各峰弟子都在摩拳擦掌。",
                      "小镇东头的老铁匠打了一辈子铁，从没见过这样的陨铁。"]
        put_chapter(real, 1, paragraphs, embed=lambda text: embedder.embed([text])[0])
        retriever = Retriever(real.archive, real.facts, lambda text: embedder.embed([text])[0])
        hits = retriever.search("半夜了他还在瀑布旁边练剑", PRESETS["semantic"])
        assert hits[0]["text"] == paragraphs[0]


@pytest.mark.slow
def test_the_retrieval_bench_reports_every_figure_on_a_small_generated_book():
    figures = bench_retrieval(chapters=3, chunks_per_chapter=4, characters=12, queries=8)
    assert figures["chunks"] == 12 and figures["facts"] > 12
    for key in ("hybrid_p50_ms", "hybrid_p95_ms", "vector_only_p95_ms", "graph_2hop_p95_ms",
                "context_build_p95_ms", "raw_2hop_p95_ms", "graph_2hop_vs_raw", "turn_retrieval_p95_ms"):
        assert figures[key] > 0
    assert figures["query_embed_ms"] is None and figures["vectors"] == "random unit vectors"
