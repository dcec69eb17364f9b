"""Manuscripts as they come from download sites: decorated headings, adverts, upload metadata, hard wrapping,
and files whose split looks wrong."""

from __future__ import annotations

import pytest

from desktop.importing.split import Dropped, Suspect, split_chapters

BODY = "　　林风御剑而行，脚下飞剑化作一道青虹。"
CN = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]


def cn(n: int) -> str:
    tens, ones = divmod(n, 10)
    if n == 100:
        return "一百"
    return (("" if tens == 1 else CN[tens]) + "十" if tens else "") + (CN[ones] if ones else "")


def test_a_site_and_book_name_before_every_heading_still_splits_a_hundred_chapters():
    text = "".join(f"某小说网 红楼梦 第{cn(n)}回 回目{n}\n{BODY * 3}\n\n" for n in range(1, 101))
    result = split_chapters(text, default_title="红楼梦")
    assert [c.number for c in result.chapters] == list(range(1, 101))
    assert result.chapters[11].title == "回目12"
    assert result.chapters[11].heading == "第十二回 回目12"
    assert result.suspects == []


def test_a_prefix_seen_once_before_a_chapter_word_is_prose():
    text = f"第一章 开端\n{BODY}\n他们打了第三回合，谁也没赢。\n他说第三章写得好\n{BODY}\n"
    assert len(split_chapters(text, default_title="x").chapters) == 1


@pytest.mark.parametrize("line, number, title", [
    ("目录 第五回 贾宝玉神游太虚境", 5, "贾宝玉神游太虚境"),
    ("正文 第3章 风起", 3, "风起"),
    ("VIP章节 第3章 风起", 3, "风起"),
    ("【第12章】", 12, "【第12章】"),
    ("【第12章】 风起", 12, "风起"),
    ("Chapter 12:", 12, "Chapter 12:"),
    ("CHAPTER XII.", 12, "CHAPTER XII."),
    ("第三章 风起（求月票）", 3, "风起"),
    ("第三章 风起(求收藏)", 3, "风起"),
    ("第三章 风起 求订阅", 3, "风起"),
    ("\u3000\u3000第三章\u3000风起", 3, "风起"),
    ("第一千零二十四章 终局", 1024, "终局"),
    ("第1,024章 终局", 1024, "终局"),
    ("第两百章 风起", 200, "风起"),
    ("第二〇五章 风起", 205, "风起"),
    ("第１２章 风起", 12, "风起"),
])
def test_each_decorated_heading_form_is_a_chapter_with_its_number_and_clean_title(line, number, title):
    result = split_chapters(f"{line}\n{BODY}\n", default_title="x")
    assert [(c.number, c.title) for c in result.chapters] == [(number, title)]


def test_a_volume_on_the_same_line_as_its_first_chapter_sets_the_volume():
    text = f"第一卷 青云 第三章 风起\n{BODY}\n第四章 云涌\n{BODY}\n"
    chapters = split_chapters(text, default_title="x").chapters
    assert [(c.volume, c.number, c.title) for c in chapters] == [("第一卷 青云", 3, "风起"), ("第一卷 青云", 4, "云涌")]


def test_bracketed_numbers_are_headings_only_when_the_file_uses_them_throughout():
    text = "".join(f"〖{n}〗\n{BODY}\n" for n in range(1, 5))
    assert [c.number for c in split_chapters(text, default_title="x").chapters] == [1, 2, 3, 4]
    lone = f"第一章 开端\n{BODY}\n[12]\n{BODY}\n第二章 再起\n{BODY}\n"
    chapters = split_chapters(lone, default_title="x").chapters
    assert len(chapters) == 2 and "[12]" in chapters[0].text


