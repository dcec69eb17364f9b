"""Ordered cultivation scales (炼气 < 筑基 < 金丹 …): from the settings library, else built in; ranks of realm words."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.tasks.scale_parser import Scale, parse_scales

if TYPE_CHECKING:
    from desktop.book.archive import Archive

# Keys under which a state records a realm or level.
REALM_KEYS = {"realm", "level", "cultivation", "境界", "修为", "等级", "实力", "修炼境界"}
# Settings entries that may define a scale: by category, or a title containing one of these words.
SCALE_CATEGORIES = {"realm", "realms", "power system", "rank", "ranks", "grades", "境界", "境界体系", "力量体系",
                    "修炼体系", "等级体系", "等级", "品阶"}
SCALE_TITLE_WORDS = ("境界", "修炼体系", "力量体系", "等级", "品阶", "品级", "realm", "ranks", "grades", "tiers")
# Levels low to high; "a/b" are two spellings of one level.
BUILTIN_SCALES = (
    ("炼气/练气", "筑基", "金丹/结丹", "元婴", "化神", "炼虚/练虚", "合体", "大乘", "渡劫"),
    ("淬体", "地元", "天元", "造化", "生玄", "死玄", "涅槃", "轮回"),
    ("斗之气", "斗者", "斗师", "大斗师", "斗灵", "斗王", "斗皇", "斗宗", "斗尊", "斗圣", "斗帝"),
)
_STAGES = {"初期": 1, "前期": 1, "中期": 2, "后期": 3, "巅峰": 4, "圆满": 5, "大圆满": 6}
_UNITS = "层重阶级星段品"
_NUMERALS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


@dataclass(frozen=True)
class Rank:
    """Where a realm word sits: which scale, which level on it, and the sub-level (None when not said)."""

    scale: int
    level: int
    minor: int | None

    def below(self, other: "Rank") -> bool:
        """Strictly lower on the same scale; a bare level ("炼气") is not below one of its own sub-levels."""
        if self.scale != other.scale:
            return False
        if self.level != other.level:
            return self.level < other.level
        return self.minor is not None and other.minor is not None and self.minor < other.minor


class RealmScales:
    """The scales a book uses; finds realm words in text and ranks them."""

    def __init__(self, scales: list[tuple[str, ...]]):
        self.scales = scales
        self._spellings: dict[str, tuple[int, int]] = {}
        for scale_index, scale in enumerate(scales):
            for level_index, level in enumerate(scale):
                for spelling in _spellings_of(level):
                    self._spellings.setdefault(spelling.lower(), (scale_index, level_index))
        names = sorted(self._spellings, key=len, reverse=True)
        minor = rf"(?:[{''.join(_NUMERALS)}\d]{{1,3}}[{_UNITS}]|{'|'.join(sorted(_STAGES, key=len, reverse=True))})"
        # English levels are whole words in any case ("a mere bronze", never the "Gold" in "Golden").
        self._pattern = re.compile(
            rf"(?<![A-Za-z])({'|'.join(map(re.escape, names))})(?:境|期)?({minor})?(?![A-Za-z])",
            re.IGNORECASE) if names else None

    @classmethod
    def for_book(cls, archive: "Archive") -> "RealmScales":
        """The book's own scales (confirmed by the author, else read from settings prose) first, then built-in ones."""
        confirmed = archive.confirmed_scales()
        own = [scale for row in archive.settings() for scale in entry_scales(row, confirmed)]
        return cls([*own, *BUILTIN_SCALES])

    def find(self, text: str) -> list[tuple[int, int, str, Rank]]:
        """(start, end, words, rank) of every realm word in `text`, left to right."""
        if self._pattern is None:
            return []
        found = []
        for match in self._pattern.finditer(text):
            scale, level = self._spellings[match.group(1).lower()]
            found.append((match.start(), match.end(), match.group(0), Rank(scale, level, _minor(match.group(2)))))
        return found

    def rank(self, value: object) -> Rank | None:
        """The rank of a state value such as "炼气三层" or "筑基中期"; None when it names no known level."""
        found = self.find(str(value))
        return found[0][3] if found else None


def parse_scale(body: str) -> tuple[str, ...] | None:
    """The first scale, levels low to high, in the body of an entry about a scale; None when it states none."""
    scales = parse_scales(body, about_scales=True)
    return scales[0].levels if scales else None


def guessed_scales(row: dict) -> list[Scale]:
    """The scales a settings entry states, as the parser reads them (an entry about a scale may list bare levels)."""
    return parse_scales(row.get("body") or "", about_scales=_defines_scale(row))


def entry_scales(row: dict, confirmed: dict[str, list[list[str]]]) -> list[tuple[str, ...]]:
    """An entry's scales: the ones the author confirmed win over the guess ([] confirmed: it states none)."""
    if row.get("title") in confirmed:
        return [tuple(levels) for levels in confirmed[row["title"]] if len(levels) >= 2]
    return list(_guessed_levels(row.get("body") or "", _defines_scale(row)))


@functools.lru_cache(maxsize=4096)
def _guessed_levels(body: str, about_scales: bool) -> tuple[tuple[str, ...], ...]:
    # Every check and every chapter of an audit ranks realms: each entry's text is read once, not each time.
    return tuple(scale.levels for scale in parse_scales(body, about_scales=about_scales))


def _defines_scale(row: dict) -> bool:
    category = (row.get("category") or "").strip().lower()
    title = row.get("title") or ""
    return category in SCALE_CATEGORIES or any(word in title.lower() for word in SCALE_TITLE_WORDS)


def _spellings_of(level: str) -> list[str]:
    """"a/b" is two spellings; 炼气期 and 练气境 also answer to 炼气 and 练气 (the text may leave the suffix off)."""
    spellings = []
    for spelling in (part.strip() for part in level.split("/")):
        if spelling:
            spellings.append(spelling)
            if len(spelling) > 2 and spelling[-1] in "境期":
                spellings.append(spelling[:-1])
    return spellings


def _minor(text: str | None) -> int | None:
    if not text:
        return None
    if text in _STAGES:
        return _STAGES[text]
    number = text[:-1]
    if number.isdigit():
        return int(number)
    return _chinese_number(number)


def _chinese_number(text: str) -> int | None:
    """一 … 九十九 as written in level names (三, 十二, 二十)."""
    if not text or any(ch not in _NUMERALS for ch in text):
        return None
    if "十" not in text:
        return _NUMERALS[text[-1]] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    return (_NUMERALS[tens] if tens else 1) * 10 + (_NUMERALS[ones] if ones else 0)
