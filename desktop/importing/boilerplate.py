"""Recognises the lines download sites add around a novel's text: adverts, piracy notices, upload metadata.

Only whole lines with strong signals are taken, and only at the edges of a chapter (its first lines after the
heading, its last lines before the next heading) or outside every chapter: a line of dialogue in the middle of a
chapter that happens to mention a web address is the author's and stays.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ADVERT = re.compile(
    r"https?://|www\.|\w\.(?:com|net|org|cc|cn|info|me|la|tw)\b|请购买正版|支持正版|正版订阅|订阅正版"
    r"|下载后\s*24\s*小时内删除|仅供试阅|仅供交流学习|仅供学习交流|本书由.{0,30}(?:整理|首发|制作|收集)"
    r"|更多精彩|最新章节请|请访问|手机阅读|手机用户请|免责声明|txt\s*下载|电子书下载|本站|本章未完",
    re.I,
)
_METADATA = re.compile(
    r"^(?:更新时间|更新日期|更新于|发布时间|发表时间|字数|本章字数|章节字数|上传者|上传时间|上传于"
    r"|作者[:：]\s*\S{1,20}\s*(?:更新|发表|发布|字数)|uploaded by|upload(?:ed)? on|word count|updated on)",
    re.I,
)
_DISCLAIMER = re.compile(r"^\W{0,3}(?:免责声明|声明[:：]|disclaimer)", re.I)
_DIALOGUE_OPENERS = "“「『\"‘'"
_MAX_LINE = 120
_MAX_METADATA_LINES = 4   # metadata sits in the first few lines under a heading, never further down
_MAX_DISCLAIMER_CHARS = 1500


@dataclass(frozen=True)
class Dropped:
    kind: str    # "boilerplate" | "metadata" | "licence" | "front matter" | "table of contents"
    where: str   # "before the first heading" | "after 「第十二回 …」" | "end of file"
    line: int    # 1-based line in the file
    chars: int   # visible characters dropped
    sample: str  # the first ~60 characters


def is_advert(line: str) -> bool:
    stripped = line.strip()
    return (0 < len(stripped) <= _MAX_LINE and stripped[0] not in _DIALOGUE_OPENERS
            and _ADVERT.search(stripped) is not None)


def is_metadata(line: str) -> bool:
    return _METADATA.match(line.strip()) is not None


def sample_of(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:59] + "…"


def visible_chars(lines: list[str]) -> int:
    return sum(len("".join(line.split())) for line in lines)


def clean_edges(lines: list[str], first_line_no: int, where: str, *, file_end: bool = False) -> tuple[list[str], list[Dropped]]:
    """`lines` (a chapter's body, the first of which is file line `first_line_no`, 0-based) without the metadata
    and adverts at their start and the adverts (and, at the end of the file, a disclaimer block) at their end."""
    keep = [True] * len(lines)
    dropped: list[Dropped] = []

    def drop(index: int, kind: str, place: str = where) -> None:
        keep[index] = False
        dropped.append(Dropped(kind, place, first_line_no + index + 1, visible_chars([lines[index]]),
                               sample_of(lines[index])))

    seen = 0
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        seen += 1
        if seen <= _MAX_METADATA_LINES and is_metadata(line):
            drop(index, "metadata")
        elif is_advert(line):
            drop(index, "boilerplate")
        else:
            break
    tail_place = "end of file" if file_end else where
    disclaimer = _disclaimer_start(lines) if file_end else None
    if disclaimer is not None:
        block = [i for i in range(disclaimer, len(lines)) if keep[i] and lines[i].strip()]
        for index in block:
            keep[index] = False
        if block:
            text = "\n".join(lines[i] for i in block)
            dropped.append(Dropped("boilerplate", tail_place, first_line_no + block[0] + 1,
                                   visible_chars([lines[i] for i in block]), sample_of(text)))
    for index in range(len(lines) - 1, -1, -1):
        if not keep[index] or not lines[index].strip():
            continue
        if is_advert(lines[index]):
            drop(index, "boilerplate", tail_place)
        else:
            break
    dropped.sort(key=lambda item: item.line)
    return [line for line, kept in zip(lines, keep) if kept], dropped


def _disclaimer_start(lines: list[str]) -> int | None:
    """Where a 免责声明 block begins among the last lines, when what follows it is short enough to be one."""
    chars = 0
    for index in range(len(lines) - 1, -1, -1):
        chars += len(lines[index].strip())
        if chars > _MAX_DISCLAIMER_CHARS:
            return None
        if _DISCLAIMER.match(lines[index].strip()):
            return index
    return None


def warning_for(item: Dropped) -> str:
    return f"line {item.line}: dropped {item.kind} ({item.chars} characters) {item.where}: {item.sample}"