def test_upload_metadata_under_a_heading_is_dropped_and_listed():
    text = (f"第一章 风起\n更新时间 2019-01-01 12:00\n字数：3012\n{BODY}\n"
            f"第二章 云涌\n作者：某某 更新于 2019-01-02\n本章字数：2000\n上传者：abc\n{BODY}\n字数：这一行在正文里\n")
    result = split_chapters(text, default_title="x")
    assert [c.text for c in result.chapters] == [BODY, f"{BODY}\n字数：这一行在正文里"]
    assert [(d.kind, d.line, d.where) for d in result.dropped] == [
        ("metadata", 2, "after 「第一章 风起」"), ("metadata", 3, "after 「第一章 风起」"),
        ("metadata", 6, "after 「第二章 云涌」"), ("metadata", 7, "after 「第二章 云涌」"),
        ("metadata", 8, "after 「第二章 云涌」")]
    assert "line 2: dropped metadata (19 characters) after 「第一章 风起」: 更新时间 2019-01-01 12:00" in result.warnings


def test_adverts_before_between_and_after_chapters_are_dropped_but_dialogue_stays():
    text = (f"本书由某某论坛整理，仅供交流学习，下载后24小时内删除\n书名：青云志\n\n"
            f"第一章 风起\n{BODY}\n“你把网址发给我，”他说。\n{BODY}\n更多精彩，请访问 www.example.com\n\n"
            f"第二章 云涌\n请购买正版，支持作者！\n{BODY}\n\n手机阅读 m.example.net\n"
            f"免责声明：\n本站所有小说均来自网络。\n如有侵权请联系删除。\n")
    result = split_chapters(text, default_title="x")
    assert [c.text for c in result.chapters] == [f"{BODY}\n“你把网址发给我，”他说。\n{BODY}", BODY]
    assert [(d.kind, d.where, d.line) for d in result.dropped] == [
        ("boilerplate", "before the first heading", 1), ("front matter", "before the first heading", 2),
        ("boilerplate", "after 「第一章 风起」", 8), ("boilerplate", "after 「第二章 云涌」", 11),
        ("boilerplate", "end of file", 14), ("boilerplate", "end of file", 15)]
    assert all(isinstance(d, Dropped) and d.chars > 0 and d.sample for d in result.dropped)


def test_an_advert_line_in_the_middle_of_a_chapter_is_the_authors():
    text = f"第一章 风起\n{BODY}\n他在纸上写下 www.example.com 几个字。\n{BODY}\n"
    result = split_chapters(text, default_title="x")
    assert "www.example.com" in result.chapters[0].text and result.dropped == []


def test_hard_wrapped_chinese_is_joined_into_paragraphs_without_spaces():
    paragraph = "宝玉听了，忙起身笑道：" + "黛玉在旁边冷笑，说这话不知是真是假，众人都笑了起来。" * 4
    wrapped = "\n".join("　　" + paragraph[i:i + 30] if i == 0 else paragraph[i:i + 30]
                        for i in range(0, len(paragraph), 30))
    text = "第一章 风起\n" + "\n".join([wrapped] * 3) + "\n"
    result = split_chapters(text, default_title="x")
    assert result.unwrapped
    assert result.chapters[0].text == "\n".join(["　　" + paragraph] * 3)


def test_hard_wrapped_english_is_joined_with_spaces_and_paragraphs_kept():
    paragraph = ("It is a truth universally acknowledged, that a single man in possession of a good fortune, must "
                 "be in want of a wife, said Mr. Darcy to Elizabeth and Mr. Bingley on the stairs of the house.")
    words, lines, line = paragraph.split(), [], ""
    for word in words:
        if len(line) + len(word) + 1 > 60:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    text = "CHAPTER I.\n\n" + "\n\n".join(["\n".join(lines)] * 4) + "\n"
    result = split_chapters(text, default_title="x")
    assert result.unwrapped
    assert result.chapters[0].text == "\n\n".join([paragraph] * 4)


def test_text_that_is_not_hard_wrapped_is_left_alone():
    text = "第一章 风起\n" + "\n".join(BODY * (n % 5 + 1) for n in range(20)) + "\n"
    result = split_chapters(text, default_title="x")
    assert not result.unwrapped and result.chapters[0].text.count("\n") == 19


def test_a_large_file_read_as_one_chapter_names_the_lines_that_look_like_headings():
    text = "".join(f"{n}）第{n}回 回目\n{BODY * 40}\n" for n in range(1, 80))
    result = split_chapters(text, default_title="x")
    assert len(result.chapters) == 1
    assert result.suspects[:2] == [Suspect(1, "1）第1回 回目"), Suspect(3, "2）第2回 回目")]
    assert any("one chapter" in w for w in result.warnings)


