"""Reads ordered scales (realms, bloodline ranks, item grades) from settings prose the way authors write them.

"境界从低到高依次为：练气境（一至九重）、筑基、金丹" · "凡品 → 灵品 → 宝品" · "Ranks, lowest first: Bronze, Silver, Gold".
A list becomes a scale only when something says it is ordered or graded — an order phrase (从低到高, lowest first),
a rank word before it (境界, 品阶, ranks), `<`, levels sharing a grade suffix (凡品、灵品、宝品), or an entry that is
about a scale — so cast lists, routes and shopping lists stay lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Saying the list runs low to high (or high to low, which is then turned round).
_LOW_FIRST = re.compile(r"由劣到优|从劣到优|由浅入深|从低到高|由低到高|自低而高|自低至高|由低至高|从低至高|由弱到强|从弱到强|由弱至强|自下而上|由下至上|"
                        r"lowest first|from (?:the )?lowest to (?:the )?highest|from low to high|low to high|"
                        r"weakest first|from weakest to strongest|in ascending order|ascending", re.I)
_HIGH_FIRST = re.compile(r"由优到劣|从优到劣|从高到低|由高到低|由强到弱|从强到弱|自上而下|highest first|from (?:the )?highest to (?:the )?lowest|"
                         r"from high to low|high to low|strongest first|in descending order|descending", re.I)
# Words that name a graded scale when they lead a list.
_RANK_WORDS = re.compile(r"境界|等级|品阶|品级|阶位|位阶|级别|阶级|段位|层次|品秩|爵位|军衔|官阶|血脉等级|"
                         r"\b(?:ranks?|levels?|grades?|tiers?|realms?|stages?|ranked|graded)\b", re.I)
# Where the list proper begins inside its first item: after the last of these.
_LEAD = re.compile(r"[：:—–]|从低到高|由低到高|从高到低|由高到低|依次|分别|划分为|分为|分成|包括|包含|即|为|是|有|分"
                   r"|\b(?:are|is|include|includes|being)\b", re.I)
_GRADE_SUFFIX = "品阶级境期等星段重层"
_BRACKETS = re.compile(r"[（(【\[]([^）)】\]]*)[）)】\]]")
_ARROWS = re.compile(r"\s*(?:->|→|=>|—>|-->|⟶|＞|>|<|＜)\s*")
_ZH_LIST = re.compile(r"\s*[、]\s*")
_COMMA_LIST = re.compile(r"\s*(?:，|,)\s*")
_EN_LAST = re.compile(r"\s*(?:,\s*)?\b(?:and|or|then)\b\s+", re.I)
_ZH_LAST = re.compile(r"(?<=.)(?:以及|和|及|与)(?=.)")
_SENTENCES = re.compile(r"[。！？；;\n]+|\.(?:\s+|$)")
# What trails the last level: "三个大境界", "等九个境界", "共九品", "，每境又分九重".
_TAIL = re.compile(r"(?:等|共|合计|总共|这)?[一二两三四五六七八九十百\d]+(?:个|种|大|小)*(?:大|小)?"
                   r"(?:境界|境|等级|品阶|品级|阶|级|品|层|重|个)\S*$|等\S*$|[，,；;].*$")
_STAGE = re.compile(r"^(?:[一二两三四五六七八九十百\d]+[层重阶级星段品]|初期|前期|中期|后期|巅峰|圆满|大圆满|初阶|中阶|高阶)$")
_SUBLEVEL_CLAUSE = r"(?:又|共|各|亦)?(?:分为|分成|分|有)([^，,。；;\n]+)"
_ZH_CHARS = 6   # a Chinese level name is short: 炼气, 大斗师, 斗之气, 练气境
_EN_WORDS = 3   # an English one is a few words: Bronze, Grand Master
_BARE_LEAD, _BARE_ZH_CHARS = 8, 4  # a bare list (no word saying it is a scale): a short lead, short names


@dataclass
class Scale:
    """Levels low to high, each as written; `sublevels` what the text says about a level's inner steps."""

    levels: tuple[str, ...]
    sublevels: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"levels": list(self.levels), "sublevels": dict(self.sublevels)}


def parse_scales(body: str, *, about_scales: bool = False) -> list[Scale]:
    """Every scale the text states, in order. `about_scales`: the entry itself is about a scale (its title or
    category says so), so a bare list of levels counts without a word saying it is ordered."""
    scales: list[Scale] = []
    for sentence in _SENTENCES.split(body or ""):
        scale = _scale_of(sentence.strip(), about_scales)
        if scale is not None and all(scale.levels != s.levels for s in scales):
            scales.append(scale)
    for scale in scales:
        scale.sublevels.update({k: v for k, v in _sublevel_clauses(body, scale.levels).items()
                                if k not in scale.sublevels})
    return scales


def _scale_of(sentence: str, about_scales: bool) -> Scale | None:
    if not sentence:
        return None
    inner: dict[int, str] = {}
    plain = _mark_brackets(sentence, inner)
    for splitter, kind in ((_ARROWS, "arrow"), (_ZH_LIST, "zh"), (_COMMA_LIST, "comma")):
        items = splitter.split(plain)
        if len(items) < 3 and kind == "comma":
            items = _EN_LAST.split(plain)  # "Iron and Bronze and Gold" is rare; a lone "and" is no list
            items = items if len(items) >= 3 else []
        if len(items) >= 2:
            scale = _from_items(items, kind, plain, inner, about_scales)
            if scale is not None:
                return scale
    return None


