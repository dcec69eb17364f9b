"""A name the talk describes with a person's role is a person, whatever its last character suggests.

陆沧海 ends in 海 (a sea), 冥老 in nothing at all; "陆沧海，天剑阁阁主" and "师父是冥老" say who they are.
"""

from __future__ import annotations

import re
from typing import Callable

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.names import Candidates

CJK = "\u4e00-\u9fff"
_PERSON_ROLES = sorted({*lx.ZH_FACTION_LEADER_ROLES, *(r for r in lx.ZH_FACTION_MEMBER_ROLES if len(r) >= 2),
                        *lx.ZH_ROLES, *lx.ZH_PERSON_TITLES}, key=len, reverse=True)
_ROLE = "|".join(_PERSON_ROLES)
# X，天剑阁阁主 / X是青云宗的内门弟子 / X乃一代宗师: the role describes X (X的弟子 is someone else: not matched)
_DESCRIBED = r"(?:，|,|是|乃是|乃|便是|就是|本是|原是)(?:[{cjk}]{{0,8}}?的?)(?:{role})(?=[，。！？、；,.!?\s]|$)"
# 师父是冥老 / 他的仇人叫X: the role names X
_NAMED_BY_ROLE = r"(?:{role})(?:是|叫|名叫|乃是|便是|就是)$"
# 叶孤城的佩剑 / 陆沧海常年背着…: kin, a weapon of one's own, or carrying something is a person's
_PERSONAL = r"的(?:父亲|母亲|爹|娘|哥哥|姐姐|弟弟|妹妹|妻子|丈夫|未婚妻|未婚夫|师父|师尊|佩剑|佩刀|兵器|武器|本命法宝|坐骑)" \
            r"|[，,]?(?:常年|一直|总是|从小|自幼|时常|向来)?(?:背着|带着|拿着|握着|提着|佩着|骑着|腰悬|手持)"
_GONE_TO = re.compile(rf"(?:{'|'.join(sorted({*lx.ZH_LIVE, *lx.ZH_MOVE, '去', '到', '回', '在', '离开'}, key=len, reverse=True))})$")
WEIGHT = 4.0  # above a kind suffix (2.0): the wording about the name outranks the name's last character


def described_as_people(cands: Candidates, text: str) -> None:
    """Vote Character for every candidate the text gives a person's role, either way round."""
    after = re.compile(_DESCRIBED.format(cjk=CJK, role=_ROLE) + "|" + _PERSONAL)
    before = re.compile(_NAMED_BY_ROLE.format(role=_ROLE))
    for name, cand in cands.items():
        if cand.canon_kind or not re.search(rf"[{CJK}]", name):
            continue
        if lx.ZH_SUFFIX_KINDS.get(name[-1]) == "Faction" and name[-1] not in lx.ZH_WEAK_SUFFIXES:
            continue  # 天机阁，阁主公孙迟收他做关门弟子: the role is the next person's, a 阁 is no one
        for match in re.finditer(re.escape(name), text):
            if _GONE_TO.search(text, max(0, match.start() - 4), match.start()):
                continue  # "离开上海去杭州，任星澜传媒策划总监": the post is the one who went there
            if after.match(text, match.end()) or before.search(text, max(0, match.start() - 8), match.start()):
                cand.hint("Character", WEIGHT)
                break


_NOT_A_NAME_START = set("个一位名这那我你他她它们的了是很太")
_POSTED = re.compile(rf"(?:{_ROLE})(?=[{''.join(lx.ZH_SURNAMES)}][{CJK}]{{2}})")


_REAL_NAME = re.compile(rf"(?:大名|本名|真名|学名|原名)(?:叫|是)?([{CJK}]{{2,3}})(?=[，,。！!？?、；;\s的是]|$)")


def real_names(cands: Candidates, text: str) -> None:
    """"他女儿阿珠，大名郑明珠": a full name given after 大名/本名 is a person's, whatever its last character (珠)."""
    for match in _REAL_NAME.finditer(text):
        if lx.surnamed(match.group(1)) and (cand := cands.add(match.group(1), "Character", WEIGHT)) is not None:
            cand.strong = True


