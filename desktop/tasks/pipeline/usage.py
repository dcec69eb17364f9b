"""What the words around a name say it is, wherever the talk uses it.

A name's own form is a first guess that kinds share: 楼 ends sects as often as inns, and a bare
capitalised word may be anyone or anywhere. Its company settles it — 投了血衣楼 and 血衣楼的人 make a
faction, "from Marrowdeep" a place, 把青冥令塞进 a thing — and it sees every sentence the name is in,
where the model sees one.
"""

from __future__ import annotations

import re
from collections import Counter

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.statements import Statement


def _ending(words) -> re.Pattern:
    return re.compile(f"(?:{'|'.join(sorted(map(re.escape, words), key=len, reverse=True))})$")


# a city, an island or a valley has its lord and stays a place (寒沙城城主); 人 follows anything
_PLACE_LORDS = {"人", "城主", "岛主", "谷主", "山主", "庄主"}
# (kind, weight, pattern): the text just before a name ends with `pattern`, or the text after begins with it
_ZH_BEFORE = (
    ("Faction", 1.0, _ending((*lx.ZH_JOIN, "投了", "投奔", "归入", "叛出", "脱离", "退出", "混进", "卧底在"))),
    ("Location", 1.0, _ending((*lx.ZH_LIVE, *lx.ZH_FROM, "去", "到", "来到", "前往", "回到", "逃到", "赶往", "抵达",
                               "搬到", "搬去", "北上去", "南下去", "途经", "路过"))),
    ("Item", 1.0, _ending((*lx.ZH_TAKE, "拿着", "握着", "佩着", "背着", "戴着", "手持", "祭出", "捡到", "拿到", "得到",
                           "偷", "藏着", "揣着"))),
    ("Ability", 1.0, _ending(("学会", "练成", "施展", "使出", "修炼", "领悟", "习得", "练了", "学了"))),
    # 大弟子岳千峰, 二少爷许承泽, 她师父温如玉: a post or a kinship said just before a name is said of a person
    ("Character", 1.0, _ending((*lx.ZH_ROLES, *lx.ZH_TITLES, *lx.ZH_PERSON_TITLES, *lx.ZH_FACTION_LEADER_ROLES,
                                "主角", "反派", "真凶是", "凶手是",
                                # 恨死韩铁山, 嫁给了X: what only a person has done to them
                                "杀了", "杀死", "害死", "救了", "救下", "嫁给", "嫁给了", "娶了", "爱上", "爱上了", "暗恋",
                                "恨死", "恨透了", "打伤", "打伤了"))),
)
# "许承泽是许怀山的儿子", "岳千峰的师父": one with a father, a son or a master is a person (a sect has disciples too)
_KIN = tuple(role for role, (rel, _) in lx.ZH_ROLES.items()
             if rel in ("PARENT_OF", "SIBLING_OF", "MARRIED_TO", "SENIOR_OF") or role in ("师父", "师傅", "师尊", "恩师"))
