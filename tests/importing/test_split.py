"""Chapter splitting: every heading style, numbers as integers, and honest warnings about what is odd."""

from __future__ import annotations

import pytest

from desktop.importing.split import (chinese_to_int, english_to_int, parse_heading, roman_to_int,
                                     split_chapters)

BODY = "　　林风御剑而行，脚下飞剑化作一道青虹。"


@pytest.mark.parametrize("written, value", [
    ("一", 1), ("十", 10), ("十二", 12), ("二十", 20), ("二十三", 23), ("一百", 100), ("一百零三", 103),
    ("一百一十", 110), ("两百", 200), ("一千零一", 1001), ("一千二百三十四", 1234), ("一万二千", 12000),
    ("一零零", 100), ("一二零", 120), ("二〇二", 202), ("壹佰零叁", 103), ("12", 12), ("１２", 12), ("零", 0),
])
def test_chinese_numerals_become_integers(written, value):
    assert chinese_to_int(written) == value


@pytest.mark.parametrize("written", ["", "一二百", "十二a", "风"])
def test_things_that_are_not_chinese_numbers_are_none(written):
    assert chinese_to_int(written) is None


@pytest.mark.parametrize("written, value", [("I", 1), ("iv", 4), ("XII", 12), ("xlii", 42), ("LXI", 61), ("MCMXC", 1990)])
def test_roman_numerals_become_integers(written, value):
    assert roman_to_int(written) == value


@pytest.mark.parametrize("written, value", [("Twelve", 12), ("twenty-one", 21), ("Forty Two", 42),
                                            ("one hundred and three", 103)])
def test_english_number_words_become_integers(written, value):
    assert english_to_int(written) == value


@pytest.mark.parametrize("line, kind, number, title", [
    ("第十二章 风起青云", "chapter", 12, "风起青云"),
    ("第12章", "chapter", 12, ""),
    ("第一百零三章：归来", "chapter", 103, "归来"),
    ("第一零零回 破好事香菱结深恨 悲远嫁宝玉感离情", "chapter", 100, "破好事香菱结深恨 悲远嫁宝玉感离情"),
    ("第十二回　贾天祥正照风月鉴", "chapter", 12, "贾天祥正照风月鉴"),
    ("第十二节", "chapter", 12, ""),
    ("第１２章 全角数字", "chapter", 12, "全角数字"),
    ("【第5章】 夜雨", "chapter", 5, "夜雨"),
    ("正文 第1章 开始", "chapter", 1, "开始"),
    ("第一章风起", "chapter", 1, "风起"),
    ("第三卷 风云再起", "volume", 3, "风云再起"),
    ("卷二 天下", "volume", 2, "天下"),
    ("序章 雪夜", "prologue", None, "雪夜"),
    ("楔子", "prologue", None, ""),
    ("引子：旧事", "prologue", None, "旧事"),
    ("序言", "prologue", None, ""),
    ("番外 往事", "extra", None, "往事"),
    ("番外一：师父", "extra", None, "师父"),
    ("后记", "extra", None, ""),
    ("Chapter 12", "chapter", 12, ""),
    ("CHAPTER XII", "chapter", 12, ""),
    ("Chapter Twelve", "chapter", 12, ""),
    ("Chapter 3: The Ball", "chapter", 3, "The Ball"),
    ("Chapter IV. A Letter", "chapter", 4, "A Letter"),
    ("Book II", "volume", 2, ""),
    ("Prologue", "prologue", None, ""),
    ("Epilogue: After", "extra", None, "After"),
])
def test_each_heading_style_is_recognised(line, kind, number, title):
    heading = parse_heading(line)
    assert heading is not None
    assert (heading.kind, heading.number, heading.title) == (kind, number, title)


@pytest.mark.parametrize("line", [
    "第三回合，他一剑刺出，对方连退三步。",
    "他说：第二回我们再见。",
    "第二天一早，林风便下了山。",
    "序列号已经过期",
    "Chapter one day I went to town,",
    "chapter i went",
    "第十二章讲的是一个很长很长很长很长很长很长很长很长很长很长的故事",
])
def test_prose_is_not_mistaken_for_a_heading(line):
    assert parse_heading(line) is None


def test_headings_split_a_manuscript_into_numbered_chapters():
    text = f"第一章 风起\n{BODY}\n\n第二章：云涌\n{BODY}\n第十章 远行\n{BODY}\n"
    result = split_chapters(text, default_title="x")
    assert [(c.number, c.title, c.heading) for c in result.chapters] == [
        (1, "风起", "第一章 风起"), (2, "云涌", "第二章：云涌"), (10, "远行", "第十章 远行")]
    assert all(c.text == BODY for c in result.chapters)
    assert any("chapter 3–9 missing" in w for w in result.warnings)


def test_a_heading_word_inside_prose_does_not_split_the_chapter():
    text = f"第一章 风起\n　　他翻到第二回，只见写着：第三章不必看了。\n{BODY}\n"
    result = split_chapters(text, default_title="x")
    assert len(result.chapters) == 1
    assert "第二回" in result.chapters[0].text


