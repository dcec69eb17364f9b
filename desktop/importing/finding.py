"""Finds the heading lines of a whole manuscript, including the forms downloaded files wrap them in.

A line on its own is judged by headings.parse_heading. Downloaded novels decorate their headings: a site and book
name before every 第N回 ("某小说网 红楼梦 第十二回 …"), 目录/VIP章节 in front, 求月票 notes behind, the volume
on the same line as the chapter, or a bare 〖12〗. Some of these are only safe to believe when the file repeats
them, so the finder looks at all lines before deciding.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Collection
from dataclasses import dataclass

from desktop.importing.headings import _MAX_HEADING_CHARS, _MD_HEADING, NUM_CLASS, Heading, number_in, parse_heading

# Words sites put before a heading that never belong to its title.
_KNOWN_PREFIX = re.compile(r"^(?:目录|目錄|章节目录|正文卷?|VIP章节|VIP卷|VIP|最新章节)(?:[\s:：_\-—]+|(?=第|【))", re.I)
# Notes authors hang after a title to ask readers for votes: （求月票）, (求收藏), 求订阅!.
_TRAILING_NOTE = re.compile(
    r"\s*(?:[（(【\[](?:求|跪求|加更|补更|感谢|爆发|今日|第[一二三四五六七八九十\d]+更)[^）)】\]]{0,24}[）)】\]]"
    r"|\s+(?:求|跪求)(?:月票|收藏|订阅|推荐票?|打赏|票)[^\s]{0,12})\s*$"
)
# "某小说网 红楼梦 第十二回 …": a short prefix, then a numbered chapter heading.
_PREFIXED = re.compile(rf"^(?P<prefix>[^，。！？；,;!?“”「」\"]{{1,30}}?)\s*(?P<rest>[【\[〖]?\s*第\s*[{NUM_CLASS}]+\s*[章回节節话話].*)$")
# A chapter heading inside a volume line: "第一卷 青云 第三章 风起".
_CHAPTER_IN_VOLUME = re.compile(rf"(?P<rest>第\s*[{NUM_CLASS}]+\s*[章回节節话話].*)$")
# 〖12〗, [12], 【十二】 with an optional title: a heading only when the file's headings all look like this.
_BRACKET_NUMBER = re.compile(rf"^[\[〖【]\s*(?P<num>[{NUM_CLASS}]+)\s*[\]〗】]\s*(?P<title>[^，。！？；,;]{{0,30}})$")
_MIN_REPEATS = 3   # a prefix or bracket form must recur this often before it is believed


@dataclass
class Found:
    line_no: int   # 0-based index into the lines
    heading: Heading


def clean_heading_text(line: str) -> str:
    """The line with full-width spaces made plain and site words and vote notes taken off."""
    text = line.replace("\u3000", " ").strip()
    while (m := _KNOWN_PREFIX.match(text)) and m.end() < len(text):
        text = text[m.end():].strip()
    return _TRAILING_NOTE.sub("", text).strip() or text


def compile_heading_pattern(pattern: str) -> re.Pattern:
    """The author's heading rule as a regex; ValueError naming the mistake when it is not a valid one."""
    try:
        return re.compile(pattern)
    except re.error as error:
        raise ValueError(f"the heading rule {pattern!r} is not a valid regular expression: {error}") from None


def find_headings(lines: list[str], markdown: bool, *, heading_pattern: str | None = None,
                  heading_lines: Collection[str] = ()) -> list[Found]:
    """Every heading in `lines`, in order. With the author's `heading_pattern` only lines matching it (and the
    `heading_lines` they marked) are headings: they know their book better than any guess."""
    marked = {line.strip() for line in heading_lines if line.strip()}
    if heading_pattern:
        found = _by_author_rule(lines, compile_heading_pattern(heading_pattern), marked)
    else:
        found = _by_recognition(lines, markdown, marked)
    return found


def _by_author_rule(lines: list[str], rule: re.Pattern, marked: set[str]) -> list[Found]:
    found: list[Found] = []
    for line_no, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            continue
        if m := rule.fullmatch(stripped):
            groups = m.groupdict()
            raw = groups.get("num") if "num" in groups else (m.group(1) if rule.groups else None)
            number = number_in(raw) if raw else None
            title = (groups.get("title") or "").strip() or stripped
            found.append(Found(line_no, Heading("chapter", number, title, stripped)))
        elif stripped in marked:
            found.append(Found(line_no, _marked_heading(stripped)))
    return found


def _marked_heading(line: str) -> Heading:
    heading = parse_heading(clean_heading_text(line))
    return heading if heading is not None else Heading("chapter", None, line, line)


