"""Who someone is by office or trade, in Chinese: 宰相萧伯言, 钱满仓就是赌坊老板, 沈砚在禁军当副统领."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.findings import negated_zh as _negated_zh
from desktop.tasks.pipeline.statements import Statement

CJK = "\u4e00-\u9fff"


class ChineseTitles:
    """Mixed into the Reader with the Chinese rules: needs kind(), _rel() and _state()."""

    def _zh_titles(self, st: Statement, text: str, chars: list, carried: str | None) -> list[Finding | None]:
        """Who someone is by office or trade: a title before the name, "A是…老板", or a clause that is only a
        title after the person's clause (an appositive)."""
        out: list[Finding | None] = []
        for name, start, _ in [c for c in chars if self.kind(c[0]) == "Character"]:
            said = text[:start]
            if re.fullmatch(r"\s*(?:就叫|名叫|叫)", said) and (opens := st.text.find(text)) > 0:
                said = st.text[:opens] + said  # "调来一个新总师，叫顾怀瑜": the post, then the clause that names him
            before = _TITLE_BEFORE.search(said)
            if before and _is_post(before.group(1)) and not _negated_zh(said[:before.start()]):
                # 天穹集团董事长司徒烬: the company named before the post is part of who he is
                owners = [text.rfind(n, 0, start) for n in st.names if self.kind(n) in ("Faction", "Location")]
                at = min((a for a in owners if 0 <= a and start - a <= len(before.group(1)) + 6
                          and not re.search(r"[，,。；;、\s]", text[a:start])), default=-1)
                # "鼎泰集团：董事长宋砚秋": a list headed by the company is of its people
                header = next((n for n in st.names if self.kind(n) == "Faction" and re.match(
                    rf"[\W\d]*{re.escape(n)}[：:]\s*{re.escape(text[:start])}", st.text)), "") if at < 0 else ""
                value = text[at:start] if at >= 0 and said == text[:start] else header + before.group(1)
                value = re.sub(r"(?:就叫|名叫|叫做?|就是|是)$", "", value).replace("的", "")  # 庆元班的班主叫葛秋山
                out.append(self._state(st, name, "identity", value))
                # 长风机务部经理邵峰, 赤狄大王子赫连铎: a post in a group said before the name makes them one of it
                group = next((n for n in st.names if self.kind(n) == "Faction" and at >= 0 and said == text[:start]
                              and text.startswith(n, at)), None)
                if group and not before.group(1).endswith((*lx.ZH_FACTION_LEADER_ROLES, *_HEAD_POSTS)):
                    out.append(self._rel(st, "MEMBER_OF", name, group))
        holder, title = None, None
        # (what lies between one person and the next is theirs: "啸洲分到镇海舰当二副" goes on past the ship)
        people = [c for c in chars if self.kind(c[0]) == "Character"] or chars
        for at, ((name, start, end), following) in enumerate(zip(people, [*(c[1] for c in people[1:]), len(text)])):
            said = _TITLE_IS.fullmatch(text[end:following].strip(_EDGE))
            if said and _is_post(said.group(2)) and not _negated_zh(text[:end]):
                # "龙金山在凯里给罗世坤当伙计": the one worked for is not who holds the post
                served = re.search(r"(?:给|替|帮|为)$", text[:start])
                holder = (people[at - 1][0] if at else carried) if served else name
                title = (said["unit"] or "").rstrip("里中内上") + said.group(2)
                break
        if not chars and carried and self.kind(carried) == "Character":
            alone = _TITLE_ALONE.fullmatch(text.strip(_EDGE))
            if alone and _is_post(alone.group(1)):
                holder, title = carried, alone.group(1)
        works = _WORKS_AS_POST.search(text.strip(_EDGE)) if not holder and carried and not any(
            self.kind(c[0]) == "Character" for c in chars) and self.kind(carried) == "Character" else None
        if works and _is_post(works.group(1)):
            holder, title = carried, works.group(1)  # "…，第13章上了金龙号当帮工": the one the sentence is about
        if holder and title:
            # 碧落宫这一代的首席弟子 → 碧落宫首席弟子: the faction and the post, without the words between
            owner = next((n for n in st.names if title.startswith(n) and self.kind(n) in ("Faction", "Location")), "")
            value = owner + title.split("的")[-1] if owner and "的" in title else title.replace("的", "")
            out.append(self._state(st, holder, "identity", value))
            # 神捕司的总捕头: a post inside a faction makes its holder one of them
            faction = next((n for n in st.names if self.kind(n) == "Faction" and title.startswith(n)), None)
            if faction:  # (… and its head's post makes them its head: 就他当春和班的班主)
                head = title.removeprefix(faction).removeprefix("的") in lx.ZH_FACTION_LEADER_ROLES
                out.append(self._rel(st, "LEADS" if head else "MEMBER_OF", holder, faction))
        return out


