"""What the author types is found first: chapter titles are searched, and an exact keyword hit outranks a
vague vector neighbour in the hybrid preset (on fake vectors, and on real chapters of 红楼梦 with the real
default embedder)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from desktop.book.book import Book
from desktop.book.retrieval import PRESETS, Retriever
from tests.book.test_retrieval import book, fake_embed, put_chapter  # noqa: F401 — `book` is a fixture

_HUI = re.compile(r"^第[一二三四五六七八九十百零〇]+回", re.MULTILINE)


def test_a_chapter_is_found_by_the_words_of_its_title_though_its_text_never_says_them(book):
    put_chapter(book, 1, ["一早起来，园子里静悄悄的。"])
    paragraphs = ["夜里众人各自回房，灯都熄了。", "第二天谁也不提昨晚的事。"]
    book.archive.replace_chapter(
        2, "惑奸谗抄检大观园", "\n".join(paragraphs), volume=None, heading="第二章 惑奸谗抄检大观园",
        source_path="b.txt", content_hash="h2",
        chunks=[{"seq": i, "text": p, "start": 0, "end": len(p)} for i, p in enumerate(paragraphs)])
    for preset in ("keyword", "hybrid"):
        hits = Retriever(book.archive, book.facts, fake_embed).search("抄检大观园", PRESETS[preset])
        assert hits[0]["chapter_number"] == 2, preset
        assert hits[0]["text"] == "夜里众人各自回房，灯都熄了。"  # the chapter's first chunk stands for it
        assert "title" in hits[0]["sources"]


def test_a_chunk_holding_every_word_typed_outranks_chunks_only_the_vectors_found(book):
    # Chapter 1 is full of near-misses the bigram vectors like; chapter 2 holds the exact words once.
    put_chapter(book, 1, ["宝玉在园中挨了骂，心里闷闷的。", "宝玉挨着黛玉坐下。", "宝玉打发人去请大夫。"])
    put_chapter(book, 2, ["贾政喝令小厮拿大棍来，宝玉挨打，众人都不敢劝。"])
    query = "宝玉挨打"
    hybrid = Retriever(book.archive, book.facts, fake_embed).search(query)
    assert hybrid[0]["chapter_number"] == 2
    assert "keyword" in hybrid[0]["sources"]
    plain = Retriever(book.archive, book.facts, fake_embed).search(query, replace(PRESETS["hybrid"],
                                                                                  exact_first=False))
    assert {hit["chapter_number"] for hit in plain} == {1, 2}  # same hits; only the order is the change


@pytest.fixture(scope="module")
def default_embedder():
    embed = pytest.importorskip("desktop.engine.embed")
    from desktop.config import Settings
    from desktop.engine.errors import ModelError

    embedder = embed.open_embedder(Settings())
    try:
        embedder.load()
    except ModelError as exc:
        pytest.skip(f"no default embedder here: {exc}")
    return embedder


def test_famous_episodes_of_hongloumeng_come_first_in_hybrid_search(tmp_path, corpus_dir, default_embedder):
    from desktop.engine.embed import embed_pending
    from desktop.importing.pipeline import import_paths

    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    starts = [m.start() for m in _HUI.finditer(text)] + [len(text)]
    wanted = (27, 31, 44, 46, 74, 79)  # 79 also says 抄检大观园, once, in its text
    source = tmp_path / "红楼梦选.txt"
    source.write_text("".join(text[starts[n - 1]:starts[n]] for n in wanted), encoding="utf-8")
    with Book.create(tmp_path / "hlm", title="红楼梦", embedding_dim=default_embedder.dim) as real:
        import_paths(real.archive, None, [source])
        embed_pending(real.archive, default_embedder)
        vector = lambda query: default_embedder.embed([query])[0]  # noqa: E731
        retriever = Retriever(real.archive, real.facts, vector)
        for query, chapter in (("抄检大观园", 74), ("凤姐泼醋", 44), ("撕扇", 31), ("鸳鸯 誓绝", 46)):
            keyword = retriever.search(query, PRESETS["keyword"])
            hybrid = retriever.search(query, PRESETS["hybrid"])
            assert keyword[0]["chapter_number"] == chapter, query
            assert hybrid[0]["chapter_number"] == chapter, query