def test_numbers_that_jump_make_suspects_of_unrecognised_heading_lines():
    text = f"第一章 甲\n{BODY}\n~第二章~乙\n{BODY}\n第三章 丙\n{BODY}\n"
    result = split_chapters(text, default_title="x")
    assert result.suspects == [Suspect(3, "~第二章~乙")]


def test_the_authors_heading_rule_decides_the_headings():
    text = f"序\n{BODY}\n== 1 == 风起\n{BODY}\n== 2 == 云涌\n{BODY}\n第三章 不是标题\n"
    result = split_chapters(text, default_title="x", heading_pattern=r"== (?P<num>\d+) == (?P<title>.+)")
    assert [(c.number, c.title) for c in result.chapters] == [(1, "风起"), (2, "云涌")]
    assert result.chapters[1].text.endswith("第三章 不是标题")
    unnamed = split_chapters(text, default_title="x", heading_pattern=r"== (\d+) == .+")
    assert [c.number for c in unnamed.chapters] == [1, 2]


def test_lines_the_author_marked_become_headings():
    text = f"第一章 风起\n{BODY}\n间章 夜\n{BODY}\n"
    result = split_chapters(text, default_title="x", heading_lines=["间章 夜"])
    assert [c.title for c in result.chapters] == ["风起", "间章 夜"]


def test_an_invalid_heading_rule_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="not a valid regular expression"):
        split_chapters("text", default_title="x", heading_pattern="第(\\d+章")


def test_a_catalogue_of_prefixed_headings_at_the_top_is_dropped_as_a_table_of_contents():
    catalogue = "".join(f"某小说网 红楼梦 第{cn(n)}回 回目{n}\n" for n in range(1, 101))
    chapters = "".join(f"某小说网 红楼梦 第{cn(n)}回 回目{n}\n{BODY}\n" for n in range(1, 101))
    result = split_chapters("目录\n" + catalogue + chapters, default_title="红楼梦")
    assert [c.number for c in result.chapters] == list(range(1, 101))
    assert [d.kind for d in result.dropped] == ["front matter", "table of contents"]


def test_pride_and_prejudice_is_unwrapped_so_no_name_is_cut_by_a_line_break(corpus_dir):
    text = (corpus_dir / "en" / "pride-and-prejudice.txt").read_text(encoding="utf-8")
    assert "Mr.\nDarcy" in text   # the Gutenberg text breaks lines at ~70 columns
    result = split_chapters(text, default_title="P&P")
    assert result.unwrapped and len(result.chapters) == 61
    joined = "\n".join(c.text for c in result.chapters)
    assert "Mr.\nDarcy" not in joined and "Miss\nBingley" not in joined
    assert result.chapters[0].text.split("\n\n")[0] == ("It is a truth universally acknowledged, that a single man "
                                                          "in possession of a good fortune, must be in want of a wife.")


def test_hongloumeng_as_a_site_serves_it_prefixed_and_wrapped_still_reads_as_its_120_chapters(corpus_dir):
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    wrapped: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("第") and "回 " in stripped[:8]:
            wrapped.append("某小说网 红楼梦 " + stripped)
        else:
            pieces = [stripped[i:i + 30] for i in range(0, len(stripped), 30)] or [""]
            wrapped.extend(["　　" + pieces[0] if line.startswith("　") else pieces[0], *pieces[1:]])
    result = split_chapters("\n".join(wrapped), default_title="红楼梦")
    assert [c.number for c in result.chapters] == list(range(1, 121))
    assert result.unwrapped and result.suspects == []
    joined = "\n".join(c.text for c in result.chapters)
    assert "宝\n玉" not in joined and "黛\n玉" not in joined
    original = split_chapters(text, default_title="红楼梦")
    assert not original.unwrapped
    assert ["".join(c.text.split()) for c in result.chapters] == ["".join(c.text.split()) for c in original.chapters]