def test_a_volume_heading_sets_the_volume_of_the_chapters_after_it_and_is_no_chapter_itself():
    text = f"第一卷 潜龙\n第一章 甲\n{BODY}\n第二章 乙\n{BODY}\n第二卷 飞龙\n第一章 丙\n{BODY}\n"
    result = split_chapters(text, default_title="x")
    assert [(c.volume, c.number, c.title) for c in result.chapters] == [
        ("第一卷 潜龙", 1, "甲"), ("第一卷 潜龙", 2, "乙"), ("第二卷 飞龙", 1, "丙")]
    assert result.warnings == []  # numbering that restarts with each volume is normal


def test_prologues_and_extras_have_no_number_and_say_what_they_are():
    text = f"楔子\n{BODY}\n第一章 风起\n{BODY}\n番外 师父\n{BODY}\n后记\n{BODY}\n"
    result = split_chapters(text, default_title="x")
    assert [(c.kind, c.number) for c in result.chapters] == [
        ("prologue", None), ("chapter", 1), ("extra", None), ("extra", None)]


def test_english_chapters_in_roman_numerals_and_words():
    text = "CHAPTER I\n\nIt was a dark night.\n\nCHAPTER II.\n\nMorning came.\n\nChapter Three\n\nNoon.\n"
    result = split_chapters(text, default_title="x")
    assert [c.number for c in result.chapters] == [1, 2, 3]
    assert result.chapters[1].text == "Morning came."


def test_markdown_headings_split_a_markdown_file_and_the_book_title_is_front_matter():
    text = f"# 青云志\n\n## 第一章 风起\n\n{BODY}\n\n## 第二章 云涌\n\n{BODY}\n\n### 小节\n\n{BODY}\n"
    result = split_chapters(text, default_title="x", markdown=True)
    assert [(c.number, c.title) for c in result.chapters] == [(1, "风起"), (2, "云涌")]
    assert "### 小节" in result.chapters[1].text
    assert any("skipped 4 characters before the first heading" in w for w in result.warnings)


def test_markdown_headings_without_numbers_become_chapters_in_order():
    text = "# The Road\n\nThey left at dawn.\n\n# The River\n\nThey crossed it.\n"
    result = split_chapters(text, default_title="x", markdown=True)
    assert [(c.number, c.title, c.text) for c in result.chapters] == [
        (None, "The Road", "They left at dawn."), (None, "The River", "They crossed it.")]


def test_markdown_parts_above_chapters_become_volumes():
    text = "# Part A\n\n## One\n\nx.\n\n## Two\n\ny.\n\n# Part B\n\n## Three\n\nz.\n"
    result = split_chapters(text, default_title="x", markdown=True)
    assert [(c.volume, c.title) for c in result.chapters] == [("Part A", "One"), ("Part A", "Two"), ("Part B", "Three")]


def test_a_file_without_headings_is_one_chapter_with_the_default_title():
    result = split_chapters(f"\n\n{BODY}\n{BODY}\n", default_title="ch2")
    assert len(result.chapters) == 1
    only = result.chapters[0]
    assert (only.number, only.title, only.heading, only.kind) == (None, "ch2", "", "chapter")
    assert only.text == f"{BODY}\n{BODY}"


def test_text_before_the_first_heading_is_reported_not_silently_dropped():
    result = split_chapters(f"青云志\n作者：某某\n\n第一章 风起\n{BODY}\n", default_title="x")
    assert len(result.chapters) == 1
    assert result.warnings == ["skipped 8 characters before the first heading"]


def test_duplicate_and_out_of_order_numbers_are_reported():
    text = f"第一章 甲\n{BODY}\n第二章 乙\n{BODY}\n第二章 乙二\n{BODY}\n第五章 戊\n{BODY}\n第四章 丁\n{BODY}\n"
    warnings = split_chapters(text, default_title="x").warnings
    assert any("chapter 2 appears again" in w for w in warnings)
    assert any("chapter 3–4 missing" in w for w in warnings)
    assert any("chapter 4 comes after chapter 5" in w for w in warnings)


def test_a_table_of_contents_at_the_top_is_not_imported_as_empty_chapters():
    text = f"目录\n第一章 风起\n第二章 云涌\n\n第一章 风起\n{BODY}\n第二章 云涌\n{BODY}\n"
    result = split_chapters(text, default_title="x")
    assert [(c.number, c.text) for c in result.chapters] == [(1, BODY), (2, BODY)]
    assert any("table of contents" in w for w in result.warnings)


def test_hongloumeng_has_exactly_120_chapters_numbered_1_to_120(corpus_dir):
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    result = split_chapters(text, default_title="红楼梦")
    assert [c.number for c in result.chapters] == list(range(1, 121))
    assert result.chapters[99].heading.startswith("第一零零回")
    assert result.chapters[0].title == "甄士隐梦幻识通灵 贾雨村风尘怀闺秀"
    assert result.warnings == []
    assert sum(len(c.text) for c in result.chapters) > 0.95 * len(text)


def test_pride_and_prejudice_has_61_chapters_without_the_gutenberg_licence(corpus_dir):
    text = (corpus_dir / "en" / "pride-and-prejudice.txt").read_text(encoding="utf-8")
    result = split_chapters(text, default_title="P&P")
    assert [c.number for c in result.chapters] == list(range(1, 62))
    assert result.chapters[0].text.startswith("It is a truth universally acknowledged")
    assert result.chapters[-1].text.endswith("the means of uniting them.")
    assert any("before the first heading" in w for w in result.warnings)
    assert any("Project Gutenberg licence" in w for w in result.warnings)
