"""A candidate name, the votes for its kind, and the set of them a discussion uses."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from desktop.tasks.pipeline import lexicon as lx

CJK = "\u4e00-\u9fff"


@dataclass
class Candidate:
    """A name the discussion uses, where it occurs, and the votes for its kind."""

    name: str
    hints: Counter = field(default_factory=Counter)
    mentions: set[int] = field(default_factory=set)
    canon_kind: str | None = None
    aliases: list[str] = field(default_factory=list)
    generic: bool = False
    kind: str | None = None
    strong: bool = False  # introduced (叫X), titled (X真人) or suffixed (X宗): the wording itself says it is a name

    def hint(self, kind: str, weight: float) -> None:
        self.hints[kind] += weight

    @property
    def best_hint(self) -> tuple[str | None, float]:
        if not self.hints:
            return None, 0.0
        kind, weight = self.hints.most_common(1)[0]
        return kind, weight


def has_cjk(text: str) -> bool:
    return bool(re.search(rf"[{CJK}]", text))


class Candidates(dict[str, Candidate]):
    """name → Candidate, with aliases pointing at their main name."""

    def __init__(self) -> None:
        super().__init__()
        self.alias_of: dict[str, str] = {}
        self.renamed: list[tuple[str, str]] = []  # (a thing's name, the words just before it: 一条软鞭，)

    def add(self, name: str, kind: str | None = None, weight: float = 0.0) -> Candidate | None:
        name = name.strip(" \t'’\"“”「」『』《》()（）【】〔〕［］,，.。")
        if bool(re.search(rf"[{CJK}]", name)):
            name = name.rstrip("吧了啊呢吗的呀嘛")
        if not valid_name(name):
            return None
        name = self.alias_of.get(name, name)
        cand = self.setdefault(name, Candidate(name))
        if kind:
            cand.hint(kind, weight)
        return cand

    def resolve(self, name: str) -> str:
        return self.alias_of.get(name, name)

    def surface_forms(self) -> list[tuple[str, str]]:
        """(text to look for, main name), longest first so 林风 inside 林风华 is not matched twice."""
        forms = [(n, n) for n in self] + [(a, n) for a, n in self.alias_of.items() if n in self]
        return sorted(forms, key=lambda pair: len(pair[0]), reverse=True)


_PRONOUNS = set("我你他她它咱您")  # 我去, 他说: no name starts with one
_GENERIC_TAILS = ("宗门", "门派", "山门", "师门", "弟子", "长老", "师兄", "师姐", "师父", "父亲", "母亲", "地方", "东西")


# 上山, 进京, 回城: going somewhere, said with the place word; no place of its own
_GOING = re.compile(r"[上下进出回入过渡][山城京宫岸海河乡家门]")


def valid_name(name: str) -> bool:
    if not name or len(name) > 40 or name.isdigit():
        return False
    if re.search(rf"[{CJK}]", name):
        if re.match(r"[A-Za-z0-9]+(?:到[A-Za-z0-9]+)?", name):
            return False  # E级, F到S七级: a grade; no Chinese name opens with a Latin letter or a digit
        if len(name) == 2 and name[1] in "里内中" and not lx.surnamed(name) or \
                len(name) == 2 and name[1] in "太很也就都又还才真最更" or \
                re.search("居然|竟然|突然|已经|应该|可能|一定|怎么|如何|怎样|为何|开枪|中枪|太中二", name):
            return False  # 宗里, 城中: a place and "in"; 脾气居然会, 马六如何, 黑仔开枪, 姓贾太…: words, not a name
        if re.fullmatch(r"(?:[几数半]|[0-9〇零一二两三四五六七八九十百千]+)(?:分钟|秒钟|点钟|刻钟|个钟头|钟头)", name) \
                or name.endswith(("之战", "之役", "战役", "大战", "之乱", "之变")):
            return False  # 十分钟 is a while, 断星之战 a battle: an event of the story, no thing in it
        if name[0] in "章回" and name[1:] in lx.ZH_NOT_NAMES:
            return False  # 章中风 of "那一章中风": the chapter's word and what befell someone in it
        if len(name) == 4 and name[0] == name[1] and name[2] == name[3]:
            return False  # 斯斯文文, 干干净净: how someone is, said twice over
        return 2 <= len(name) <= (12 if "·" in name else 8) and name not in lx.ZH_NOT_NAMES and not re.search(r"[，。！？、；：\s]", name) \
            and name[0] not in _PRONOUNS \
            and not re.match(r"第[0-9〇零一二两三四五六七八九十百千]|(?:女|男)(?:主|配|[一二三四])|主角|配角|反派", name) \
            and not _GOING.fullmatch(name) and not re.search(r"伏笔|悬念|线索|设定|大纲|细纲|剧情", name) \
            and not any(name.endswith(w) and len(name) > len(w) and not (len(name) == len(w) + 1 and
                                                                          lx.surnamed(name))
                        for w in _GENERIC_TAILS)  # 青云宗长老 is a post; 莫长老 is how a man is called
    words = name.split()
    if re.fullmatch(r"(?i)(?:option|plan|choice|version|draft|step|part|act|scene|chapter|book|volume|arc|beat|"
                    r"phase|stage|level|route|ending)\s+(?:[A-Z]|\d{1,3}|[IVX]{1,4})", name):
        return False  # "Option A", "Plan B", "Act II": a label of the talk's own choices, no one in the story
    if re.match(r"(?i)(?:the )?(?:battle|siege|war|sack|fall) of ", name):
        return False  # "the Battle of Corran Reach": an event; the place is Corran Reach
    # "someone called 'R.'": an initial alone names nobody the book can keep track of
    return name.lower() not in lx.EN_NOT_NAMES and len(words) <= 6 and name[0].isupper() and len(name.strip(".")) > 1
