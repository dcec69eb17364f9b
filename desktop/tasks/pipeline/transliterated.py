"""Foreign names written in Chinese: 奥伦·凯斯, 莉莉丝·维斯特, 亚瑟·潘德拉贡.

The segmenter cuts them anywhere (艾|德里|安·斯通) and takes a title before them into the name (摄政王奥伦).
The interpunct says a name is there; the syllables transliteration writes with say where it begins and ends.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from desktop.tasks.pipeline.names import Candidates

# The characters the standard transliteration tables write foreign syllables with (most of them)
_SYLLABLES = frozenset(
    "阿埃艾爱安昂奥巴拜班邦保鲍贝本比彼毕宾波伯博布查达戴丹道德登迪蒂丁东杜多厄恩尔法凡范菲费芬丰弗福盖甘冈高戈"
    "格葛古圭哈海汉豪赫亨洪胡华霍基吉加贾杰金卡凯坎康考柯科克肯库夸奎拉莱兰朗劳勒雷蕾里理丽利莉连林琳隆卢鲁路"
    "伦罗洛玛马麦曼梅蒙米敏莫墨姆穆纳奈南内尼妮涅宁纽诺努帕潘庞佩彭皮珀普齐奇恰乔琴丘萨塞赛森桑沙莎尚舍施什史斯"
    "苏索塔泰坦汤唐特提汀图托瓦万旺威维韦温沃乌伍西希锡夏谢辛休修雅亚扬耶伊因英尤约泽扎詹珍朱兹佐丝娅娜琼黛薇"
    "贡芙露缇妲黎翰礼斐琪娃弥迦撒通瑟雨果白冯肖哥嘉让吕列派茨欧梭裘芭璐绍舒彻契迈默廷怀惠翁")
_DOT = "·•・"
_LONGEST_PART = 6


def dotted_names(text: str, common: Callable[[str], bool]) -> list[tuple[str, str]]:
    """(the full name, its first part) for every dotted foreign name; `common(word)` says a two-character
    word is an everyday one (抵达, 利用), whose character belongs to it and not to the name beside it."""
    found: list[tuple[str, str]] = []
    covered = 0
    for match in re.finditer(rf"[{_DOT}](?=[\u4e00-\u9fff])", text):
        if match.start() < covered:
            continue  # the second dot of 伊丽莎白·冯·霍亨索伦
        start = match.start()
        while start > 0 and match.start() - start < _LONGEST_PART and text[start - 1] in _SYLLABLES:
            start -= 1
        if start > 0 and start < match.start() and common(text[start - 1:start + 1]):
            start += 1  # 抵达|维克多
        if match.start() - start < 1:
            continue
        end = match.end()
        while True:  # 伊丽莎白·冯·霍亨索伦: as many parts as are dotted
            part_start = end
            while end < len(text) and end - part_start < _LONGEST_PART and text[end] in _SYLLABLES:
                end += 1
            if end - part_start > 1 and end < len(text) and common(text[end - 1:end + 1]):
                end -= 1  # 凯斯|利用
            if end == part_start or end >= len(text) or text[end] not in _DOT:
                break
            end += 1
        name, covered = text[start:end].rstrip(_DOT), end
        if end > match.end() and name not in (n for n, _ in found):
            found.append((name, text[start:match.start()]))
    return found


def add_dotted(cands: Candidates, text: str, common: Callable[[str], bool]) -> None:
    """Each dotted name becomes one person, in place of the segmenter's pieces; said by its first part alone
    (不是奥伦自己识破的), that part is how they are called."""
    for name, given in dotted_names(text, common):
        for part in re.split(f"[{_DOT}]", name):
            cands.pop(part, None)
        if (cand := cands.add(name, "Character", 3.0)) is None:
            continue
        cand.strong = True
        if len(given) >= 2 and re.search(rf"{re.escape(given)}(?![{_DOT}])", text) \
                and cands.alias_of.setdefault(given, name) == name and given not in cand.aliases:
            cand.aliases.append(given)
