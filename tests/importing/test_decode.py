"""Encoding detection: every encoding Chinese manuscripts come in, and a clear error instead of mojibake."""

from __future__ import annotations

import codecs

import pytest

from desktop.importing.decode import ImportFileError, decode_bytes

SIMPLIFIED = "第一章 风起青云\n\n　　林风御剑而行，心中暗想：今日必须赶到青云山。\n　　苏晴笑道：“你们这些人，只管说这些没要紧的话。”\n"
TRADITIONAL = "第一章 風起青雲\n\n　　林風御劍而行，心中暗想：今日必須趕到青雲山。\n　　蘇晴笑道：「你們這些人，只管說這些沒要緊的話。」\n"


@pytest.mark.parametrize("encoding, data, expected", [
    ("utf-8", SIMPLIFIED.encode("utf-8"), SIMPLIFIED),
    ("utf-8-sig", codecs.BOM_UTF8 + SIMPLIFIED.encode("utf-8"), SIMPLIFIED),
    ("gb18030", SIMPLIFIED.encode("gb18030"), SIMPLIFIED),
    ("gb18030", SIMPLIFIED.encode("gbk"), SIMPLIFIED),
    ("gb18030", SIMPLIFIED.encode("gb2312"), SIMPLIFIED),
    ("utf-16-le", codecs.BOM_UTF16_LE + SIMPLIFIED.encode("utf-16-le"), SIMPLIFIED),
    ("utf-16-be", codecs.BOM_UTF16_BE + SIMPLIFIED.encode("utf-16-be"), SIMPLIFIED),
    ("big5", TRADITIONAL.encode("big5"), TRADITIONAL),
    ("utf-16-le", codecs.BOM_UTF16_LE + TRADITIONAL.encode("utf-16-le"), TRADITIONAL),
], ids=["utf8", "utf8-bom", "gb18030", "gbk", "gb2312", "utf16le-bom", "utf16be-bom", "big5", "utf16-traditional"])
def test_each_encoding_is_detected_and_decoded_exactly(encoding, data, expected):
    text, detected = decode_bytes(data, "book.txt")
    assert text == expected
    assert detected == encoding


@pytest.mark.parametrize("word, codec, expected", [("第一章", "gbk", "gb18030"), ("第一章", "big5", "big5"),
                                                   ("风起", "gbk", "gb18030"), ("說話", "big5", "big5")])
def test_even_a_few_characters_are_told_apart_between_gbk_and_big5(word, codec, expected):
    text, detected = decode_bytes(word.encode(codec), "short.txt")
    assert (text, detected) == (word, expected)


def test_a_long_real_chapter_in_gbk_decodes_exactly(corpus_dir):
    original = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")[:20000]
    text, detected = decode_bytes(original.encode("gb18030"), "hlm.txt")
    assert text == original and detected == "gb18030"


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_windows_and_old_mac_newlines_become_newlines(newline):
    text, _ = decode_bytes(SIMPLIFIED.replace("\n", newline).encode("gbk"), "crlf.txt")
    assert text == SIMPLIFIED


def test_a_damaged_utf8_file_names_the_file_and_the_byte_instead_of_turning_into_mojibake():
    good = SIMPLIFIED.encode("utf-8") * 3
    damaged = good[:100] + b"\xff" + good[100:]
    with pytest.raises(ImportFileError) as caught:
        decode_bytes(damaged, "/books/damaged.txt")
    message = str(caught.value)
    assert message.startswith("/books/damaged.txt: cannot decode")
    assert "at byte 100" in message


def test_a_utf8_file_cut_in_the_middle_of_a_character_is_an_error_at_its_last_bytes():
    data = SIMPLIFIED.encode("utf-8").rstrip(b"\n")[:-1]
    with pytest.raises(ImportFileError, match=rf"at byte {len(data) - 2}"):
        decode_bytes(data, "cut.txt")


def test_bytes_that_decode_under_no_chinese_encoding_are_an_error_with_the_position():
    data = "中文".encode("gbk") + b"\x81\x20 tail"
    with pytest.raises(ImportFileError, match=r"cut\.txt: cannot decode .*at byte 4"):
        decode_bytes(data, "cut.txt")


def test_text_in_another_double_byte_encoding_is_refused_not_guessed():
    japanese = "こんにちは、世界。今日はいい天気ですね。吾輩は猫である。名前はまだ無い。".encode("shift_jis") * 2
    with pytest.raises(ImportFileError, match="cannot decode"):
        decode_bytes(japanese, "jp.txt")


@pytest.mark.parametrize("data, reason", [
    (b"", "file is empty"),
    (b"  \n\t\n", "file is empty"),
    (codecs.BOM_UTF8, "file is empty"),
    (b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)) * 4, "not a text file"),
    (bytes(range(1, 32)) * 100, "not a text file"),
    (b"PK\x03\x04" + b"\x14\x00" * 50, "not a text file"),
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "not a text file"),
])
def test_empty_and_binary_files_get_one_clear_error(data, reason):
    with pytest.raises(ImportFileError, match=reason):
        decode_bytes(data, "bad.txt")


def test_an_import_file_error_reads_path_colon_message():
    error = ImportFileError("/x/y.txt", "file is empty")
    assert str(error) == "/x/y.txt: file is empty"
    assert (error.path, error.message) == ("/x/y.txt", "file is empty")
