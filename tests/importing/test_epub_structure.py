"""An EPUB as shops sell it: cover, title page (twice), contents, copyright page and an empty chapter around the
chapters. Only the chapters are text; everything left out is named in the document's notes."""

from __future__ import annotations

from pathlib import Path

from ebooklib import epub

from desktop.importing.formats import read_document
from desktop.importing.reading import read_file
from desktop.importing.split import split_chapters

BODY = "林风御剑而行，脚下飞剑化作一道青虹。"
PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
       b"\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")


def page(file_name: str, html: str, *, title: str = "", properties: list[str] | None = None) -> epub.EpubHtml:
    item = epub.EpubHtml(title=title or file_name, file_name=file_name, lang="zh")
    item.content = f"<html><body>{html}</body></html>"
    if properties:
        item.properties = properties
    return item


def write_bought_epub(path: Path, extra_front: list[epub.EpubHtml] = (), extra_back: list[epub.EpubHtml] = ()) -> Path:
    book = epub.EpubBook()
    book.set_identifier("inkstone-shop")
    book.set_title("青云志")
    book.add_author("萧鼎")
    book.set_language("zh")
    book.set_cover("images/cover.png", PNG, create_page=False)
    front = [
        page("text/cover.xhtml", '<div><img src="../images/cover.png" alt="cover"/></div>'),  # a linear cover page
        page("text/titlepage.xhtml", '<div class="title"><h1>青云志</h1><p>萧鼎 著</p></div>'),
        # The same title page again in the layout another reader wants: only the book's title, as a heading.
        page("text/part0000_split_001.xhtml", "<h1>青云志</h1>"),
        page("text/copyright.xhtml", "<p>版权所有 © 2007 萧鼎</p><p>ISBN 978-7-0000-0000-0</p><p>责任编辑：某某</p>"),
        page("text/contents.xhtml", '<p><a href="chap01.xhtml">第一章 风起</a></p><p><a href="chap02.xhtml">'
                                    "第二章 云涌</a></p><p><a href=\"chap03.xhtml\">第三章 空</a></p>"),
        *extra_front,
    ]
    chapters = [
        page("text/chap01.xhtml", f"<h1>第一章 风起</h1><p>{BODY}</p>", title="第一章 风起"),
        page("text/chap02.xhtml", f"<h1>第二章 云涌</h1><p>{BODY}</p><p>苏晴笑了。</p>", title="第二章 云涌"),
        page("text/chap03.xhtml", "<h1>第三章 空</h1>", title="第三章 空"),
        page("text/chap04.xhtml", f"<h1>第四章 远行</h1><p>{BODY}</p>", title="第四章 远行"),
    ]
    for item in [*front, *chapters, *extra_back]:
        book.add_item(item)
    book.toc = chapters
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", *front, *chapters, *extra_back]
    epub.write_epub(str(path), book)
    return path


def test_cover_title_pages_contents_and_copyright_are_not_chapters(tmp_path):
    document = read_document(write_bought_epub(tmp_path / "青云志.epub"))
    chapters = split_chapters(document.text, default_title="青云志", markdown=True).chapters
    assert [(c.number, c.title) for c in chapters] == [(1, "风起"), (2, "云涌"), (4, "远行")]
    assert chapters[1].text == f"{BODY}\n\n苏晴笑了。"
    assert "青云志" not in document.text and "ISBN" not in document.text


def test_every_document_left_out_is_named_with_what_it_was(tmp_path):
    notes = read_document(write_bought_epub(tmp_path / "青云志.epub")).notes
    assert any("cover" in note and "text/cover.xhtml" in note for note in notes)
    assert any("title page" in note and "text/titlepage.xhtml" in note and "青云志 萧鼎 著" in note for note in notes)
    # the second layout of the title page is no empty twin chapter: it is left out, and said so
    assert any("title page" in note and "part0000_split_001.xhtml" in note for note in notes)
    assert any("copyright page" in note and "copyright.xhtml" in note for note in notes)
    assert sum("table of contents" in note for note in notes) == 2   # the nav document and contents.xhtml
    assert any("empty chapter" in note and "第三章 空" in note for note in notes)
    assert len(notes) == 7


def test_epub_type_and_the_guide_name_front_matter_whatever_its_file_is_called(tmp_path):
    odd = page("text/a1.xhtml", '<section epub:type="titlepage"><p>青云志</p><p>第一部</p><p>萧鼎</p></section>')
    imprint = page("text/z9.xhtml", '<section epub:type="colophon"><p>本书排版：某某工作室</p></section>')
    document = read_document(write_bought_epub(tmp_path / "book.epub", [odd], [imprint]))
    assert "排版" not in document.text and "第一部" not in document.text
    assert any("text/a1.xhtml" in note and "title page" in note for note in document.notes)
    assert any("text/z9.xhtml" in note and "colophon" in note for note in document.notes)


def test_a_chapter_is_kept_even_when_its_file_name_looks_like_front_matter(tmp_path):
    misnamed = page("text/title.xhtml", f"<h1>序章 雪夜</h1><p>{BODY}</p>")
    chapters = split_chapters(read_document(write_bought_epub(tmp_path / "b.epub", [misnamed])).text,
                              default_title="b", markdown=True).chapters
    assert [c.kind for c in chapters][:1] == ["prologue"]


def test_a_part_title_page_heads_the_chapters_after_it_and_is_kept(tmp_path):
    part = page("text/part1.xhtml", "<h1>第一卷 青云</h1>")
    document = read_document(write_bought_epub(tmp_path / "b.epub", [part]))
    chapters = split_chapters(document.text, default_title="b", markdown=True).chapters
    assert {c.volume for c in chapters} == {"第一卷 青云"}
    assert not any("part1.xhtml" in note for note in document.notes)


def test_a_short_chapter_without_the_books_name_is_not_taken_for_a_title_page(tmp_path):
    short = page("text/note.xhtml", "<h1>引子</h1><p>那一年，雪下得很大。</p>")
    document = read_document(write_bought_epub(tmp_path / "b.epub", [short]))
    assert "那一年，雪下得很大。" in document.text


def test_the_import_preview_warns_about_each_document_left_out(tmp_path):
    result = read_file(write_bought_epub(tmp_path / "青云志.epub"))
    assert [item.chapter.number for item in result.chapters] == [1, 2, 4]
    assert sum(w.startswith("skipped the EPUB's") for w in result.warnings) == 7