# the listed titles, and any agent noun (捉妖师, 乘务长): what a match ends with is checked by _is_post
_TITLE = "|".join(sorted(lx.ZH_TITLES, key=len, reverse=True)) + \
    rf"|[^\W\d的了是在把被给和与跟向对从归到将为有个位名叫让请派]{{1,3}}?[{lx.ZH_AGENT_ENDS}]"
# 当朝宰相萧伯言, 兵部尚书韩仲谋, 归了赌坊老板钱满仓: up to three characters of the office's place, never a verb's
# … and "会长叫柯长庚", "转学生叫江述": the post, then the name it is given
_TITLE_BEFORE = re.compile(rf"((?:[^\W\d的了是在把被给和与跟向对从归到将为有个位名叫让请派]{{0,3}}?)?(?:{_TITLE}))(?:[，,]?\s*(?:就叫|名叫|叫))?$")
# the asides that may come before the post: "次仁多吉也在神山户外当背夫", "知微那章正式当上掌柜", "明面上是女师的学生"
_ASIDE = r"(?:也|还|就|都|又|便|才|现在|如今|后来|从此|一直|正式|那章|这章|那一章|明面上|表面上|其实|实际上|暗地里|私下里)*"
# 钱满仓就是聚宝赌坊老板; 萧策在朝里是锦衣卫千户 (a short setting may come before the 是)
# … 沈砚在禁军当副统领: where one serves, said before the post, is part of it
_TITLE_IS = re.compile(rf"{_ASIDE}(?:(?:从|在)?第?[0-9〇零一二两三四五六七八九十百]+[章回](?:起|开始)?)?{_ASIDE}"
                       rf"(?:[在于](?:(?P<unit>[{CJK}]{{1,4}}?)(?=当|担任|做)|[{CJK}]{{1,4}})|"
                       # 进城当学徒, 分到镇海舰当二副, 调去县里当干事: where one is sent, then the post
                       rf"(?:分|调|派|被派|被调|被分)?[进到去][{CJK}]{{1,5}}?(?=当))?{_ASIDE}"
                       rf"(?:就是|乃是|便是|正是|本是|原是|是|乃|身为|官拜|官至|担任|当上了?|当了|做了|成了|成为|当|做|"
                       # 晋婕妤, 升任总师, 接任山长, 当上了代理科长: a rank or post reached
                       rf"晋为|晋封为?|晋|升为|升任|升到|封为|册封为|提拔为|接任|继任|出任|任(?=[{CJK}]{{2}})|"
                       # 接了技术组长, 代理项目经理, 以前是骑警, 当过兵: a post taken over, held for now, or held before
                       rf"接了|接过|接替|代理|暂代|兼任|以前是|早年是|曾经是|曾是|过去是|当过|做过|干过)(?:个|一个|一名|一位|名|位)?"
                       rf"([{CJK}]{{0,8}}?(?:{_TITLE}))")
_WORKS_AS_POST = re.compile(rf"(?:当|做|干|当上了?|做了|当了)(?:个|一个|一名|名)?(?:[{CJK}]{{1,6}}?的)?({_TITLE})$")
# "程璐，三十四岁，联合舰队的首席跃迁工程师" (not "皇帝就叫皇帝", "还有经纪人")
_TITLE_ALONE = re.compile(rf"(?:{_ASIDE}(?:身份是|现在是|如今是|是))?((?:(?![是叫有])[{CJK}]){{0,10}}?(?:{_TITLE}))")


_HEAD_POSTS = ("老板", "老板娘", "董事长", "总裁", "总经理", "创始人", "东家", "大掌柜", "掌柜", "店主", "厂长", "院长", "校长")


def _is_post(title: str) -> bool:
    """A listed title, or a short agent noun that is no clause (既然是扎纸匠, 各出一名议员 are clauses)."""
    listed = next((t for t in lx.ZH_TITLES if title.endswith(t)), None)
    if listed:  # (… with no verb before it: 留下来当技术顾问 is a clause)
        return not re.search(r"(?:当|做|干)(?![朝地年时天初中])", title[:-len(listed)])
    if title[-1:] in ("商", "手", "士") and len(title) > 6:
        return False  # (茶商, 羊毛商, 茶学博士 — not "现领内府帑银行商", a clause ending on a trade)
    title = re.sub(r"^[一二三四五六七八九十]+[班队组连排营科处室号]", "", title)  # 一班班长: the unit is no clause
    return len(title) <= 12 and not re.search(r"[是了在当做各一两出个要从往把被说让]", title) and \
        any(lx.zh_post(title[-n:]) for n in (4, 3, 2))


_EDGE = "，,。．.！!；;？?）)（( "