def _from_items(items: list[str], kind: str, sentence: str, inner: dict[int, str],
                about_scales: bool) -> Scale | None:
    items = _split_last(items)
    start = _list_start(items)
    lead = " ".join([*items[:start], _lead_split(items[start])[0]])
    if kind == "zh":
        lead = re.split(r"[，,]", lead)[-1]  # only the clause that introduces the list says what it is
    items = items[start:]
    items[0] = _lead_split(items[0])[1]
    if kind != "arrow":
        items[0] = re.split(r"[，,]", items[0])[-1]
    raw_last = items[-1].strip()
    if kind != "comma":
        items[-1] = re.split(r"[，,；;]", items[-1])[0]  # "Gold, from weakest to strongest": a clause after it
    if _is_zh(items[-1]):
        items[-1] = _TAIL.sub("", items[-1]).strip() or items[-1]  # "九重天" is a level, not a count
    if kind == "comma" and not _is_zh(sentence):
        items = [re.sub(r"^(?:and|or|then)\s+", "", item.strip(), flags=re.I) for item in items]
    items = [item for item in items if not (_LOW_FIRST.fullmatch(item.strip()) or _HIGH_FIRST.fullmatch(item.strip()))]
    levels, sublevels = [], {}
    for item in items:
        name, sub = _unmark(item.strip(" \t\"'“”「」《》.。"), inner)
        if not name:
            return None
        levels.append(name)
        if sub:
            sublevels[name] = sub
    if len(levels) < 3 or not all(_is_level(level) for level in levels) or len(set(levels)) < len(levels):
        return None
    if all(_STAGE.match(level) for level in levels):
        return None  # 初期、中期、后期 are the steps inside a level, not a scale of their own
    low_first = bool(_LOW_FIRST.search(lead) or _LOW_FIRST.search(sentence))
    high_first = bool(_HIGH_FIRST.search(lead))
    graded = len({level[-1] for level in levels}) == 1 and levels[0][-1] in _GRADE_SUFFIX and _is_zh(levels[0])
    ordered = low_first or high_first or "<" in sentence or "＜" in sentence
    named = _RANK_WORDS.search(lead) or _RANK_WORDS.search(raw_last[len(items[-1].strip()):])  # "…三个大境界"
    if not (ordered or graded or named) and not (
            about_scales and raw_last == items[-1].strip() and _bare_list(kind, lead, levels)):
        return None
    if high_first or (kind == "arrow" and re.search(r"[^-=]>|＞", sentence) and _HIGH_FIRST.search(sentence)):
        levels.reverse()
    return Scale(tuple(levels), sublevels)


def _bare_list(kind: str, lead: str, levels: list[str]) -> bool:
    """In an entry about a scale, a list with no word saying so still counts when it is nothing but level names:
    "炼气、筑基、金丹", "境界：炼气、筑基、金丹" or "Bronze → Silver → Gold" — a whole clause of short names, never
    clauses strung with commas nor names inside a longer sentence."""
    lead = lead.strip()
    if kind == "comma" or len(lead) > _BARE_LEAD or (lead and lead[-1] not in "：:"):
        return False
    if _is_zh(levels[0]):
        return all(len(level) <= _BARE_ZH_CHARS for level in levels)
    return all(len(level.split()) <= 2 and level[:1].isupper() for level in levels)


def _lead_split(item: str) -> tuple[str, str]:
    """(lead, rest) of a list's first item: "境界依次为炼气" → ("境界依次为", "炼气")."""
    last = None
    for last in _LEAD.finditer(item):
        pass
    if last is None or last.end() >= len(item.rstrip()):
        return "", item
    return item[:last.end()], item[last.end():].strip()


def _list_start(items: list[str]) -> int:
    """The item the list begins in: the last one, leaving three or more, whose text says what follows."""
    start = 0
    for index, item in enumerate(items[:-2]):
        if _lead_split(item)[0]:
            start = index
    return start


def _split_last(items: list[str]) -> list[str]:
    """"Silver and Gold" / "金丹和元婴" at the end of a list are two levels."""
    last = items[-1]
    parts = _EN_LAST.split(last) if not _is_zh(last) else _ZH_LAST.split(last, maxsplit=1)
    if len(parts) == 2 and all(p.strip() for p in parts) and len(items) >= 2:
        return [*items[:-1], *parts]
    return items


def _is_level(name: str) -> bool:
    if _is_zh(name):
        return 1 <= len(name) <= _ZH_CHARS and not re.search(r"[\s，,：:的了是在]", name)
    words = name.split()
    return 1 <= len(words) <= _EN_WORDS and len(name) <= 24 and all(re.fullmatch(r"[\w'’-]+", w) for w in words)


def _is_zh(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


def _mark_brackets(sentence: str, inner: dict[int, str]) -> str:
    """Bracketed text (一至九重) taken out, leaving a marker the level keeps, so commas inside cannot split."""
    def keep(match: re.Match) -> str:
        inner[len(inner)] = match.group(1).strip()
        return f"\u0001{len(inner) - 1}\u0002"

    return _BRACKETS.sub(keep, sentence)


def _unmark(item: str, inner: dict[int, str]) -> tuple[str, str]:
    subs = [inner[int(n)] for n in re.findall(r"\u0001(\d+)\u0002", item)]
    name = re.sub(r"\u0001\d+\u0002", "", item).strip()
    return name, "；".join(s for s in subs if s)


def _sublevel_clauses(body: str, levels: tuple[str, ...]) -> dict[str, str]:
    """炼气期分十三层 / 筑基分初期、中期、后期: what a later clause says about a level's steps."""
    found = {}
    for level in levels:
        stem = level[:-1] if len(level) > 2 and level[-1] in "境期" else level
        match = re.search(rf"(?:^|[。；;，,\n]){re.escape(stem)}(?:境|期)?{_SUBLEVEL_CLAUSE}", body)
        if match:
            found[level] = match.group(1).strip()
    return found
