"""The talk's own ladder of ranks — "分四阶：启灵、通玄、化形、归真", "一灯到九灯", "ranks are Novice, Cantor,
Precentor" — whose rungs are realms when said of someone ("林默刚签契，启灵", "she's made Precentor") and never
names of people or places."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.statements import Statement

_NUMERALS = "一二三四五六七八九十"
_LADDER_TALK = re.compile(r"境界|阶|等级|级别|体系|分为|分成|[一二三四五六七八九十两几]层|\branks?\b|\btiers?\b|\blevels?\b", re.I)
_LIST_ZH = re.compile(r"((?:[\u4e00-\u9fff]{2,4}、){2,}[\u4e00-\u9fff]{2,4})")
_RANGE_ZH = re.compile(rf"([{_NUMERALS}])([\u4e00-\u9fff])(?:到|至|~|-)([{_NUMERALS}])\2")
_LIST_EN = re.compile(r"\b(?:ranks?|tiers?|levels?)\b[^.!?]{0,30}?(?::|\bare\b)\s*((?:[A-Z][\w\-]+,\s*)+(?:and\s+)?[A-Z][\w\-]+)")


# "Three ranks. Ember: can sense… Flare: can steer…" — a count of ranks, then one line a rung
_COUNTED_EN = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:ranks|tiers|levels|grades|orders|circles)\b",
                         re.I)
_RUNG_LINE = re.compile(r"^\s*(?:(?:an?|the)\s+)?([A-Z][\w\-]+)(?:\s*:|\s+(?:can|is|are|means)\b)")


def ladder(statements: list[Statement]) -> frozenset[str]:
    rungs: set[str] = set()
    for position, st in enumerate(statements):
        if _COUNTED_EN.search(st.quote):
            following = [s for s in statements[position:position + 8] if s.message_index == st.message_index]
            for part in (p for s in following for p in re.split(r"(?<=[.;:])\s+|,\s+(?:and\s+)?(?=an?\s+[A-Z])", s.quote)):
                if (m := _RUNG_LINE.match(part)) and m.group(1).lower() not in lx.EN_NOT_NAMES:
                    rungs.add(m.group(1))
        text = st.quote
        if not _LADDER_TALK.search(text):
            continue
        for m in _LIST_ZH.finditer(text):
            rungs.update(m.group(1).split("、"))
        for m in _RANGE_ZH.finditer(text):
            first, unit, last = _NUMERALS.index(m.group(1)), m.group(2), _NUMERALS.index(m.group(3))
            rungs.update(f"{_NUMERALS[i]}{unit}" for i in range(first, last + 1))
        for m in _LIST_EN.finditer(text):
            rungs.update(w.strip() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if w.strip())
    return frozenset(rungs)


def rung_in(text: str, rungs: frozenset[str]) -> str | None:
    """The rung a clause puts someone at ("刚签契，启灵" / "化形阶" / "现在一灯"), the longest if several."""
    found = [r for r in rungs if r in text]
    return max(found, key=len) if found else None
