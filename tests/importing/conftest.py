"""Makers of real manuscript files (.docx, .epub, broken archives) for the import tests."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest

def write_docx(path: Path, blocks: list[tuple[str, str]]) -> Path:
    """blocks: ("h1" | "h2" | "p", text)."""
    import docx

    document = docx.Document()
    for kind, text in blocks:
        if kind == "p":
            document.add_paragraph(text)
        else:
            document.add_heading(text, level=int(kind[1]))
    document.save(str(path))
    return path


def write_epub(path: Path, chapters: list[tuple[str, str]], *, headings: bool = True) -> Path:
    """chapters: (title, body); with headings=False the title is only in the table of contents."""
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("inkstone-test")
    book.set_title("测试之书")
    book.set_language("zh")
    items = []
    for index, (title, body) in enumerate(chapters, start=1):
        item = epub.EpubHtml(title=title, file_name=f"text/chap{index:02d}.xhtml", lang="zh")
        paragraphs = "".join(f"<p>{line}</p>" for line in body.split("\n"))
        heading = f"<h1>{title}</h1>" if headings else ""
        item.content = f"<html><body>{heading}{paragraphs}</body></html>"
        book.add_item(item)
        items.append(item)
    book.toc = items
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", *items]
    epub.write_epub(str(path), book)
    return path


def write_zip_bomb(path: Path) -> Path:
    """A ZIP whose one entry is 50 MB of zeros packed into a few KB."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("word/document.xml", b"\0" * (50 * 1024 * 1024))
    return path


def write_lying_zip(path: Path, claimed: int = 300 * 1024 * 1024) -> Path:
    """A tiny ZIP whose central directory claims a huge uncompressed size."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        archive.writestr("content.opf", b"<package/>")
    data = bytearray(buffer.getvalue())
    central = data.rfind(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, claimed)  # uncompressed size in the central directory
    path.write_bytes(bytes(data))
    return path


def write_sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as handle:
        handle.truncate(size)  # sparse: no disk blocks, no time
    return path


@pytest.fixture
def makers():
    class Makers:
        docx = staticmethod(write_docx)
        epub = staticmethod(write_epub)
        zip_bomb = staticmethod(write_zip_bomb)
        lying_zip = staticmethod(write_lying_zip)
        sparse = staticmethod(write_sparse)
    return Makers
