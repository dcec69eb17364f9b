"""Reading manuscript files into chapters on their way into a book: what the preview shows and the import writes."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from desktop.importing.decode import ImportFileError
from desktop.importing.formats import read_document
from desktop.importing.split import CN_NUMERAL_CHARS, ChapterText, chinese_to_int, parse_heading, split_chapters

# What an imported chapter is to the book, given what the book holds at its number.
NEW, UNCHANGED, UPDATED, CONFLICT = "new", "unchanged", "updated", "conflict"


@dataclass
class Planned:
    """One chapter of one file, on its way into the book."""
    chapter: ChapterText
    source: str
    number: int | None = None
    status: str = NEW
    digest: str = ""

    def __post_init__(self) -> None:
        self.digest = self.digest or content_hash(self.chapter)


@dataclass
class FileResult:
    """One file as read: its chapters, or the error that kept it out; what the splitter dropped or doubted."""
    path: Path
    encoding: str | None = None
    chapters: list[Planned] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)    # {"kind", "where", "line", "chars", "sample"}
    suspects: list[dict] = field(default_factory=list)   # {"line", "text"}: lines that look like missed headings
    unwrapped: bool = False                              # hard-wrapped lines were joined into paragraphs
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    appended: bool = False                               # moved after the book's last chapter (on_conflict append)

    @property
    def source(self) -> str:
        return str(self.path.resolve())


def read_files(paths: list[Path], *, heading_pattern: str | None = None,
               heading_lines: tuple[str, ...] = ()) -> list[FileResult]:
    """Every file in order; a file that cannot be read carries its error and no chapters.
    A heading pattern that is no regular expression is refused before any file is read (ValueError)."""
    if heading_pattern:
        try:
            re.compile(heading_pattern)
        except re.error as exc:
            raise ValueError(f"heading pattern {heading_pattern!r} is not a valid regular expression ({exc})") from None
    results = []
    for path in paths:
        try:
            results.append(read_file(path, heading_pattern=heading_pattern, heading_lines=heading_lines))
        except ImportFileError as error:
            results.append(FileResult(path, error=error.message))
        except Exception as error:  # a parser bug on one odd file must not sink the whole batch
            results.append(FileResult(path, error=f"could not read ({type(error).__name__}: {error})"))
    return results


def read_file(path: Path, *, heading_pattern: str | None = None, heading_lines: tuple[str, ...] = ()) -> FileResult:
    document = read_document(path)
    split = _split(document.text, default_title=path.stem, markdown=document.markdown,
                   heading_pattern=heading_pattern, heading_lines=heading_lines, path=path)
    if not split.chapters:
        raise ImportFileError(path, "no chapter text found")
    chapters = split.chapters
    if len(chapters) == 1 and not chapters[0].heading:
        chapters = [_chapter_named_by_file(chapters[0], path)]
    # The reader's notes come first: an EPUB's cover, title page or contents it left out.
    result = FileResult(path, document.encoding, warnings=[*document.notes, *split.warnings])
    result.chapters = [Planned(chapter, result.source) for chapter in chapters]
    # The splitter's findings, read with defaults so this works with splitters that do not report them.
    result.dropped = [_record(item, ("kind", "where", "line", "chars", "sample")) for item in
                      getattr(split, "dropped", None) or ()]
    result.suspects = [_record(item, ("line", "text")) for item in getattr(split, "suspects", None) or ()]
    result.unwrapped = bool(getattr(split, "unwrapped", False))
    return result


def _split(text: str, *, default_title: str, markdown: bool, heading_pattern: str | None,
           heading_lines: tuple[str, ...], path: Path):
    rules = {}
    if heading_pattern:
        rules["heading_pattern"] = heading_pattern
    if heading_lines:
        rules["heading_lines"] = tuple(heading_lines)
    try:
        return split_chapters(text, default_title=default_title, markdown=markdown, **rules)
    except TypeError:
        if not rules:
            raise
        raise ImportFileError(path, "this version cannot apply a heading rule") from None


def _record(item, names: tuple[str, ...]) -> dict:
    if isinstance(item, dict):
        return {name: item.get(name) for name in names}
    return {name: getattr(item, name, None) for name in names}


_FILE_NUMBER_PATTERNS = (
    re.compile(rf"第\s*([0-9{CN_NUMERAL_CHARS}]+)"),
    re.compile(r"(?:^|[^a-z])(?:ch|chap|chapter)[\s_\-.]*(\d+)", re.I),
    re.compile(r"^(\d+)(?:$|[\s_\-.])"),
)


def _chapter_named_by_file(chapter: ChapterText, path: Path) -> ChapterText:
    """A file without headings takes its number (and title) from its name: ch2.txt, 第3章 风起.docx."""
    heading = parse_heading(path.stem)
    if heading is not None and heading.kind != "volume":
        return ChapterText(heading.number, heading.title or path.stem, path.stem, chapter.volume,
                           chapter.text, heading.kind)
    for pattern in _FILE_NUMBER_PATTERNS:
        if match := pattern.search(path.stem):
            number = chinese_to_int(match[1])
            if number is not None:
                return ChapterText(number, path.stem, "", chapter.volume, chapter.text, "chapter")
    return chapter


def content_hash(chapter: ChapterText) -> str:
    """sha256 over the heading and text, blind to trailing spaces and Unicode composition."""
    normalised = "\n".join(line.rstrip() for line in unicodedata.normalize("NFC", chapter.text).split("\n"))
    material = "\x1f".join((chapter.volume or "", chapter.heading, chapter.title, normalised.strip()))
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


def status_against(item: Planned, row: dict | None) -> str:
    """new: the number is free; unchanged: it holds this very text; updated: it holds this file's older text;
    conflict: it holds another source's text."""
    if row is None:
        return NEW
    if row.get("content_hash") == item.digest:
        return UNCHANGED
    return UPDATED if row.get("source_path") == item.source else CONFLICT
