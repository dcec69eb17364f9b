"""Recognises heading lines: numerals in every script, 第十二章 / Chapter XII / 楔子, and the forms found in
downloaded files (site prefixes, 【第12章】, a volume on the same line, trailing 求月票 notes)."""

from __future__ import annotations

import re
from dataclasses import dataclass

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
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", text):
        text = text.replace(",", "")  # 第1,024章
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
NUM_CLASS = _NUM_CN
_EN_WORDS = "|".join(sorted([*_EN_UNITS, "hundred", "thousand"], key=len, reverse=True))
_EN_NUM = rf"\d+|[ivxlcdm]+|(?:{_EN_WORDS})(?:[\s\-]+(?:and[\s\-]+)?(?:{_EN_WORDS}))*"

_CN_NUMBERED = re.compile(
    rf"^(?:正文\s*)?[【\[〖(（]?\s*第\s*(?P<num>[{_NUM_CN}]+(?:,\d{{3}})*)\s*(?P<unit>[章回节節话話卷部篇])\s*[】\]〗)）]?"
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