def _by_recognition(lines: list[str], markdown: bool, marked: set[str]) -> list[Found]:
    found: list[Found] = []
    generic: list[tuple[int, int, str]] = []      # Markdown headings that name no chapter pattern
    pattern_levels: list[int] = []
    prefixed: dict[str, list[tuple[int, Heading]]] = defaultdict(list)
    bracketed: list[Found] = []
    for line_no, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or len(stripped) > _MAX_HEADING_CHARS + 30:
            continue
        if stripped in marked:
            found.append(Found(line_no, _marked_heading(stripped)))
            continue
        level = 0
        if markdown and (m := _MD_HEADING.match(stripped)):
            level, stripped = len(m[1]), m[2]
            if level > 2:
                continue
        headings = _parse_line(stripped)
        if headings:
            found.extend(Found(line_no, heading) for heading in headings)
            if level and headings[-1].kind == "chapter":
                pattern_levels.append(level)
        elif level:
            generic.append((line_no, level, stripped))
        elif (m := _PREFIXED.match(clean_heading_text(stripped))) and (h := _parse_one(m["rest"])):
            prefixed[m["prefix"].strip()].append((line_no, h))
        elif (m := _BRACKET_NUMBER.match(stripped)) and (number := number_in(m["num"])) is not None:
            title = m["title"].strip()
            bracketed.append(Found(line_no, Heading("chapter", number, title, stripped)))
    for prefix, items in prefixed.items():
        if len(items) >= _MIN_REPEATS or _KNOWN_PREFIX.match(prefix + " "):
            found.extend(Found(line_no, heading) for line_no, heading in items)
    chapters_found = sum(1 for f in found if f.heading.kind == "chapter")
    if len(bracketed) >= _MIN_REPEATS and len(bracketed) > chapters_found:
        found.extend(bracketed)
    if generic:
        found.extend(_generic_markdown_headings(generic, pattern_levels, found))
    found.sort(key=lambda f: (f.line_no, f.heading.kind != "volume"))
    return found


def _parse_one(text: str) -> Heading | None:
    heading = parse_heading(clean_heading_text(text))
    return heading if heading is not None and heading.kind == "chapter" else None


def _parse_line(line: str) -> list[Heading]:
    """The headings on one line: none, one, or a volume followed by its first chapter."""
    heading = parse_heading(line)
    if heading is None:
        cleaned = clean_heading_text(line)
        if cleaned == line or len(cleaned) > _MAX_HEADING_CHARS:
            return []
        heading = parse_heading(cleaned)
        if heading is None:
            return []
    elif heading.kind == "chapter" and heading.title and (cleaned := clean_heading_text(heading.line)) != heading.line:
        heading = parse_heading(cleaned) or heading
    if heading.kind == "volume" and heading.title and (m := _CHAPTER_IN_VOLUME.search(heading.line)):
        chapter = _parse_one(m["rest"])
        volume_text = heading.line[: m.start()].strip()
        if chapter is not None and volume_text:
            volume = parse_heading(volume_text) or Heading("volume", heading.number, "", volume_text)
            return [volume, chapter]
    return [heading]


def _generic_markdown_headings(generic: list[tuple[int, int, str]], pattern_levels: list[int],
                               found: list[Found]) -> list[Found]:
    """`# Words` headings: the chapter level becomes chapters, a higher level volumes or the book title."""
    if pattern_levels:
        chapter_level = min(pattern_levels)
    else:
        counts = Counter(level for _, level, _ in generic)
        chapter_level = max((1, 2), key=lambda level: (counts[level], level))
    first_chapter = min([ln for ln, lv, _ in generic if lv == chapter_level]
                        + [f.line_no for f in found if f.heading.kind != "volume"], default=None)
    upper = [(ln, text) for ln, lv, text in generic if lv < chapter_level]
    result = [Found(ln, Heading("chapter", None, text, text)) for ln, lv, text in generic if lv == chapter_level]
    for line_no, text in upper:
        is_book_title = len(upper) == 1 and first_chapter is not None and line_no < first_chapter
        if not is_book_title:
            result.append(Found(line_no, Heading("volume", None, text, text)))
    return result


_SUSPECT = re.compile(rf"第\s*[{NUM_CLASS}]+\s*[章回节節卷]|\bchapter\s+(?:\d+|[ivxlcdm]+\b)", re.I)
_MAX_SUSPECT_CHARS = 50


def heading_like_lines(lines: list[str], taken: set[int], limit: int = 50) -> list[tuple[int, str]]:
    """(0-based line, text) of short lines that look like headings but were not taken as ones."""
    result: list[tuple[int, str]] = []
    for line_no, line in enumerate(lines):
        stripped = line.strip()
        if line_no in taken or not stripped or len(stripped) > _MAX_SUSPECT_CHARS:
            continue
        if _SUSPECT.search(stripped):
            result.append((line_no, stripped))
            if len(result) >= limit:
                break
    return result
