"""An episode named as readers name it is found though no one chunk holds the name as typed: 晴雯撕扇 is 晴雯 in a
chapter's text and 撕扇 in its title, 黛玉焚稿 is 黛玉 and 焚稿 apart; an English name is found through its
words' other forms (elopes → eloped). Such a chapter outranks chunks only the vectors found."""

from __future__ import annotations

import hashlib

from desktop.book.keyword_cover import cover_clauses, covering_chapters
from desktop.book.retrieval import PRESETS, Retriever
from tests.book.test_retrieval import book, fake_embed, put_chapter  # noqa: F401 — `book` is a fixture


def put_titled(book, number: int, title: str, paragraphs: list[str]) -> list[int]:
    """A chapter with a title, its chunks the paragraphs (embedded with fake_embed); the chunk ids."""
    text = "\n".join(paragraphs)
    chunks, start = [], 0
    for seq, paragraph in enumerate(paragraphs):
        chunks.append({"seq": seq, "text": paragraph, "start": start, "end": start + len(paragraph)})
        start += len(paragraph) + 1
    chapter_id, _ = book.archive.replace_chapter(
        number, title, text, volume=None, heading=f"第{number}回 {title}", source_path="book.txt",
        content_hash=hashlib.sha256(text.encode()).hexdigest(), chunks=chunks)
    ids = [c["id"] for c in book.archive.chunks_of(chapter_id)]
    book.archive.store_embeddings([(i, fake_embed(p)) for i, p in zip(ids, paragraphs)])
    return ids


def test_a_chinese_name_asks_for_the_bigrams_that_cover_each_of_its_characters():
    assert cover_clauses(["黛玉葬花"]) == [("黛玉",), ("葬花",)]
    assert cover_clauses(["抄检大观园"]) == [("抄检",), ("观园",), ("检大", "大观")]
    assert cover_clauses(["宝玉", "笞挞"]) == [("宝玉",), ("笞挞",)]
    assert cover_clauses(["撕"]) == [("撕",)]


def test_an_english_name_asks_for_its_words_stems_and_drops_a_lone_letter():
    assert cover_clauses(["Lydia", "elopes", "with", "Wickham"]) == [("lydia",), ("elop",), ("with",), ("wickham",)]
    assert cover_clauses(["Darcy", "s", "letter"]) == [("darcy",), ("letter",)]


def test_a_chapter_holding_the_name_between_its_title_and_its_text_is_found(book):
    put_titled(book, 30, "宝钗借扇机带双敲", ["宝钗笑道：“你们通今博古，才知道负荆请罪。”", "晴雯在廊下看雀儿。"])
    fan = put_titled(book, 31, "撕扇子作千金一笑", ["端阳佳节，蒲艾簪门。", "晴雯听了，冷笑道：“二爷近来气大得很。”"])
    for preset in ("keyword", "hybrid"):
        hits = Retriever(book.archive, book.facts, fake_embed).search("晴雯撕扇", PRESETS[preset])
        assert hits[0]["chapter_number"] == 31, preset
        assert hits[0]["id"] == fan[1]  # the chunk that holds 晴雯 stands for the chapter
        assert "chapter" in hits[0]["sources"]


def test_the_chapter_where_the_rare_word_is_comes_before_one_where_the_common_name_is(book):
    # 黛玉 is in every chapter, 焚稿 in two: one 焚稿 more outweighs one 黛玉 more.
    put_chapter(book, 1, ["黛玉在窗下看书。", "黛玉叫紫鹃倒茶。", "焚稿两个字她也写过。"])
    put_chapter(book, 2, ["黛玉命雪雁笼上火盆。", "把那诗稿焚稿于火中。", "焚稿断痴情，紫鹃哭了。"])
    put_chapter(book, 3, ["黛玉和宝玉说了半日话。"])
    put_chapter(book, 4, ["黛玉进了园子。"])
    ids = covering_chapters(book.archive, ["黛玉焚稿"])
    chapters = [book.archive.chunk_windows([i])[i][0]["chapter_number"] for i in ids]
    assert chapters == [2, 1]


def test_a_chapter_that_holds_the_words_outranks_vector_neighbours_that_hold_the_look_of_them(book):
    # Chapter 1 is near-misses the bigram vectors like (元妃, 省 and 亲 everywhere), chapter 2 the episode.
    put_chapter(book, 1, ["元妃省视", "元妃省父", "元妃亲临", "省亲元妃"[::-1]])
    put_titled(book, 2, "贾元春归省庆元宵", ["且说元妃在轿内看此园内外如此豪华。", "为省亲一事，众人忙了一年。"])
    hits = Retriever(book.archive, book.facts, fake_embed).search("元妃省亲", PRESETS["hybrid"])
    assert hits[0]["chapter_number"] == 2
    assert "chapter" in hits[0]["sources"]


def test_english_episode_names_find_the_chapter_through_other_forms_of_their_words(book):
    put_chapter(book, 46, ["Jane wrote that Lydia had gone off with Wickham.", "They had eloped from Brighton."])
    put_chapter(book, 47, ["Wickham was a man of no character.", "Lydia wrote to Mrs. Forster."])
    hits = Retriever(book.archive, book.facts, fake_embed).search("Lydia elopes with Wickham", PRESETS["hybrid"])
    assert hits[0]["chapter_number"] == 46


def test_a_search_the_chunks_answer_as_typed_does_not_go_looking_by_chapter(book):
    put_chapter(book, 1, ["晴雯撕扇，宝玉笑了。"])
    put_titled(book, 2, "撕扇子作千金一笑", ["晴雯听了，冷笑道。"])
    hits = Retriever(book.archive, book.facts, fake_embed).search("晴雯撕扇", PRESETS["keyword"])
    assert hits[0]["chapter_number"] == 1
    assert all("chapter" not in hit["sources"] for hit in hits)
