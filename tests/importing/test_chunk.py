"""Chunking at paragraph and sentence ends with exact offsets, and finding known names in chunks."""

from __future__ import annotations

import random
import time

import pytest

from desktop.importing.chunk import EntityMatcher, chunk_text, find_entities
from desktop.importing.split import split_chapters

SENTENCE_ENDS = tuple("。！？!?…”」’\".")


@pytest.fixture(scope="module")
def hlm_chapters(corpus_dir):
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    return split_chapters(text, default_title="红楼梦").chapters


def test_offsets_point_at_the_chunk_text_and_chunks_cover_the_whole_chapter(hlm_chapters):
    chapter = hlm_chapters[2].text
    chunks = chunk_text(chapter, size=600)
    assert [c.seq for c in chunks] == list(range(len(chunks)))
    for chunk in chunks:
        assert chapter[chunk.start:chunk.end] == chunk.text
        assert chunk.text == chunk.text.strip()
    gaps = [chapter[a.end:b.start] for a, b in zip(chunks, chunks[1:])]
    assert all(gap.strip() == "" for gap in gaps)  # nothing between chunks but whitespace
    assert chapter[: chunks[0].start].strip() == "" and chapter[chunks[-1].end:].strip() == ""


def test_chinese_chunks_end_at_sentence_or_paragraph_ends_and_stay_near_the_size(hlm_chapters):
    for chapter in hlm_chapters[:20]:
        chunks = chunk_text(chapter.text, size=400)
        for chunk in chunks[:-1]:
            at_paragraph_end = chapter.text[chunk.end] == "\n"
            assert chunk.text.endswith(SENTENCE_ENDS) or at_paragraph_end, chunk.text[-20:]
            assert len(chunk.text) <= 800
        assert sum(len(c.text) for c in chunks) / len(chunks) > 200


def test_paragraph_ends_are_preferred_to_sentence_ends():
    paragraph = "　　" + "他走了很远的路。" * 20  # 162 characters
    text = "\n".join([paragraph] * 6)
    chunks = chunk_text(text, size=400)
    assert all(chunk.text.endswith("。") for chunk in chunks)
    for chunk in chunks:  # every chunk is whole paragraphs
        assert chunk.start == 0 or text[chunk.start - 1] in "\u3000\n"
        assert chunk.end == len(text) or text[chunk.end] == "\n"


def test_a_sentence_up_to_twice_the_size_is_kept_whole():
    long_sentence = "他" + "走" * 700 + "。"
    chunks = chunk_text("短句一。" + long_sentence + "短句二。", size=400)
    assert long_sentence in [c.text for c in chunks]


def test_only_a_sentence_over_twice_the_size_is_cut_and_then_at_a_comma_if_it_can():
    clause = "风" * 90 + "，"
    sentence = clause * 15 + "完。"  # 1367 characters without a sentence end
    chunks = chunk_text(sentence, size=300)
    assert len(chunks) > 2
    assert "".join(c.text for c in chunks) == sentence
    assert all(c.text.endswith("，") for c in chunks[:-1])


def test_hard_wrapped_english_lines_are_not_sentence_ends(corpus_dir):
    text = (corpus_dir / "en" / "pride-and-prejudice.txt").read_text(encoding="utf-8")
    chapter = split_chapters(text, default_title="P&P").chapters[0].text
    for chunk in chunk_text(chapter, size=500):
        assert chunk.text.rstrip('"').endswith((".", "?", "!")), chunk.text[-40:]


def test_mr_and_mrs_do_not_end_a_sentence():
    text = "Mr. Bennet was among the earliest of those who waited on Mr. Bingley. " * 3
    pieces = chunk_text(text, size=80)
    assert not any(piece.text.endswith(("Mr.", "Mrs.")) for piece in pieces)


def test_overlap_repeats_the_end_of_one_chunk_at_the_start_of_the_next():
    text = "".join(f"第{i}句话在这里。" for i in range(200))
    chunks = chunk_text(text, size=200, overlap=50)
    for previous, following in zip(chunks, chunks[1:]):
        assert following.start < previous.end
        assert previous.end - following.start <= 50
        assert following.start > previous.start
        assert text[following.start:following.end] == following.text


def test_an_empty_or_blank_chapter_has_no_chunks():
    assert chunk_text("") == []
    assert chunk_text(" \n\u3000\n") == []


NAMES = {"贾宝玉": "贾宝玉", "宝玉": "贾宝玉", "宝二爷": "贾宝玉", "林黛玉": "林黛玉", "黛玉": "林黛玉",
         "林妹妹": "林黛玉", "王熙凤": "王熙凤", "凤姐": "王熙凤"}


def test_aliases_are_found_and_reported_by_their_canonical_name_once_in_order():
    text = "凤姐笑道：“宝玉，你林妹妹来了。”宝二爷忙起身。贾宝玉又说。"
    assert find_entities(text, NAMES) == ["王熙凤", "贾宝玉", "林黛玉"]


def test_the_longest_alias_wins():
    names = {"林风": "林风", "林风华": "林风华"}
    assert find_entities("林风华来了", names) == ["林风华"]
    assert find_entities("林风来了，林风华也来了", names) == ["林风", "林风华"]


def test_latin_names_must_be_whole_words_and_regex_characters_are_literal():
    names = {"Ann": "Ann", "Anne": "Anne", "Dr. Who": "Dr. Who", "A+B": "A+B", "(X)": "(X)"}
    assert find_entities("Annabel met Anne, then Dr. Who and A+B (X).", names) == ["Anne", "Dr. Who", "A+B", "(X)"]
    assert find_entities("Annabel", names) == []


def test_one_character_aliases_are_ignored_because_they_would_match_everywhere():
    assert find_entities("风起了，林中一片寂静", {"风": "风伯", "林": "林动"}) == []


def test_thousands_of_names_are_matched_quickly(hlm_chapters):
    rng = random.Random(1)
    surnames, given = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张", "风云雷电山水火土金木天地玄黄宇宙洪荒日月盈昃"
    names = {}
    for _ in range(5000):
        name = rng.choice(surnames) + "".join(rng.choice(given) for _ in range(rng.randint(1, 2)))
        names[name] = name
    names.update(NAMES)
    matcher = EntityMatcher(names)
    texts = [c.text for c in chunk_text("\n".join(ch.text for ch in hlm_chapters), size=600)]
    started = time.perf_counter()
    found = [matcher.find(text) for text in texts]
    elapsed = time.perf_counter() - started
    assert elapsed < 2.0, f"{elapsed:.2f}s for {sum(map(len, texts))} characters"
    assert sum("贾宝玉" in f for f in found) > 100