def posted(cands: Candidates, text: str, segment: Callable[[str], list[tuple[str, str]]]) -> None:
    """大掌柜孙守业伺候了乔家三代: after a post, a surname the segmenter left alone and the two-character word it
    split off (守业, a word of the language) are one person's name."""
    for match in _POSTED.finditer(text):
        words = segment(text[match.end():match.end() + 6])
        if len(words) >= 2 and len(words[0][0]) == 1 and len(words[1][0]) == 2 and re.fullmatch(rf"[{CJK}]+", words[1][0]) \
                and not words[1][1].startswith(("v", "d", "p", "u", "c", "r", "m", "q")):
            name = words[0][0] + words[1][0]
            if name not in lx.ZH_NOT_NAMES and (cand := cands.add(name, "Character", 3.0)) is not None:
                cand.strong = True


def named_by_role(cands: Candidates, text: str) -> None:
    """师父是冥老 / 仇人叫血屠: the few characters a role word names, up to the clause's end, are a person."""
    for match in re.finditer(rf"(?:{_ROLE})(?:是|叫|名叫|乃是)([{CJK}]{{2,4}})(?=[，。！？、；,.!?\s]|$)", text):
        name = match.group(1)
        if name[0] not in _NOT_A_NAME_START and name not in lx.ZH_NOT_NAMES and not any(
                name.endswith(role) for role in _PERSON_ROLES):
            if (cand := cands.add(name, "Character", 3.0)) is not None:
                cand.strong = True


# 萧太傅, 莫长老, 钱掌柜: in a discussion a surname and a post are how a person without a given name is called
_POSTS = ("太傅", "太师", "太尉", "丞相", "宰相", "尚书", "侍郎", "御史", "将军", "大人", "夫人", "老爷", "公子", "小姐",
          "掌柜", "员外", "先生", "老板", "长老", "护法", "堂主", "捕头", "捕快", "知府", "知县", "县令", "太医", "大夫",
          "郎中", "管家", "嬷嬷", "婆婆", "道长", "镖头", "教头", "统领", "校尉", "千户", "百户", "总管", "师爷", "老爹")
_TITLED = re.compile(rf"(?:^|(?<=[^{CJK}])|(?<=[的是和与把被给让对向跟为在由将了说叫]))"
                     rf"([{''.join(lx.ZH_SURNAMES - set('万于'))}](?:{'|'.join(_POSTS)}))(?![{CJK}]?[的]?(?:{'|'.join(_POSTS)}))")


def titled(cands: Candidates, text: str) -> None:
    """A surname and a post, said where a person stands in the sentence, is someone — unless the book already
    knows a person of that surname, whom it may well mean (林姑娘 for 林黛玉)."""
    known = {name[0] for name, cand in cands.items() if cand.canon_kind == "Character"}
    for match in _TITLED.finditer(text):
        name = match.group(1)
        if name[0] not in known and name not in lx.ZH_NOT_NAMES:
            cands.add(name, "Character", 3.0)


# 血衣楼是个杀手组织 / 天衍宗是一个隐世门派: whatever its last character says, it is a group of people
_GROUP = re.compile(r"(?:是|乃)(?:个|一个|一家|一支)?[\u4e00-\u9fff]{0,6}?(?:组织|门派|帮派|势力|宗门|家族|商号|教派|团伙|帮会|"
                    r"秘密结社|结社|商会)(?![\u4e00-\u9fff])")


def described_as_groups(cands: Candidates, text: str) -> None:
    for name, cand in cands.items():
        if cand.canon_kind or not re.search(rf"[{CJK}]", name):
            continue
        if any(_GROUP.match(text, m.end()) for m in re.finditer(re.escape(name), text)):
            cand.hint("Faction", 5 * WEIGHT)  # said outright: outweighs a suffix however often it recurs
