"""Reads an EPUB's spine into text with Markdown headings, leaving out the documents that are no chapters.

A bought or downloaded EPUB opens with a cover, a title page (often twice, in two layouts), a table of contents
and a copyright page, and may end with a colophon. Read as chapters they become chapters: "测试之书 / 作者" as
chapter 1, an empty twin of it as chapter 2. Each spine document is judged by what the book says it is (the
manifest's properties, the guide, epub:type), then by its file name, then by its content; every document left
out is named in a note, so the import can say what it did not take.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from pathlib import PurePosixPath

import ebooklib
from ebooklib import epub

from desktop.importing.split import parse_heading

# What a document is, in the words the EPUB specifications use (epub:type, guide types, manifest properties).
_TYPE_NAMES = {
    "cover": "cover", "titlepage": "title page", "title-page": "title page", "halftitlepage": "title page",
    "toc": "table of contents", "landmarks": "table of contents", "loi": "table of contents",
    "lot": "table of contents", "copyright-page": "copyright page", "colophon": "colophon", "imprint": "colophon",
}
# File names calibre, Sigil and the big publishers give such documents: cover.xhtml, titlepage.xhtml, toc.html …
_FILE_NAMES = (
    (re.compile(r"^(?:.*[-_])?cover(?:[-_]?(?:page|\d+))?$", re.I), "cover"),
    (re.compile(r"^(?:.*[-_])?(?:title[-_]?page|half[-_]?title(?:page)?|title|titlepg)(?:[-_]?\d+)?$", re.I),
     "title page"),
    (re.compile(r"^(?:.*[-_])?(?:toc|nav|contents|table[-_]?of[-_]?contents|mulu)(?:[-_]?\d+)?$", re.I),
     "table of contents"),
    (re.compile(r"^(?:.*[-_])?(?:copyright|copyright[-_]?page|colophon|imprint|legal|banquan)(?:[-_]?\d+)?$", re.I),
     "copyright page"),
)
_COPYRIGHT_SIGNS = re.compile(r"©|\(c\)\s*\d{4}|copyright|all rights reserved|isbn|版权所有|版权声明|著作权|"
                              r"出版社|出版发行|印刷|书号|责任编辑|定价", re.I)
_AUTHOR_LINE = re.compile(r"^(?:作者|著者|文|译者?)\s*[:：/]|[著编译]$|^by\s+\S", re.I)
_MAX_TITLE_PAGE_CHARS = 200
_MAX_TITLE_PAGE_LINES = 6
_MAX_COPYRIGHT_CHARS = 2000
_MARKDOWN_HEADING = re.compile(r"^(#{1,2}) (.*)$")
_BLOCK_TAGS = ("p", "div", "li", "blockquote", "pre", "tr", "section", "article", "h3", "h4", "h5", "h6",
               "dd", "dt", "figcaption")


@dataclass
class _Document:
    name: str          # the document's path inside the EPUB
    text: str          # its text, h1/h2 as Markdown headings
    declared: str      # what the EPUB says it is ("cover", "title page" …), "" when it says nothing
    link_share: float  # the share of its visible text that sits inside links


def epub_text(path) -> tuple[str, tuple[str, ...]]:
    """(the chapters' text with Markdown headings, notes naming each document left out and why)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # EbookLib warns about its own option defaults
        book = epub.read_epub(str(path), options={"ignore_ncx": True})
    toc_titles = _toc_titles(book.toc)
    guide = {_name(entry.get("href") or ""): _TYPE_NAMES.get((entry.get("type") or "").lower(), "")
             for entry in getattr(book, "guide", None) or ()}
    names = _book_names(book)
    documents: list[_Document] = []
    for idref, linear in book.spine:
        item = book.get_item_with_id(idref)
        if item is None or item.get_type() != ebooklib.ITEM_DOCUMENT or str(linear).lower() == "no":
            continue
        name = _name(item.get_name())
        declared = _declared_kind(item, guide.get(name, ""))
        text, epub_types, link_share = _xhtml_text(item.get_content())
        declared = declared or next((_TYPE_NAMES[t] for t in epub_types if t in _TYPE_NAMES), "")
        title = toc_titles.get(name)
        if title and text.strip() and not re.search(r"^#{1,2} ", text, re.M):
            text = f"# {title}\n\n{text}"
        documents.append(_Document(name, text, declared, link_share))
    parts, notes = [], []
    for index, document in enumerate(documents):
        reason = _not_a_chapter(document, names) or _empty(document, documents[index + 1:])
        if reason:
            notes.append(f"skipped the EPUB's {reason} ({document.name}{_sample(document.text)})")
        else:
            parts.append(document.text)
    return "\n\n".join(parts), tuple(notes)


def _declared_kind(item, from_guide: str) -> str:
    if isinstance(item, epub.EpubNav):
        return "table of contents"
    if isinstance(item, epub.EpubCoverHtml):
        return "cover"
    properties = set(getattr(item, "properties", None) or ())
    if "nav" in properties:
        return "table of contents"
    if "cover" in properties or "cover-image" in properties:
        return "cover"
    return from_guide


def _not_a_chapter(document: _Document, book_names: set[str]) -> str:
    """What the document is when it is no chapter ("cover", "title page" …), else ""."""
    lines = [line.strip() for line in document.text.split("\n") if line.strip()]
    bare = [_MARKDOWN_HEADING.sub(r"\2", line).strip() for line in lines]
    if document.declared:
        return document.declared
    if lines and document.link_share >= 0.8 and len(lines) >= 2:
        return "table of contents"  # nothing but links: a contents page
    if any(_is_chapter_heading(line) for line in bare[:2]):
        return ""  # a real chapter, whatever its file is called (chapter files named text/toc_01.xhtml exist)
    stem = PurePosixPath(document.name).stem
    for pattern, kind in _FILE_NAMES:
        if pattern.match(stem) and _visible(document.text) <= _MAX_COPYRIGHT_CHARS:
            return kind
    visible = _visible(document.text)
    if lines and visible <= _MAX_TITLE_PAGE_CHARS and len(lines) <= _MAX_TITLE_PAGE_LINES and (
            any(_compact(line) in book_names for line in bare) or any(_AUTHOR_LINE.search(line) for line in bare)):
        return "title page"  # the book's title and author, nothing more
    if lines and visible <= _MAX_COPYRIGHT_CHARS and len(_COPYRIGHT_SIGNS.findall(document.text)) >= 2:
        return "copyright page"
    return ""


def _empty(document: _Document, following: list[_Document]) -> str:
    """"empty chapter" for a document with headings and no text, unless it heads the documents after it
    (a part or volume title page: "# 第一卷 青云", or "# Part One" over "## Chapter 1" documents)."""
    lines = [line.strip() for line in document.text.split("\n") if line.strip()]
    if any(not _MARKDOWN_HEADING.match(line) for line in lines):
        return ""
    if not lines:
        return "empty document"
    heading = parse_heading(_MARKDOWN_HEADING.sub(r"\2", lines[0]))
    if heading is not None and heading.kind == "volume":
        return ""
    level = len(_MARKDOWN_HEADING.match(lines[0])[1])
    after = next((d for d in following if d.text.strip()), None)
    after_level = _first_heading_level(after.text) if after is not None else 0
    if after_level > level:
        return ""
    return "empty chapter"


def _first_heading_level(text: str) -> int:
    for line in text.split("\n"):
        if match := _MARKDOWN_HEADING.match(line.strip()):
            return len(match[1])
    return 0


def _is_chapter_heading(line: str) -> bool:
    heading = parse_heading(line)
    return heading is not None and heading.kind in ("chapter", "prologue", "extra")


def _book_names(book) -> set[str]:
    names = set()
    for field in ("title", "creator"):
        for value, _ in book.get_metadata("DC", field) or ():
            if value and value.strip():
                names.add(_compact(value))
    return names


def _compact(text: str) -> str:
    return "".join(text.split()).casefold()


def _visible(text: str) -> int:
    """Characters other than whitespace and the Markdown heading marks."""
    return sum(len("".join(_MARKDOWN_HEADING.sub(r"\2", line).split())) for line in text.split("\n"))


def _sample(text: str) -> str:
    words = " ".join(_MARKDOWN_HEADING.sub(r"\2", line.strip()) for line in text.split("\n") if line.strip())
    if not words:
        return ""
    return f": 「{words[:40]}{'…' if len(words) > 40 else ''}」"


def _name(href: str) -> str:
    return PurePosixPath(href.split("#")[0]).as_posix()


def _toc_titles(toc) -> dict[str, str]:
    titles: dict[str, str] = {}
    for entry in toc:
        if isinstance(entry, tuple):
            section, children = entry
            titles.update(_toc_titles(children))
            entry = section
        if isinstance(entry, (epub.Link, epub.Section)) and getattr(entry, "href", None):
            titles.setdefault(_name(entry.href), entry.title)
    return titles


def _xhtml_text(content: bytes) -> tuple[str, list[str], float]:
    """(text with h1/h2 as Markdown headings, the epub:type words of the body and its sections, link share)."""
    from bs4 import BeautifulSoup, XMLParsedAsHTMLWarning  # deferred: ~75 ms to import; only .epub files need it

    with warnings.catch_warnings():
        # XHTML read as HTML on purpose: lxml's HTML parser forgives the broken markup real EPUBs carry.
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        soup = BeautifulSoup(content, "lxml")
    body = soup.body or soup
    for tag in body.find_all(["script", "style"]):
        tag.decompose()
    whole = len("".join(body.get_text().split()))
    in_links = sum(len("".join(tag.get_text().split())) for tag in body.find_all("a"))
    epub_types = _epub_types(body, whole)
    for level in (1, 2):
        for tag in body.find_all(f"h{level}"):
            text = " ".join(tag.get_text(" ").split())
            tag.replace_with(f"\n\n{'#' * level} {text}\n\n" if text else "\n")
    for tag in body.find_all("br"):
        tag.replace_with("\n")
    for tag in body.find_all(_BLOCK_TAGS):
        tag.insert_before("\n")
        tag.insert_after("\n")
    lines = [line.rstrip() for line in body.get_text().split("\n")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    return text, epub_types, (in_links / whole if whole else 0.0)


def _epub_types(body, whole: int) -> list[str]:
    """epub:type words of the body, and of elements holding most of its text (a <section epub:type="toc">)."""
    found: list[str] = []
    for tag in [body, *body.find_all(attrs={"epub:type": True})]:
        value = tag.get("epub:type") if hasattr(tag, "get") else None
        if not value:
            continue
        share = len("".join(tag.get_text().split())) / whole if whole else 1.0
        if tag is body or share >= 0.8:
            found.extend(value.lower().split())
    return found