_POSTS = "|".join(sorted({*lx.ZH_TITLES, *lx.ZH_PERSON_TITLES, *lx.ZH_FACTION_LEADER_ROLES}, key=len, reverse=True))
_ZH_AFTER = (
    ("Faction", 1.0, re.compile(
        rf"的?(?:{'|'.join(sorted({*lx.ZH_FACTION_MEMBER_ROLES, *lx.ZH_FACTION_LEADER_ROLES} - _PLACE_LORDS, key=len, reverse=True))})"
        r"|的(?:高手|探子|眼线|帮众|门人|势力|总部|据点)")),
    ("Character", 1.0, re.compile(rf"(?:是[\u4e00-\u9fff]{{2,4}}的|的)(?:亲|大|二|小)?(?:{'|'.join(sorted(_KIN, key=len, reverse=True))})"
                                  # "骆文渊，下城的人都叫他“K医生”", "岳千峰接任掌门": called "him", or taking a post
                                  rf"|[，,][^，。！？]{{0,8}}叫(?:他|她)|(?:接任|继任|升任|出任|为)(?:{'|'.join(lx.ZH_FACTION_LEADER_ROLES)}|大师兄|大师姐)"
                                  # "韩铁山，老刑侦支队长，…": a post in apposition; "韩铁山脖子上": a body
                                  rf"|[，,（(][^，。！？、（）()]{{0,8}}(?:{_POSTS})[，。！？；)）\n]"
                                  r"|(?:脖子|脸上|额头|胸口|眉骨|左眼|右眼|双眼|眼睛|头发|胳膊|肩膀|后背|左臂|右臂|左腿|右腿|嘴角)")),
    ("Faction", 0.5, re.compile(r"的人(?!物)")),  # (a city has its people too)
    ("Location", 1.0, re.compile(r"(?:里|内|附近|一带|以北|以南|以东|以西|深处|境内|城外|门口|那边)")),
    ("Item", 1.0, re.compile(rf"(?:{'|'.join(lx.ZH_GIVE)}|易主|归了|落到|被偷|被盗|丢了)")),
)
_EN_BEFORE = (
    ("Faction", 1.0, re.compile(r"(?i)\b(?:join(?:s|ed)?|members? of|left|leaves|leaving|quits?|defect(?:s|ed)? from|"
                                r"works? for|worked for|head of|leader of|runs|founded|sworn to|loyal to|spies for|"
                                r"agents? of|expelled from|rank in)(?: the)?\s+$")),
    ("Location", 1.0, re.compile(r"(?i)\b(?:from|into|near|outside|across|through|arrives? (?:at|in)|"
                                 r"lives? (?:in|at)|moved? to|born in|grew up in|back to|out of|reach(?:es|ed)?|"
                                 r"(?:leaves?|left|sails?|sailed|heads?|headed|sets? off|bound) for|"
                                 r"(?:goes|went|flees|fled|travels?|travell?ed|returns?|returned|ships? out|sent|posted) to|"
                                 r"(?:stationed|based|buried|settles?|settled) (?:at|in))(?: the)?\s+$")),
    # (people are met, written to and stood near as well)
    ("Location", 0.5, re.compile(r"(?i)\b(?:in|at|to|towards?)(?: the)?\s+$")),
    ("Item", 1.0, re.compile(r"(?i)\b(?:carr(?:y|ies|ied)|wield(?:s|ed)?|steals?|stole|stolen|pawn(?:s|ed)?|"
                             r"inherit(?:s|ed)?|hid(?:es|den)?|wears?|wore|pockets?|pocketed|unlocks?|opens?)"
                             r"(?: the)?\s+$")),
)
_EN_AFTER = (
    ("Faction", 1.0, re.compile(r"(?i)^(?:'s (?:men|agents|knights|soldiers|members|ranks|leader|head|spies)\b|"
                                r"\s+(?:knights?|agents?|operatives?|members?|recruits?)\b)")),
    # "The Free Lanes are the rebel shipping co-op", "the Saints, a gang out of the flats"
    ("Faction", 1.0, re.compile(r"^(?:,| (?:is|are|was|were)) (?:the|a|an) (?:[a-z'-]+ ){0,3}(?:co-op|cooperative|guild|"
                                r"gang|crew|cartel|syndicate|cult|clan|tribe|legion|fleet|council|brotherhood|sisterhood|"
                                r"league|alliance|coalition|network|agency|bureau|ministry|sect|order|company|firm|"
                                r"corporation|outfit|militia|resistance|rebellion|movement|party|union)\b")),
    ("Location", 1.0, re.compile(r"(?i)^,? (?:the|a|an) (?:[a-z-]+ ){0,2}(?:town|city|village|port|island|valley|"
                                 r"estate|manor|farm|orchard|kingdom|settlement|colony|fortress|castle)\b")),
)
_CJK = re.compile(r"[\u3400-\u9fff]")


def votes(forms: list[str], statements: list[Statement]) -> Counter:
    """kind → weight of the frames the name's forms (its name and aliases) stand in, over the whole talk."""
    tally: Counter = Counter()
    for st in statements:
        text = st.text
        for form in forms:
            zh = bool(_CJK.search(form))
            for match in (re.finditer(re.escape(form), text) if zh
                          else re.finditer(rf"(?<![\w'-]){re.escape(form)}(?![\w-])", text)):
                before, after = text[max(0, match.start() - 24):match.start()], text[match.end():match.end() + 40]
                for kind, weight, frame in (_ZH_BEFORE if zh else _EN_BEFORE):
                    if frame.search(before):
                        tally[kind] += weight
                        break
                for kind, weight, frame in (_ZH_AFTER if zh else _EN_AFTER):
                    if frame.match(after):
                        tally[kind] += weight
                        break
    return tally


def settled(tally: Counter, margin: float = 1.0) -> str | None:
    """The kind the company clearly points at: at least `margin` ahead of any other."""
    ranked = tally.most_common(2)
    if not ranked:
        return None
    first = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0.0)
    return ranked[0][0] if ranked[0][1] >= margin and first >= margin else None
