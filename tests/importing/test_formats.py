"""Reading .txt/.md/.docx/.epub files and folders, and one clear error for each kind of bad file."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from desktop.importing.formats import ImportFileError, collect_files, natural_key, read_document
from desktop.importing.split import split_chapters

BODY = "　　林风御剑而行，脚下飞剑化作一道青虹。"


def names(paths: list[Path]) -> list[str]:
    return [path.name for path in paths]


def test_a_folder_is_read_in_natural_order_with_chinese_and_arabic_numbers(tmp_path):
    for name in ["第10章.txt", "第2章.txt", "第十一章 夜.txt", "第一章.txt", "第3章.md"]:
        (tmp_path / name).write_text(BODY, encoding="utf-8")
    assert names(collect_files([tmp_path])) == ["第一章.txt", "第2章.txt", "第3章.md", "第10章.txt", "第十一章 夜.txt"]


def test_ch2_comes_before_ch10_and_subfolders_are_ordered_too(tmp_path):
    for relative in ["vol2/ch1.txt", "vol10/ch1.txt", "vol2/ch10.txt", "vol2/ch2.txt", "vol1/CH3.txt"]:
        (tmp_path / relative).parent.mkdir(exist_ok=True)
        (tmp_path / relative).write_text(BODY, encoding="utf-8")
    found = [str(p.relative_to(tmp_path)) for p in collect_files([tmp_path])]
    assert found == ["vol1/CH3.txt", "vol2/ch1.txt", "vol2/ch2.txt", "vol2/ch10.txt", "vol10/ch1.txt"]


def test_hidden_files_lock_files_and_unsupported_files_in_a_folder_are_skipped(tmp_path):
    for name in [".DS_Store", ".hidden.txt", "~$稿子.docx", "cover.jpg", "正文.txt"]:
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "notes.txt").write_text("x")
    assert names(collect_files([tmp_path])) == ["正文.txt"]


def test_files_named_explicitly_are_kept_in_the_given_order_even_if_unsupported(tmp_path):
    files = [tmp_path / "b.txt", tmp_path / "a.pdf", tmp_path / "b.txt"]
    assert collect_files(files) == [tmp_path / "b.txt", tmp_path / "a.pdf"]


def test_natural_key_compares_numbers_by_value():
    assert natural_key(Path("第九章")) < natural_key(Path("第十章")) < natural_key(Path("第一百章"))


def test_a_gbk_text_file_is_decoded_and_reports_its_encoding(tmp_path):
    path = tmp_path / "旧稿.txt"
    path.write_bytes(f"第一章 风起\r\n{BODY}\r\n".encode("gbk"))
    document = read_document(path)
    assert (document.text, document.encoding, document.markdown) == (f"第一章 风起\n{BODY}\n", "gb18030", False)


def test_a_markdown_file_is_flagged_for_markdown_headings(tmp_path):
    path = tmp_path / "draft.md"
    path.write_text(f"# 第一章 风起\n\n{BODY}\n", encoding="utf-8")
    document = read_document(path)
    assert document.markdown is True
    assert split_chapters(document.text, default_title="d", markdown=True).chapters[0].number == 1


def test_docx_headings_become_heading_lines_and_split_into_chapters(tmp_path, makers):
    path = makers.docx(tmp_path / "稿.docx", [("h1", "风起"), ("p", BODY), ("p", "第二段。"), ("h1", "云涌"), ("p", BODY)])
    document = read_document(path)
    assert document.encoding == "docx"
    chapters = split_chapters(document.text, default_title="稿", markdown=True).chapters
    assert [(c.title, c.text) for c in chapters] == [("风起", f"{BODY}\n第二段。"), ("云涌", BODY)]


def test_docx_with_chinese_headings_in_plain_paragraphs_is_split_by_them(tmp_path, makers):
    path = makers.docx(tmp_path / "稿.docx", [("p", "第一章 风起"), ("p", BODY), ("p", "第二章 云涌"), ("p", BODY)])
    chapters = split_chapters(read_document(path).text, default_title="稿", markdown=True).chapters
    assert [c.number for c in chapters] == [1, 2]


def test_epub_chapters_come_in_spine_order_with_their_h1_headings(tmp_path, makers):
    path = makers.epub(tmp_path / "book.epub", [("第一章 风起", BODY), ("第二章 云涌", "苏晴笑了。\n她走了。")])
    document = read_document(path)
    chapters = split_chapters(document.text, default_title="book", markdown=True).chapters
    assert [(c.number, c.title) for c in chapters] == [(1, "风起"), (2, "云涌")]
    assert chapters[1].text == "苏晴笑了。\n\n她走了。"


def test_epub_documents_without_headings_take_their_titles_from_the_table_of_contents(tmp_path, makers):
    path = makers.epub(tmp_path / "book.epub", [("风起", BODY), ("云涌", BODY)], headings=False)
    chapters = split_chapters(read_document(path).text, default_title="book", markdown=True).chapters
    assert [c.title for c in chapters] == ["风起", "云涌"]


def bad_file(tmp_path: Path, makers, kind: str) -> Path:
    if kind == "docx that is text":
        path = tmp_path / "real.docx"
        path.write_text(f"第一章\n{BODY}", encoding="utf-8")
    elif kind == "truncated docx":
        whole = makers.docx(tmp_path / "whole.docx", [("p", BODY)]).read_bytes()
        path = tmp_path / "truncated.docx"
        path.write_bytes(whole[: len(whole) // 2])
    elif kind == "truncated epub":
        whole = makers.epub(tmp_path / "whole.epub", [("第一章", BODY)]).read_bytes()
        path = tmp_path / "truncated.epub"
        path.write_bytes(whole[: len(whole) // 2])
    elif kind == "epub that is a docx":
        path = tmp_path / "odd.epub"
        path.write_bytes(makers.docx(tmp_path / "src.docx", [("p", BODY)]).read_bytes())
    elif kind == "zip bomb":
        path = makers.zip_bomb(tmp_path / "bomb.docx")
    elif kind == "lying zip":
        path = makers.lying_zip(tmp_path / "lying.epub")
    elif kind == "too large":
        path = makers.sparse(tmp_path / "huge.txt", 200 * 1024 * 1024 + 1)
    elif kind == "binary":
        path = tmp_path / "image.txt"
        path.write_bytes(bytes(range(256)) * 64)
    elif kind == "empty":
        path = tmp_path / "empty.txt"
        path.write_bytes(b"")
    elif kind == "unknown type":
        path = tmp_path / "notes.xyz"
        path.write_text("hello")
    else:
        path = tmp_path / "missing.txt"
    return path


BAD_FILES = {
    "docx that is text": "not a valid .docx",
    "truncated docx": "not a valid .docx",
    "truncated epub": "not a valid .epub",
    "epub that is a docx": "not a valid .epub",
    "zip bomb": r"refused: not a valid \.docx .*compressed \d+:1",
    "lying zip": r"refused: not a valid \.epub .*unpack to 300 MB",
    "too large": r"file too large \(200\.0 MB; limit 200 MB\)",
    "binary": "not a text file",
    "empty": "file is empty",
    "unknown type": r"unsupported file type \.xyz",
    "missing": "file not found",
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_each_bad_file_gives_one_clear_error_naming_it(tmp_path, makers, kind):
    path = bad_file(tmp_path, makers, kind)
    with pytest.raises(ImportFileError, match=BAD_FILES[kind]) as caught:
        read_document(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert "\n" not in str(caught.value)


def test_a_too_large_file_is_refused_without_being_read(tmp_path, makers, monkeypatch):
    path = makers.sparse(tmp_path / "huge.txt", 300 * 1024 * 1024)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("the file was read"))
    with pytest.raises(ImportFileError, match="file too large"):
        read_document(path)


def test_the_zip_bomb_is_refused_before_any_entry_is_unpacked(tmp_path, makers, monkeypatch):
    path = makers.zip_bomb(tmp_path / "bomb.epub")
    monkeypatch.setattr(zipfile.ZipFile, "read", lambda *a, **k: pytest.fail("an entry was unpacked"))
    with pytest.raises(ImportFileError, match="zip bomb"):
        read_document(path)
