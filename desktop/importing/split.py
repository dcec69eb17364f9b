"""Splits a manuscript into chapters at its heading lines (第十二章, 第三卷, 楔子, Chapter XII, Markdown #)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# ---------------------------------------------------------------- numerals

_CN_DIGITS = {
    "零": 0, "〇": 0, "○": 0,
    "一": 1, "壹": 1, "二": 2, "贰": 2, "貳": 2, "两": 2, "兩": 2,
    "三": 3, "叁": 3, "參": 3, "四": 4, "肆": 4, "五": 5, "伍": 5,
    "六": 6, "陆": 6, "陸": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9,
}
_CN_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_CN_MYRIADS = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
CN_NUMERAL_CHARS = "".join(_CN_DIGITS) + "".join(_CN_UNITS) + "".join(_CN_MYRIADS)
# Full-width digits come from headings typed with a Chinese IME (第１２章).
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")

_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
_ROMAN_RE = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})", re.IGNORECASE)
_EN_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}


def chinese_to_int(text: str) -> int | None:
    """十二 → 12, 一百零三 → 103, 一零零 → 100 (digit by digit), 12 or １２ → 12; None if not a number."""
    text = text.strip().translate(_FULLWIDTH)
    if not text:
        return None
    if text.isascii() and text.isdigit():
        return int(text)
    if any(ch not in _CN_DIGITS and ch not in _CN_UNITS and ch not in _CN_MYRIADS for ch in text):
        return None
    if not any(ch in _CN_UNITS or ch in _CN_MYRIADS for ch in text):
        value = 0  # positional writing: 一零零 = 100, 二〇二 = 202
        for ch in text:
            value = value * 10 + _CN_DIGITS[ch]
        return value
    return _chinese_with_units(text)


def _chinese_with_units(text: str) -> int | None:
    total, section, digit = 0, 0, None
    for ch in text:
        if ch in _CN_DIGITS:
            if digit and _CN_DIGITS[ch]:
                return None  # 一二百: two digits with no unit between them
            digit = _CN_DIGITS[ch]
        elif ch in _CN_UNITS:
            section += (1 if digit is None else digit) * _CN_UNITS[ch]  # bare 十 = 10
            digit = None
        elif _CN_MYRIADS[ch] == 10_000:
            total += ((section + (digit or 0)) or 1) * 10_000
            section, digit = 0, None
        else:
            total = (total + section + (digit or 0) or 1) * 100_000_000
            section, digit = 0, None
    return total + section + (digit or 0)


def roman_to_int(text: str) -> int | None:
    """XII → 12 (any case); None unless it is a well-formed Roman numeral."""
    text = text.strip()
    if not text or not _ROMAN_RE.fullmatch(text):
        return None
    values = [_ROMAN_VALUES[ch] for ch in text.lower()]
    return sum(-v if i + 1 < len(values) and values[i + 1] > v else v for i, v in enumerate(values))


def english_to_int(text: str) -> int | None:
    """Twelve → 12, Twenty-One → 21, One Hundred and Three → 103; None if a word is not a number."""
    words = [w for w in re.split(r"[\s\-]+", text.strip().lower()) if w and w != "and"]
    if not words:
        return None
    total, current = 0, 0
    for word in words:
        if word in _EN_UNITS:
            current += _EN_UNITS[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total, current = total + (current or 1) * 1000, 0
        else:
            return None
    return total + current


def number_in(text: str) -> int | None:
    """The number written in `text` in any supported way (digits, Chinese, Roman, English words)."""
    for convert in (chinese_to_int, roman_to_int, english_to_int):
        value = convert(text)
        if value is not None:
            return value
    return None


# ---------------------------------------------------------------- heading lines

_MAX_HEADING_CHARS = 80
_MAX_TIGHT_TITLE = 20   # a title glued to 第N章 without a separator must be short …
_PROSE_PUNCT = "，。！？；、,;!?"  # … and free of prose punctuation (第三回合，他一剑刺出 is prose)
_SEP = r"[\s:：、.．·\-—–_]*"
_NUM_CN = "0-9０-９" + CN_NUMERAL_CHARS
_EN_WORDS = "|".join(sorted([*_EN_UNITS, "hundred", "thousand"], key=len, reverse=True))
_EN_NUM = rf"\d+|[ivxlcdm]+|(?:{_EN_WORDS})(?:[\s\-]+(?:and[\s\-]+)?(?:{_EN_WORDS}))*"

_CN_NUMBERED = re.compile(
    rf"^(?:正文\s*)?[【\[〖(（]?\s*第\s*(?P<num>[{_NUM_CN}]+)\s*(?P<unit>[章回节節话話卷部篇])\s*[】\]〗)）]?"
    rf"(?P<sep>{_SEP})(?P<title>.*)$"
)
_CN_VOLUME_PREFIX = re.compile(rf"^卷\s*(?P<num>[{_NUM_CN}]+)(?P<sep>{_SEP})(?P<title>.*)$")
_CN_PROLOGUE = re.compile(rf"^(?P<key>序章|序幕|序言|楔子|引子|序)(?P<sep>{_SEP})(?P<title>.*)$")
_CN_EXTRA = re.compile(
    rf"^(?P<key>番外篇?[{_NUM_CN}]*|后记|後記|尾声|尾聲|完本感言)(?P<sep>{_SEP})(?P<title>.*)$"
)
_EN_CHAPTER = re.compile(rf"^(?:chapter|chap\.)\s+(?P<num>{_EN_NUM})\b(?P<sep>\s*[.:\-—–]?\s*)(?P<title>.*)$", re.I)
_EN_VOLUME = re.compile(rf"^(?:book|part|volume|vol\.)\s+(?P<num>{_EN_NUM})\b(?P<sep>\s*[.:\-—–]?\s*)(?P<title>.*)$", re.I)
_EN_PROLOGUE = re.compile(r"^(?P<key>prologue)\b(?P<sep>\s*[.:\-—–]?\s*)(?P<title>.*)$", re.I)
_EN_EXTRA = re.compile(r"^(?P<key>epilogue|afterword)\b(?P<sep>\s*[.:\-—–]?\s*)(?P<title>.*)$", re.I)
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_VOLUME_UNITS = "卷部篇"
_GUTENBERG_END = re.compile(r"^(?:\*{3}\s*)?end of (?:the |this )?project gutenberg", re.I)
_LEADING_BLANK_LINES = re.compile(r"\A(?:[ \t\u3000]*\n)+")


@dataclass(frozen=True)
class Heading:
    kind: str            # "chapter" | "prologue" | "extra" | "volume"
    number: int | None
    title: str           # the words after the number, "" when there are none
    line: str            # the heading as written (Markdown #s removed)


def parse_heading(line: str) -> Heading | None:
    """The heading `line` is (a whole, stripped line), or None when it is prose."""
    line = line.strip()
    if not line or len(line) > _MAX_HEADING_CHARS:
        return None
    if m := _CN_NUMBERED.match(line):
        number = chinese_to_int(m["num"])
        if number is None or not _title_ok(m["sep"], m["title"], tight_allowed=True):
            return None
        kind = "volume" if m["unit"] in _VOLUME_UNITS else "chapter"
        return Heading(kind, number, m["title"].strip(), line)
    if m := _CN_VOLUME_PREFIX.match(line):
        number = chinese_to_int(m["num"])
        if number is not None and _title_ok(m["sep"], m["title"], tight_allowed=False):
            return Heading("volume", number, m["title"].strip(), line)
        return None
    for pattern, kind in ((_CN_PROLOGUE, "prologue"), (_CN_EXTRA, "extra"),
                          (_EN_PROLOGUE, "prologue"), (_EN_EXTRA, "extra")):
        if (m := pattern.match(line)) and _title_ok(m["sep"], m["title"], tight_allowed=False):
            return Heading(kind, None, m["title"].strip(), line)
    for pattern, kind in ((_EN_CHAPTER, "chapter"), (_EN_VOLUME, "volume")):
        if m := pattern.match(line):
            return _english_heading(m, kind, line)
    return None


def _english_heading(m: re.Match, kind: str, line: str) -> Heading | None:
    raw = m["num"]
    number = int(raw) if raw.isdigit() else roman_to_int(raw)
    if number is None:
        number = english_to_int(raw)
        if number is None:
            return None
    title = m["title"].strip()
    if title and not m["sep"].strip():
        # "Chapter 12 The Ball" is fine; "Chapter one day …" or "chapter i went" is prose.
        if not (raw.isdigit() or (raw.isupper() and roman_to_int(raw))):
            return None
    if title and title[-1] in ",;":
        return None
    return Heading(kind, number, title, line)


def _title_ok(sep: str, title: str, *, tight_allowed: bool) -> bool:
    title = title.strip()
    if not title:
        return True
    if title[-1] in "，。；,;":
        return False
    if sep:
        return True
    return tight_allowed and len(title) <= _MAX_TIGHT_TITLE and not any(ch in _PROSE_PUNCT for ch in title)


# ---------------------------------------------------------------- splitting


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


@dataclass
class _Found:
    line_no: int   # 0-based index into the lines
    heading: Heading


def split_chapters(text: str, *, default_title: str, markdown: bool = False) -> SplitResult:
    """Chapters of `text` in order; with no chapter headings the whole text is one chapter."""
    lines = text.split("\n")
    warnings: list[str] = []
    end = _trailer_start(lines)
    if end < len(lines):
        dropped = _visible_chars(lines[end:])
        warnings.append(f"skipped {dropped} characters of Project Gutenberg licence text at the end")
    found = _find_headings(lines[:end], markdown)
    if not any(f.heading.kind != "volume" for f in found):
        body = _body(lines[:end])
        if not body:
            return SplitResult([], warnings + ["no text"])
        return SplitResult([ChapterText(None, default_title, "", None, body, "chapter")], warnings)

    skipped = _visible_chars(lines[: found[0].line_no])
    if skipped:
        warnings.append(f"skipped {skipped} characters before the first heading")
    chapters: list[ChapterText] = []
    line_nos: list[int] = []
    volume: str | None = None
    for index, item in enumerate(found):
        stop = found[index + 1].line_no if index + 1 < len(found) else end
        body = _body(lines[item.line_no + 1: stop])
        heading = item.heading
        if heading.kind == "volume":
            volume = heading.line
            if body:
                warnings.append(f"skipped {_visible_chars(body.split(chr(10)))} characters between "
                                f"volume heading 「{heading.line}」 and its first chapter")
            continue
        chapters.append(ChapterText(heading.number, heading.title or heading.line, heading.line,
                                    volume, body, heading.kind))
        line_nos.append(item.line_no + 1)
    chapters, line_nos = _drop_table_of_contents(chapters, line_nos, warnings)
    warnings.extend(_numbering_warnings(chapters, line_nos))
    return SplitResult(chapters, warnings)


def _trailer_start(lines: list[str]) -> int:
    for index, line in enumerate(lines):
        if _GUTENBERG_END.match(line.strip()):
            return index
    return len(lines)


def _visible_chars(lines: list[str]) -> int:
    return sum(len("".join(line.split())) for line in lines)


def _body(lines: list[str]) -> str:
    return _LEADING_BLANK_LINES.sub("", "\n".join(lines)).rstrip()


def _find_headings(lines: list[str], markdown: bool) -> list[_Found]:
    found: list[_Found] = []
    generic: list[tuple[int, int, str]] = []      # Markdown headings that name no chapter pattern
    pattern_levels: list[int] = []
    for line_no, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or len(stripped) > _MAX_HEADING_CHARS + 6:
            continue
        level = 0
        if markdown and (m := _MD_HEADING.match(stripped)):
            level, stripped = len(m[1]), m[2]
            if level > 2:
                continue
        heading = parse_heading(stripped)
        if heading is not None:
            found.append(_Found(line_no, heading))
            if level and heading.kind == "chapter":
                pattern_levels.append(level)
        elif level:
            generic.append((line_no, level, stripped))
    if generic:
        found.extend(_generic_markdown_headings(generic, pattern_levels, found))
        found.sort(key=lambda f: f.line_no)
    return found


def _generic_markdown_headings(generic: list[tuple[int, int, str]], pattern_levels: list[int],
                               found: list[_Found]) -> list[_Found]:
    """`# Words` headings: the chapter level becomes chapters, a higher level volumes or the book title."""
    if pattern_levels:
        chapter_level = min(pattern_levels)
    else:
        counts = {level: sum(1 for _, lv, _ in generic if lv == level) for level in (1, 2)}
        chapter_level = max((1, 2), key=lambda level: (counts[level], level))
    first_chapter = min([ln for ln, lv, _ in generic if lv == chapter_level]
                        + [f.line_no for f in found if f.heading.kind != "volume"], default=None)
    upper = [(ln, text) for ln, lv, text in generic if lv < chapter_level]
    result = [_Found(ln, Heading("chapter", None, text, text)) for ln, lv, text in generic if lv == chapter_level]
    for line_no, text in upper:
        is_book_title = len(upper) == 1 and first_chapter is not None and line_no < first_chapter
        if not is_book_title:
            result.append(_Found(line_no, Heading("volume", None, text, text)))
    return result


def _drop_table_of_contents(chapters: list[ChapterText], line_nos: list[int],
                            warnings: list[str]) -> tuple[list[ChapterText], list[int]]:
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
