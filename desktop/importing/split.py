"""Splits a manuscript into chapters at its heading lines (第十二章, 第三卷, 楔子, Chapter XII, Markdown #), and
cleans what it splits: site adverts and upload metadata dropped, hard-wrapped lines joined, doubtful splits
reported with the lines that look like missed headings."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

from desktop.importing.boilerplate import Dropped, clean_edges, is_advert, sample_of, visible_chars, warning_for
from desktop.importing.finding import Found, find_headings, heading_like_lines
from desktop.importing.headings import (CN_NUMERAL_CHARS, Heading, chinese_to_int, english_to_int,  # noqa: F401
                                        number_in, parse_heading, roman_to_int)
from desktop.importing.unwrap import unwrap, wrap_width

_GUTENBERG_END = re.compile(r"^(?:\*{3}\s*)?end of (?:the |this )?project gutenberg", re.I)
_LEADING_BLANK_LINES = re.compile(r"\A(?:[ \t\u3000]*\n)+")
_LARGE_FILE_CHARS = 50_000   # one chapter this long almost always means its headings were missed


@dataclass(frozen=True)
class Suspect:
    line: int    # 1-based line in the file
    text: str    # the line, stripped


@dataclass
class ChapterText:
    number: int | None
    title: str
    heading: str
    volume: str | None
    text: str
    kind: str = "chapter"   # "chapter" | "prologue" | "extra"


@dataclass
class SplitResult:
    chapters: list[ChapterText]
    warnings: list[str] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)     # lines taken out, each also said in `warnings`
    suspects: list[Suspect] = field(default_factory=list)    # heading-like lines left in, when the split looks wrong
    unwrapped: bool = False                                  # hard-wrapped lines were joined into paragraphs


def split_chapters(text: str, *, default_title: str, markdown: bool = False, heading_pattern: str | None = None,
                   heading_lines: Collection[str] = ()) -> SplitResult:
    """Chapters of `text` in order; with no chapter headings the whole text is one chapter.

    `heading_pattern` is the author's rule: a regex a whole stripped heading line matches (group "num" or the first
    group is the number, group "title" the title); ValueError when it is not a valid regex. `heading_lines` are
    line texts the author marked as headings."""
    lines = text.split("\n")
    result = SplitResult([])
    end = _trailer_start(lines)
    if end < len(lines):
        chars = visible_chars(lines[end:])
        result.warnings.append(f"skipped {chars} characters of Project Gutenberg licence text at the end")
        result.dropped.append(Dropped("licence", "end of file", end + 1, chars, sample_of(lines[end])))
    lines = lines[:end]
    found = find_headings(lines, markdown, heading_pattern=heading_pattern, heading_lines=heading_lines)
    width = wrap_width(lines)
    if not any(f.heading.kind != "volume" for f in found):
        _whole_file(lines, default_title, width, result)
    else:
        _front_matter(lines[: found[0].line_no], result)
        line_nos = _chapters(lines, found, width, result)
        result.chapters, line_nos = _drop_table_of_contents(result.chapters, line_nos, result.warnings,
                                                            result.dropped)
        result.warnings.extend(_numbering_warnings(result.chapters, line_nos))
    result.warnings.extend(warning_for(item) for item in result.dropped
                           if item.kind in ("boilerplate", "metadata"))
    _doubt(lines, found, result)
    return result


def _whole_file(lines: list[str], default_title: str, width: int | None, result: SplitResult) -> None:
    kept, dropped = clean_edges(lines, 0, "before the first heading", file_end=True)
    result.dropped.extend(dropped)
    body = _body(kept)
    if not body:
        result.warnings.append("no text")
        return
    body, joined = unwrap(body, width)
    result.unwrapped = joined
    result.chapters.append(ChapterText(None, default_title, "", None, body, "chapter"))


def _front_matter(lines: list[str], result: SplitResult) -> None:
    """Text before the first heading is not imported: adverts in it are named, the rest reported as front matter."""
    adverts = {i for i, line in enumerate(lines) if is_advert(line)}
    for index in sorted(adverts):
        result.dropped.append(Dropped("boilerplate", "before the first heading", index + 1,
                                      visible_chars([lines[index]]), sample_of(lines[index])))
    rest = [line for i, line in enumerate(lines) if i not in adverts]
    skipped = visible_chars(rest)
    if skipped:
        first = next(i for i, line in enumerate(lines) if line.strip() and i not in adverts)
        result.warnings.append(f"skipped {skipped} characters before the first heading")
        result.dropped.append(Dropped("front matter", "before the first heading", first + 1, skipped,
                                      sample_of(" ".join(line.strip() for line in rest if line.strip()))))


def _chapters(lines: list[str], found: list[Found], width: int | None, result: SplitResult) -> list[int]:
    line_nos: list[int] = []
    volume: str | None = None
    for index, item in enumerate(found):
        is_last = index + 1 == len(found)
        stop = len(lines) if is_last else found[index + 1].line_no
        heading = item.heading
        where = f"after 「{sample_of(heading.line)}」"
        kept, dropped = clean_edges(lines[item.line_no + 1: stop], item.line_no + 1, where, file_end=is_last)
        result.dropped.extend(dropped)
        body = _body(kept)
        if heading.kind == "volume":
            volume = heading.line
            if body:
                result.warnings.append(f"skipped {visible_chars(body.split(chr(10)))} characters between "
                                       f"volume heading 「{heading.line}」 and its first chapter")
            continue
        body, joined = unwrap(body, width)
        result.unwrapped = result.unwrapped or joined
        result.chapters.append(ChapterText(heading.number, heading.title or heading.line, heading.line,
                                           volume, body, heading.kind))
        line_nos.append(item.line_no + 1)
    return line_nos


def _doubt(lines: list[str], found: list[Found], result: SplitResult) -> None:
    """A large file read as one chapter, or numbers that jump or repeat: name the lines that look like headings."""
    total = sum(len(chapter.text) for chapter in result.chapters)
    one_huge = len(result.chapters) == 1 and total > _LARGE_FILE_CHARS
    numbering = any("missing" in w or "appears again" in w or "comes after" in w for w in result.warnings)
    if not (one_huge or numbering):
        return
    taken = {f.line_no for f in found}
    result.suspects = [Suspect(line_no + 1, text) for line_no, text in heading_like_lines(lines, taken)]
    if one_huge:
        result.warnings.append(
            f"the whole file became one chapter of {total} characters: its headings may be written in a form "
            f"that was not recognised" + (f" ({len(result.suspects)} lines look like headings)" if result.suspects
                                          else "; give a heading rule to split it"))
    elif result.suspects:
        result.warnings.append(f"chapter numbers jump or repeat: {len(result.suspects)} lines that look like "
                               f"headings were not taken as headings")


def _trailer_start(lines: list[str]) -> int:
    for index, line in enumerate(lines):
        if _GUTENBERG_END.match(line.strip()):
            return index
    return len(lines)


def _body(lines: list[str]) -> str:
    return _LEADING_BLANK_LINES.sub("", "\n".join(lines)).rstrip()


def _drop_table_of_contents(chapters: list[ChapterText], line_nos: list[int], warnings: list[str],
                            dropped_items: list[Dropped]) -> tuple[list[ChapterText], list[int]]:
    """A list of headings at the top (目录) repeats later with text; drop the empty copies."""
    later_with_text: set[tuple] = set()
    keep = [True] * len(chapters)
    for index in range(len(chapters) - 1, -1, -1):
        chapter = chapters[index]
        key = (chapter.kind, chapter.number, chapter.title)
        if not chapter.text and key in later_with_text:
            keep[index] = False
        elif chapter.text:
            later_with_text.add(key)
    dropped = keep.count(False)
    if dropped:
        warnings.append(f"skipped a table of contents: {dropped} headings without text that repeat later")
        first = keep.index(False)
        dropped_items.append(Dropped("table of contents", "before the first heading", line_nos[first] - 1,
                                     sum(len(c.heading) for c, k in zip(chapters, keep) if not k),
                                     sample_of(" ".join(c.heading for c, k in zip(chapters, keep) if not k))))
    for chapter, kept, line_no in zip(chapters, keep, line_nos):
        if kept and not chapter.text:
            warnings.append(f"line {line_no}: 「{chapter.heading}」 has no text under it")
    return ([c for c, k in zip(chapters, keep) if k], [n for n, k in zip(line_nos, keep) if k])


def _numbering_warnings(chapters: list[ChapterText], line_nos: list[int]) -> list[str]:
    """Duplicate, missing and out-of-order chapter numbers; a restart at 1 in a new volume is normal."""
    warnings: list[str] = []
    seen: dict[tuple[str | None, int], int] = {}
    previous: ChapterText | None = None
    for chapter, line_no in zip(chapters, line_nos):
        if chapter.kind != "chapter" or chapter.number is None:
            continue
        key = (chapter.volume, chapter.number)
        if key in seen:
            warnings.append(f"line {line_no}: chapter {chapter.number} appears again "
                            f"(first at line {seen[key]})")
        else:
            seen[key] = line_no
            if previous is not None:
                warning = _gap_warning(previous, chapter, line_no)
                if warning:
                    warnings.append(warning)
        previous = chapter
    return warnings


def _gap_warning(previous: ChapterText, chapter: ChapterText, line_no: int) -> str | None:
    expected = previous.number + 1
    if chapter.number == expected:
        return None
    if chapter.volume != previous.volume and chapter.number == 1:
        return None
    if chapter.number > expected:
        missing = str(expected) if chapter.number == expected + 1 else f"{expected}–{chapter.number - 1}"
        return f"line {line_no}: chapter {missing} missing (「{previous.heading}」 then 「{chapter.heading}」)"
    return f"line {line_no}: chapter {chapter.number} comes after chapter {previous.number}"
