"""The previous chapters' own words for a draft to continue from: as much text as a token budget holds, the most
recent chapter first, each chapter whole or, for the last one that fits only in part, its ending.

Style and continuity live in the prose itself; a few hundred characters of one chapter gave the model the last
scene but not the voice. Chapters are chosen newest first (what the draft continues matters most) and shown in
story order, so the text runs straight into the chapter being written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from desktop.book.archive import Archive

BATCH = 4           # chapters read from the archive at a time: most budgets end inside the first one or two
MAX_CHAPTERS = 24   # never read further back than this, whatever the budget
MIN_TOKENS = 24     # a passage shorter than this says nothing of a style: left out

_BLANK_LINES = re.compile(r"\n\s*\n+")


def passages(archive: "Archive", before: int, count_tokens: Callable[[str], int], budget: int) -> list[tuple[int, str]]:
    """(chapter number, text) of the chapters before chapter `before`, newest chosen first, within `budget` tokens
    by `count_tokens`; returned in story order. The oldest one taken may be only its ending (cut at a line or
    sentence where one is near)."""
    chosen: list[tuple[int, str]] = []
    remaining = budget
    oldest = before
    while remaining >= MIN_TOKENS and len(chosen) < MAX_CHAPTERS:
        batch = archive.chapters_before(oldest, BATCH)
        if not batch:
            break
        for row in reversed(batch):
            oldest = row["number"]
            text = _BLANK_LINES.sub("\n", (row.get("text") or "").strip())
            if not text:
                continue
            tokens = count_tokens(text)
            if tokens > remaining:
                text = ending(text, count_tokens, remaining)
                if text and count_tokens(text) >= MIN_TOKENS:
                    chosen.append((row["number"], text))
                remaining = 0
                break
            chosen.append((row["number"], text))
            remaining -= tokens
            if len(chosen) >= MAX_CHAPTERS:
                break
        else:
            continue
        break
    return list(reversed(chosen))


def ending(text: str, count_tokens: Callable[[str], int], budget: int) -> str:
    """The longest end of `text` within `budget` tokens, starting at a line or sentence boundary when one lies in
    its first fifth (a passage that opens mid-sentence reads as a mistake)."""
    if budget <= 0:
        return ""
    low, high = 0, len(text)  # the fewest characters cut from the start such that the rest fits
    while low < high:
        middle = (low + high) // 2
        if count_tokens(text[middle:]) <= budget:
            high = middle
        else:
            low = middle + 1
    tail = text[low:]
    window = tail[: max(1, len(tail) // 5)]
    cut = max(window.rfind(mark) for mark in ("\n", "。", "！", "？", ". ", "! ", "? "))
    return tail[cut + 1:].lstrip() if cut >= 0 else tail


def style_note(archive: "Archive", before: int, count_tokens: Callable[[str], int], budget: int, zh: bool) -> str:
    """The drafting note: the previous chapters' text under a heading, within `budget` tokens as counted (the
    heading and the chapter labels included), or "" when there is no chapter before or no room."""
    heading = "## 前文（续写时保持文风与连贯）" if zh else "## The chapters before, for style and continuity"
    room = budget - count_tokens(heading)
    for _ in range(4):  # labels and joins cost a few tokens each: shrink the room by what the note went over
        found = passages(archive, before, count_tokens, room)
        if not found:
            return ""
        note = "\n\n".join([heading, *((f"第{n}章：" if zh else f"Chapter {n}:") + "\n" + text for n, text in found)])
        over = count_tokens(note) - budget
        if over <= 0:
            return note
        room -= over
    return ""
