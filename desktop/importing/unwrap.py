"""Re-joins hard-wrapped text into paragraphs.

Downloaded GB18030 novels break every 30–40 characters and Project Gutenberg texts every ~70 columns; left as
they are, a name or a sentence is cut in two by a line break and every paragraph becomes many. A file is
hard-wrapped when most of its lines end near one maximum width. A line then continues into the next when it
reaches near that width, the next line neither is blank nor indented, and — where nothing else marks paragraphs —
it does not end a sentence. Chinese joins with nothing between, English with a space.
"""

from __future__ import annotations

import re
import unicodedata

_MIN_LINES = 8             # fewer lines than this say nothing about wrapping
_MIN_WIDTH, _MAX_WIDTH = 20, 170   # display columns: 10–85 Chinese characters, 20–170 Latin ones
_MIN_NEAR_SHARE = 0.5      # at least half the lines must end near the width
_SENTENCE_END = re.compile(r"[.!?。！？…:：]['\"”’」』）)]*$")
_ABBREVIATION = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Col|Capt|Gen|Rev|Sir|Lt|Mt|No|vs|etc)\.$")  # Mr.⏎Darcy
_INDENT = (" ", "\t", "\u3000")


def display_width(text: str, cjk: bool = False) -> int:
    """Columns `text` takes; in Chinese text the ambiguous-width punctuation (“”‘’…—) is wide too."""
    wide = "WFA" if cjk else "WF"
    return sum(2 if unicodedata.east_asian_width(ch) in wide else 1 for ch in text)


def _is_cjk_text(lines: list[str]) -> bool:
    sample = "".join(lines[:200])
    wide = sum(1 for ch in sample if unicodedata.east_asian_width(ch) in "WF")
    return wide * 3 > len(sample)


def wrap_width(lines: list[str]) -> int | None:
    """The column the text was wrapped at, or None when it was not hard-wrapped."""
    cjk = _is_cjk_text(lines)
    widths = sorted(display_width(line.rstrip(), cjk) for line in lines if line.strip())
    if len(widths) < _MIN_LINES:
        return None
    width = widths[int(len(widths) * 0.95)]
    if not _MIN_WIDTH <= width <= _MAX_WIDTH:
        return None
    near = sum(1 for w in widths if _near(w, width, cjk))
    over = sum(1 for w in widths if w > width + 2)
    if near < len(widths) * _MIN_NEAR_SHARE or over > len(widths) * 0.05:
        return None
    return width


def _fits(lines: list[str], width: int) -> bool:
    cjk = _is_cjk_text(lines)
    widths = [display_width(line.rstrip(), cjk) for line in lines if line.strip()]
    return sum(1 for w in widths if w > width + 2) <= len(widths) * 0.05


def _near(width: int, wrap: int, cjk: bool) -> bool:
    return width >= (wrap - 4 if cjk else wrap * 0.75)


def unwrap(text: str, width: int | None = None) -> tuple[str, bool]:
    """`text` with hard-wrapped lines joined into paragraphs, and whether anything was joined. `width` is the
    whole file's wrap width, used when `text` (one chapter) fits within it but does not show a width of its own."""
    lines = text.split("\n")
    wrap = wrap_width(lines)
    if wrap is None and width is not None and _fits(lines, width):
        wrap = width   # the file is wrapped; this chapter (short, or full of verse) just shows it less clearly
    if wrap is None:
        return text, False
    cjk = _is_cjk_text(lines)
    non_blank = [line for line in lines if line.strip()]
    indented = sum(1 for line in non_blank if line.startswith(_INDENT))
    marked_paragraphs = indented * 10 >= len(non_blank) or sum(1 for line in lines if not line.strip()) * 10 >= len(non_blank)
    out: list[str] = []
    joined = False
    for index, line in enumerate(lines):
        if out and index > 0 and _continues(lines[index - 1], line, wrap, cjk, marked_paragraphs):
            out[-1] = _join(out[-1], line.strip(), cjk)
            joined = True
        else:
            out.append(line.rstrip())
    return "\n".join(out), joined


def _continues(previous: str, line: str, wrap: int, cjk: bool, marked_paragraphs: bool) -> bool:
    previous = previous.rstrip()
    if not previous.strip() or not line.strip() or line.startswith(_INDENT):
        return False
    if not _near(display_width(previous, cjk), wrap, cjk):
        return False
    return marked_paragraphs or not _SENTENCE_END.search(previous) or _ABBREVIATION.search(previous) is not None


def _join(head: str, tail: str, cjk: bool) -> str:
    if cjk and (unicodedata.east_asian_width(head[-1:]) in "WF" or unicodedata.east_asian_width(tail[:1]) in "WF"):
        return head + tail
    if head.endswith("-") and head[-2:-1].isalpha():
        return head + tail   # a word broken at its hyphen: well-/known
    return f"{head} {tail}"
